// SPDX-License-Identifier: GPL-2.0
/*
 * libtime32u in the 2040 guests: a dynamically linked program with glibc's legacy 32-bit
 * time_t (no _TIME_BITS), run by the guest's /init twice from the same binary:
 *   /tests/preload-glibc     without the library: glibc's behaviour of today is the
 *                            expectation (EOVERFLOW/-1 past 2038, 1901..1969 inputs);
 *   /tests/preload-lib       re-executes itself with LD_PRELOAD=/lib/libtime32u.so: the
 *                            unsigned policy (0..0xfffff000 = 1970..2106, saturation).
 * The glibc runtime (ld.so, libc, libpthread, librt) and the library are in the initramfs
 * (tools/mkguest). Unlike the host tests under qemu-user, the clock, the file times and
 * the deadlines here are a real 32-bit kernel's (or x86_64's ia32 emulation), and the
 * setters set the guest's clock for real.
 *
 * Every case states the value it expects for its side and for the kernel variant
 * (y2106.variant=). glibc's side reaches the legacy system calls only where glibc 2.36
 * issues them: the __xstat family (legacy stat64; on mips the legacy stat, the kernel's
 * newstat, or the compat stat of a 64-bit kernel), and the calls it passes a 32-bit
 * time to the legacy call whenever it fits (utimes -> utimensat, clock_nanosleep): there
 * its expectation depends on the variant, elsewhere not; the raw legacy clock_gettime32 read
 * is the kernel's and depends on the variant alone; "agree" compares the side's value with
 * the kernel's (with the library they agree on every value in unsigned mode).
 * The old symbol versions are bound as an old binary binds them: time, stime, __xstat at
 * the oldest version of the arch (GLIBC_2.0 on i386 and mips, GLIBC_2.4 on armhf),
 * clock_gettime at librt's (GLIBC_2.2 on i386 and mips). Every blocking call runs in a
 * child under alarm().
 * It sets the clock, so it runs only as a child of the y2106 guest's /init.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include "y2106.h"

#if defined __i386__ || defined __mips__
#define V_BASE	"GLIBC_2.0"
#define V_RT	"GLIBC_2.2"
#else
#define V_BASE	"GLIBC_2.4"
#define V_RT	"GLIBC_2.4"
#endif
#define LIBPATH	"/lib/libtime32u.so"

/* The legacy bindings (declared under other names, renamed by .symver). */
time_t old_time(time_t *t);
int old_stime(const time_t *t);
int old_xstat(int ver, const char *path, struct stat *buf);
int old_clock_gettime(clockid_t clk, struct timespec *ts);
__asm__(".symver old_time, time@" V_BASE);
__asm__(".symver old_stime, stime@" V_BASE);
__asm__(".symver old_xstat, __xstat@" V_BASE);
__asm__(".symver old_clock_gettime, clock_gettime@" V_RT);
#define STAT_VER_LINUX 3
/* The legacy system call glibc 2.36's __xstat issues (measured with qemu-user -strace). */
#ifdef __mips__
#define XSTAT_CALL "stat"
#else
#define XSTAT_CALL "stat64"
#endif

static int lib;	/* this run has the library preloaded */

#define NPOINTS 6
#define NFILEV 5
#define NSETV 5
#define NCASES (1 + NPOINTS * (7 + Y_HAVE_TIME32) + NFILEV * 3 + 4 + 5 + NSETV * 3)

/* ----- expectations ----- */

/* What the library makes of a 64-bit time: saturated to 0..0xfffff000. */
static uint32_t enc_u(int64_t t)
{
	return t < 0 ? 0 : t > Y_RANGE_MAX ? Y_RANGE_MAX : (uint32_t)t;
}

/* The raw legacy clock_gettime32 of a kernel of this variant at t. */
static uint32_t kernel_read(int64_t t)
{
	return y_unsigned() ? enc_u(t) : (uint32_t)t;
}

/* A 32-bit time_t input as this side means it. */
static int64_t side_decode(uint32_t v)
{
	return lib ? (int64_t)v : (int64_t)(int32_t)v;
}

