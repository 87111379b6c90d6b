// SPDX-License-Identifier: GPL-2.0
/*
 * futex_time32 (the legacy futex syscall with a struct old_timespec32 timeout):
 *  - FUTEX_LOCK_PI (always absolute CLOCK_REALTIME) and FUTEX_WAIT_BITSET /
 *    FUTEX_WAIT_REQUEUE_PI / FUTEX_LOCK_PI2 with FUTEX_CLOCK_REALTIME take an absolute
 *    calendar time: unsigned in time32=unsigned mode (0..0xfffff000; the reserved top
 *    0xfffff001..0xffffffff is EINVAL), signed today (>= 0x80000000 is EINVAL);
 *  - FUTEX_WAIT (relative) and the CLOCK_MONOTONIC deadlines stay signed in every variant:
 *    a negative relative timeout is EINVAL, never a 136-year wait.
 * At 2040 a deadline now+1 s on a held PI lock or a waiting futex times out after about
 * 1 s (ETIMEDOUT) in unsigned mode and is EINVAL at once today (the value reads as 1904).
 * Boundary matrix: tv_sec {0, 1, 0x7fffffff, 0x80000000, 0xfffff000, 0xfffff001,
 * 0xffffffff} x tv_nsec {0, 999999999, 1000000000, -1}. Every wait is bounded (a kick
 * signal after 0.3 s, the watchdog).
 */
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include "y2106.h"

#ifndef FUTEX_LOCK_PI2
#define FUTEX_LOCK_PI2	13	/* Linux 5.14: not in the uapi headers of 5.10 */
#endif

static const int32_t nsecs[] = { 0, 999999999, 1000000000, -1 };
#define NFRAC 4

static struct y_res futex32(uint32_t *uaddr, int op, uint32_t val,
			    const struct old_timespec32 *t, uint32_t *uaddr2, uint32_t val3)
{
	return Y_CALL(__NR_futex, uaddr, op, val, t, uaddr2, val3);
}

/* What the absolute REALTIME deadline (v, nsec) is in this variant: -1 invalid, 0 past, 1 future. */
static int classify(uint32_t v, int32_t nsec)
{
	if (nsec < 0 || nsec >= 1000000000 || !y_decode_valid(v))
		return -1;
	return y_decode(v) > y_now64(CLOCK_REALTIME).tv_sec;
}

static const char *const what[] = { "EINVAL", "past: ETIMEDOUT at once", "future: blocks" };

/* FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME on a futex nobody wakes. */
static void wait_bitset_case(uint32_t v, int32_t nsec)
{
	static uint32_t word;
	struct old_timespec32 t = { (int32_t)v, nsec };
	int c = classify(v, nsec), ok;
	struct ts64 start;
	struct y_res r;
	double s;

	if (c == 1)
		y_kick_in(300);
	start = y_now64(CLOCK_MONOTONIC);
	r = futex32(&word, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME | FUTEX_PRIVATE_FLAG, 0,
		    &t, NULL, FUTEX_BITSET_MATCH_ANY);
	s = y_elapsed(start);
	y_kick_cancel();
	if (c < 0)
		ok = r.err == EINVAL && s < 0.5;
	else if (c == 0)
		ok = r.err == ETIMEDOUT && s < 0.5;
	else
		ok = r.err == EINTR && s >= 0.25 && s < 2.0;
	ksft_test_result(ok, "futex32(WAIT_BITSET|CLOCK_REALTIME, 0x%08x, %d): %s after %.2f s; want %s\n",
			 v, nsec, y_errname(r.err), s, what[c + 1]);
}

/*
 * FUTEX_LOCK_PI on a free lock: the timeout is checked first (EINVAL if the variant
 * cannot decode it), then the lock is taken at once whatever the deadline.
 */
