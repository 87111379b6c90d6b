/* SPDX-License-Identifier: GPL-2.0 */
/*
 * y2106 test helpers: raw legacy 32-bit time syscalls, the guest guard, the kernel
 * variant under test and its expectations. Built as a static 32-bit program (i386 or
 * arm EABI) with -D_TIME_BITS=64 so that libc's own time_t is 64-bit: every legacy call
 * below is issued explicitly by number with the 32-bit structs, never through libc.
 */
#ifndef Y2106_H
#define Y2106_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include "kselftest.h"
#include "cmdline.h"

/*
 * The kselftest.h of older trees (6.1) does not declare ksft_exit_fail_msg() and
 * ksft_exit_skip() noreturn (it has no __noreturn); they exit all the same. Say so,
 * so that the tests build with -Werror=return-type against either tree's header.
 */
#ifndef __noreturn
#define ksft_exit_fail_msg(...) ({ ksft_exit_fail_msg(__VA_ARGS__); __builtin_unreachable(); })
#define ksft_exit_skip(...) ({ ksft_exit_skip(__VA_ARGS__); __builtin_unreachable(); })
#endif

/*
 * The kselftest.h of 5.10 has no ksft_finished(): the definition of the newer headers
 * (its ksft_exit() is the same).
 */
#ifndef ksft_finished
#define ksft_finished() \
	ksft_exit(ksft_plan == ksft_cnt.ksft_pass + ksft_cnt.ksft_xfail + ksft_cnt.ksft_xskip)
#endif

/*
 * y_kernel_at_least(MAJOR, MINOR): the running kernel is at least MAJOR.MINOR (uname -r).
 * For the few expectations that differ per base (backports/5.10 on Linux 5.10): a test
 * states both and picks by the kernel it runs on, it never skips.
 */
static inline int y_kernel_at_least(int major, int minor)
{
	struct utsname u;
	int ma = 0, mi = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &ma, &mi) != 2)
		return 1;
	return ma > major || (ma == major && mi >= minor);
}

/* The legacy 32-bit structs, exactly as a 32-bit binary built with 32-bit time_t sees them. */
struct old_timespec32 { int32_t tv_sec; int32_t tv_nsec; };
struct old_timeval32 { int32_t tv_sec; int32_t tv_usec; };
struct old_itimerspec32 { struct old_timespec32 it_interval, it_value; };
/* struct old_timex32 (adjtimex, clock_adjtime): struct timex with 32-bit longs, 128 bytes. */
struct old_timex32 {
	uint32_t modes;
	int32_t offset, freq, maxerror, esterror, status, constant, precision, tolerance;
	struct old_timeval32 time;
	int32_t tick, ppsfreq, jitter, shift, stabil, jitcnt, calcnt, errcnt, stbcnt, tai;
	int32_t reserved[11];
};
_Static_assert(sizeof(struct old_timex32) == 128, "struct old_timex32 is 128 bytes");
/* The 64-bit truth (struct __kernel_timespec). */
struct ts64 { int64_t tv_sec; int64_t tv_nsec; };

#define Y_RANGE_MAX	0xfffff000u		/* 2106-02-07 06:28:16 UTC - 4096 s */
#define Y_2040		2208988800LL		/* 2040-01-01 00:00:00 UTC */
#define Y_2100		4102444800LL		/* 2100-01-01 00:00:00 UTC */
#define Y_2107		4323283200LL		/* 2107-01-01 00:00:00 UTC */

/* Boundary values of a legacy 32-bit seconds field. */
static const uint32_t y_secs[] = {
	0, 1, 0x7fffffff, 0x80000000, 0xfffff000, 0xfffff001, 0xffffffff,
};
#define Y_NSECVALS (sizeof(y_secs) / sizeof(y_secs[0]))

/* ----- the kernel under test ----- */

enum y_variant { Y_PRISTINE, Y_OFF, Y_SIGNED, Y_UNSIGNED };
static const char *const y_variant_names[] = { "pristine", "off", "signed", "unsigned" };
static enum y_variant y_variant = Y_PRISTINE;

static int y_read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	return 0;
}

/*
 * Refuse to run anywhere but a y2106 test guest: these tests set the clock. The harness
 * boots the guest with y2106.guest=1 on the kernel command line and runs /init as PID 1;
 * a host has neither.
 */
