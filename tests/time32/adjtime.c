// SPDX-License-Identifier: GPL-2.0
/*
 * Legacy 32-bit adjtimex (adjtimex_time32) and clock_adjtime32, issued by number with
 * struct old_timex32 (struct timex with 32-bit longs).
 *
 * Every case states the value it expects in the variant under test:
 *   - the time returned by a successful call is an absolute calendar time:
 *       pristine/off/signed: the low 32 bits of CLOCK_REALTIME (today's ABI);
 *       unsigned: 0..0xfffff000 exact, saturated to 0xfffff000 with usec 0 past 2106;
 *   - the ADJ_SETOFFSET input is a signed offset in every variant: a negative offset,
 *     also one whose bits are in the reserved top (0xfffff001 = -4095 s) or above 2038
 *     (0x80000000 = -68 years), steps the clock back;
 *   - a failed call hands the input back unchanged, in every variant;
 *   - an unprivileged task gets EPERM from ADJ_SETOFFSET and can still read, in every
 *     variant.
 * It sets the clock, so it runs only as a child of the y2106 guest's /init.
 */
#include "y2106.h"

#define Y_ADJ_SETOFFSET	0x0100
#define Y_ADJ_MICRO	0x1000
#define Y_ADJ_NANO	0x2000
#define Y_STA_NANO	0x2000

#define NSEC	1000000000LL

/* The two legacy entry points that take a struct old_timex32. */
enum call { ADJTIMEX, CLOCK_ADJTIME };
static const char *const call_names[] = { "adjtimex32", "clock_adjtime32(REALTIME)" };

static struct y_res adj(enum call c, clockid_t clk, struct old_timex32 *tx)
{
	if (c == ADJTIMEX)
		return Y_CALL(__NR_adjtimex, tx);
	return Y_CALL(__NR_clock_adjtime, clk, tx);
}

static int64_t ns64(struct ts64 t)
{
	return t.tv_sec * NSEC + t.tv_nsec;
}

/* (a) A read-only call (modes 0) with the clock at t returns the encoded time. */
static void test_read_at(enum call c, int64_t t, const char *what)
{
	struct old_timex32 tx;
	int64_t before, after;
	uint32_t lo, hi, sec;
	int32_t frac, frac_max;
	struct y_res r;
	int exact;

	memset(&tx, 0, sizeof(tx));
	y_set64(t, 500000000);
	before = y_now64(CLOCK_REALTIME).tv_sec;
	r = adj(c, CLOCK_REALTIME, &tx);
	after = y_now64(CLOCK_REALTIME).tv_sec;
	lo = y_encode(before);
	hi = y_encode(after);
	exact = y_encode_exact(before) && y_encode_exact(after);
	sec = (uint32_t)tx.time.tv_sec;
	frac = tx.time.tv_usec;
	/* time.tv_usec holds nanoseconds once STA_NANO is set (ADJ_NANO) */
	frac_max = tx.status & Y_STA_NANO ? 1000000000 : 1000000;
	ksft_test_result(r.ret >= 0 && sec >= lo && sec <= hi &&
			 (exact ? frac >= 0 && frac < frac_max : frac == 0),
			 "%s(modes 0) at %s (%s): %s, time 0x%08x.%d; want state >= 0, 0x%08x..0x%08x%s\n",
			 call_names[c], what, y_date(t), r.ret >= 0 ? "ok" : y_errname(r.err),
			 sec, frac, lo, hi, exact ? "" : ".0");
}

/*
 * (b) ADJ_SETOFFSET with offset sec + nsec (seconds as the raw 32-bit field) steps the
 * clock from base by exactly that signed amount, in every variant; the time returned is
 * the new time, encoded (saturated, usec 0, if the step goes past 2106 in unsigned mode).
 */
