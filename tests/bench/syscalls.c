// SPDX-License-Identifier: GPL-2.0
/*
 * Exact instruction cost of the legacy 32-bit time calls the series converts, through the
 * vDSO (as a 32-bit binary finds it: __vdso_clock_gettime, __vdso_gettimeofday,
 * __vdso_time of LINUX_2.6) and through the system call issued by number. Run by
 * tools/bench in guests booted with y2106.dir=/bench under QEMU -icount shift=0: the guest
 * TSC then advances by exactly one per executed guest instruction, so two rdtsc read the
 * number of instructions executed between them (user and kernel, every task and
 * interrupt), deterministically.
 *
 * Per call it prints one line:  BENCH <name> <exact> <loop>
 *   exact  instructions of one call: the minimum over REPS single calls, each between two
 *          rdtsc, less the same minimum for an empty function (the two markers and the
 *          indirect call/return). A call that a timer interrupt hit is longer, so the
 *          minimum is the uninterrupted path. It includes the argument set-up, the
 *          user-to-kernel entry and exit (int $0x80 on i386) and everything the kernel
 *          does before returning, including any wait (a deadline in the past still waits
 *          for the clock event device's minimum delta: virtual ns, one per instruction).
 *   loop   mean over LOOP back-to-back calls between two rdtsc, less the empty loop's
 *          mean: the same plus the loop and its share of timer ticks and other
 *          interrupts (deterministic too: the guest's timers run on the instruction count).
 * The clock is set to 2030 first so that every variant does the same work: all values
 * are valid in the signed and in the unsigned reading. Without an instruction-counting
 * TSC (arm, or no -icount) the numbers are in clock_gettime64(MONOTONIC) ns instead and
 * not exact. Not a test: it asserts nothing.
 */
#include <sys/syscall.h>
#include "y2106.h"
#include "yvdso.h"

#define REPS	300
#define LOOP	2000
#define Y_2030	1893456000LL	/* 2030-01-01 00:00:00 UTC */


static struct old_timespec32 ts32, set_ts32, past_ts32;
static struct old_timeval32 tv32, set_tv32;
static int32_t set_t32, tloc32;
static struct old_itimerspec32 its32;
static int tfd;
static int timer_id;
static char timex32[128];	/* struct old_timex32; modes 0 = read only */

