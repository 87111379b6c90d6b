// SPDX-License-Identifier: GPL-2.0
/*
 * Legacy 32-bit wall-clock syscalls: clock_settime32, settimeofday, stime32 (input) and
 * time32, gettimeofday, clock_gettime32 (output), issued by number with 32-bit structs.
 *
 * Every case states the value it expects in the variant under test:
 *   pristine/off/signed: today's ABI, tv_sec is signed (0x80000000.. is 1901, refused)
 *   unsigned:            0..0xfffff000 is 1970..2106, 0xfffff001.. is refused (EINVAL),
 *                        outputs outside the range saturate to 0 / 0xfffff000, nsec 0.
 * It sets the clock, so it runs only as a child of the y2106 guest's /init.
 */
#include "y2106.h"

static const int32_t nsecs[] = { 0, 999999999, 1000000000, -1 };
static const int32_t usecs[] = { 0, 999999, 1000000, -1 };
#define NFRAC 4

/* The clock must be past 3 s of uptime so that "earlier than boot" is clear-cut. */
static void wait_uptime(void)
{
	struct ts64 m = y_now64(CLOCK_MONOTONIC);

	if (m.tv_sec < 3) {
		struct timespec d = { 3 - m.tv_sec, 0 };

		nanosleep(&d, NULL);
	}
}

/* Expected errno of setting the clock to legacy value v (+ frac valid or not). */
static int want_set_err(uint32_t v, int frac_ok)
{
	if (!frac_ok || !y_decode_valid(v))
		return EINVAL;
	/* do_settimeofday64(): realtime may not go before the monotonic clock */
	if (y_decode(v) < y_now64(CLOCK_MONOTONIC).tv_sec + 1)
		return EINVAL;
	return 0;
}

static int clock_near(int64_t want, int64_t slack)
{
	int64_t now = y_now64(CLOCK_REALTIME).tv_sec;

	return now >= want && now <= want + slack;
}

static void check_set(const char *call, uint32_t v, int32_t frac, int want_err,
		      struct y_res r, int64_t base)
{
	int64_t want = want_err ? base : y_decode(v);
	int set_ok = clock_near(want, 2);

	ksft_test_result(r.err == want_err && set_ok,
			 "%s(0x%08x, %d): %s, clock %s; want %s, clock %s\n", call, v, frac,
			 y_errname(r.err), y_date(y_now64(CLOCK_REALTIME).tv_sec),
			 y_errname(want_err), y_date(want));
}

static void test_clock_settime32(void)
{
	for (unsigned int i = 0; i < Y_NSECVALS; i++) {
		for (int j = 0; j < NFRAC; j++) {
			struct old_timespec32 ts = { (int32_t)y_secs[i], nsecs[j] };
			int frac_ok = nsecs[j] >= 0 && nsecs[j] < 1000000000;
			int want_err = want_set_err(y_secs[i], frac_ok);
			struct y_res r;

			y_set64(Y_2040, 0);
			r = Y_CALL(__NR_clock_settime, CLOCK_REALTIME, &ts);
			check_set("clock_settime32", y_secs[i], nsecs[j], want_err, r, Y_2040);
		}
	}
}

static void test_settimeofday(void)
{
	for (unsigned int i = 0; i < Y_NSECVALS; i++) {
		for (int j = 0; j < NFRAC; j++) {
			struct old_timeval32 tv = { (int32_t)y_secs[i], usecs[j] };
			int frac_ok = usecs[j] >= 0 && usecs[j] < 1000000;
			int want_err = want_set_err(y_secs[i], frac_ok);
			struct y_res r;

			y_set64(Y_2040, 0);
			r = Y_CALL(__NR_settimeofday, &tv, NULL);
			check_set("settimeofday", y_secs[i], usecs[j], want_err, r, Y_2040);
		}
	}
}