static void test_setoffset(enum call c, int64_t base, uint32_t sec, int32_t nsec, int nano)
{
	int64_t off = (int64_t)(int32_t)sec * NSEC + (nano ? nsec : nsec * 1000LL);
	struct old_timex32 tx;
	struct ts64 m0, m1, now;
	int64_t want, diff;
	uint32_t out, lo, hi;
	struct y_res r;
	int exact;

	memset(&tx, 0, sizeof(tx));
	tx.modes = Y_ADJ_SETOFFSET | (nano ? Y_ADJ_NANO : Y_ADJ_MICRO);
	tx.time.tv_sec = (int32_t)sec;
	tx.time.tv_usec = nsec;
	y_set64(base, 0);
	m0 = y_now64(CLOCK_MONOTONIC);
	r = adj(c, CLOCK_REALTIME, &tx);
	now = y_now64(CLOCK_REALTIME);
	m1 = y_now64(CLOCK_MONOTONIC);
	want = base * NSEC + off + (ns64(m1) - ns64(m0));
	diff = ns64(now) - want;
	out = (uint32_t)tx.time.tv_sec;
	lo = y_encode(now.tv_sec - 1);
	hi = y_encode(now.tv_sec);
	exact = y_encode_exact(now.tv_sec - 1) && y_encode_exact(now.tv_sec);
	ksft_test_result(r.ret >= 0 && diff > -NSEC / 2 && diff < NSEC / 2 && out >= lo && out <= hi &&
			 (exact || tx.time.tv_usec == 0),
			 "%s(ADJ_SETOFFSET|%s, 0x%08x.%d = %+.3f s) at %s: %s, clock %s (%+.3f s off), time 0x%08x.%d; want success, clock %s, time 0x%08x..0x%08x%s\n",
			 call_names[c], nano ? "ADJ_NANO" : "ADJ_MICRO", sec, nsec, off / 1e9,
			 y_date(base), r.ret >= 0 ? "ok" : y_errname(r.err), y_date(now.tv_sec),
			 diff / 1e9, out, tx.time.tv_usec, y_date(want / NSEC), lo, hi,
			 exact ? "" : ".0");
}

/* A failed call hands the input back unchanged, in every variant. */
static void test_failure(enum call c, int32_t nsec)
{
	struct old_timex32 tx;
	struct y_res r;

	memset(&tx, 0, sizeof(tx));
	tx.modes = Y_ADJ_SETOFFSET | Y_ADJ_NANO;
	tx.time.tv_sec = (int32_t)(uint32_t)Y_2040;
	tx.time.tv_usec = nsec;
	y_set64(Y_2040, 0);
	r = adj(c, CLOCK_REALTIME, &tx);
	ksft_test_result(r.err == EINVAL && tx.time.tv_sec == (int32_t)(uint32_t)Y_2040 &&
			 tx.time.tv_usec == nsec && y_now64(CLOCK_REALTIME).tv_sec < Y_2040 + 2,
			 "%s(ADJ_SETOFFSET|ADJ_NANO, 0x%08x.%d bad nsec): %s, time 0x%08x.%d; want EINVAL, input unchanged, clock unchanged\n",
			 call_names[c], (uint32_t)Y_2040, nsec, y_errname(r.err),
			 (uint32_t)tx.time.tv_sec, tx.time.tv_usec);
}

/* clock_adjtime32 on a clock without clock_adj: EOPNOTSUPP, in every variant. */
static void test_monotonic(void)
{
	struct old_timex32 tx;
	struct y_res r;

	memset(&tx, 0, sizeof(tx));
	tx.modes = Y_ADJ_SETOFFSET | Y_ADJ_NANO;
	tx.time.tv_sec = -10;
	r = adj(CLOCK_ADJTIME, CLOCK_MONOTONIC, &tx);
	ksft_test_result(r.err == EOPNOTSUPP && tx.time.tv_sec == -10,
			 "clock_adjtime32(MONOTONIC, ADJ_SETOFFSET -10 s): %s; want EOPNOTSUPP\n",
			 y_errname(r.err));
}

/* (c) What an unprivileged task tries: ADJ_SETOFFSET by the offset *arg, both calls. */
static void setoffset_both(void *arg, void *out)
{
	struct old_timex32 tx;
	struct y_res *r = out;

	for (int c = ADJTIMEX; c <= CLOCK_ADJTIME; c++) {
		memset(&tx, 0, sizeof(tx));
		tx.modes = Y_ADJ_SETOFFSET | Y_ADJ_NANO;
		tx.time = *(struct old_timeval32 *)arg;
		r[c] = adj(c, CLOCK_REALTIME, &tx);
	}
}

static void read_both(void *arg, void *out)
{
	struct old_timex32 *tx = out;

	(void)arg;
	for (int c = ADJTIMEX; c <= CLOCK_ADJTIME; c++) {
		memset(&tx[c], 0, sizeof(tx[c]));
		/* the result goes back in modes, which is not an output */
		tx[c].modes = adj(c, CLOCK_REALTIME, &tx[c]).ret >= 0;
	}
}

