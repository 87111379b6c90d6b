// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark of the legacy 32-bit time syscalls the series converts, issued by number
 * (never the vDSO). Run by tools/bench in guests booted with y2106.dir=/bench; prints
 * one line per call:  BENCH <name> <ns per call, best of ROUNDS rounds>
 * The clock is first set to 2030 so that every kernel variant does the same work: all
 * values are valid in the signed and in the unsigned reading. getpid is the null
 * syscall that shows the noise of the machine. Not a test: it asserts nothing.
 */
#include <sys/syscall.h>
#include "y2106.h"

#define ROUNDS	7
#define CALLS	4000
#define Y_2030	1893456000LL	/* 2030-01-01 00:00:00 UTC */

static struct old_timespec32 ts32;
static struct old_timeval32 tv32;
static struct old_itimerspec32 its32;
static int tfd;
static int timer_id;
static char timex32[128];	/* struct old_timex32 is 128 bytes; modes 0 = read only */

static int64_t now_ns(void)
{
	struct ts64 t = y_now64(CLOCK_MONOTONIC);

	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void c_getpid(void) { syscall(__NR_getpid); }
static void c_clock_gettime_rt(void) { syscall(__NR_clock_gettime, CLOCK_REALTIME, &ts32); }
static void c_clock_gettime_mono(void) { syscall(__NR_clock_gettime, CLOCK_MONOTONIC, &ts32); }
static void c_gettimeofday(void) { syscall(__NR_gettimeofday, &tv32, NULL); }
#ifdef __NR_time
static void c_time(void) { uint32_t t; y_raw_time32(&t); }
#endif
static void c_adjtimex(void) { memset(timex32, 0, sizeof(timex32)); syscall(__NR_adjtimex, timex32); }
static void c_clock_adjtime(void)
{
	memset(timex32, 0, sizeof(timex32));
	syscall(__NR_clock_adjtime, CLOCK_REALTIME, timex32);
}
static void c_clock_settime(void)
{
	struct old_timespec32 t = { (int32_t)y_now64(CLOCK_REALTIME).tv_sec, 0 };

	syscall(__NR_clock_settime, CLOCK_REALTIME, &t);
}
static void c_settimeofday(void)
{
	struct old_timeval32 t = { (int32_t)y_now64(CLOCK_REALTIME).tv_sec, 0 };

	syscall(__NR_settimeofday, &t, NULL);
}
static void c_clock_nanosleep_abs_past(void)
{
	struct old_timespec32 t = { (int32_t)(Y_2030 - 100), 0 };

	syscall(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, &t, NULL);
}
static void c_timer_settime_abs(void)
{
	syscall(__NR_timer_settime, timer_id, TIMER_ABSTIME, &its32, NULL);
}
static void c_timerfd_settime_abs(void)
{
	syscall(__NR_timerfd_settime, tfd, 1 /* TFD_TIMER_ABSTIME */, &its32, NULL);
}

struct bench { const char *name; void (*fn)(void); };

static const struct bench benches[] = {
	{ "getpid(null)", c_getpid },
	{ "clock_gettime32(REALTIME)", c_clock_gettime_rt },
	{ "clock_gettime32(MONOTONIC)", c_clock_gettime_mono },
	{ "gettimeofday", c_gettimeofday },
#ifdef __NR_time
	{ "time32", c_time },
#endif
	{ "adjtimex32(read)", c_adjtimex },
	{ "clock_adjtime32(read)", c_clock_adjtime },
	{ "clock_settime32(REALTIME)", c_clock_settime },
	{ "settimeofday", c_settimeofday },
	{ "clock_nanosleep32(ABSTIME,past)", c_clock_nanosleep_abs_past },
	{ "timer_settime32(ABSTIME)", c_timer_settime_abs },
	{ "timerfd_settime32(ABSTIME)", c_timerfd_settime_abs },
};

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };

	setvbuf(stdout, NULL, _IOLBF, 0);
	y_require_guest();
	alarm(240);
	y_set64(Y_2030, 0);
	its32.it_value.tv_sec = (int32_t)(Y_2030 + 1000000);
	tfd = (int)syscall(__NR_timerfd_create, CLOCK_REALTIME, 0);
	if (tfd < 0 || syscall(__NR_timer_create, CLOCK_REALTIME, &sev, &timer_id))
		ksft_exit_fail_msg("timerfd_create/timer_create: %s\n", strerror(errno));

	for (unsigned int b = 0; b < sizeof(benches) / sizeof(benches[0]); b++) {
		int64_t best = INT64_MAX;

		for (int r = 0; r < ROUNDS; r++) {
			int64_t t0 = now_ns(), d;

			for (int i = 0; i < CALLS; i++)
				benches[b].fn();
			d = now_ns() - t0;
			if (d < best)
				best = d;
		}
		printf("BENCH %s %.1f\n", benches[b].name, (double)best / CALLS);
	}
	return 0;
}