static void test_stime32(void)
{
#if Y_HAVE_STIME32
	for (unsigned int i = 0; i < Y_NSECVALS; i++) {
		int32_t t = (int32_t)y_secs[i];
		int takes = want_set_err(y_secs[i], 1) == 0;
		/* pristine ignores do_settimeofday64()'s error and returns 0 */
		int want_err = takes || !y_stime_fixed() ? 0 : EINVAL;
		struct y_res r;

		y_set64(Y_2040, 0);
		r = Y_CALL(__NR_stime, &t);
		if (takes)
			check_set("stime32", y_secs[i], 0, 0, r, Y_2040);
		else
			ksft_test_result(r.err == want_err && clock_near(Y_2040, 2),
					 "stime32(0x%08x): %s, clock %s; want %s, clock unchanged\n",
					 y_secs[i], y_errname(r.err),
					 y_date(y_now64(CLOCK_REALTIME).tv_sec), y_errname(want_err));
	}
#else
	for (unsigned int i = 0; i < Y_NSECVALS; i++)
		ksft_test_result_skip("stime32(0x%08x): no stime syscall on this ABI\n", y_secs[i]);
#endif
}

/* Bad pointers get EFAULT, in every variant. */
static void test_bad_pointers(void)
{
	void *unmapped = (void *)16;
	struct y_res r;

	r = Y_CALL(__NR_clock_settime, CLOCK_REALTIME, NULL);
	ksft_test_result(r.err == EFAULT, "clock_settime32(NULL): %s; want EFAULT\n",
			 y_errname(r.err));
	r = Y_CALL(__NR_clock_settime, CLOCK_REALTIME, unmapped);
	ksft_test_result(r.err == EFAULT, "clock_settime32(unmapped): %s; want EFAULT\n",
			 y_errname(r.err));
	r = Y_CALL(__NR_settimeofday, unmapped, NULL);
	ksft_test_result(r.err == EFAULT, "settimeofday(unmapped): %s; want EFAULT\n",
			 y_errname(r.err));
	r = Y_CALL(__NR_clock_gettime, CLOCK_REALTIME, unmapped);
	ksft_test_result(r.err == EFAULT, "clock_gettime32(unmapped): %s; want EFAULT\n",
			 y_errname(r.err));
	r = Y_CALL(__NR_gettimeofday, unmapped, NULL);
	ksft_test_result(r.err == EFAULT, "gettimeofday(unmapped): %s; want EFAULT\n",
			 y_errname(r.err));
#if Y_HAVE_TIME32
	{
		uint32_t raw = y_raw_time32(unmapped);

		ksft_test_result(raw == (uint32_t)-EFAULT, "time32(unmapped): %d; want -EFAULT\n",
				 (int32_t)raw);
	}
#else
	ksft_test_result_skip("time32(unmapped): no time syscall on this ABI\n");
#endif
}

/*
 * Read the clock through every legacy call with the clock at t; each must hold what the
 * output policy gives for a value between the 64-bit readings before and after.
 */
