// SPDX-License-Identifier: GPL-2.0
/*
 * POSIX timers through the legacy 32-bit timer_settime32 / timer_gettime32 (issued by
 * number with struct old_itimerspec32), with the clock in 2040.
 *
 * Every case states what it expects in the variant under test:
 *   - TIMER_ABSTIME it_value on a calendar clock (REALTIME, TAI, and REALTIME_ALARM where
 *     the guest's RTC can wake the system, skipped otherwise) is an absolute calendar time:
 *     unsigned: 0..0xfffff000 is 1970..2106, so "2040 now + 1 s" arms the timer and it
 *     fires after about 1 s; pristine/off/signed: the value reads as 1904, EINVAL;
 *   - everything else keeps today's signed meaning in every variant: TIMER_ABSTIME on
 *     MONOTONIC/BOOTTIME(_ALARM)/CPU clocks (0x80000000 is EINVAL), it_interval (-1 s is
 *     EINVAL), relative values (-1 s is EINVAL, +1 s fires after 1 s) and the remaining time that
 *     timer_gettime32 and the old value of timer_settime32 return;
 *   - the reserved top 0xfffff001..0xffffffff is EINVAL in every variant.
 * The timers signal SIGUSR1, which stays blocked: every wait is a bounded sigtimedwait.
 * It sets the clock, so it runs only as a child of the y2106 guest's /init.
 */
#include "y2106.h"

static sigset_t usr1;

/* A timer signalling SIGUSR1, or -errno for an alarm clock without a wakeup RTC. */
static int timer_new(clockid_t clk)
{
	struct sigevent sev;
	int id;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	if (!syscall(__NR_timer_create, clk, &sev, &id))
		return id;
	if (clk == CLOCK_REALTIME_ALARM || clk == CLOCK_BOOTTIME_ALARM)
		return -errno;
	ksft_exit_fail_msg("timer_create(%d): %s\n", (int)clk, strerror(errno));
}

/* Delete the timer and drop a signal it may have left pending. */
static void timer_del(int id)
{
	struct timespec zero = { 0, 0 };

	syscall(__NR_timer_delete, id);
	while (sigtimedwait(&usr1, NULL, &zero) == SIGUSR1)
		;
}

/* Seconds until SIGUSR1 arrived, or -1 if it did not within timeout_ms. */
static double wait_fire(struct ts64 start, int timeout_ms)
{
	struct timespec t = { timeout_ms / 1000, (timeout_ms % 1000) * 1000000L };

	if (sigtimedwait(&usr1, NULL, &t) != SIGUSR1)
		return -1;
	return y_elapsed(start);
}

static const struct old_timespec32 zero32 = { 0, 0 };

static struct y_res settime32(int id, int flags, struct old_timespec32 value,
			      struct old_timespec32 interval, struct old_itimerspec32 *old)
{
	struct old_itimerspec32 its = { interval, value };

	return Y_CALL(__NR_timer_settime, id, flags, &its, old);
}

/* Arm a one-shot timer; *s: seconds until it fired (within 5 s), -1 if it did not. */
static struct y_res arm_wait(int id, int flags, struct old_timespec32 value, double *s)
{
	struct ts64 start = y_now64(CLOCK_MONOTONIC);
	struct y_res r = settime32(id, flags, value, zero32, NULL);

	*s = r.ret == 0 ? wait_fire(start, 5000) : -1;
	return r;
}

static struct old_itimerspec32 gettime32(int id)
{
	struct old_itimerspec32 its;

	memset(&its, 0xff, sizeof(its));
	if (syscall(__NR_timer_gettime, id, &its))
		ksft_exit_fail_msg("timer_gettime32: %s\n", strerror(errno));
	return its;
}

static double secs(struct old_timespec32 t)
{
	return t.tv_sec + t.tv_nsec / 1e9;
}

static const char *clock_name(clockid_t clk)
{
	switch (clk) {
	case CLOCK_REALTIME: return "REALTIME";
	case CLOCK_MONOTONIC: return "MONOTONIC";
	case CLOCK_BOOTTIME: return "BOOTTIME";
	case CLOCK_TAI: return "TAI";
	case CLOCK_REALTIME_ALARM: return "REALTIME_ALARM";
	case CLOCK_BOOTTIME_ALARM: return "BOOTTIME_ALARM";
	case CLOCK_PROCESS_CPUTIME_ID: return "PROCESS_CPUTIME";
	default: return "?";
	}
}

