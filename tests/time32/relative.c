// SPDX-License-Identifier: GPL-2.0
/*
 * Relative legacy 32-bit timeouts stay signed (policy §1): a negative duration gives
 * today's result in EVERY variant (pristine, off, time32=signed, time32=unsigned),
 * never a 68- or 136-year wait. With the clock at 2040, each relative interface gets,
 * through its raw legacy 32-bit syscall, tv_sec -1 and 0x80000000 (negative when read
 * signed, a valid 2038 time if it were read unsigned) and an out-of-range sub-second
 * part. Today's result, from the 6.12 source:
 *
 *   select (_newselect), old_select (i386)  EINVAL (poll_select_set_timeout); tv_usec
 *                                 is normalised first: {-1, 1000000} is a zero timeout
 *   pselect6_time32, ppoll_time32 EINVAL (poll_select_set_timeout)
 *   io_getevents_time32           not validated (do_io_getevents): a negative timeout
 *                                 never expires (blocks until a signal)
 *   semtimedop_time32, ipc(SEMTIMEDOP) (i386)  EINVAL (__do_semtimedop)
 *   rt_sigtimedwait_time32        EINVAL (do_sigtimedwait)
 *   recvmmsg_time32, socketcall(SYS_RECVMMSG) (i386)  EINVAL (do_recvmmsg)
 *   nanosleep_time32, clock_nanosleep_time32 flags 0 (REALTIME, MONOTONIC)  EINVAL
 *   setitimer                     EINVAL (timeval_valid), the timer is left unchanged
 *   SO_RCVTIMEO_OLD/SO_SNDTIMEO_OLD  negative tv_sec: success, the timeout becomes 0
 *                                 (getsockopt reads {0, 0}, recv fails with EAGAIN at
 *                                 once); tv_usec out of range: EDOM (sock_set_timeout)
 *   futex_time32 FUTEX_WAIT       EINVAL (futex_init_timeout), also with
 *                                 FUTEX_CLOCK_REALTIME (checked before its ENOSYS)
 *
 * Every call that could block is bounded: a kick signal after 0.3 s ends it with
 * EINTR (a wrong kernel fails instead of hanging), and the watchdog alarm of y_init().
 */
#include <poll.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <linux/futex.h>
#include "y2106.h"

#ifndef SO_RCVTIMEO_OLD
#define SO_RCVTIMEO_OLD 20
#define SO_SNDTIMEO_OLD 21
#endif
#define Y_SEMTIMEDOP	4	/* ipc(2) call number, include/uapi/linux/ipc.h */
#define Y_SYS_RECVMMSG	19	/* socketcall(2) call number, include/uapi/linux/net.h */

/* The timespec cases: negative, 0x80000000 (negative as s32) and bad tv_nsec. */
static const struct old_timespec32 ts_cases[] = {
	{ -1, 0 }, { (int32_t)0x80000000u, 0 }, { 0, 1000000000 }, { 0, -1 },
};
#define NTS (sizeof(ts_cases) / sizeof(ts_cases[0]))

/* The timeval cases of select(): tv_usec is normalised into tv_sec before the check. */
static const struct { struct old_timeval32 tv; int err; const char *want; } tv_cases[] = {
	{ { -1, 0 }, EINVAL, "EINVAL" },
	{ { (int32_t)0x80000000u, 0 }, EINVAL, "EINVAL" },
	{ { 0, -1 }, EINVAL, "EINVAL (-1000 ns)" },
	{ { -1, 1000000 }, 0, "0 at once (normalised to {0, 0})" },
};
#define NTV (sizeof(tv_cases) / sizeof(tv_cases[0]))

#ifdef __NR_select
#define Y_OLD_SELECT 1	/* i386: 82 is old_select (EABI arm has only _newselect) */
#else
#define Y_OLD_SELECT 0
#endif
#ifdef __NR_socketcall
#define Y_SOCKETCALL 1
#else
#define Y_SOCKETCALL 0
#endif

/* select; pselect6, ppoll, io_getevents, semtimedop, rt_sigtimedwait, recvmmsg,
 * nanosleep, clock_nanosleep x2, futex x2; setitimer; SO_*TIMEO_OLD */