static void test_reads_at(int64_t t, const char *what)
{
	struct old_timespec32 ts;
	struct old_timeval32 tv;
	uint32_t lo, hi, tloc __attribute__((unused)) = 0, raw __attribute__((unused)) = 0;
	int64_t before, after;
	int exact;
	struct y_res r1, r2;

	y_set64(t, 500000000);
	before = y_now64(CLOCK_REALTIME).tv_sec;
	r1 = Y_CALL(__NR_clock_gettime, CLOCK_REALTIME, &ts);
	r2 = Y_CALL(__NR_gettimeofday, &tv, NULL);
#if Y_HAVE_TIME32
	raw = y_raw_time32(&tloc);
#endif
	after = y_now64(CLOCK_REALTIME).tv_sec;
	lo = y_encode(before);
	hi = y_encode(after);
	exact = y_encode_exact(before) && y_encode_exact(after);

	ksft_test_result(!r1.err && (uint32_t)ts.tv_sec >= lo && (uint32_t)ts.tv_sec <= hi &&
			 (exact ? ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000 : ts.tv_nsec == 0),
			 "clock_gettime32 at %s (%s): 0x%08x.%09d; want 0x%08x..0x%08x%s\n", what,
			 y_date(t), (uint32_t)ts.tv_sec, ts.tv_nsec, lo, hi, exact ? "" : ".0");
	ksft_test_result(!r2.err && (uint32_t)tv.tv_sec >= lo && (uint32_t)tv.tv_sec <= hi &&
			 (exact ? tv.tv_usec >= 0 && tv.tv_usec < 1000000 : tv.tv_usec == 0),
			 "gettimeofday at %s: 0x%08x.%06d; want 0x%08x..0x%08x%s\n", what,
			 (uint32_t)tv.tv_sec, tv.tv_usec, lo, hi, exact ? "" : ".0");
#if Y_HAVE_TIME32
	ksft_test_result(raw >= lo && raw <= hi && tloc == raw,
			 "time32 at %s: returns 0x%08x, *tloc 0x%08x; want 0x%08x..0x%08x\n",
			 what, raw, tloc, lo, hi);
	/* the syscall error range must never come back from time() in unsigned mode */
	if (y_unsigned())
		ksft_test_result(raw < 0xfffff001u, "time32 at %s: 0x%08x outside -4095..-1\n",
				 what, raw);
	else
		ksft_test_result(raw == (uint32_t)before || raw == (uint32_t)after,
				 "time32 at %s: 0x%08x is the low 32 bits (legacy)\n", what, raw);
#else
	ksft_test_result_skip("time32 at %s: no time syscall on this ABI\n", what);
	ksft_test_result_skip("time32 at %s: error range\n", what);
#endif
}

/* What an unprivileged task tries: every legacy setter with the value v. */
static void set_all(void *arg, void *out)
{
	uint32_t v = *(uint32_t *)arg;
	struct old_timespec32 ts = { (int32_t)v, 0 };
	struct old_timeval32 tv = { (int32_t)v, 0 };
	struct y_res *r = out;
	int32_t t = (int32_t)v;

	r[0] = Y_CALL(__NR_clock_settime, CLOCK_REALTIME, &ts);
	r[1] = Y_CALL(__NR_settimeofday, &tv, NULL);
#if Y_HAVE_STIME32
	r[2] = Y_CALL(__NR_stime, &t);
#else
	(void)t;
	r[2].ret = -1;
	r[2].err = EPERM;
#endif
}

/*
 * An unprivileged task may not set the clock, with any value, in any variant: below
 * 2038, in the new range (2038, 2040, the top) and in the reserved top.
 */
static const uint32_t unpriv_vals[] = {
	0x7fffffff, 0x80000000, (uint32_t)Y_2040, Y_RANGE_MAX, 0xffffffff,
};
#define NUNPRIV (sizeof(unpriv_vals) / sizeof(unpriv_vals[0]))

static void test_unprivileged(void)
{
	for (unsigned int i = 0; i < NUNPRIV; i++) {
		uint32_t v = unpriv_vals[i];
		struct y_res r[3];
		int want;

		y_set64(Y_2040, 0);
		y_unprivileged(set_all, &v, r, sizeof(r));
		/* the value is validated before the capability check, as today */
		want = y_decode_valid(v) ? EPERM : EINVAL;
		ksft_test_result(r[0].err == want && r[1].err == want && r[2].err == EPERM &&
				 clock_near(Y_2040, 2),
				 "uid 65534 sets 0x%08x: clock_settime32 %s, settimeofday %s, stime32 %s; want %s, %s, EPERM, clock unchanged\n",
				 v, y_errname(r[0].err), y_errname(r[1].err),
				 y_errname(r[2].err), y_errname(want), y_errname(want));
	}
}

int main(void)
{
	y_init("wallclock", Y_NSECVALS * NFRAC * 2 + Y_NSECVALS + 6 + Y_NREADPOINTS * 4 + NUNPRIV,
	       60);
	y_clock_save();
	wait_uptime();

	test_clock_settime32();
	test_settimeofday();
	test_stime32();
	test_bad_pointers();
	for (unsigned int i = 0; i < Y_NREADPOINTS; i++)
		test_reads_at(y_read_points[i].t, y_read_points[i].what);
	test_unprivileged();

	/* leave the clock where it would have been */
	y_clock_restore();
	ksft_finished();
}
