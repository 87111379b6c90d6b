// SPDX-License-Identifier: GPL-2.0
/*
 * Clock reads and setters, and clock_nanosleep. Calendar clocks (REALTIME,
 * REALTIME_COARSE, REALTIME_ALARM, TAI, dynamic PTP clocks) are read
 * unsigned and saturate; every other clock keeps glibc's signed range and
 * its EOVERFLOW.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/time.h>
#include <sys/timex.h>
#include "t32u.h"

static int fits_signed(int64_t sec)
{
	return sec >= INT32_MIN && sec <= INT32_MAX;
}

time_t t32u_time(time_t *tp)
{
	struct t32u_ts ts;
	time_t t;

	if (t64_clock_gettime(CLOCK_REALTIME, &ts))
		return (time_t)-1;
	t = (time_t)t32u_encode(ts.sec, NULL);
	if (tp)
		*tp = t;
	return t;
}
T32U_EXPORT(time)

int t32u_gettimeofday(struct timeval *tv, void *tz)
{
	struct t32u_ts t;

	if (t64_gettimeofday(&t, tz))
		return -1;
	/* a NULL tv crashes, as in glibc's 32-bit gettimeofday */
	tv->tv_sec = (time_t)t32u_encode(t.sec, &t.frac);
	tv->tv_usec = t.frac;
	return 0;
}
T32U_EXPORT(gettimeofday)

int t32u_clock_gettime(clockid_t clk, struct timespec *tp)
{
	struct t32u_ts t;

	if (t64_clock_gettime(clk, &t))
		return -1;
	if (t32u_calendar_clock(clk)) {
		tp->tv_sec = (time_t)t32u_encode(t.sec, &t.frac);
	} else {
		if (!fits_signed(t.sec)) {
			errno = EOVERFLOW;
			return -1;
		}
		tp->tv_sec = (time_t)t.sec;
	}
	tp->tv_nsec = t.frac;
	return 0;
}
T32U_EXPORT(clock_gettime)

/* The setters: reserved values decode negative and fail as they do today. */
int t32u_clock_settime(clockid_t clk, const struct timespec *tp)
{
	struct t32u_ts t = { .frac = tp->tv_nsec };

	t.sec = t32u_calendar_clock(clk) ? t32u_decode(tp->tv_sec)
					 : (int64_t)tp->tv_sec;
	return t64_clock_settime(clk, &t);
}
T32U_EXPORT(clock_settime)

int t32u_settimeofday(const struct timeval *tv, const void *tz)
{
	struct t32u_ts t;

	if (!tv)
		return t64_settimeofday(NULL, tz);
	t.sec = t32u_decode(tv->tv_sec);
	t.frac = tv->tv_usec;
	return t64_settimeofday(&t, tz);
}
T32U_EXPORT(settimeofday)

int t32u_stime(const time_t *when)
{
	struct t32u_ts t = { .sec = t32u_decode(*when), .frac = 0 };

	return t64_clock_settime(CLOCK_REALTIME, &t);
}
T32U_EXPORT(stime)

/* Relative sleeps and non-calendar clocks keep their signed meaning. */
int t32u_clock_nanosleep(clockid_t clk, int flags, const struct timespec *req,
			 struct timespec *rem)
{
	struct t32u_ts r = { .frac = req->tv_nsec }, left;
	int ret;

	if ((flags & TIMER_ABSTIME) && t32u_calendar_clock(clk))
		r.sec = t32u_decode(req->tv_sec);
	else
		r.sec = req->tv_sec;
	ret = t64_clock_nanosleep(clk, flags, &r, rem ? &left : NULL);
	if (ret == EINTR && rem && !(flags & TIMER_ABSTIME)) {
		rem->tv_sec = (time_t)left.sec;
		rem->tv_nsec = left.frac;
	}
	return ret;
}
T32U_EXPORT(clock_nanosleep)

/* C11 timespec_get: TIME_UTC is CLOCK_REALTIME. */
int t32u_timespec_get(struct timespec *ts, int base)
{
	struct t32u_ts t;
	int r = t64_timespec_get(&t, base);

	if (r) {
		ts->tv_sec = (time_t)t32u_encode(t.sec, &t.frac);
		ts->tv_nsec = t.frac;
	}
	return r;
}
T32U_EXPORT(timespec_get)

/* ntp_gettime(x): the time is CLOCK_REALTIME, in microseconds. */
static int ntp(struct ntptimeval *ntv, int x)
{
	struct t32u_ntp n;
	int r = t64_ntp_gettime(&n, x);

	ntv->time.tv_sec = (time_t)t32u_encode(n.time.sec, &n.time.frac);
	ntv->time.tv_usec = n.time.frac;
	ntv->maxerror = n.maxerror;
	ntv->esterror = n.esterror;
	if (x)
		ntv->tai = n.tai;
	return r;
}

int t32u_ntp_gettime(struct ntptimeval *ntv)
{
	return ntp(ntv, 0);
}
T32U_EXPORT(ntp_gettime)

int t32u_ntp_gettimex(struct ntptimeval *ntv)
{
	return ntp(ntv, 1);
}
T32U_EXPORT(ntp_gettimex)