/*
 * With the clock at 2040, a timer on clk for the case "timer_settime32(clk, what)", or -1
 * after reporting the case skipped when this guest has no such timer.
 */
static int timer_for(clockid_t clk, const char *what)
{
	int id;

	y_set64(Y_2040, 0);
	id = timer_new(clk);
	if (id < 0)
		ksft_test_result_skip("timer_settime32(%s, %s): no %s timer here (%s)\n",
				      clock_name(clk), what, clock_name(clk), strerror(-id));
	return id;
}

/*
 * A calendar-clock timer, TIMER_ABSTIME, 2040 now + 1 s: unsigned: armed, about 1 s
 * remaining (timer_gettime32), fires after about 1 s; legacy: EINVAL, not armed.
 */
static void test_abs_calendar(clockid_t clk)
{
	struct old_itimerspec32 cur;
	struct ts64 start;
	struct y_res r;
	double s;
	int id;

	id = timer_for(clk, "ABSTIME, 2040 now+1s");
	if (id < 0)
		return;
	start = y_now64(CLOCK_MONOTONIC);
	r = settime32(id, TIMER_ABSTIME, y_in_1s(clk), zero32, NULL);
	cur = gettime32(id);
	s = r.ret == 0 ? wait_fire(start, 5000) : -1;
	if (y_unsigned())
		ksft_test_result(r.ret == 0 && secs(cur.it_value) > 0.5 &&
				 secs(cur.it_value) <= 1.0 && Y_FIRED(s),
				 "timer_settime32(%s, ABSTIME, 2040 now+1s): %s, remaining %.3f s, fired after %.2f s; want success, ~1 s, after ~1 s\n",
				 clock_name(clk), y_errname(r.err), secs(cur.it_value), s);
	else
		ksft_test_result(r.err == EINVAL && cur.it_value.tv_sec == 0 &&
				 cur.it_value.tv_nsec == 0 && s < 0,
				 "timer_settime32(%s, ABSTIME, 2040 now+1s): %s, remaining %.3f s; want EINVAL (legacy: 1904), not armed\n",
				 clock_name(clk), y_errname(r.err), secs(cur.it_value));
	timer_del(id);
}

/*
 * REALTIME ABSTIME at the top of the range (0xfffff000, 2106-02-07 05:20:00): unsigned:
 * armed, the remaining time is the relative 0xfffff000 - now (fits in 31 bits), and the
 * old value returned when it is disarmed is that remaining time too; legacy: EINVAL.
 */
static void test_abs_top(void)
{
	struct old_timespec32 top = { (int32_t)Y_RANGE_MAX, 0 };
	struct old_itimerspec32 cur, old;
	struct y_res r, r2;
	int64_t want;
	int id;

	y_set64(Y_2040, 0);
	id = timer_new(CLOCK_REALTIME);
	r = settime32(id, TIMER_ABSTIME, top, zero32, NULL);
	want = Y_RANGE_MAX - y_now64(CLOCK_REALTIME).tv_sec;
	cur = gettime32(id);
	memset(&old, 0xff, sizeof(old));
	r2 = settime32(id, 0, zero32, zero32, &old);
	if (y_unsigned())
		ksft_test_result(r.ret == 0 && !r2.err && cur.it_value.tv_sec >= want - 2 &&
				 cur.it_value.tv_sec <= want &&
				 old.it_value.tv_sec >= want - 2 && old.it_value.tv_sec <= want &&
				 wait_fire(y_now64(CLOCK_MONOTONIC), 200) < 0,
				 "timer_settime32(REALTIME, ABSTIME, 0xfffff000): %s, remaining %d s, old value %d s; want success, %lld s (relative), not fired\n",
				 y_errname(r.err), cur.it_value.tv_sec, old.it_value.tv_sec,
				 (long long)want);
	else
		ksft_test_result(r.err == EINVAL && !r2.err && cur.it_value.tv_sec == 0 &&
				 old.it_value.tv_sec == 0 && old.it_value.tv_nsec == 0,
				 "timer_settime32(REALTIME, ABSTIME, 0xfffff000): %s, old value %d s; want EINVAL (legacy: -4096 s), not armed\n",
				 y_errname(r.err), old.it_value.tv_sec);
	timer_del(id);
}