static void y_require_guest(void)
{
	char exe[64] = "";
	ssize_t n;

	if (y_read_file("/proc/cmdline", y_cmdline, sizeof(y_cmdline)))
		ksft_exit_skip("cannot read /proc/cmdline: refusing to run outside a y2106 guest\n");
	n = readlink("/proc/1/exe", exe, sizeof(exe) - 1);
	if (n > 0)
		exe[n] = 0;
	if (!y_cmdline_get("y2106.guest") || strcmp(exe, "/init"))
		ksft_exit_skip("not a y2106 test guest (no y2106.guest=1, or PID 1 is not /init): refusing to set the clock here\n");
}

/*
 * The variant comes from the harness (y2106.variant=) and is cross-checked against what
 * the kernel itself reports, so a mislabelled kernel fails instead of passing with the
 * wrong expectations.
 */
static void y_init(const char *name, int ntests, unsigned int watchdog_s)
{
	const char *v;
	char mode[16];
	int err, i, ok;

	ksft_print_header();
	y_require_guest();
	/* A wrong kernel must fail the test, not hang the run. */
	signal(SIGALRM, SIG_DFL);
	alarm(watchdog_s);
	v = y_cmdline_get("y2106.variant");
	if (!v)
		ksft_exit_fail_msg("no y2106.variant= on the kernel command line\n");
	for (i = 0; i < 4; i++)
		if (!strcmp(v, y_variant_names[i]))
			y_variant = i;
	if (strcmp(v, y_variant_names[y_variant]))
		ksft_exit_fail_msg("unknown y2106.variant=%s\n", v);
	ksft_print_msg("%s: kernel variant %s\n", name, v);
	ksft_set_plan(ntests + 1);

	err = y_read_file("/proc/sys/kernel/time32_unsigned", mode, sizeof(mode));
	switch (y_variant) {
	case Y_PRISTINE:
	case Y_OFF:
		ok = err == -ENOENT;
		break;
	case Y_SIGNED:
		ok = !err && mode[0] == '0';
		break;
	default:
		ok = !err && mode[0] == '1';
		break;
	}
	ksft_test_result(ok, "mode: /proc/sys/kernel/time32_unsigned is %s, expected for %s\n",
			 err ? strerror(-err) : mode[0] == '1' ? "1" : "0", v);
}

/* Legacy calendar values read as unsigned (the y2106 ABI) or signed (today's ABI). */
static inline int y_unsigned(void) { return y_variant == Y_UNSIGNED; }

/* Patch 1 of the series fixes stime32 ignoring do_settimeofday64()'s error. */
static inline int y_stime_fixed(void) { return y_variant != Y_PRISTINE; }

/* The 64-bit value a legacy 32-bit calendar input means in this variant. */
static inline int64_t y_decode(uint32_t v)
{
	return y_unsigned() ? (int64_t)v : (int64_t)(int32_t)v;
}

/* Whether the kernel accepts v as a calendar input at all in this variant. */
static inline int y_decode_valid(uint32_t v)
{
	return y_unsigned() ? v <= Y_RANGE_MAX : (int32_t)v >= 0;
}

/* What a legacy 32-bit calendar output field holds for the 64-bit time t. */
static inline uint32_t y_encode(int64_t t)
{
	if (!y_unsigned())
		return (uint32_t)t;	/* today: the low 32 bits */
	if (t < 0)
		return 0;
	if (t > Y_RANGE_MAX)
		return Y_RANGE_MAX;
	return (uint32_t)t;
}

/* Whether the sub-second part survives encoding t (it is zeroed when saturated). */
static inline int y_encode_exact(int64_t t)
{
	return !y_unsigned() || (t >= 0 && t <= Y_RANGE_MAX);
}

/* ----- the 64-bit clock (the truth) ----- */

static inline struct ts64 y_now64(clockid_t clk)
{
	struct ts64 ts = { 0, 0 };

	if (syscall(__NR_clock_gettime64, clk, &ts))
		ksft_exit_fail_msg("clock_gettime64(%d): %s\n", (int)clk, strerror(errno));
	return ts;
}