/* "YYYY-MM-DD hh:mm:ss" of a 64-bit time, without libc (days_from_civil inverted). */
static const char *civil(int64_t t)
{
	static char buf[4][80];
	static int i;
	int64_t days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400), s = t - days * 86400;
	int64_t z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t y = yoe + era * 400, doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1;
	int64_t m = mp < 10 ? mp + 3 : mp - 9;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%04lld-%02lld-%02lld %02lld:%02lld:%02lld",
		 (long long)(y + (m <= 2)), (long long)m, (long long)d, (long long)(s / 3600),
		 (long long)(s / 60 % 60), (long long)(s % 60));
	return buf[i];
}

/* ----- the 64-bit truth ----- */

static int64_t file_mtime64(const char *path)
{
	struct statx stx;

	if (syscall(__NR_statx, AT_FDCWD, path, 0, STATX_MTIME, &stx))
		ksft_exit_fail_msg("statx(%s): %s\n", path, strerror(errno));
	return stx.stx_mtime.tv_sec;
}

static void file_set64(const char *path, int64_t t)
{
	struct ts64 ts[2] = { { t, 0 }, { t, 0 } };

	if (syscall(__NR_utimensat_time64, AT_FDCWD, path, ts, 0))
		ksft_exit_fail_msg("utimensat_time64(%s): %s\n", path, strerror(errno));
}

/* ----- clock reads at the edges ----- */

static const int64_t points[NPOINTS] = {
	0x7fffffffLL, 0x80000000LL, Y_2040, Y_RANGE_MAX, Y_RANGE_MAX + 1LL, Y_2107,
};

/* A 32-bit read r (ret, errno) at clock p (or p+1 if the second ticked) as this side wants it. */
static int read_ok(long ret, int err, uint32_t val, int64_t p, char *want, size_t n)
{
	int ok = 0;

	want[0] = 0;
	for (int64_t q = p; q <= p + 1; q++) {
		size_t l = strlen(want);

		if (q > p && (lib ? enc_u(q) == enc_u(p) : q > 0x7fffffff && p > 0x7fffffff))
			break;	/* the same value again */

		if (lib) {
			ok |= ret == 0 && val == enc_u(q);
			snprintf(want + l, n - l, "%s0x%08x", q > p ? " or " : "", enc_u(q));
		} else if (q <= 0x7fffffff) {
			ok |= ret == 0 && val == (uint32_t)q;
			snprintf(want + l, n - l, "%s0x%08x", q > p ? " or " : "", (uint32_t)q);
		} else {
			ok |= ret == -1 && err == EOVERFLOW;
			snprintf(want + l, n - l, "%s-1 EOVERFLOW", q > p ? " or " : "");
		}
	}
	return ok;
}

