// SPDX-License-Identifier: GPL-2.0
/*
 * A host-side shim for qemu-user (x86_64, preloaded into qemu itself, never
 * into the guest program): it moves CLOCK_REALTIME (and REALTIME_COARSE,
 * REALTIME_ALARM, TAI) by Y2106_QEMU_CLOCK_OFFSET seconds in the host calls
 * qemu makes for the guest's clock system calls, so that the 32-bit guest
 * program and its glibc see a kernel whose clock is in, say, 2040: glibc's
 * own internal clock reads included. Deadlines and file times still use the
 * host's real clock (qemu hands them to the host kernel), so only the clock
 * test runs this way.
 *
 * It can never set the host clock: every setting call qemu would forward is
 * refused with EPERM here, before the host sees it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <sys/time.h>
#include <sys/timex.h>

static long long offset(void)
{
	const char *s = getenv("Y2106_QEMU_CLOCK_OFFSET");

	return s ? atoll(s) : 0;
}

static int shifted(clockid_t c)
{
	return c == CLOCK_REALTIME || c == CLOCK_REALTIME_COARSE ||
	       c == CLOCK_REALTIME_ALARM || c == CLOCK_TAI;
}

int clock_gettime(clockid_t c, struct timespec *ts)
{
	static int (*next)(clockid_t, struct timespec *);
	int r;

	if (!next)
		next = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
	r = next(c, ts);
	if (r == 0 && shifted(c))
		ts->tv_sec += offset();
	return r;
}

int gettimeofday(struct timeval *tv, void *tz)
{
	static int (*next)(struct timeval *, void *);
	int r;

	if (!next)
		next = (int (*)(struct timeval *, void *))dlsym(RTLD_NEXT, "gettimeofday");
	r = next(tv, tz);
	if (r == 0)
		tv->tv_sec += offset();
	return r;
}

time_t time(time_t *t)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts))
		return -1;
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

int clock_adjtime(clockid_t c, struct timex *tx)
{
	static int (*next)(clockid_t, struct timex *);
	int r;

	if (tx->modes) {
		errno = EPERM;
		return -1;
	}
	if (!next)
		next = (int (*)(clockid_t, struct timex *))dlsym(RTLD_NEXT, "clock_adjtime");
	r = next(c, tx);
	if (r >= 0 && shifted(c))
		tx->time.tv_sec += offset();
	return r;
}

int adjtimex(struct timex *tx)
{
	return clock_adjtime(CLOCK_REALTIME, tx);
}

int ntp_adjtime(struct timex *tx)
{
	return clock_adjtime(CLOCK_REALTIME, tx);
}

int clock_settime(clockid_t c, const struct timespec *ts)
{
	errno = EPERM;
	return -1;
}

int settimeofday(const struct timeval *tv, const struct timezone *tz)
{
	errno = EPERM;
	return -1;
}

int stime(const time_t *t)
{
	errno = EPERM;
	return -1;
}

int adjtime(const struct timeval *d, struct timeval *o)
{
	errno = EPERM;
	return -1;
}