static inline void y_set64(int64_t sec, int64_t nsec)
{
	struct ts64 ts = { sec, nsec };

	if (syscall(__NR_clock_settime64, CLOCK_REALTIME, &ts))
		ksft_exit_fail_msg("clock_settime64(%lld): %s\n", (long long)sec, strerror(errno));
}

/* "2040-01-01 00:00:00" for any 64-bit time (libc time_t is 64-bit here). */
static inline const char *y_date(int64_t t)
{
	static char buf[4][40];
	static int i;
	time_t tt = (time_t)t;
	struct tm tm;

	i = (i + 1) % 4;
	if (!gmtime_r(&tt, &tm))
		snprintf(buf[i], sizeof(buf[i]), "%lld", (long long)t);
	else
		strftime(buf[i], sizeof(buf[i]), "%Y-%m-%d %H:%M:%S", &tm);
	return buf[i];
}

/* Seconds of CLOCK_MONOTONIC since start. */
static inline double y_elapsed(struct ts64 start)
{
	struct ts64 b = y_now64(CLOCK_MONOTONIC);

	return (b.tv_sec - start.tv_sec) + (b.tv_nsec - start.tv_nsec) / 1e9;
}

/* A wait "fired after about 1 s": not at once and not never (the bound is generous). */
#define Y_FIRED(s) ((s) >= 0.9 && (s) < 5.0)

/* "now + 1 s" on clk as a legacy 32-bit absolute value (the low 32 bits of the time). */
static inline struct old_timespec32 y_in_1s(clockid_t clk)
{
	struct ts64 now = y_now64(clk);
	struct old_timespec32 t = { (int32_t)(uint32_t)(now.tv_sec + 1), (int32_t)now.tv_nsec };

	return t;
}

/*
 * Tests move the clock around; y_clock_save() at the start and y_clock_restore() at the
 * end leave it where it would have been (to the second), for the programs that follow.
 */
static struct { int64_t real; int64_t mono; } y_saved_clock;

static inline void y_clock_save(void)
{
	y_saved_clock.real = y_now64(CLOCK_REALTIME).tv_sec;
	y_saved_clock.mono = y_now64(CLOCK_MONOTONIC).tv_sec;
}

static inline void y_clock_restore(void)
{
	y_set64(y_saved_clock.real + y_now64(CLOCK_MONOTONIC).tv_sec - y_saved_clock.mono, 0);
}

/*
 * The kick: a CLOCK_MONOTONIC timer that sends SIGUSR1 (handled without SA_RESTART) to
 * end a wait that should block (a deadline in 2106) with EINTR after a bounded time.
 */
static timer_t y_kick_timer;

static void y_on_kick(int sig) { (void)sig; }

static inline void y_kick_init(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct sigaction sa = { .sa_handler = y_on_kick };	/* no SA_RESTART: EINTR */

	sigaction(SIGUSR1, &sa, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &y_kick_timer))
		ksft_exit_fail_msg("timer_create: %s\n", strerror(errno));
}

/* Interrupt the coming wait after ms milliseconds. */
static inline void y_kick_in(long ms)
{
	struct itimerspec in = { .it_value = { ms / 1000, (ms % 1000) * 1000000L } };

	timer_settime(y_kick_timer, 0, &in, NULL);
}

static inline void y_kick_cancel(void)
{
	struct itimerspec off = { { 0, 0 }, { 0, 0 } };

	timer_settime(y_kick_timer, 0, &off, NULL);
}

/* The clock values every legacy read is checked at (wallclock, adjtime, vdso). */
static const struct { int64_t t; const char *what; } y_read_points[] = {
	{ Y_2040, "2040" },
	{ 0x7fffffffLL - 2, "2038-1" },
	{ Y_RANGE_MAX - 3, "2106-max" },
	{ 0xfffff800LL, "2106 error window" },
	{ Y_2107, "2107" },
};
#define Y_NREADPOINTS (sizeof(y_read_points) / sizeof(y_read_points[0]))

/*
 * Run fn(arg, out) in a forked child, as uid/gid 65534 if unpriv, under its own 20 s
 * alarm; the n bytes fn leaves in out come back through a pipe (fn returns; it must not
 * exit the test). Returns 0, or -1 with out zeroed when the child did not get that far
 * (a crash, a failed setuid, the alarm).
 */