/* The capability check comes before the nsec check, as today: a bad nsec is EPERM too. */
static const struct old_timeval32 unpriv_offsets[] = {
	{ -10, 0 }, { 10, 0 }, { (int32_t)0x80000000u, 0 }, { (int32_t)0xfffff001u, 0 },
	{ -10, -1 },
};
#define NUNPRIV (sizeof(unpriv_offsets) / sizeof(unpriv_offsets[0]))

static void test_unprivileged(void)
{
	struct old_timex32 tx[2];
	uint32_t lo, hi;
	int64_t before;

	for (unsigned int i = 0; i < NUNPRIV; i++) {
		struct old_timeval32 off = unpriv_offsets[i];
		struct y_res r[2];

		y_set64(Y_2040, 0);
		y_unprivileged(setoffset_both, &off, r, sizeof(r));
		ksft_test_result(r[0].err == EPERM && r[1].err == EPERM &&
				 y_now64(CLOCK_REALTIME).tv_sec < Y_2040 + 2,
				 "uid 65534 ADJ_SETOFFSET 0x%08x.%d: adjtimex32 %s, clock_adjtime32 %s; want EPERM, EPERM, clock unchanged\n",
				 (uint32_t)off.tv_sec, off.tv_usec, y_errname(r[0].err),
				 y_errname(r[1].err));
	}

	y_set64(Y_2040, 0);
	before = y_now64(CLOCK_REALTIME).tv_sec;
	y_unprivileged(read_both, NULL, tx, sizeof(tx));
	lo = y_encode(before);
	hi = y_encode(y_now64(CLOCK_REALTIME).tv_sec);
	ksft_test_result(tx[0].modes && tx[1].modes &&
			 (uint32_t)tx[0].time.tv_sec >= lo && (uint32_t)tx[0].time.tv_sec <= hi &&
			 (uint32_t)tx[1].time.tv_sec >= lo && (uint32_t)tx[1].time.tv_sec <= hi,
			 "uid 65534 reads (modes 0) at 2040: adjtimex32 %s 0x%08x, clock_adjtime32 %s 0x%08x; want success, 0x%08x..0x%08x\n",
			 tx[0].modes ? "ok" : "failed", (uint32_t)tx[0].time.tv_sec,
			 tx[1].modes ? "ok" : "failed", (uint32_t)tx[1].time.tv_sec, lo, hi);
}

/*
 * Signed offsets from 2040: -10 s, +10 s, -1 s, -4095 s, -2^31 s (to 1971), -10.5 s;
 * from just below the top of the range: +10 s (to past 2106, the output saturates in
 * unsigned mode) and -10 s.
 */
static const struct { int64_t base; uint32_t sec; int32_t nsec; } offsets[] = {
	{ Y_2040, (uint32_t)-10, 0 }, { Y_2040, 10, 0 }, { Y_2040, 0xffffffff, 0 },
	{ Y_2040, 0xfffff001, 0 }, { Y_2040, 0x80000000, 0 },
	{ Y_2040, (uint32_t)-11, 500000000 },
	{ Y_RANGE_MAX - 3, 10, 0 }, { Y_RANGE_MAX + 7, (uint32_t)-10, 0 },
};
#define NOFFSETS (sizeof(offsets) / sizeof(offsets[0]))

int main(void)
{
	struct old_timex32 tx;

	y_init("adjtime", 2 * Y_NREADPOINTS + 2 * NOFFSETS + 1 + 2 + 1 + NUNPRIV + 1, 60);
	y_clock_save();

	for (unsigned int i = 0; i < Y_NREADPOINTS; i++)
		for (int c = ADJTIMEX; c <= CLOCK_ADJTIME; c++)
			test_read_at(c, y_read_points[i].t, y_read_points[i].what);
	for (unsigned int i = 0; i < NOFFSETS; i++)
		for (int c = ADJTIMEX; c <= CLOCK_ADJTIME; c++)
			test_setoffset(c, offsets[i].base, offsets[i].sec, offsets[i].nsec, 1);
	/* microseconds: -10 s + 250000 us */
	test_setoffset(ADJTIMEX, Y_2040, (uint32_t)-10, 250000, 0);
	test_failure(ADJTIMEX, 1000000000);
	test_failure(CLOCK_ADJTIME, -1);
	test_monotonic();
	test_unprivileged();

	/* leave the NTP status in microseconds and the clock where it would have been */
	memset(&tx, 0, sizeof(tx));
	tx.modes = Y_ADJ_MICRO;
	syscall(__NR_adjtimex, &tx);
	y_clock_restore();
	ksft_finished();
}