/*
 * REALTIME ABSTIME 0x80000000 (2038-01-19, in the past at 2040): unsigned: armed and
 * fires at once; legacy: EINVAL (1901).
 */
static void test_abs_past(void)
{
	struct old_timespec32 v = { (int32_t)0x80000000u, 0 };
	struct y_res r;
	double s;
	int id;

	y_set64(Y_2040, 0);
	id = timer_new(CLOCK_REALTIME);
	r = arm_wait(id, TIMER_ABSTIME, v, &s);
	if (y_unsigned())
		ksft_test_result(r.ret == 0 && s >= 0 && s < 0.5,
				 "timer_settime32(REALTIME, ABSTIME, 0x80000000 at 2040): %s, fired after %.2f s; want success, fired at once (2038 is past)\n",
				 y_errname(r.err), s);
	else
		ksft_test_result(r.err == EINVAL,
				 "timer_settime32(REALTIME, ABSTIME, 0x80000000 at 2040): %s; want EINVAL (legacy: 1901)\n",
				 y_errname(r.err));
	timer_del(id);
}

/*
 * An absolute REALTIME timer follows the clock: armed for 2040 + 10 s (unsigned), the
 * clock set to 2040 + 20 s through the 64-bit call makes it fire at once. Legacy: EINVAL.
 */
static void test_abs_clock_jump(void)
{
	struct old_timespec32 v = { (int32_t)(uint32_t)(Y_2040 + 10), 0 };
	struct ts64 start;
	struct y_res r;
	double s, early;
	int id;

	y_set64(Y_2040, 0);
	id = timer_new(CLOCK_REALTIME);
	r = settime32(id, TIMER_ABSTIME, v, zero32, NULL);
	early = r.ret == 0 ? wait_fire(y_now64(CLOCK_MONOTONIC), 200) : -1;
	start = y_now64(CLOCK_MONOTONIC);
	y_set64(Y_2040 + 20, 0);
	s = r.ret == 0 ? wait_fire(start, 5000) : -1;
	if (y_unsigned())
		ksft_test_result(r.ret == 0 && early < 0 && s >= 0 && s < 0.5,
				 "timer_settime32(REALTIME, ABSTIME, 2040+10s), clock set to 2040+20s: %s, %s, fired %.2f s after the clock change; want success, not before, at once\n",
				 y_errname(r.err), early < 0 ? "not before" : "fired before", s);
	else
		ksft_test_result(r.err == EINVAL,
				 "timer_settime32(REALTIME, ABSTIME, 2040+10s): %s; want EINVAL (legacy: 1904)\n",
				 y_errname(r.err));
	timer_del(id);
}

/* Non-calendar clocks keep the signed meaning: ABSTIME 0x80000000 is EINVAL everywhere. */
static void test_abs_noncalendar(clockid_t clk)
{
	struct old_timespec32 v = { (int32_t)0x80000000u, 0 };
	struct old_itimerspec32 cur;
	struct y_res r;
	int id;

	id = timer_for(clk, "ABSTIME, 0x80000000");
	if (id < 0)
		return;
	r = settime32(id, TIMER_ABSTIME, v, zero32, NULL);
	cur = gettime32(id);
	ksft_test_result(r.err == EINVAL && cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0,
			 "timer_settime32(%s, ABSTIME, 0x80000000): %s, remaining %.3f s; want EINVAL (signed on every variant), not armed\n",
			 clock_name(clk), y_errname(r.err), secs(cur.it_value));
	timer_del(id);
}

/* MONOTONIC ABSTIME now + 1 s fires after about 1 s, in every variant. */
static void test_abs_monotonic(void)
{
	struct y_res r;
	double s;
	int id;

	id = timer_new(CLOCK_MONOTONIC);
	r = arm_wait(id, TIMER_ABSTIME, y_in_1s(CLOCK_MONOTONIC), &s);
	ksft_test_result(r.ret == 0 && Y_FIRED(s),
			 "timer_settime32(MONOTONIC, ABSTIME, now+1s): %s, fired after %.2f s; want success, after ~1 s\n",
			 y_errname(r.err), s);
	timer_del(id);
}

