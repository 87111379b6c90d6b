// SPDX-License-Identifier: GPL-2.0
/*
 * Clock reads and setters. tests/preload/run preloads libfakeclock.so (see
 * fakeclock.c) on both sides; it moves CLOCK_REALTIME only for callers of
 * glibc's exported __clock_gettime64/__gettimeofday64, i.e. for the library.
 *
 * Reads, expected per clock value, glibc / with libtime32u:
 *   the real clock (today): glibc's time(), gettimeofday(), clock_gettime()
 *     give the low 32 bits of the real 64-bit clock, or -1 EOVERFLOW if it
 *     is past 2038 (a 2040 guest); the library the same today, the
 *     unsigned encoding in 2040;
 *   a faked clock: glibc never sees it (it reads its clock inside libc), so
 *     its side keeps reading the real clock: that proves the fake does not
 *     leak into glibc, not glibc's 2040 behaviour (that is a guest's job);
 *     the library gives 0x7fffffff, 0x80000000, 2040, 0xfffff000 exactly,
 *     and saturates 0xfffff001 and 2107 to 0xfffff000 and 1960 to 0, with
 *     the fraction cleared when saturated;
 *   CLOCK_MONOTONIC: signed and untouched on both sides;
 *   timespec_get, ntp_gettime, ntp_gettimex: they read glibc's clock inside
 *     libc, the fake cannot move them: the real clock only. Past 2038
 *     glibc's timespec_get fails (0), its ntp_gettime(x) gives the low 32
 *     bits (no EOVERFLOW; wraps after 2106); the library encodes;
 *   NULL: time(NULL) works (-1 EOVERFLOW from glibc past 2038);
 *     gettimeofday(NULL, tz) and clock_gettime(REALTIME, NULL) kill the
 *     caller with SIGSEGV on both sides (glibc converts from its own 64-bit
 *     result into the pointer), except that past 2038 glibc fails with
 *     EOVERFLOW first.
 * "The real clock" is the kernel's, or the one tests/preload/run moves to
 * 2040 and 2107 for the guest program by preloading qemuclock.c into
 * qemu-user: then glibc's side shows its EOVERFLOW for real.
 * Setters (settimeofday, clock_settime, stime): only with the library, in a
 * child that first gives up root (so nothing can set this machine's clock
 * even if a call escaped the fake), and only after checking that the
 * library's setters and the fake's __clock_settime64/__settimeofday64 are
 * the ones bound. The argument reaching the 64-bit call must be the
 * unsigned decoding; a reserved value must arrive negative (EINVAL, as
 * today), a bad fraction must give EINVAL. glibc's side is skipped: its
 * setters would reach the kernel.
 */
#include "tap.h"
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>

/* stime has been a compatibility symbol since glibc 2.31: bind it as an old binary does */
int stime(const time_t *t);
__asm__(".symver stime, stime@" V_BASE);
int __clock_gettime64(clockid_t clk, void *ts);
int __clock_settime64(clockid_t clk, const void *ts);
int __settimeofday64(const void *tv, const void *tz);

struct kts64 {
	int64_t sec;
	int64_t nsec;
};

/*
 * The real clock, from the kernel: no glibc, no fake. The coarse clock: glibc's
 * time() reads CLOCK_REALTIME_COARSE, which lags CLOCK_REALTIME by up to a tick,
 * so a window that starts at the fine clock's second fails when the read falls
 * in the last tick before a second boundary (time() one second below it). The
 * coarse clock is never ahead of a later read of either clock.
 */
static int64_t real_now(void)
{
	struct kts64 t;

	if (syscall(SYS_clock_gettime64, CLOCK_REALTIME_COARSE, &t))
		tap_bail("clock_gettime64");
	return t.sec;
}

static void fake_set(int64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%lld", (long long)v);
	setenv("T32U_FAKE_SEC", b, 1);
}

/* What this side should read when the library's clock says v. */
static void want_read(int64_t v, int fake, int64_t *lo, int64_t *hi, int *err,
		      int *frac_zero)
{
	int64_t r = real_now();

	*frac_zero = 0;
	*err = 0;
	if (!lib || !fake) {
		/* the real clock: a second or two of slack */
		*lo = r, *hi = r + 2;
		if (lib) {
			if (r > 0xfffff000LL)
				*lo = *hi = 0xfffff000LL, *frac_zero = 1;
		} else if (r > INT32_MAX) {
			*err = EOVERFLOW;
		}
		return;
	}
	if (v < 0)
		*lo = *hi = 0, *frac_zero = 1;
	else if (v > 0xfffff000LL)
		*lo = *hi = 0xfffff000LL, *frac_zero = 1;
	else
		*lo = *hi = v;
}