static void test_clock_points(void)
{
	for (int i = 0; i < NPOINTS; i++) {
		int64_t p = points[i];
		struct old_timespec32 k;
		struct timespec ts;
		struct timeval tv;
		time_t t, t2;
		struct y_res kr;
		uint32_t kt;
		long ret;
		int err, ok;
		char want[80], got[40], *c;
		const char *exp;

		y_set64(p, 0);
		errno = 0;
		t = time(NULL);
		err = errno;
		kr = Y_CALL(__NR_clock_gettime, CLOCK_REALTIME, &k);
		kt = Y_HAVE_TIME32 ? y_raw_time32(NULL) : (uint32_t)k.tv_sec;
		errno = 0;
		t2 = old_time(NULL);
		ok = read_ok(t == -1 ? -1 : 0, err, (uint32_t)t, p, want, sizeof(want));
		ksft_test_result(ok, "clock %s: time() = 0x%08x (%s); want %s\n", civil(p),
				 (uint32_t)t, y_errname(err), want);
		ok = read_ok(t2 == -1 ? -1 : 0, errno, (uint32_t)t2, p, want, sizeof(want));
		ksft_test_result(ok, "clock %s: time@%s = 0x%08x (%s); want %s\n", civil(p), V_BASE,
				 (uint32_t)t2, y_errname(errno), want);
		errno = 0;
		ret = old_clock_gettime(CLOCK_REALTIME, &ts);
		ok = read_ok(ret, errno, (uint32_t)ts.tv_sec, p, want, sizeof(want));
		ksft_test_result(ok, "clock %s: clock_gettime@%s(REALTIME) = %ld (%s), tv_sec 0x%08x; want %s\n",
				 civil(p), V_RT, ret, y_errname(ret ? errno : 0),
				 ret ? 0 : (uint32_t)ts.tv_sec, want);
		errno = 0;
		ret = gettimeofday(&tv, NULL);
		ok = read_ok(ret, errno, (uint32_t)tv.tv_sec, p, want, sizeof(want));
		ksft_test_result(ok, "clock %s: gettimeofday() = %ld (%s), tv_sec 0x%08x; want %s\n",
				 civil(p), ret, y_errname(ret ? errno : 0),
				 ret ? 0 : (uint32_t)tv.tv_sec, want);
		/* the kernel's own legacy read: the variant's value, whatever the side */
		ok = kr.ret == 0 && ((uint32_t)k.tv_sec == kernel_read(p) ||
				     (uint32_t)k.tv_sec == kernel_read(p + 1));
		ksft_test_result(ok, "clock %s: raw clock_gettime32 of the %s kernel = 0x%08x (%s); want 0x%08x\n",
				 civil(p), y_variant_names[y_variant], (uint32_t)k.tv_sec,
				 y_errname(kr.err), kernel_read(p));
		if (Y_HAVE_TIME32) {	/* i386, mips: the legacy time system call too */
			ok = kt == kernel_read(p) || kt == kernel_read(p + 1);
			ksft_test_result(ok, "clock %s: raw time32 of the %s kernel = 0x%08x; want 0x%08x\n",
					 civil(p), y_variant_names[y_variant], kt, kernel_read(p));
		}
		/*
		 * Agree: time() and the kernel's legacy reads give the same value. With the
		 * library: always in unsigned mode, elsewhere up to 0xfffff000 (the signed
		 * kernel wraps past 2106). glibc: only up to 0x7fffffff (then -1).
		 */
		{
			int want_agree = lib ? (y_unsigned() || p <= Y_RANGE_MAX) : p <= 0x7fffffff;
			int agree = t != -1 && (uint32_t)k.tv_sec == (uint32_t)t && kt == (uint32_t)t;

			ksft_test_result(agree == want_agree,
					 "clock %s: time() 0x%08x and the kernel's clock_gettime32 0x%08x%s %s; want %s\n",
					 civil(p), (uint32_t)t, (uint32_t)k.tv_sec,
					 Y_HAVE_TIME32 ? ", time32" : "",
					 agree ? "agree" : "differ", want_agree ? "agree" : "differ");
		}
		/* formatted: gmtime + strftime, and ctime, of the value time() gave */
		{
			struct tm *tm = gmtime(&t);
			char s[40] = "(null)";

			exp = civil(side_decode((uint32_t)t));
			if (tm)
				strftime(s, sizeof(s), "%Y-%m-%d %H:%M:%S", tm);
			c = ctime(&t);
			snprintf(got, sizeof(got), "%.4s", c ? c + 20 : "null");
			ok = !strcmp(s, exp) && !strncmp(got, exp, 4) &&
			     (lib ? !strncmp(exp, civil(enc_u(p)), 4) : 1);
			ksft_test_result(ok, "clock %s: strftime(gmtime(0x%08x)) \"%s\", ctime year %s; want \"%s\"%s\n",
					 civil(p), (uint32_t)t, s, got, exp,
					 lib ? "" : " (glibc: what its time() gave, read signed)");
		}
	}
}

/* ----- file times ----- */

static const uint32_t filev[NFILEV] = { 0x7fffffff, 0x80000000, (uint32_t)Y_2040, 0xfffff000, 0xfffff001 };

