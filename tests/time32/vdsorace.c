// SPDX-License-Identifier: GPL-2.0
/*
 * The 32-bit vDSO while the clock steps: a child steps CLOCK_REALTIME with
 * clock_settime64 round a cycle of times on both sides of 2^31 and 2^32 seconds, while
 * this task reads the clock through the vDSO's time() (i386), gettimeofday() and
 * clock_gettime(REALTIME, REALTIME_COARSE) for a few seconds. Every seconds value read
 * must be one the clock held, encoded as the system call encodes it for a legacy field
 * (y_encode(): the low 32 bits in pristine, off and signed; saturated in unsigned mode),
 * up to SLACK seconds after a step (the clock runs on between steps).
 * The hazard: the unsigned range check of time() needs all 64 bits of the seconds, two
 * loads on a 32-bit CPU; read outside the sequence count, a step between the loads pairs
 * the halves of two different times, e.g. the high word 0 of 2029 with the low word 0x10
 * of 2106+16 s: 1970, which the clock never held (and the system call never returns).
 * Under QEMU's TCG an interrupt is taken only between translation blocks, so with one
 * vCPU a task is never preempted between two loads of one block: the test guests cannot
 * produce the torn read, and the test then shows that every value read is right across
 * the boundaries. On real SMP hardware the same program is the race test.
 * It sets the clock, so it runs only as a child of the y2106 guest's /init.
 */
#include "y2106.h"
#include "yvdso.h"

#include <sys/wait.h>

#define SECONDS	2	/* of reading */
#define SLACK	5	/* seconds the clock may run on after a step */

static const int64_t steps[] = {
	0x7ffffff0LL, 0x80000010LL, 0xffffeff0LL, 0x100000010LL, 0x70000000LL,
};
#define NSTEPS (sizeof(steps) / sizeof(steps[0]))

enum fn { F_TIME, F_GTOD, F_CGT, F_CGT_COARSE, NFN };
static const char *const fn_names[NFN] = {
	"vdso time", "vdso gettimeofday", "vdso clock_gettime32(REALTIME)",
	"vdso clock_gettime32(REALTIME_COARSE)",
};

/* v is the encoding of a time the clock held at most SLACK seconds after a step. */
static int held(uint32_t v)
{
	for (unsigned int i = 0; i < NSTEPS; i++) {
		uint32_t lo = y_encode(steps[i]), hi = y_encode(steps[i] + SLACK);

		if (lo <= hi ? (v >= lo && v <= hi) : (v >= lo || v <= hi))
			return 1;
	}
	return 0;
}

static void stepper(void)
{
	struct ts64 ts = { 0, 0 };

	for (unsigned int k = 0;; k++) {
		ts.tv_sec = steps[k % NSTEPS];
		if (syscall(__NR_clock_settime64, CLOCK_REALTIME, &ts))
			_exit(1);
		usleep(200);
	}
}

int main(void)
{
	unsigned long reads[NFN] = { 0 }, bad[NFN] = { 0 };
	uint32_t first_bad[NFN] = { 0 };
	struct ts64 start;
	pid_t child;
	int status;

	y_init("vdsorace", NFN + 1, 60);
	y_clock_save();
	ksft_print_msg("vDSO at %#lx\n", y_vdso_init());
	/* start inside the cycle, so that the first reads are held values too */
	y_set64(steps[0], 0);
	child = fork();
	if (child < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!child)
		stepper();
	start = y_now64(CLOCK_MONOTONIC);
	while (y_elapsed(start) < SECONDS) {
		for (int i = 0; i < 1000; i++) {
			struct old_timespec32 ts;
			struct old_timeval32 tv;
			uint32_t v[NFN];
			int have[NFN] = { 0 };

			if (vdso_time) {
				v[F_TIME] = (uint32_t)vdso_time(NULL);
				have[F_TIME] = 1;
			}
			if (vdso_gettimeofday && !vdso_gettimeofday(&tv, NULL)) {
				v[F_GTOD] = (uint32_t)tv.tv_sec;
				have[F_GTOD] = 1;
			}
			if (vdso_clock_gettime && !vdso_clock_gettime(CLOCK_REALTIME, &ts)) {
				v[F_CGT] = (uint32_t)ts.tv_sec;
				have[F_CGT] = 1;
			}
			if (vdso_clock_gettime && !vdso_clock_gettime(CLOCK_REALTIME_COARSE, &ts)) {
				v[F_CGT_COARSE] = (uint32_t)ts.tv_sec;
				have[F_CGT_COARSE] = 1;
			}
			for (int f = 0; f < NFN; f++) {
				if (!have[f])
					continue;
				reads[f]++;
				if (!held(v[f]) && !bad[f]++)
					first_bad[f] = v[f];
			}
		}
	}
	kill(child, SIGKILL);
	if (waitpid(child, &status, 0) != child)
		ksft_exit_fail_msg("waitpid: %s\n", strerror(errno));
	y_clock_restore();
	ksft_test_result(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
			 "the stepper set the clock until it was stopped (clock_settime64)\n");
	for (int f = 0; f < NFN; f++)
		ksft_print_msg("%s: %lu reads\n", fn_names[f], reads[f]);
	for (int f = 0; f < NFN; f++) {
		if (!reads[f])
			ksft_test_result_skip("%s: not in this vDSO\n", fn_names[f]);
		else if (bad[f])
			ksft_test_result_fail("%s: %lu of %lu reads never held by the clock, first 0x%08x (%s)\n",
					      fn_names[f], bad[f], reads[f], first_bad[f],
					      y_date(first_bad[f]));
		else
			ksft_test_result_pass("%s: every read across the steps a time the clock held\n",
					      fn_names[f]);
	}
	ksft_finished();
}