static void reads(const char *what, int64_t v, int fake)
{
	int64_t lo, hi, got;
	struct timespec ts;
	struct timeval tv;
	int err, fz, r, e;
	time_t t, t2;

	if (fake)
		fake_set(v);
	else
		unsetenv("T32U_FAKE_SEC");
	want_read(v, fake, &lo, &hi, &err, &fz);

	errno = 0;
	t = time(&t2);
	e = errno;
	got = (uint32_t)t;
	if (err)
		tap(t == -1 && e == err, "time() %s: %" PRId64 " %s, want -1 %s",
		    what, (int64_t)t, tap_err(e), tap_err(err));
	else
		tap(got >= lo && got <= hi && t2 == t,
		    "time() %s: 0x%08" PRIx64 ", want 0x%08" PRIx64 "..0x%08" PRIx64,
		    what, got, lo, hi);

	errno = 0;
	r = gettimeofday(&tv, NULL);
	e = errno;
	got = (uint32_t)tv.tv_sec;
	if (err)
		tap(r == -1 && e == err, "gettimeofday %s: %d %s, want -1 %s",
		    what, r, tap_err(e), tap_err(err));
	else
		tap(r == 0 && got >= lo && got <= hi && (fz ? tv.tv_usec == 0 :
			(tv.tv_usec >= 0 && tv.tv_usec < 1000000 &&
			 (!lib || !fake || tv.tv_usec == 123456))),
		    "gettimeofday %s: 0x%08" PRIx64 ".%06ld, want 0x%08" PRIx64 "..0x%08" PRIx64 "%s",
		    what, got, (long)tv.tv_usec, lo, hi, fz ? ".000000" : "");

	errno = 0;
	r = clock_gettime(CLOCK_REALTIME, &ts);
	e = errno;
	got = (uint32_t)ts.tv_sec;
	if (err)
		tap(r == -1 && e == err, "clock_gettime(REALTIME) %s: %d %s, want -1 %s",
		    what, r, tap_err(e), tap_err(err));
	else
		tap(r == 0 && got >= lo && got <= hi && (fz ? ts.tv_nsec == 0 :
			(ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000 &&
			 (!lib || !fake || ts.tv_nsec == 123456789))),
		    "clock_gettime(REALTIME) %s: 0x%08" PRIx64 ".%09ld, want 0x%08" PRIx64 "..0x%08" PRIx64 "%s",
		    what, got, (long)ts.tv_nsec, lo, hi, fz ? ".000000000" : "");

	r = clock_gettime(CLOCK_MONOTONIC, &ts);
	tap(r == 0 && ts.tv_sec >= 0, "clock_gettime(MONOTONIC) %s: %d %ld, want 0 and untouched",
	    what, r, (long)ts.tv_sec);
}

/*
 * timespec_get and ntp_gettime(x) reach glibc's clock inside libc (the
 * fake cannot move it): today they must give the real clock on both sides.
 */