/* Relative REALTIME: +1 s fires after about 1 s, -1 s is EINVAL, in every variant. */
static void test_relative(void)
{
	struct old_timespec32 one = { 1, 0 }, minus_one = { -1, 0 };
	struct y_res r;
	double s;
	int id;

	y_set64(Y_2040, 0);
	id = timer_new(CLOCK_REALTIME);
	r = arm_wait(id, 0, one, &s);
	ksft_test_result(r.ret == 0 && Y_FIRED(s),
			 "timer_settime32(REALTIME, relative 1 s) at 2040: %s, fired after %.2f s; want success, after ~1 s\n",
			 y_errname(r.err), s);
	r = settime32(id, 0, minus_one, zero32, NULL);
	ksft_test_result(r.err == EINVAL && wait_fire(y_now64(CLOCK_MONOTONIC), 200) < 0,
			 "timer_settime32(REALTIME, relative -1 s): %s; want EINVAL, not armed\n",
			 y_errname(r.err));
	timer_del(id);
}

/*
 * Invalid in every variant: it_interval -1 s (with a valid ABSTIME and a valid relative
 * value), the reserved top as ABSTIME value, nsec out of range, a timer that does not
 * exist.
 */
static void test_invalid(void)
{
	struct old_timespec32 minus_one = { -1, 0 }, one = { 1, 0 };
	struct old_timespec32 bad_nsec = { (int32_t)(uint32_t)(Y_2040 + 1), 1000000000 };
	struct old_itimerspec32 cur;
	struct y_res r;
	int id;

	y_set64(Y_2040, 0);
	id = timer_new(CLOCK_REALTIME);

	r = settime32(id, TIMER_ABSTIME, y_in_1s(CLOCK_REALTIME), minus_one, NULL);
	ksft_test_result(r.err == EINVAL,
			 "timer_settime32(REALTIME, ABSTIME 2040 now+1s, interval -1 s): %s; want EINVAL\n",
			 y_errname(r.err));
	r = settime32(id, 0, one, minus_one, NULL);
	ksft_test_result(r.err == EINVAL,
			 "timer_settime32(REALTIME, relative 1 s, interval -1 s): %s; want EINVAL\n",
			 y_errname(r.err));
	for (uint32_t v = 0xfffff001u; ; v = 0xffffffffu) {
		struct old_timespec32 t = { (int32_t)v, 0 };

		r = settime32(id, TIMER_ABSTIME, t, zero32, NULL);
		cur = gettime32(id);
		ksft_test_result(r.err == EINVAL && cur.it_value.tv_sec == 0,
				 "timer_settime32(REALTIME, ABSTIME, 0x%08x reserved): %s; want EINVAL, not armed\n",
				 v, y_errname(r.err));
		if (v == 0xffffffffu)
			break;
	}
	r = settime32(id, TIMER_ABSTIME, bad_nsec, zero32, NULL);
	ksft_test_result(r.err == EINVAL,
			 "timer_settime32(REALTIME, ABSTIME, 2040+1s.1000000000): %s; want EINVAL\n",
			 y_errname(r.err));
	timer_del(id);

	/* the timer id is looked up after the value is checked: EINVAL either way */
	r = settime32(id, TIMER_ABSTIME, y_in_1s(CLOCK_REALTIME), zero32, NULL);
	ksft_test_result(r.err == EINVAL,
			 "timer_settime32(deleted timer, ABSTIME, 2040 now+1s): %s; want EINVAL\n",
			 y_errname(r.err));
}

int main(void)
{
	static const clockid_t noncal[] = {
		CLOCK_MONOTONIC, CLOCK_BOOTTIME, CLOCK_BOOTTIME_ALARM, CLOCK_PROCESS_CPUTIME_ID,
	};

	y_init("timer", 3 + 1 + 1 + 1 + 4 + 1 + 2 + 6, 60);
	y_clock_save();
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL);

	test_abs_calendar(CLOCK_REALTIME);
	test_abs_calendar(CLOCK_TAI);
	test_abs_calendar(CLOCK_REALTIME_ALARM);
	test_abs_top();
	test_abs_past();
	test_abs_clock_jump();
	for (unsigned int i = 0; i < sizeof(noncal) / sizeof(noncal[0]); i++)
		test_abs_noncalendar(noncal[i]);
	test_abs_monotonic();
	test_relative();
	test_invalid();

	y_clock_restore();
	ksft_finished();
}