static void test_files(void)
{
	const char *f = "/tmp/preload-guest.file";
	int fd = open(f, O_CREAT | O_WRONLY, 0644);

	if (fd < 0)
		ksft_exit_fail_msg("open %s: %s\n", f, strerror(errno));
	close(fd);
	for (int i = 0; i < NFILEV; i++) {
		uint32_t v = filev[i];
		struct timeval tv[2] = { { (time_t)v, 0 }, { (time_t)v, 0 } };
		/*
		 * glibc 2.36 passes a utimes time that fits 32 bits to the legacy utimensat
		 * call (it uses utimensat_time64 only for times that do not fit), so without
		 * the library the kernel decodes it: unsigned in unsigned mode (the reserved
		 * values refused), sign-extended (1901..1969) elsewhere.
		 */
		int kdec = lib || y_unsigned();
		int valid = kdec ? v <= Y_RANGE_MAX : 1;
		int64_t want = !valid ? 1000 : kdec ? (int64_t)v : (int64_t)(int32_t)v;
		int64_t truth;
		uint32_t want_x;
		struct stat st;
		int r, err;

		file_set64(f, 1000);
		errno = 0;
		r = utimes(f, tv);
		err = errno;
		truth = file_mtime64(f);
		ksft_test_result((r == 0) == valid && (valid || err == EINVAL) && truth == want,
				 "utimes(0x%08x) = %d (%s), file time %s; want %s, %s%s\n", v, r,
				 y_errname(r ? err : 0), civil(truth), valid ? "success" : "EINVAL",
				 civil(want), lib ? "" : " (glibc: the kernel's legacy utimensat)");
		/*
		 * Read back through the 32-bit stat(): with the library the value set; glibc
		 * fails with EOVERFLOW on every file, as the file's change time is the guest's
		 * 2040 clock.
		 */
		errno = 0;
		r = stat(f, &st);
		if (lib)
			ksft_test_result(r == 0 && (uint32_t)st.st_mtime == (valid ? v : 1000),
					 "stat() after utimes(0x%08x) = %d (%s), st_mtime 0x%08x; want 0x%08x\n",
					 v, r, y_errname(r ? errno : 0), (uint32_t)st.st_mtime, valid ? v : 1000);
		else
			ksft_test_result(r == -1 && errno == EOVERFLOW,
					 "stat() after utimes(0x%08x) = %d (%s); want -1 EOVERFLOW (st_ctime is in 2040)\n",
					 v, r, y_errname(r ? errno : 0));
		/*
		 * __xstat@old: glibc issues the legacy stat64 call (mips: stat), so without
		 * the library the kernel encodes the truth: a negative time (glibc set
		 * 1901..1969) is 0 in unsigned mode and its low 32 bits elsewhere.
		 */
		want_x = lib ? enc_u(truth) : kernel_read(truth);
		errno = 0;
		r = old_xstat(STAT_VER_LINUX, f, &st);
		ksft_test_result(r == 0 && (uint32_t)st.st_mtime == want_x,
				 "__xstat@%s after utimes(0x%08x) = %d (%s), st_mtime 0x%08x; want 0x%08x\n",
				 V_BASE, v, r, y_errname(r ? errno : 0), (uint32_t)st.st_mtime, want_x);
	}
	/* files in 2040 and 2107, set by the 64-bit call */
	for (int i = 0; i < 2; i++) {
		int64_t t = i ? Y_2107 : Y_2040;
		struct stat st;
		uint32_t want_x = lib ? enc_u(t) : kernel_read(t);
		int r;

		file_set64(f, t);
		errno = 0;
		r = stat(f, &st);
		if (lib)
			ksft_test_result(r == 0 && (uint32_t)st.st_mtime == enc_u(t),
					 "stat() of a %s file = %d (%s), st_mtime 0x%08x; want 0x%08x\n",
					 civil(t), r, y_errname(r ? errno : 0), (uint32_t)st.st_mtime, enc_u(t));
		else
			ksft_test_result(r == -1 && errno == EOVERFLOW,
					 "stat() of a %s file = %d (%s); want -1 EOVERFLOW\n",
					 civil(t), r, y_errname(r ? errno : 0));
		errno = 0;
		r = old_xstat(STAT_VER_LINUX, f, &st);
		ksft_test_result(r == 0 && (uint32_t)st.st_mtime == want_x,
				 "__xstat@%s of a %s file = %d (%s), st_mtime 0x%08x; want 0x%08x%s\n",
				 V_BASE, civil(t), r, y_errname(r ? errno : 0), (uint32_t)st.st_mtime,
				 want_x, lib ? "" : " (the kernel's legacy " XSTAT_CALL ")");
	}
	unlink(f);
}