#define NTESTS (NTV * (1 + Y_OLD_SELECT) + NTS * (11 + Y_SOCKETCALL) + 6 + 10)

/* One bounded raw call: its result and how long it took. */
#define BOUNDED(r, s, ...) do {						\
		struct ts64 __start;					\
		y_kick_in(300);						\
		__start = y_now64(CLOCK_MONOTONIC);			\
		r = Y_CALL(__VA_ARGS__);				\
		s = y_elapsed(__start);					\
		y_kick_cancel();						\
	} while (0)

/* Expect the error err (0: success, ret 0) at once, identical in every variant. */
static void expect_now(const char *what, const struct old_timespec32 *t, struct y_res r,
		       double s, int err)
{
	int ok = (err ? r.err == err : r.ret == 0) && s < 0.25;

	ksft_test_result(ok, "%s({%d, %d}): %s (ret %ld) after %.2f s; want %s at once (all variants)\n",
			 what, t->tv_sec, t->tv_nsec, y_errname(r.err), r.ret, s,
			 err ? y_errname(err) : "0");
}

static void test_select(void)
{
	unsigned int i;

	for (i = 0; i < NTV; i++) {
		struct old_timeval32 tv = tv_cases[i].tv;
		struct y_res r;
		double s;
		int ok;

		BOUNDED(r, s, __NR__newselect, 0, NULL, NULL, NULL, &tv);
		ok = (tv_cases[i].err ? r.err == tv_cases[i].err : r.ret == 0) && s < 0.25;
		ksft_test_result(ok, "_newselect({%d, %d}): %s (ret %ld) after %.2f s; want %s (all variants)\n",
				 tv_cases[i].tv.tv_sec, tv_cases[i].tv.tv_usec, y_errname(r.err),
				 r.ret, s, tv_cases[i].want);
	}
#if Y_OLD_SELECT
	for (i = 0; i < NTV; i++) {
		struct old_timeval32 tv = tv_cases[i].tv;
		struct { uint32_t n, inp, outp, exp, tvp; } a = { 0, 0, 0, 0, (uint32_t)(uintptr_t)&tv };
		struct y_res r;
		double s;
		int ok;

		BOUNDED(r, s, __NR_select, &a);
		ok = (tv_cases[i].err ? r.err == tv_cases[i].err : r.ret == 0) && s < 0.25;
		ksft_test_result(ok, "old_select({%d, %d}): %s (ret %ld) after %.2f s; want %s (all variants)\n",
				 tv_cases[i].tv.tv_sec, tv_cases[i].tv.tv_usec, y_errname(r.err),
				 r.ret, s, tv_cases[i].want);
	}
#endif
}

static void test_pselect_ppoll(void)
{
	unsigned int i;

	for (i = 0; i < NTS; i++) {
		struct old_timespec32 t = ts_cases[i];
		struct y_res r;
		double s;

		BOUNDED(r, s, __NR_pselect6, 0, NULL, NULL, NULL, &t, NULL);
		expect_now("pselect6_time32", &ts_cases[i], r, s, EINVAL);
	}
	for (i = 0; i < NTS; i++) {
		struct old_timespec32 t = ts_cases[i];
		struct y_res r;
		double s;

		BOUNDED(r, s, __NR_ppoll, NULL, 0, &t, NULL, 0);
		expect_now("ppoll_time32", &ts_cases[i], r, s, EINVAL);
	}
}

/*
 * aio does not validate the timeout: 1e9 ns is 1 s, and a negative one never expires
 * (the hrtimer's ktime_add_safe() takes now + negative for an overflow and saturates it
 * to KTIME_MAX): the call blocks until a signal, here the kick after 0.3 s (EINTR).
 */