/* The instruction counter: the TSC under -icount shift=0. */
static inline uint64_t mark(void)
{
#if defined(__i386__) || defined(__x86_64__)
	uint32_t lo, hi;

	asm volatile ("rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
#else
	struct ts64 t;

	syscall(__NR_clock_gettime64, CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
#endif
}

/*
 * Raw system calls: on i386 one int $0x80 with the arguments in registers, as a legacy
 * static binary does (libc's syscall() would add its own errno handling); elsewhere libc.
 */
#if defined(__i386__)
static inline long sys2(long nr, long a, long b)
{
	long ret;

	asm volatile ("int $0x80" : "=a"(ret) : "0"(nr), "b"(a), "c"(b) : "memory");
	return ret;
}

static inline long sys4(long nr, long a, long b, long c, long d)
{
	long ret;

	asm volatile ("int $0x80" : "=a"(ret) : "0"(nr), "b"(a), "c"(b), "d"(c), "S"(d)
		      : "memory");
	return ret;
}
#else
static inline long sys2(long nr, long a, long b) { return syscall(nr, a, b); }
static inline long sys4(long nr, long a, long b, long c, long d) { return syscall(nr, a, b, c, d); }
#endif
#define L(x) ((long)(x))

static void c_empty(void) { }
/* Called through a pointer the compiler cannot see through, like the benches. */
static void (*volatile empty_fn)(void) = c_empty;
static void c_getpid(void) { sys2(__NR_getpid, 0, 0); }
static void v_clock_gettime_rt(void) { vdso_clock_gettime(CLOCK_REALTIME, &ts32); }
static void s_clock_gettime_rt(void) { sys2(__NR_clock_gettime, CLOCK_REALTIME, L(&ts32)); }
static void v_clock_gettime_mono(void) { vdso_clock_gettime(CLOCK_MONOTONIC, &ts32); }
static void s_clock_gettime_mono(void) { sys2(__NR_clock_gettime, CLOCK_MONOTONIC, L(&ts32)); }
static void v_gettimeofday(void) { vdso_gettimeofday(&tv32, NULL); }
static void s_gettimeofday(void) { sys2(__NR_gettimeofday, L(&tv32), 0); }
static void v_time(void) { vdso_time(&tloc32); }
#ifdef __NR_time
static void s_time(void) { sys2(__NR_time, L(&tloc32), 0); }
#endif
static void s_clock_settime(void) { sys2(__NR_clock_settime, CLOCK_REALTIME, L(&set_ts32)); }
static void s_settimeofday(void) { sys2(__NR_settimeofday, L(&set_tv32), 0); }
#ifdef __NR_stime
static void s_stime(void) { sys2(__NR_stime, L(&set_t32), 0); }
#endif
static void s_clock_nanosleep_abs_past(void)
{
	sys4(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, L(&past_ts32), 0);
}
static void s_timer_settime_abs(void)
{
	sys4(__NR_timer_settime, timer_id, TIMER_ABSTIME, L(&its32), 0);
}
static void s_timerfd_settime_abs(void)
{
	sys4(__NR_timerfd_settime, tfd, 1 /* TFD_TIMER_ABSTIME */, L(&its32), 0);
}
static void s_adjtimex(void) { sys2(__NR_adjtimex, L(timex32), 0); }
static void s_clock_adjtime(void) { sys2(__NR_clock_adjtime, CLOCK_REALTIME, L(timex32)); }

/* vdso: needs this vDSO entry point (0 = a system call) */
struct bench { const char *name; void (*fn)(void); void **vdso; };

static struct bench benches[] = {
	{ "getpid(null)", c_getpid, NULL },
	{ "vdso:clock_gettime32(REALTIME)", v_clock_gettime_rt, (void **)&vdso_clock_gettime },
	{ "sys:clock_gettime32(REALTIME)", s_clock_gettime_rt, NULL },
	{ "vdso:clock_gettime32(MONOTONIC)", v_clock_gettime_mono, (void **)&vdso_clock_gettime },
	{ "sys:clock_gettime32(MONOTONIC)", s_clock_gettime_mono, NULL },
	{ "vdso:gettimeofday", v_gettimeofday, (void **)&vdso_gettimeofday },
	{ "sys:gettimeofday", s_gettimeofday, NULL },
	{ "vdso:time32", v_time, (void **)&vdso_time },
#ifdef __NR_time
	{ "sys:time32", s_time, NULL },
#endif
	{ "sys:clock_settime32(REALTIME)", s_clock_settime, NULL },
	{ "sys:settimeofday", s_settimeofday, NULL },
#ifdef __NR_stime
	{ "sys:stime32", s_stime, NULL },
#endif
	{ "sys:clock_nanosleep_time32(ABS,past)", s_clock_nanosleep_abs_past, NULL },
	{ "sys:timer_settime32(ABS)", s_timer_settime_abs, NULL },
	{ "sys:timerfd_settime32(ABS)", s_timerfd_settime_abs, NULL },
	{ "sys:adjtimex_time32(read)", s_adjtimex, NULL },
	{ "sys:clock_adjtime32(read)", s_clock_adjtime, NULL },
};
#define NBENCH (sizeof(benches) / sizeof(benches[0]))

/* The minimum over REPS single bracketed calls. */
static __attribute__((noinline)) uint64_t single_min(void (*fn)(void))
{
	uint64_t best = UINT64_MAX;

	for (int r = 0; r < REPS; r++) {
		uint64_t t0 = mark(), d;

		fn();
		d = mark() - t0;
		if (d < best)
			best = d;
	}
	return best;
}

/* LOOP calls between two markers. */
static __attribute__((noinline)) uint64_t loop_total(void (*fn)(void))
{
	uint64_t t0 = mark();

	for (int i = 0; i < LOOP; i++)
		fn();
	return mark() - t0;
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	uint64_t exact[NBENCH], loop[NBENCH], empty_single, empty_loop;
	unsigned long ehdr;
	char cs[64] = "?";

	setvbuf(stdout, NULL, _IOLBF, 0);
	y_require_guest();
	alarm(240);
	/*
	 * x86: the kernel starts on tsc-early and moves to tsc about a second after boot (the
	 * refined calibration work). Measure after that, on the clocksource it keeps.
	 */
	for (int i = 0; i < 100; i++) {
		if (!y_read_file("/sys/devices/system/clocksource/clocksource0/current_clocksource",
				 cs, sizeof(cs)))
			cs[strcspn(cs, "\n")] = 0;
		if (strcmp(cs, "tsc-early"))
			break;
		usleep(50000);
	}
	ehdr = y_vdso_init();

	y_set64(Y_2030, 0);
	set_ts32.tv_sec = set_tv32.tv_sec = set_t32 = (int32_t)Y_2030;
	past_ts32.tv_sec = (int32_t)(Y_2030 - 100);
	its32.it_value.tv_sec = (int32_t)(Y_2030 + 1000000);
	tfd = (int)syscall(__NR_timerfd_create, CLOCK_REALTIME, 0);
	if (tfd < 0 || syscall(__NR_timer_create, CLOCK_REALTIME, &sev, &timer_id))
		ksft_exit_fail_msg("timerfd_create/timer_create: %s\n", strerror(errno));

	/* Warm up: page faults of the code, data and vDSO pages, first-call paths. */
	for (unsigned int b = 0; b < NBENCH; b++)
		if (!benches[b].vdso || *benches[b].vdso)
			for (int i = 0; i < 4; i++)
				benches[b].fn();
	y_set64(Y_2030, 0);
	empty_single = single_min(empty_fn);
	empty_loop = loop_total(empty_fn);
	for (unsigned int b = 0; b < NBENCH; b++) {
		if (benches[b].vdso && !*benches[b].vdso)
			continue;
		exact[b] = single_min(benches[b].fn) - empty_single;
		loop[b] = loop_total(benches[b].fn) - empty_loop;
	}

	/* Printed only now, so that no console output falls into a measured window. */
	printf("BENCHINFO clocksource %s, vDSO at %#lx: clock_gettime %s, gettimeofday %s, time %s; empty bracket %llu, empty loop of %d %llu\n",
	       cs, ehdr, vdso_clock_gettime ? "yes" : "no", vdso_gettimeofday ? "yes" : "no",
	       vdso_time ? "yes" : "no", (unsigned long long)empty_single, LOOP,
	       (unsigned long long)empty_loop);
	for (unsigned int b = 0; b < NBENCH; b++) {
		if (benches[b].vdso && !*benches[b].vdso)
			printf("BENCHINFO %s: not in this vDSO\n", benches[b].name);
		else
			printf("BENCH %s %llu %.1f\n", benches[b].name, (unsigned long long)exact[b],
			       (double)loop[b] / LOOP);
	}
	return 0;
}
