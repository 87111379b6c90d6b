/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libtime32u: the unsigned 32-bit time_t API of glibc, built on glibc's own
 * 64-bit time entry points.
 *
 * Two kinds of translation unit share this header:
 *  - t64.c is compiled with _TIME_BITS=64 and _FILE_OFFSET_BITS=64, so the
 *    glibc headers bind every call it makes to the 64-bit entry point
 *    (__clock_gettime64, __fstatat64_time64, ...). It exchanges times with
 *    the rest only through the neutral types below.
 *  - every other file is compiled with glibc's legacy 32-bit time_t, so the
 *    types of the functions it defines (struct timespec, struct stat, ...)
 *    are exactly those of the legacy ABI, taken from glibc's headers.
 */
#ifndef T32U_H
#define T32U_H

#if defined __mips__ && _MIPS_SIM != _ABIO32
#error "libtime32u: of the mips ABIs only o32 is ported (struct stat, symbol versions)"
#endif

#include <stdint.h>
#include <stddef.h>
#include <time.h>
#include <pthread.h>
#include <semaphore.h>
#include <mqueue.h>

/* The policy: 0..T32U_MAX are 1970-01-01..2106-02-07 05:20:00 UTC. */
#define T32U_MAX	0xfffff000u

/* A time with 64-bit seconds; frac is nanoseconds or microseconds. */
struct t32u_ts {
	int64_t sec;
	long frac;
};

/* What the legacy stat structures need from a 64-bit stat. */
struct t32u_stat {
	uint64_t dev, ino, rdev;
	uint32_t mode, nlink, uid, gid;
	int64_t size, blocks;
	long blksize;
	struct t32u_ts atim, mtim, ctim;
};

/*
 * Decode a legacy calendar value: 0..T32U_MAX as unsigned; the reserved top
 * 4095 values keep their signed meaning (-4095..-1), so every call does with
 * them exactly what it does today with a negative value.
 */
static inline int64_t t32u_decode(uint32_t v)
{
	return v <= T32U_MAX ? (int64_t)v : (int64_t)(int32_t)v;
}

static inline int t32u_reserved(uint32_t v)
{
	return v > T32U_MAX;
}

/*
 * Encode a 64-bit calendar time: saturate to 0 before 1970 and to T32U_MAX
 * after 2106-02-07 05:20:00, with the fraction cleared when saturated.
 */
static inline uint32_t t32u_encode(int64_t sec, long *frac)
{
	if (sec < 0) {
		if (frac)
			*frac = 0;
		return 0;
	}
	if (sec > T32U_MAX) {
		if (frac)
			*frac = 0;
		return T32U_MAX;
	}
	return (uint32_t)sec;
}

/* Clocks whose absolute values are calendar times (policy section 1). */
static inline int t32u_calendar_clock(clockid_t clk)
{
	return clk == CLOCK_REALTIME || clk == CLOCK_REALTIME_COARSE ||
	       clk == CLOCK_REALTIME_ALARM || clk == CLOCK_TAI ||
	       (clk < 0 && (clk & 7) == 3);	/* dynamic (PTP) clock fd */
}

/* t64.c: the 64-bit calls, with neutral types. */
int t64_clock_gettime(clockid_t clk, struct t32u_ts *ts);
int t64_clock_settime(clockid_t clk, const struct t32u_ts *ts);
int t64_gettimeofday(struct t32u_ts *tv, void *tz);
int t64_settimeofday(const struct t32u_ts *tv, const void *tz);
int t64_clock_nanosleep(clockid_t clk, int flags, const struct t32u_ts *req,
			struct t32u_ts *rem);
int t64_timespec_get(struct t32u_ts *ts, int base);

/* What ntp_gettime(x) returns besides the time. */
struct t32u_ntp {
	struct t32u_ts time;
	long maxerror, esterror, tai;
};
int t64_ntp_gettime(struct t32u_ntp *n, int x);
struct tm *t64_localtime(int64_t t);
struct tm *t64_gmtime(int64_t t);
struct tm *t64_localtime_r(int64_t t, struct tm *tm);
struct tm *t64_gmtime_r(int64_t t, struct tm *tm);
int64_t t64_mktime(struct tm *tm);
int64_t t64_timegm(struct tm *tm);

int t64_fstatat(int fd, const char *path, struct t32u_stat *st, int flags);
int t64_fstat(int fd, struct t32u_stat *st);

int t64_utimensat(int fd, const char *path, const struct t32u_ts *ts, int flags);
int t64_futimens(int fd, const struct t32u_ts *ts);
int t64_utimes(const char *path, const struct t32u_ts *tv);
int t64_lutimes(const char *path, const struct t32u_ts *tv);
int t64_futimes(int fd, const struct t32u_ts *tv);
int t64_futimesat(int fd, const char *path, const struct t32u_ts *tv);
int t64_utime(const char *path, const struct t32u_ts *times);

int t64_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
		       const struct t32u_ts *abs);
int t64_mutex_timedlock(pthread_mutex_t *m, const struct t32u_ts *abs);
int t64_rwlock_timedrdlock(pthread_rwlock_t *l, const struct t32u_ts *abs);
int t64_rwlock_timedwrlock(pthread_rwlock_t *l, const struct t32u_ts *abs);
int t64_sem_timedwait(sem_t *s, const struct t32u_ts *abs);
int t64_mq_timedsend(mqd_t q, const char *msg, size_t len, unsigned int prio,
		     const struct t32u_ts *abs);
ssize_t t64_mq_timedreceive(mqd_t q, char *msg, size_t len, unsigned int *prio,
			    const struct t32u_ts *abs);
int t64_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clk,
		       const struct t32u_ts *abs);
int t64_mutex_clocklock(pthread_mutex_t *m, clockid_t clk,
			const struct t32u_ts *abs);
int t64_rwlock_clockrdlock(pthread_rwlock_t *l, clockid_t clk,
			   const struct t32u_ts *abs);
int t64_rwlock_clockwrlock(pthread_rwlock_t *l, clockid_t clk,
			   const struct t32u_ts *abs);
int t64_sem_clockwait(sem_t *s, clockid_t clk, const struct t32u_ts *abs);
int t64_timer_settime(timer_t t, int flags, const struct t32u_ts *nv,
		      struct t32u_ts *ov);
int t64_timerfd_settime(int fd, int flags, const struct t32u_ts *nv,
			struct t32u_ts *ov);

/* Bind impl t32u_NAME to every version of NAME glibc defines (symvers.h). */
#include "symvers.h"
#define T32U_EXPORT(name)	T32U_SYMVER_##name

#endif