/* ----- deadlines ----- */

static struct timespec dl;	/* the deadline of the child */
static sem_t sem;
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;

static int do_sem(void *a)
{
	(void)a;
	return sem_timedwait(&sem, &dl) ? errno : 0;
}

static int do_nanosleep(void *a)
{
	(void)a;
	return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &dl, NULL);
}

static int do_cond(void *a)
{
	int r;

	(void)a;
	pthread_mutex_lock(&mtx);
	r = pthread_cond_timedwait(&cond, &mtx, &dl);
	pthread_mutex_unlock(&mtx);
	return r;
}

/*
 * fn in a child under alarm(4): its result, or 1000 + signal. *call: the seconds the call
 * took in the child (fork under TCG is slow: "at once" is judged on this); *since: the
 * seconds from before the fork to the call's return (a deadline set before the fork is
 * judged on this: measured from the child's start, a slow fork would shorten the wait).
 */
static int child(int (*fn)(void *), double *call, double *since)
{
	static double *took;
	struct ts64 a = y_now64(CLOCK_MONOTONIC);
	int st;
	pid_t p;

	if (!took) {
		took = mmap(NULL, 2 * sizeof(*took), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			    -1, 0);
		if (took == MAP_FAILED)
			ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	}
	took[0] = took[1] = -1;
	fflush(stdout);
	p = fork();
	if (p < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (p == 0) {
		struct ts64 b;
		int r;

		alarm(4);
		b = y_now64(CLOCK_MONOTONIC);
		r = fn(NULL);
		took[0] = y_elapsed(b);
		took[1] = y_elapsed(a);
		_exit(r & 0xff);
	}
	waitpid(p, &st, 0);
	*call = took[0] >= 0 ? took[0] : y_elapsed(a);
	*since = took[1] >= 0 ? took[1] : y_elapsed(a);
	return WIFSIGNALED(st) ? 1000 + WTERMSIG(st) : WEXITSTATUS(st);
}

/*
 * kernel: glibc hands the 32-bit deadline to the legacy system call (clock_nanosleep), so
 * without the library the unsigned kernel decodes it as the library does.
 */
static void deadline(const char *call, int (*fn)(void *), int64_t off, uint32_t fixed,
		     int lib_err, int glibc_err, int kernel)
{
	int64_t now = y_now64(CLOCK_REALTIME).tv_sec;
	uint32_t v = fixed ? fixed : (uint32_t)(now + off);
	int as_lib = lib || (kernel && y_unsigned());
	int waits = as_lib && !fixed && off > 0;
	int want = as_lib ? lib_err : glibc_err;
	double s, since;
	int r;

	dl.tv_sec = (time_t)v;
	dl.tv_nsec = 0;
	if (fixed == 0 && off > 0) {
		/* a whole second from now: start at a second boundary's fraction */
		struct ts64 n = y_now64(CLOCK_REALTIME);

		dl.tv_sec = (time_t)(uint32_t)(n.tv_sec + 1);
		dl.tv_nsec = n.tv_nsec;
		v = (uint32_t)dl.tv_sec;
	}
	r = child(fn, &s, &since);
	if (waits)
		s = since;
	ksft_test_result(r == want && (waits ? Y_FIRED(s) : s < 0.5),
			 "%s(deadline 0x%08x, %s): %s after %.2f s; want %s %s\n", call, v,
			 fixed ? "fixed" : off > 0 ? "now+1 s" : "now-10 s",
			 r >= 1000 ? "killed" : y_errname(r), s, y_errname(want),
			 waits ? "after ~1 s" : "at once");
}

static void test_deadlines(void)
{
	if (sem_init(&sem, 0, 0))
		ksft_exit_fail_msg("sem_init: %s\n", strerror(errno));
	y_set64(Y_2040 + 100, 0);
	/* without the library 2040 + 1 s is 1904: glibc ends a negative deadline at once */
	deadline("sem_timedwait", do_sem, 1, 0, ETIMEDOUT, ETIMEDOUT, 0);
	deadline("pthread_cond_timedwait", do_cond, 1, 0, ETIMEDOUT, ETIMEDOUT, 0);
	/*
	 * ...clock_nanosleep passes it to the legacy call: the unsigned kernel waits, the
	 * others read 1904 and refuse it
	 */
	deadline("clock_nanosleep(REALTIME, ABSTIME)", do_nanosleep, 1, 0, 0, EINVAL, 1);
	deadline("sem_timedwait", do_sem, -10, 0, ETIMEDOUT, ETIMEDOUT, 0);
	/* a reserved value keeps its signed meaning: -4095, past */
	deadline("sem_timedwait", do_sem, 0, 0xfffff001, ETIMEDOUT, ETIMEDOUT, 0);
}

/* ----- setters, for real ----- */

static const uint32_t setv[NSETV] = { 0x7fffffff, 0x80000000, (uint32_t)Y_2040 + 3600, 0xfffff000, 0xfffff001 };

static void check_set(const char *call, uint32_t v, int r, int err)
{
	/* glibc's negative value, and the library's reserved one: the kernel refuses them */
	int valid = lib ? v <= Y_RANGE_MAX : (int32_t)v >= 0;
	int64_t want_t = side_decode(v);
	int64_t now = y_now64(CLOCK_REALTIME).tv_sec;
	int64_t want_clock = valid ? want_t : Y_2040;
	int near = now >= want_clock && now <= want_clock + 2;

	ksft_test_result((r == 0) == valid && (valid || err == EINVAL) && near,
			 "%s(0x%08x) = %d (%s), clock %s; want %s, clock %s\n", call, v, r,
			 y_errname(r ? err : 0), civil(now), valid ? "success" : "EINVAL",
			 civil(want_clock));
}

static void test_setters(void)
{
	for (int i = 0; i < NSETV; i++) {
		uint32_t v = setv[i];
		struct timeval tv = { (time_t)v, 0 };
		struct timespec ts = { (time_t)v, 0 };
		time_t t = (time_t)v;
		int r;

		y_set64(Y_2040, 0);
		errno = 0;
		r = settimeofday(&tv, NULL);
		check_set("settimeofday", v, r, errno);
		y_set64(Y_2040, 0);
		errno = 0;
		r = clock_settime(CLOCK_REALTIME, &ts);
		check_set("clock_settime(REALTIME)", v, r, errno);
		y_set64(Y_2040, 0);
		errno = 0;
		r = old_stime(&t);
		check_set("stime@" V_BASE, v, r, errno);
	}
}

int main(int argc, char **argv)
{
	const char *me = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const char *pre = getenv("LD_PRELOAD");
	Dl_info di;
	const char *o = "?";

	(void)argc;
	lib = strstr(me, "-lib") != NULL;
	if (lib && (!pre || strcmp(pre, LIBPATH))) {
		setenv("LD_PRELOAD", LIBPATH, 1);
		execv("/proc/self/exe", argv);
		printf("Bail out! exec with LD_PRELOAD: %s\n", strerror(errno));
		return 1;
	}
	if (!lib)
		unsetenv("LD_PRELOAD");
	y_init(lib ? "preload-lib" : "preload-glibc", NCASES, 60);
	y_clock_save();
	if (dladdr((void *)time, &di) && di.dli_fname)
		o = strrchr(di.dli_fname, '/') ? strrchr(di.dli_fname, '/') + 1 : di.dli_fname;
	ksft_test_result((strcmp(o, "libtime32u.so") == 0) == lib,
			 "side: time() comes from %s; want %s\n", o,
			 lib ? "libtime32u.so" : "libc.so.6");
	test_clock_points();
	y_clock_restore();
	test_files();
	test_deadlines();
	y_clock_restore();
	test_setters();
	y_clock_restore();
	ksft_finished();
}
