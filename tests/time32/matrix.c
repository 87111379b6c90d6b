// SPDX-License-Identifier: GPL-2.0
/*
 * The boundary matrix of the three absolute-deadline calls, with the clock at 2040 and
 * it_value / rqtp tv_sec in {0, 1, 0x7fffffff, 0x80000000, 0xfffff000, 0xfffff001,
 * 0xffffffff} x tv_nsec in {0, 999999999, 1000000000, -1}, CLOCK_REALTIME, ABSTIME:
 *   clock_nanosleep32, timerfd_settime32, timer_settime32.
 * Expected per variant: a bad nsec or a value the variant cannot decode (signed: >=
 * 0x80000000; unsigned: > 0xfffff000) is EINVAL; a decodable value before 2040 is a
 * deadline in the past (the sleep returns 0 at once, the timers expire at once); 0xfffff000
 * in unsigned mode is a deadline in 2106 (the sleep blocks until a signal interrupts it
 * after 0.3 s with EINTR, the timers stay armed). it_value 0.0 disarms a timer, in every
 * variant. The watchdog bounds every wait.
 */
#include <poll.h>
#include "y2106.h"

static const int32_t nsecs[] = { 0, 999999999, 1000000000, -1 };
#define NFRAC 4
#define TFD_ABSTIME 1	/* TFD_TIMER_ABSTIME */

static void on_usr1(int sig) { (void)sig; }

/* What the deadline (v, nsec) is in this variant: -1 invalid, 0 past, 1 future. */
static int classify(uint32_t v, int32_t nsec)
{
	if (nsec < 0 || nsec >= 1000000000 || !y_decode_valid(v))
		return -1;
	return y_decode(v) > y_now64(CLOCK_REALTIME).tv_sec;
}

static const char *const what[] = { "EINVAL", "past: at once", "future: blocks" };

static void nanosleep_case(uint32_t v, int32_t nsec, timer_t kick)
{
	struct old_timespec32 t = { (int32_t)v, nsec };
	struct itimerspec in300ms = { .it_value = { 0, 300000000 } };
	int c = classify(v, nsec), ok;
	struct ts64 start;
	struct y_res r;
	double s;

	if (c == 1)
		timer_settime(kick, 0, &in300ms, NULL);	/* interrupts the 2106 sleep */
	start = y_now64(CLOCK_MONOTONIC);
	r = Y_CALL(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, &t, NULL);
	s = y_elapsed(start);
	if (c < 0)
		ok = r.err == EINVAL && s < 0.5;
	else if (c == 0)
		ok = r.ret == 0 && s < 0.5;
	else
		ok = r.err == EINTR && s >= 0.25 && s < 2.0;
	ksft_test_result(ok, "clock_nanosleep32(0x%08x, %d): %s after %.2f s; want %s\n",
			 v, nsec, y_errname(r.err), s, what[c + 1]);
}

static void timerfd_case(uint32_t v, int32_t nsec)
{
	struct old_itimerspec32 its = { .it_value = { (int32_t)v, nsec } };
	struct old_itimerspec32 cur = { 0 };
	int fd = (int)syscall(__NR_timerfd_create, CLOCK_REALTIME, 0);
	int c = classify(v, nsec), ok, fired;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct y_res r;

	if (fd < 0)
		ksft_exit_fail_msg("timerfd_create: %s\n", strerror(errno));
	r = Y_CALL(__NR_timerfd_settime, fd, TFD_ABSTIME, &its, NULL);
	fired = poll(&p, 1, c == 0 ? 1000 : 100) == 1;
	syscall(__NR_timerfd_gettime, fd, &cur);
	if (c < 0)
		ok = r.err == EINVAL && !fired;
	else if (!v && !nsec)	/* it_value 0.0 disarms */
		ok = r.ret == 0 && !fired && !cur.it_value.tv_sec && !cur.it_value.tv_nsec;
	else if (c == 0)
		ok = r.ret == 0 && fired;
	else	/* armed for 2106: about 0xfffff000 - 2040 seconds left */
		ok = r.ret == 0 && !fired && (uint32_t)cur.it_value.tv_sec > 2000000000u;
	ksft_test_result(ok, "timerfd_settime32(0x%08x, %d): %s, %s, %u s left; want %s\n",
			 v, nsec, y_errname(r.err), fired ? "fired" : "not fired",
			 (uint32_t)cur.it_value.tv_sec, !v && !nsec ? "disarmed" : what[c + 1]);
	close(fd);
}

static void timer_case(uint32_t v, int32_t nsec)
{
	struct old_itimerspec32 its = { .it_value = { (int32_t)v, nsec } };
	struct old_itimerspec32 cur = { { 1, 1 }, { 1, 1 } };
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	int c = classify(v, nsec), ok, armed;
	int id;
	struct y_res r;

	if (syscall(__NR_timer_create, CLOCK_REALTIME, &sev, &id))
		ksft_exit_fail_msg("timer_create: %s\n", strerror(errno));
	r = Y_CALL(__NR_timer_settime, id, TIMER_ABSTIME, &its, NULL);
	usleep(20000);
	syscall(__NR_timer_gettime, id, &cur);
	armed = cur.it_value.tv_sec || cur.it_value.tv_nsec;
	if (c < 0)
		ok = r.err == EINVAL && !armed;
	else if (c == 0)	/* expired at once, or 0.0: disarmed */
		ok = r.ret == 0 && !armed;
	else
		ok = r.ret == 0 && (uint32_t)cur.it_value.tv_sec > 2000000000u;
	ksft_test_result(ok, "timer_settime32(0x%08x, %d): %s, %u s left; want %s\n",
			 v, nsec, y_errname(r.err), (uint32_t)cur.it_value.tv_sec, what[c + 1]);
	syscall(__NR_timer_delete, id);
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct sigaction sa = { .sa_handler = on_usr1 };	/* no SA_RESTART: EINTR */
	timer_t kick;

	y_init("time32-matrix", 3 * Y_NSECVALS * NFRAC, 120);
	sigaction(SIGUSR1, &sa, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &kick))
		ksft_exit_fail_msg("timer_create: %s\n", strerror(errno));
	y_clock_save();
	for (unsigned int i = 0; i < Y_NSECVALS; i++) {
		for (int j = 0; j < NFRAC; j++) {
			y_set64(Y_2040, 0);
			nanosleep_case(y_secs[i], nsecs[j], kick);
			timerfd_case(y_secs[i], nsecs[j]);
			timer_case(y_secs[i], nsecs[j]);
		}
	}
	y_clock_restore();
	ksft_finished();
}