static void test_io_getevents(void)
{
	struct { uint64_t data, obj; int64_t res, res2; } ev;
	uint32_t ctx = 0;
	struct y_res setup = Y_CALL(__NR_io_setup, 1, &ctx);
	unsigned int i;

	for (i = 0; i < NTS; i++) {
		struct old_timespec32 t = ts_cases[i];
		int slow = t.tv_sec == 0 && t.tv_nsec == 1000000000;
		struct ts64 start;
		struct y_res r;
		double s;

		if (setup.err == ENOSYS) {
			ksft_test_result_skip("io_getevents_time32({%d, %d}): io_setup is ENOSYS (kernel without CONFIG_AIO)\n",
					      t.tv_sec, t.tv_nsec);
			continue;
		}
		if (setup.err) {
			ksft_test_result_fail("io_setup: %s\n", y_errname(setup.err));
			continue;
		}
		start = y_now64(CLOCK_MONOTONIC);
		if (!slow)
			y_kick_in(300);
		r = Y_CALL(__NR_io_getevents, ctx, 1, 1, &ev, &t);
		y_kick_cancel();
		s = y_elapsed(start);
		ksft_test_result(slow ? r.ret == 0 && Y_FIRED(s) :
				 r.err == EINTR && s >= 0.25 && s < 1,
				 "io_getevents_time32({%d, %d}), no events: %ld (%s) after %.2f s; want %s (not validated; all variants)\n",
				 t.tv_sec, t.tv_nsec, r.ret, y_errname(r.err), s,
				 slow ? "0 after ~1 s" : "EINTR by the kick after 0.3 s (never expires)");
	}
	if (!setup.err)
		syscall(__NR_io_destroy, ctx);
}

static void test_semtimedop(void)
{
	int id = semget(IPC_PRIVATE, 1, 0600);
	unsigned int i;

	if (id < 0)
		ksft_exit_fail_msg("semget: %s\n", strerror(errno));
	for (i = 0; i < NTS; i++) {
		struct sembuf op = { 0, -1, 0 };	/* the value is 0: would block */
		struct old_timespec32 t = ts_cases[i];
		struct y_res r;
		double s;

#ifdef __NR_ipc
		BOUNDED(r, s, __NR_ipc, Y_SEMTIMEDOP, id, 1, 0, &op, &t);
		expect_now("ipc(SEMTIMEDOP)", &ts_cases[i], r, s, EINVAL);
#else
		BOUNDED(r, s, __NR_semtimedop, id, &op, 1, &t);
		expect_now("semtimedop_time32", &ts_cases[i], r, s, EINVAL);
#endif
	}
	semctl(id, 0, IPC_RMID);
}

static void test_sigtimedwait(void)
{
	uint32_t set[2] = { 1u << (SIGUSR2 - 1), 0 };	/* not pending */
	unsigned int i;

	for (i = 0; i < NTS; i++) {
		struct old_timespec32 t = ts_cases[i];
		struct y_res r;
		double s;

		BOUNDED(r, s, __NR_rt_sigtimedwait, set, NULL, &t, 8);
		expect_now("rt_sigtimedwait_time32", &ts_cases[i], r, s, EINVAL);
	}
}

static void test_recvmmsg(void)
{
	char buf[16];
	struct iovec iov = { buf, sizeof(buf) };
	struct { struct msghdr hdr; unsigned int len; } mm;
	unsigned int i;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		ksft_exit_fail_msg("socketpair: %s\n", strerror(errno));
	for (i = 0; i < NTS; i++) {
		struct old_timespec32 t = ts_cases[i];
		struct y_res r;
		double s;

		memset(&mm, 0, sizeof(mm));
		mm.hdr.msg_iov = &iov;
		mm.hdr.msg_iovlen = 1;
		BOUNDED(r, s, __NR_recvmmsg, sv[0], &mm, 1, 0, &t);
		expect_now("recvmmsg_time32 (empty socket)", &ts_cases[i], r, s, EINVAL);
	}
#if Y_SOCKETCALL
	for (i = 0; i < NTS; i++) {
		struct old_timespec32 t = ts_cases[i];
		uint32_t a[5];
		struct y_res r;
		double s;

		memset(&mm, 0, sizeof(mm));
		mm.hdr.msg_iov = &iov;
		mm.hdr.msg_iovlen = 1;
		a[0] = sv[0];
		a[1] = (uint32_t)(uintptr_t)&mm;
		a[2] = 1;
		a[3] = 0;
		a[4] = (uint32_t)(uintptr_t)&t;
		BOUNDED(r, s, __NR_socketcall, Y_SYS_RECVMMSG, a);
		expect_now("socketcall(SYS_RECVMMSG) (empty socket)", &ts_cases[i], r, s, EINVAL);
	}
#endif
	close(sv[0]);
	close(sv[1]);
}