static void real_only(void)
{
	int64_t r0 = real_now(), got, lo, hi;
	int over = !lib && r0 > INT32_MAX;	/* glibc's EOVERFLOW */
	struct ntptimeval n;
	struct timespec ts;
	int r;

	/* the library's encoding of the real clock, with 2 s of slack */
	lo = r0 > 0xfffff000LL ? 0xfffff000LL : r0;
	hi = r0 > 0xfffff000LL ? 0xfffff000LL : r0 + 2;
	r = timespec_get(&ts, TIME_UTC);
	got = (uint32_t)ts.tv_sec;
	if (over)
		tap(r == 0, "timespec_get(TIME_UTC) real clock: %d, want 0 (failure)", r);
	else
		tap(r == TIME_UTC && got >= lo && got <= hi,
		    "timespec_get(TIME_UTC) real clock: %d 0x%08" PRIx64 ", want %d 0x%08" PRIx64 "..0x%08" PRIx64,
		    r, got, TIME_UTC, lo, hi);
	/* glibc's ntp_gettime truncates to the low 32 bits, no EOVERFLOW */
	if (!lib)
		lo = (uint32_t)r0, hi = (uint32_t)(r0 + 2);
	memset(&n, 0, sizeof(n));
	r = ntp_gettime(&n);
	got = (uint32_t)n.time.tv_sec;
	tap(r >= 0 && got >= lo && got <= hi && n.time.tv_usec < 1000000,
	    "ntp_gettime real clock: %d 0x%08" PRIx64 ".%06ld, want >= 0 0x%08" PRIx64 "..0x%08" PRIx64,
	    r, got, (long)n.time.tv_usec, lo, hi);
	memset(&n, 0, sizeof(n));
	r = ntp_gettimex(&n);
	got = (uint32_t)n.time.tv_sec;
	tap(r >= 0 && got >= lo && got <= hi && n.time.tv_usec < 1000000,
	    "ntp_gettimex real clock: %d 0x%08" PRIx64 ".%06ld, want >= 0 0x%08" PRIx64 "..0x%08" PRIx64,
	    r, got, (long)n.time.tv_usec, lo, hi);
}

static int gtod_null(void *arg)
{
	struct timeval *volatile p = NULL;
	struct timezone tz;

	return gettimeofday(p, &tz) ? errno : 0;
}

static int cgt_null(void *arg)
{
	struct timespec *volatile p = NULL;

	return clock_gettime(CLOCK_REALTIME, p) ? errno : 0;
}

static void nulls(void)
{
	int64_t r0 = real_now(), got;
	int over = !lib && r0 > INT32_MAX;	/* glibc's EOVERFLOW */
	int64_t lo = r0 > 0xfffff000LL ? 0xfffff000LL : r0;
	int64_t hi = r0 > 0xfffff000LL ? 0xfffff000LL : r0 + 2;
	int r, want = over ? EOVERFLOW : 1000 + SIGSEGV;

	got = (uint32_t)time(NULL);
	if (over)
		tap(got == 0xffffffffLL, "time(NULL) real clock: 0x%08" PRIx64 ", want -1", got);
	else
		tap(got >= lo && got <= hi, "time(NULL) real clock: 0x%08" PRIx64 ", want 0x%08" PRIx64 "..0x%08" PRIx64,
		    got, lo, hi);
	/* glibc fails with EOVERFLOW before it would write through NULL */
	r = tap_child(gtod_null, NULL, 5, NULL);
	tap(r == want, "gettimeofday(NULL, &tz): %s, want %s",
	    r >= 1000 ? strsignal(r - 1000) : tap_err(r),
	    want >= 1000 ? strsignal(want - 1000) : tap_err(want));
	r = tap_child(cgt_null, NULL, 5, NULL);
	tap(r == want, "clock_gettime(REALTIME, NULL): %s, want %s",
	    r >= 1000 ? strsignal(r - 1000) : tap_err(r),
	    want >= 1000 ? strsignal(want - 1000) : tap_err(want));
}

/* --- setters, with the library only --- */

typedef void (*last_fn)(int64_t *, long *, int *);

struct setcase {
	int which;		/* 0 settimeofday, 1 clock_settime, 2 stime */
	uint32_t sec;
	long frac;
	int64_t want_sec;	/* what the 64-bit call must receive */
	int want_ret;
};

static int have_fake;

static const char *const setname[] = { "settimeofday", "clock_settime(REALTIME)", "stime" };

static int run_setter(void *arg)
{
	const struct setcase *c = arg;
	last_fn last = (last_fn)dlsym(RTLD_DEFAULT, "fake_last_set");
	struct timespec ts = { (time_t)c->sec, c->frac };
	struct timeval tv = { (time_t)c->sec, c->frac };
	time_t t = (time_t)c->sec;
	int64_t sec;
	long nsec;
	int clk, r, e;

	/* give up root first: nothing below may set this machine's clock */
	if (setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534))
		return 200;
	if (!last || strcmp(tap_owner((void *)__clock_settime64), "libfakeclock.so") ||
	    strcmp(tap_owner((void *)__settimeofday64), "libfakeclock.so") ||
	    strcmp(tap_owner((void *)settimeofday), "libtime32u.so"))
		return 201;
	errno = 0;
	r = c->which == 0 ? settimeofday(&tv, NULL) :
	    c->which == 1 ? clock_settime(CLOCK_REALTIME, &ts) : stime(&t);
	e = errno;
	last(&sec, &nsec, &clk);
	if (sec != c->want_sec)
		return 202;
	if (c->want_ret)
		return r == -1 && e == c->want_ret ? 0 : 203;
	return r == 0 ? 0 : 204;
}

