// SPDX-License-Identifier: GPL-2.0
/*
 * mq_timedsend_time32 and mq_timedreceive_time32: the timeout is an absolute
 * CLOCK_REALTIME time, unsigned in time32=unsigned mode (0..0xfffff000; the reserved top
 * 0xfffff001..0xffffffff is EINVAL) and signed today (>= 0x80000000 is EINVAL).
 * With the clock at 2040, a deadline now+1 s on an empty queue (receive) and on a full
 * queue (send) times out after about 1 s (ETIMEDOUT) in unsigned mode and is EINVAL at
 * once today (the value reads as 1904). Boundary matrix for both calls: tv_sec {0, 1,
 * 0x7fffffff, 0x80000000, 0xfffff000, 0xfffff001, 0xffffffff} x tv_nsec {0, 999999999,
 * 1000000000, -1}: invalid -> EINVAL, past -> ETIMEDOUT at once, 2106 -> blocks (a kick
 * signal ends it after 0.3 s with EINTR). Every wait is bounded (kick, watchdog).
 */
#include <mqueue.h>
#include "y2106.h"

static const int32_t nsecs[] = { 0, 999999999, 1000000000, -1 };
#define NFRAC 4
#define MSGSIZE 16

static mqd_t empty_q, full_q;

static mqd_t queue(const char *name, int fill)
{
	struct mq_attr a = { .mq_maxmsg = 1, .mq_msgsize = MSGSIZE };
	char msg[MSGSIZE] = "y2106";
	mqd_t q;

	mq_unlink(name);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);
	if (q == (mqd_t)-1)
		ksft_exit_fail_msg("mq_open(%s): %s\n", name, strerror(errno));
	mq_unlink(name);
	if (fill && mq_send(q, msg, sizeof(msg), 0))
		ksft_exit_fail_msg("mq_send: %s\n", strerror(errno));
	return q;
}

/* The raw legacy calls: struct old_timespec32 timeout, 32-bit syscall numbers. */
static struct y_res send32(const struct old_timespec32 *t)
{
	char msg[MSGSIZE] = "full";

	return Y_CALL(__NR_mq_timedsend, full_q, msg, sizeof(msg), 0, t);
}

static struct y_res receive32(const struct old_timespec32 *t)
{
	char msg[MSGSIZE];
	unsigned int prio;

	return Y_CALL(__NR_mq_timedreceive, empty_q, msg, sizeof(msg), &prio, t);
}

/* What the deadline (v, nsec) is in this variant: -1 invalid, 0 past, 1 future. */
static int classify(uint32_t v, int32_t nsec)
{
	if (nsec < 0 || nsec >= 1000000000 || !y_decode_valid(v))
		return -1;
	return y_decode(v) > y_now64(CLOCK_REALTIME).tv_sec;
}

static const char *const what[] = { "EINVAL", "past: ETIMEDOUT at once", "future: blocks" };

static void matrix_case(int send, uint32_t v, int32_t nsec)
{
	struct old_timespec32 t = { (int32_t)v, nsec };
	int c = classify(v, nsec), ok;
	struct ts64 start;
	struct y_res r;
	double s;

	if (c == 1)
		y_kick_in(300);
	start = y_now64(CLOCK_MONOTONIC);
	r = send ? send32(&t) : receive32(&t);
	s = y_elapsed(start);
	y_kick_cancel();
	if (c < 0)
		ok = r.err == EINVAL && s < 0.5;
	else if (c == 0)
		ok = r.err == ETIMEDOUT && s < 0.5;
	else
		ok = r.err == EINTR && s >= 0.25 && s < 2.0;
	ksft_test_result(ok, "%s(0x%08x, %d): %s after %.2f s; want %s\n",
			 send ? "mq_timedsend32 full" : "mq_timedreceive32 empty", v, nsec,
			 y_errname(r.err), s, what[c + 1]);
}

static void deadline_case(int send)
{
	struct old_timespec32 t;
	struct ts64 start;
	struct y_res r;
	double s;

	y_set64(Y_2040, 0);
	t = y_in_1s(CLOCK_REALTIME);
	start = y_now64(CLOCK_MONOTONIC);
	r = send ? send32(&t) : receive32(&t);
	s = y_elapsed(start);
	y_result_deadline(send ? "mq_timedsend32 full(2040 now+1s)" :
			  "mq_timedreceive32 empty(2040 now+1s)", r, s);
}

/* A deadline that needs no wait: the message moves, in the variants that decode it. */
static void ready_case(void)
{
	struct old_timespec32 t;
	char msg[MSGSIZE];
	unsigned int prio;
	struct y_res r;
	mqd_t q = queue("/y2106-mq-ready", 1);

	y_set64(Y_2040, 0);
	t = y_in_1s(CLOCK_REALTIME);
	r = Y_CALL(__NR_mq_timedreceive, q, msg, sizeof(msg), &prio, &t);
	if (y_unsigned())
		ksft_test_result(r.ret == MSGSIZE && !strcmp(msg, "y2106"),
				 "mq_timedreceive32(message waiting, 2040 now+1s): %ld (%s); want %d\n",
				 r.ret, y_errname(r.err), MSGSIZE);
	else
		ksft_test_result(r.err == EINVAL,
				 "mq_timedreceive32(message waiting, 2040 now+1s): %s; want EINVAL (checked first)\n",
				 y_errname(r.err));
	mq_close(q);
}

int main(void)
{
	unsigned int i, j;
	int send;

	y_init("mqueue", 2 * Y_NSECVALS * NFRAC + 3, 60);
	y_kick_init();
	empty_q = queue("/y2106-mq-empty", 0);
	full_q = queue("/y2106-mq-full", 1);
	y_clock_save();

	y_set64(Y_2040, 0);
	for (send = 0; send < 2; send++)
		for (i = 0; i < Y_NSECVALS; i++)
			for (j = 0; j < NFRAC; j++)
				matrix_case(send, y_secs[i], nsecs[j]);
	deadline_case(0);
	deadline_case(1);
	ready_case();

	y_clock_restore();
	mq_close(empty_q);
	mq_close(full_q);
	ksft_finished();
}