static void test_sleeps(void)
{
	static const struct { clockid_t clk; const char *name; } clocks[] = {
		{ CLOCK_REALTIME, "clock_nanosleep_time32(REALTIME, relative)" },
		{ CLOCK_MONOTONIC, "clock_nanosleep_time32(MONOTONIC, relative)" },
	};
	unsigned int i, c;

	for (i = 0; i < NTS; i++) {
		struct old_timespec32 t = ts_cases[i], rem = { 0, 0 };
		struct y_res r;
		double s;

		BOUNDED(r, s, __NR_nanosleep, &t, &rem);
		expect_now("nanosleep_time32", &ts_cases[i], r, s, EINVAL);
	}
	for (c = 0; c < 2; c++)
		for (i = 0; i < NTS; i++) {
			struct old_timespec32 t = ts_cases[i], rem = { 0, 0 };
			struct y_res r;
			double s;

			BOUNDED(r, s, __NR_clock_nanosleep, clocks[c].clk, 0, &t, &rem);
			expect_now(clocks[c].name, &ts_cases[i], r, s, EINVAL);
		}
}

/* ITIMER_VIRTUAL: validation is the same for every timer, and ITIMER_REAL is the watchdog. */
static void test_setitimer(void)
{
	static const struct old_timeval32 bad[] = {
		{ -1, 0 }, { (int32_t)0x80000000u, 0 }, { 0, 1000000 }, { 0, -1 },
	};
	struct { struct old_timeval32 interval, value; } v, old;
	unsigned int i;
	struct y_res r;

	for (i = 0; i < 4; i++) {
		memset(&v, 0, sizeof(v));
		v.value = bad[i];
		r = Y_CALL(__NR_setitimer, ITIMER_VIRTUAL, &v, NULL);
		ksft_test_result(r.err == EINVAL,
				 "setitimer(ITIMER_VIRTUAL, it_value {%d, %d}): %s; want EINVAL (all variants)\n",
				 bad[i].tv_sec, bad[i].tv_usec, y_errname(r.err));
	}
	memset(&v, 0, sizeof(v));
	v.value.tv_sec = 10;
	v.interval.tv_sec = -1;
	r = Y_CALL(__NR_setitimer, ITIMER_VIRTUAL, &v, NULL);
	ksft_test_result(r.err == EINVAL,
			 "setitimer(ITIMER_VIRTUAL, it_value 10 s, it_interval {-1, 0}): %s; want EINVAL (all variants)\n",
			 y_errname(r.err));
	memset(&old, 0xff, sizeof(old));
	r = Y_CALL(__NR_getitimer, ITIMER_VIRTUAL, &old);
	ksft_test_result(!r.ret && !old.value.tv_sec && !old.value.tv_usec &&
			 !old.interval.tv_sec && !old.interval.tv_usec,
			 "getitimer(ITIMER_VIRTUAL) after the rejected calls: %s, {%d, %d} {%d, %d}; want 0, all zero (unchanged)\n",
			 y_errname(r.err), old.value.tv_sec, old.value.tv_usec,
			 old.interval.tv_sec, old.interval.tv_usec);
}

static struct y_res set_timeo(int fd, int opt, int32_t sec, int32_t usec)
{
	struct old_timeval32 tv = { sec, usec };

	return Y_CALL(__NR_setsockopt, fd, SOL_SOCKET, opt, &tv, sizeof(tv));
}

static struct old_timeval32 get_timeo(int fd, int opt)
{
	struct old_timeval32 tv = { -7, -7 };
	socklen_t len = sizeof(tv);

	if (syscall(__NR_getsockopt, fd, SOL_SOCKET, opt, &tv, &len) || len != sizeof(tv))
		ksft_exit_fail_msg("getsockopt(%d): %s, len %u\n", opt, strerror(errno), len);
	return tv;
}

/*
 * sock_set_timeout(): tv_usec outside 0..999999 is EDOM; a negative tv_sec succeeds
 * and sets a zero timeout (with a rate-limited "tries to set negative timeout" note in
 * the kernel log); a zero timeout reads back as {0, 0} and makes recv() fail with
 * EAGAIN at once.
 */