static void setters(void)
{
	static const struct setcase cases[] = {
		{ 0, 0x80000000u, 0, 0x80000000LL, 0 },
		{ 1, 0x80000000u, 0, 0x80000000LL, 0 },
		{ 2, 0x80000000u, 0, 0x80000000LL, 0 },
		{ 0, 0x83aa7e80u, 500000, 0x83aa7e80LL, 0 },
		{ 1, 0x83aa7e80u, 500000000, 0x83aa7e80LL, 0 },
		{ 2, 0x83aa7e80u, 0, 0x83aa7e80LL, 0 },
		{ 1, 0xfffff000u, 0, 0xfffff000LL, 0 },
		{ 2, 0xfffff000u, 0, 0xfffff000LL, 0 },
		{ 0, 0xfffff001u, 0, -4095, EINVAL },
		{ 1, 0xfffff001u, 0, -4095, EINVAL },
		{ 2, 0xffffffffu, 0, -1, EINVAL },
		{ 1, 0x83aa7e80u, 1000000000, 0x83aa7e80LL, EINVAL },
		{ 0, 0x83aa7e80u, 1000000, 0x83aa7e80LL, EINVAL },
		{ 1, 0, 0, 0, 0 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct setcase *c = &cases[i];
		int r;

		if (!lib || !have_fake) {
			tap(1, "%s(0x%08" PRIx32 ".%ld) # SKIP %s",
			    setname[c->which], c->sec, c->frac,
			    !lib ? "glibc's setter would reach the kernel: guests only" :
				   "no libfakeclock to receive the 64-bit call");
			continue;
		}
		r = tap_child(run_setter, (void *)c, 5, NULL);
		tap(r == 0, "%s(0x%08" PRIx32 ".%ld): 64-bit call got %" PRId64 ", %s%s (child %d)",
		    setname[c->which], c->sec, c->frac, c->want_sec,
		    c->want_ret ? "want -1 " : "want 0", c->want_ret ? tap_err(c->want_ret) : "", r);
	}
}

int main(int argc, char **argv)
{
	static const struct { const char *what; int64_t v; } fakes[] = {
		{ "at 0x7fffffff", 0x7fffffffLL }, { "at 0x80000000", 0x80000000LL },
		{ "in 2040", 0x83aa7e80LL }, { "at 0xfffff000", 0xfffff000LL },
		{ "at 0xfffff001", 0xfffff001LL }, { "in 2107", 4323283200LL },
		{ "in 1960", -315619200LL },
	};
	unsigned int i, j;
	int64_t f;

	tap_start(argc, argv, 1 + 4 * 8 + 3 + 3 + 14, (void *)time);

	/* the fake is there on both sides, for the exported entry point */
	have_fake = dlsym(RTLD_DEFAULT, "fake_last_set") != NULL;
	if (have_fake) {
		struct ts64 k;

		fake_set(0x83aa7e80LL);
		f = __clock_gettime64(CLOCK_REALTIME, &k) ? -1 : k.sec;
		tap(f == 0x83aa7e80LL, "libfakeclock: __clock_gettime64 says %" PRId64 ", want 2208988800", f);
	} else {
		tap(1, "libfakeclock # SKIP not loaded: a run on the real (or qemu-moved) clock only");
	}

	tap_diag("the real clock (raw clock_gettime64): %" PRId64, real_now());
	reads("real clock", 0, 0);
	for (i = 0; i < ARRAY_SIZE(fakes); i++) {
		if (have_fake) {
			reads(fakes[i].what, fakes[i].v, 1);
			continue;
		}
		for (j = 0; j < 4; j++)
			tap(1, "reads %s # SKIP no libfakeclock", fakes[i].what);
	}
	unsetenv("T32U_FAKE_SEC");
	real_only();
	nulls();
	setters();
	return tap_exit();
}
