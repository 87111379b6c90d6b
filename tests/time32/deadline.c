// SPDX-License-Identifier: GPL-2.0
/*
 * Absolute deadlines and relative timeouts through the legacy 32-bit calls, with the clock
 * in 2040: an absolute CLOCK_REALTIME deadline "now + 1 s" must fire after about 1 s in
 * unsigned mode and fails at once with EINVAL today (the value reads as 1904); relative
 * timeouts and MONOTONIC deadlines keep their signed meaning in every variant, and a
 * negative relative timeout is EINVAL, never a 136-year sleep. Every wait is bounded by
 * the watchdog (alarm) and by poll timeouts.
 */
#include <poll.h>
#include <sys/timerfd.h>
#include "y2106.h"

static void test_clock_nanosleep(void)
{
	struct old_timespec32 t;
	struct ts64 start;
	struct y_res r;
	double s;

	y_set64(Y_2040, 0);
	t = y_in_1s(CLOCK_REALTIME);
	start = y_now64(CLOCK_MONOTONIC);
	r = Y_CALL(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, &t, NULL);
	s = y_elapsed(start);
	if (y_unsigned())
		ksft_test_result(r.ret == 0 && Y_FIRED(s),
				 "clock_nanosleep32(REALTIME, ABSTIME, 2040 now+1s): %ld after %.2f s; want 0 after ~1 s\n",
				 r.ret, s);
	else
		ksft_test_result(r.err == EINVAL && s < 0.5,
				 "clock_nanosleep32(REALTIME, ABSTIME, 2040 now+1s): %s after %.2f s; want EINVAL at once (legacy: 1904)\n",
				 y_errname(r.err), s);

	t = y_in_1s(CLOCK_MONOTONIC);
	start = y_now64(CLOCK_MONOTONIC);
	r = Y_CALL(__NR_clock_nanosleep, CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
	s = y_elapsed(start);
	ksft_test_result(r.ret == 0 && Y_FIRED(s),
			 "clock_nanosleep32(MONOTONIC, ABSTIME, now+1s): %ld after %.2f s; want 0 after ~1 s\n",
			 r.ret, s);

	/* the reserved top and a negative relative value: EINVAL in every variant */
	t.tv_sec = -1;
	t.tv_nsec = 0;
	r = Y_CALL(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, &t, NULL);
	ksft_test_result(r.err == EINVAL,
			 "clock_nanosleep32(REALTIME, ABSTIME, 0xffffffff): %s; want EINVAL\n",
			 y_errname(r.err));
	start = y_now64(CLOCK_MONOTONIC);
	r = Y_CALL(__NR_clock_nanosleep, CLOCK_REALTIME, 0, &t, NULL);
	s = y_elapsed(start);
	ksft_test_result(r.err == EINVAL && s < 0.5,
			 "clock_nanosleep32(REALTIME, relative -1 s): %s after %.2f s; want EINVAL\n",
			 y_errname(r.err), s);
	r = Y_CALL(__NR_nanosleep, &t, NULL);
	ksft_test_result(r.err == EINVAL, "nanosleep32(-1 s): %s; want EINVAL\n",
			 y_errname(r.err));
}

static void test_timerfd(void)
{
	struct old_itimerspec32 its = { { 0, 0 }, { 0, 0 } };
	struct pollfd p;
	struct ts64 start;
	struct y_res r;
	double s;
	int fd, n;

	y_set64(Y_2040, 0);
	fd = timerfd_create(CLOCK_REALTIME, 0);
	if (fd < 0)
		ksft_exit_fail_msg("timerfd_create: %s\n", strerror(errno));
	its.it_value = y_in_1s(CLOCK_REALTIME);
	start = y_now64(CLOCK_MONOTONIC);
	r = Y_CALL(__NR_timerfd_settime, fd, TFD_TIMER_ABSTIME, &its, NULL);
	p.fd = fd;
	p.events = POLLIN;
	n = r.ret == 0 ? poll(&p, 1, 5000) : 0;
	s = y_elapsed(start);
	if (y_unsigned())
		ksft_test_result(r.ret == 0 && n == 1 && Y_FIRED(s),
				 "timerfd_settime32(REALTIME, ABSTIME, 2040 now+1s): %s, fired %d after %.2f s; want success, fired after ~1 s\n",
				 y_errname(r.err), n, s);
	else
		ksft_test_result(r.err == EINVAL,
				 "timerfd_settime32(REALTIME, ABSTIME, 2040 now+1s): %s; want EINVAL (legacy: 1904)\n",
				 y_errname(r.err));
	/* a negative interval stays invalid in every variant */
	its.it_interval.tv_sec = -1;
	r = Y_CALL(__NR_timerfd_settime, fd, TFD_TIMER_ABSTIME, &its, NULL);
	ksft_test_result(r.err == EINVAL, "timerfd_settime32(interval -1 s): %s; want EINVAL\n",
			 y_errname(r.err));
	close(fd);
}

int main(void)
{
	y_init("deadline", 7, 60);
	y_clock_save();
	test_clock_nanosleep();
	test_timerfd();
	y_clock_restore();
	ksft_finished();
}