static void test_sock_timeo(void)
{
	static const int32_t negs[] = { -1, (int32_t)0x80000000u };
	static const int32_t badusec[] = { 1000000, -1 };
	struct old_timeval32 tv;
	unsigned int i;
	struct y_res r;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		ksft_exit_fail_msg("socketpair: %s\n", strerror(errno));
	for (i = 0; i < 2; i++) {
		char buf[8];
		struct ts64 start;
		ssize_t n;
		double s;

		set_timeo(sv[0], SO_RCVTIMEO_OLD, 0, 0);	/* back to "block forever" */
		r = set_timeo(sv[0], SO_RCVTIMEO_OLD, negs[i], 0);
		ksft_test_result(r.ret == 0,
				 "setsockopt(SO_RCVTIMEO_OLD, {%d, 0}): %s; want success (all variants)\n",
				 negs[i], y_errname(r.err));
		tv = get_timeo(sv[0], SO_RCVTIMEO_OLD);
		ksft_test_result(tv.tv_sec == 0 && tv.tv_usec == 0,
				 "getsockopt(SO_RCVTIMEO_OLD) after {%d, 0}: {%d, %d}; want {0, 0}\n",
				 negs[i], tv.tv_sec, tv.tv_usec);
		y_kick_in(300);
		start = y_now64(CLOCK_MONOTONIC);
		errno = 0;
		n = recv(sv[0], buf, sizeof(buf), 0);
		s = y_elapsed(start);
		y_kick_cancel();
		ksft_test_result(n < 0 && errno == EAGAIN && s < 0.25,
				 "recv() on an empty socket after SO_RCVTIMEO_OLD {%d, 0}: %s after %.2f s; want EAGAIN at once (zero timeout)\n",
				 negs[i], n < 0 ? y_errname(errno) : "data", s);
	}
	for (i = 0; i < 2; i++) {
		r = set_timeo(sv[0], SO_RCVTIMEO_OLD, 1, badusec[i]);
		ksft_test_result(r.err == EDOM,
				 "setsockopt(SO_RCVTIMEO_OLD, {1, %d}): %s; want EDOM (all variants)\n",
				 badusec[i], r.err == EDOM ? "EDOM" : y_errname(r.err));
	}
	set_timeo(sv[0], SO_SNDTIMEO_OLD, 5, 0);
	r = set_timeo(sv[0], SO_SNDTIMEO_OLD, (int32_t)0x80000000u, 0);
	tv = get_timeo(sv[0], SO_SNDTIMEO_OLD);
	ksft_test_result(r.ret == 0,
			 "setsockopt(SO_SNDTIMEO_OLD, {0x80000000, 0}): %s; want success (all variants)\n",
			 y_errname(r.err));
	ksft_test_result(tv.tv_sec == 0 && tv.tv_usec == 0,
			 "getsockopt(SO_SNDTIMEO_OLD) after {0x80000000, 0}: {%d, %d}; want {0, 0} (was 5 s)\n",
			 tv.tv_sec, tv.tv_usec);
	close(sv[0]);
	close(sv[1]);
}

static void test_futex_wait(void)
{
	static const struct { int op; const char *name; } ops[] = {
		{ FUTEX_WAIT, "futex_time32(FUTEX_WAIT)" },
		{ FUTEX_WAIT | FUTEX_CLOCK_REALTIME, "futex_time32(FUTEX_WAIT|FUTEX_CLOCK_REALTIME)" },
	};
	static uint32_t word;
	unsigned int i, o;

	for (o = 0; o < 2; o++)
		for (i = 0; i < NTS; i++) {
			struct old_timespec32 t = ts_cases[i];
			struct y_res r;
			double s;

			BOUNDED(r, s, __NR_futex, &word, ops[o].op, 0, &t, NULL, 0);
			expect_now(ops[o].name, &ts_cases[i], r, s, EINVAL);
		}
}

int main(void)
{
	y_init("relative", NTESTS, 60);
	y_kick_init();
	y_clock_save();
	y_set64(Y_2040, 0);

	test_select();
	test_pselect_ppoll();
	test_io_getevents();
	test_semtimedop();
	test_sigtimedwait();
	test_recvmmsg();
	test_sleeps();
	test_setitimer();
	test_sock_timeo();
	test_futex_wait();

	y_clock_restore();
	ksft_finished();
}