static inline int y_in_child(void (*fn)(void *arg, void *out), void *arg, void *out,
			     size_t n, int unpriv)
{
	int fds[2], st, ok;
	pid_t pid;

	if (pipe(fds))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (pid == 0) {
		close(fds[0]);
		alarm(20);
		if (unpriv && (setgid(65534) || setuid(65534)))
			_exit(2);
		fn(arg, out);
		_exit(write(fds[1], out, n) == (ssize_t)n ? 0 : 3);
	}
	close(fds[1]);
	ok = read(fds[0], out, n) == (ssize_t)n;
	close(fds[0]);
	ok = waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st) && ok;
	if (!ok)
		memset(out, 0, n);
	return ok ? 0 : -1;
}

/* fn(arg, out) as uid 65534 (see y_in_child()); a failed child fails the test. */
static inline void y_unprivileged(void (*fn)(void *arg, void *out), void *arg,
				  void *out, size_t n)
{
	if (y_in_child(fn, arg, out, n, 1))
		ksft_exit_fail_msg("unprivileged child failed\n");
}

/* ----- raw syscalls whose return value libc would misread ----- */

/* time(): the raw return register; libc's syscall() turns -4095..-1 into errno. */
static inline uint32_t y_raw_time32(uint32_t *tloc)
{
#if defined(__i386__)
	long ret;

	asm volatile ("int $0x80" : "=a"(ret) : "0"(__NR_time), "b"(tloc) : "memory");
	return (uint32_t)ret;
#elif defined(__mips__) && _MIPS_SIM == _MIPS_SIM_ABI32
	/*
	 * o32: the result in v0, the error flag in a3 (then v0 is the positive errno): as
	 * the return register of the other ABIs, -errno on error.
	 */
	register long v0 asm("$2") = __NR_time;
	register long a0 asm("$4") = (long)tloc;
	register long a3 asm("$7");

	asm volatile ("syscall" : "+r"(v0), "=r"(a3) : "r"(a0)
		      : "$1", "$3", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15",
			"$24", "$25", "hi", "lo", "memory");
	return (uint32_t)(a3 ? -v0 : v0);
#else
	(void)tloc;
	return 0;	/* arm EABI has no time syscall */
#endif
}

#ifdef __NR_time
#define Y_HAVE_TIME32 1
#else
#define Y_HAVE_TIME32 0
#endif
#ifdef __NR_stime
#define Y_HAVE_STIME32 1
#else
#define Y_HAVE_STIME32 0
#endif

/* A result: the return value and errno of one syscall. */
struct y_res { long ret; int err; };

#define Y_CALL(...) ({ struct y_res __r; errno = 0; __r.ret = syscall(__VA_ARGS__); \
		       __r.err = __r.ret < 0 ? errno : 0; __r; })

static inline const char *y_errname(int err)
{
	static char buf[24];

	switch (err) {
	case 0: return "success";
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case EFAULT: return "EFAULT";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EINTR: return "EINTR";
	case EAGAIN: return "EAGAIN";
	case ENOSYS: return "ENOSYS";
	case EOVERFLOW: return "EOVERFLOW";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ERANGE: return "ERANGE";
	default:
		snprintf(buf, sizeof(buf), "errno %d", err);
		return buf;
	}
}

/*
 * The verdict on an absolute CLOCK_REALTIME deadline "2040 now+1 s" (y_in_1s()) given to a
 * call that ends it with ETIMEDOUT (futex, mqueue): unsigned mode waits about 1 s; every
 * other variant reads the value as 1904 and fails with EINVAL at once. call names the
 * call and its arguments; s is the time it took.
 */
static inline void y_result_deadline(const char *call, struct y_res r, double s)
{
	if (y_unsigned())
		ksft_test_result(r.err == ETIMEDOUT && Y_FIRED(s),
				 "%s: %s after %.2f s; want ETIMEDOUT after ~1 s\n",
				 call, y_errname(r.err), s);
	else
		ksft_test_result(r.err == EINVAL && s < 0.5,
				 "%s: %s after %.2f s; want EINVAL at once (legacy: 1904)\n",
				 call, y_errname(r.err), s);
}

#endif /* Y2106_H */
