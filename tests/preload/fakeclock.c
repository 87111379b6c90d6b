// SPDX-License-Identifier: GPL-2.0
/*
 * A test double for glibc's exported 64-bit clock entry points, preloaded
 * after libtime32u by tests/preload/run for the clock test only.
 *
 * Reads: with T32U_FAKE_SEC set (read at every call, so a test can move
 * it), CLOCK_REALTIME and gettimeofday return that second and 123456789 ns;
 * unset, and for every other clock, the real glibc function answers.
 * Setters: never reach the kernel. They record their argument for the test
 * (fake_last_set) and fail as the kernel would (EINVAL for a negative
 * second, a bad nanosecond or a non-settable clock).
 *
 * Only callers of the exported symbols reach it: libtime32u does; glibc's
 * own 32-bit time()/clock_gettime() call their 64-bit twin inside libc and
 * do not (so it cannot fake the clock for glibc's side of the test).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "ts64.h"

static int64_t last_sec = -1;
static long last_nsec = -1;
static int last_clk = -1;

void fake_last_set(int64_t *sec, long *nsec, int *clk)
{
	*sec = last_sec;
	*nsec = last_nsec;
	*clk = last_clk;
	last_sec = -1, last_nsec = -1, last_clk = -1;
}

static int fake(int64_t *sec)
{
	const char *s = getenv("T32U_FAKE_SEC");

	if (!s)
		return 0;
	*sec = strtoll(s, NULL, 0);
	return 1;
}

int __clock_gettime64(clockid_t clk, struct ts64 *ts)
{
	static int (*next)(clockid_t, struct ts64 *);
	int64_t sec;

	if (clk == CLOCK_REALTIME && fake(&sec)) {
		ts->sec = sec;
		ts->nsec = 123456789;
		return 0;
	}
	if (!next)
		next = (int (*)(clockid_t, struct ts64 *))dlsym(RTLD_NEXT, "__clock_gettime64");
	return next(clk, ts);
}

struct tv64 {
	int64_t sec;
	int64_t usec;
};

int __gettimeofday64(struct tv64 *tv, void *tz)
{
	static int (*next)(struct tv64 *, void *);
	int64_t sec;

	if (fake(&sec)) {
		tv->sec = sec;
		tv->usec = 123456;
		return 0;
	}
	if (!next)
		next = (int (*)(struct tv64 *, void *))dlsym(RTLD_NEXT, "__gettimeofday64");
	return next(tv, tz);
}

static int record(int clk, int64_t sec, long nsec)
{
	last_clk = clk, last_sec = sec, last_nsec = nsec;
	if (clk != CLOCK_REALTIME || sec < 0 || nsec < 0 || nsec >= 1000000000) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int __clock_settime64(clockid_t clk, const struct ts64 *ts)
{
	return record(clk, ts->sec, ts->nsec);
}

int __settimeofday64(const struct tv64 *tv, const void *tz)
{
	if (!tv)
		return record(-2, 0, 0);
	if (tv->usec < 0 || tv->usec >= 1000000)
		return record(CLOCK_REALTIME, tv->sec, 1000000000);
	return record(CLOCK_REALTIME, tv->sec, tv->usec * 1000);
}