static void lock_pi_free_case(uint32_t v, int32_t nsec)
{
	static uint32_t word;
	struct old_timespec32 t = { (int32_t)v, nsec };
	int c = classify(v, nsec), ok;
	struct y_res r;

	word = 0;
	r = futex32(&word, FUTEX_LOCK_PI | FUTEX_PRIVATE_FLAG, 0, &t, NULL, 0);
	if (c < 0)
		ok = r.err == EINVAL && word == 0;
	else
		ok = r.ret == 0 && (word & FUTEX_TID_MASK) == (uint32_t)getpid();
	ksft_test_result(ok, "futex32(LOCK_PI free, 0x%08x, %d): %s; want %s\n",
			 v, nsec, y_errname(r.err), c < 0 ? "EINVAL" : "locked");
	word = 0;	/* uncontended: no kernel state to release */
}

/* A child that only exists to own a PI futex; it dies with the test. */
static pid_t owner_start(void)
{
	pid_t pid = fork();

	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		for (;;)
			pause();
	}
	return pid;
}

static void owner_stop(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* A deadline now+1 s at 2040 on a REALTIME futex operation that must wait. */
static void deadline_case(const char *name, uint32_t *uaddr, int op, uint32_t *uaddr2)
{
	char call[96];
	struct old_timespec32 t;
	struct ts64 start;
	struct y_res r;
	double s;

	y_set64(Y_2040, 0);
	t = y_in_1s(CLOCK_REALTIME);
	start = y_now64(CLOCK_MONOTONIC);
	r = futex32(uaddr, op, 0, &t, uaddr2, FUTEX_BITSET_MATCH_ANY);
	s = y_elapsed(start);
	snprintf(call, sizeof(call), "futex32(%s, 2040 now+1s)", name);
	y_result_deadline(call, r, s);
}

/*
 * Before 5.14 (the 5.10 base) there is no FUTEX_LOCK_PI2: do_futex() refuses it with
 * ENOSYS in every variant, before it looks at the timeout, so the deadline case of the
 * newer bases is this one there.
 */
static void lock_pi2_absent_case(uint32_t *uaddr)
{
	struct old_timespec32 t;
	struct y_res r;

	y_set64(Y_2040, 0);
	t = y_in_1s(CLOCK_REALTIME);
	r = futex32(uaddr, FUTEX_LOCK_PI2 | FUTEX_CLOCK_REALTIME, 0, &t, NULL, 0);
	ksft_test_result(r.err == ENOSYS,
			 "futex32(LOCK_PI2|CLOCK_REALTIME held, 2040 now+1s): %s; want ENOSYS (no FUTEX_LOCK_PI2 before 5.14)\n",
			 y_errname(r.err));
}

static void test_deadlines(void)
{
	uint32_t *pi = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	static uint32_t word, word2;
	pid_t owner;

	if (pi == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	owner = owner_start();
	/* held by another task: LOCK_PI (always REALTIME) and LOCK_PI2|CLOCK_REALTIME wait */
	pi[0] = owner;
	deadline_case("LOCK_PI held", &pi[0], FUTEX_LOCK_PI, NULL);
	pi[1] = owner;
	if (y_kernel_at_least(5, 14))
		deadline_case("LOCK_PI2|CLOCK_REALTIME held", &pi[1],
			      FUTEX_LOCK_PI2 | FUTEX_CLOCK_REALTIME, NULL);
	else
		lock_pi2_absent_case(&pi[1]);
	owner_stop(owner);
	munmap(pi, 4096);

	word = 0;
	deadline_case("WAIT_BITSET|CLOCK_REALTIME", &word,
		      FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME | FUTEX_PRIVATE_FLAG, NULL);
	word2 = 0;
	deadline_case("WAIT_REQUEUE_PI|CLOCK_REALTIME", &word,
		      FUTEX_WAIT_REQUEUE_PI | FUTEX_CLOCK_REALTIME | FUTEX_PRIVATE_FLAG, &word2);
}

/* Relative and monotonic timeouts keep their signed meaning in every variant. */
static void test_signed(void)
{
	static uint32_t word;
	struct old_timespec32 t;
	struct ts64 start;
	struct y_res r;
	double s;

	y_set64(Y_2040, 0);
	t = (struct old_timespec32){ -1, 0 };
	start = y_now64(CLOCK_MONOTONIC);
	r = futex32(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, &t, NULL, 0);
	s = y_elapsed(start);
	ksft_test_result(r.err == EINVAL && s < 0.5,
			 "futex32(WAIT, relative -1 s): %s after %.2f s; want EINVAL\n",
			 y_errname(r.err), s);

	t = (struct old_timespec32){ (int32_t)0xfffff000u, 0 };
	r = futex32(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, &t, NULL, 0);
	ksft_test_result(r.err == EINVAL,
			 "futex32(WAIT, relative 0xfffff000 s = -4096 s): %s; want EINVAL\n",
			 y_errname(r.err));

	t = (struct old_timespec32){ 0, 200000000 };
	start = y_now64(CLOCK_MONOTONIC);
	r = futex32(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, &t, NULL, 0);
	s = y_elapsed(start);
	ksft_test_result(r.err == ETIMEDOUT && s >= 0.15 && s < 2.0,
			 "futex32(WAIT, relative 0.2 s): %s after %.2f s; want ETIMEDOUT after ~0.2 s\n",
			 y_errname(r.err), s);

	/* FUTEX_WAIT never takes FUTEX_CLOCK_REALTIME: its timeout is still relative */
	t = y_in_1s(CLOCK_REALTIME);
	r = futex32(&word, FUTEX_WAIT | FUTEX_CLOCK_REALTIME | FUTEX_PRIVATE_FLAG, 0, &t, NULL, 0);
	ksft_test_result(r.err == EINVAL,
			 "futex32(WAIT|CLOCK_REALTIME, 0x%08x): %s; want EINVAL (relative, signed: negative)\n",
			 (uint32_t)t.tv_sec, y_errname(r.err));
	t = (struct old_timespec32){ 1, 0 };
	r = futex32(&word, FUTEX_WAIT | FUTEX_CLOCK_REALTIME | FUTEX_PRIVATE_FLAG, 0, &t, NULL, 0);
	ksft_test_result(r.err == ENOSYS, "futex32(WAIT|CLOCK_REALTIME, 1 s): %s; want ENOSYS\n",
			 y_errname(r.err));

	/* absolute CLOCK_MONOTONIC: signed everywhere */
	t = (struct old_timespec32){ (int32_t)0x80000000u, 0 };
	r = futex32(&word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, 0, &t, NULL,
		    FUTEX_BITSET_MATCH_ANY);
	ksft_test_result(r.err == EINVAL,
			 "futex32(WAIT_BITSET monotonic, 0x80000000): %s; want EINVAL\n",
			 y_errname(r.err));
	t = y_in_1s(CLOCK_MONOTONIC);
	start = y_now64(CLOCK_MONOTONIC);
	r = futex32(&word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, 0, &t, NULL,
		    FUTEX_BITSET_MATCH_ANY);
	s = y_elapsed(start);
	ksft_test_result(r.err == ETIMEDOUT && Y_FIRED(s),
			 "futex32(WAIT_BITSET monotonic, now+1s): %s after %.2f s; want ETIMEDOUT after ~1 s\n",
			 y_errname(r.err), s);
}

int main(void)
{
	unsigned int i, j;

	y_init("futex", 2 * Y_NSECVALS * NFRAC + 4 + 7, 60);
	y_kick_init();
	y_clock_save();

	y_set64(Y_2040, 0);
	for (i = 0; i < Y_NSECVALS; i++)
		for (j = 0; j < NFRAC; j++)
			wait_bitset_case(y_secs[i], nsecs[j]);
	for (i = 0; i < Y_NSECVALS; i++)
		for (j = 0; j < NFRAC; j++)
			lock_pi_free_case(y_secs[i], nsecs[j]);
	test_deadlines();
	test_signed();

	y_clock_restore();
	ksft_finished();
}
