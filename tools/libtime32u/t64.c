// SPDX-License-Identifier: GPL-2.0
/*
 * The 64-bit side: compiled with _TIME_BITS=64 and _FILE_OFFSET_BITS=64, so
 * every glibc call below binds to glibc's 64-bit time entry point. The
 * Makefile checks that this object references no legacy time symbol.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/timex.h>
#include <utime.h>
#include "t32u.h"

static struct timespec ts64(const struct t32u_ts *t)
{
	struct timespec r = { .tv_sec = t->sec, .tv_nsec = t->frac };

	return r;
}

static struct timeval tv64(const struct t32u_ts *t)
{
	struct timeval r = { .tv_sec = t->sec, .tv_usec = t->frac };

	return r;
}

static void from_ts64(struct t32u_ts *d, const struct timespec *s)
{
	d->sec = s->tv_sec;
	d->frac = s->tv_nsec;
}

int t64_clock_gettime(clockid_t clk, struct t32u_ts *ts)
{
	struct timespec t;
	int r = clock_gettime(clk, &t);

	if (r == 0)
		from_ts64(ts, &t);
	return r;
}

int t64_clock_settime(clockid_t clk, const struct t32u_ts *ts)
{
	struct timespec t = ts64(ts);

	return clock_settime(clk, &t);
}

int t64_gettimeofday(struct t32u_ts *tv, void *tz)
{
	struct timeval t;
	int r = gettimeofday(&t, tz);

	if (r == 0) {
		tv->sec = t.tv_sec;
		tv->frac = t.tv_usec;
	}
	return r;
}

int t64_settimeofday(const struct t32u_ts *tv, const void *tz)
{
	struct timeval t;

	if (tv)
		t = tv64(tv);
	return settimeofday(tv ? &t : NULL, tz);
}

int t64_clock_nanosleep(clockid_t clk, int flags, const struct t32u_ts *req,
			struct t32u_ts *rem)
{
	struct timespec t = ts64(req), r;
	int ret = clock_nanosleep(clk, flags, &t, rem ? &r : NULL);

	if (ret == EINTR && rem)
		from_ts64(rem, &r);
	return ret;
}

struct tm *t64_localtime_r(int64_t t, struct tm *tm)
{
	time_t v = t;

	return localtime_r(&v, tm);
}

struct tm *t64_gmtime_r(int64_t t, struct tm *tm)
{
	time_t v = t;

	return gmtime_r(&v, tm);
}

int64_t t64_mktime(struct tm *tm)
{
	return mktime(tm);
}

int64_t t64_timegm(struct tm *tm)
{
	return timegm(tm);
}

static void from_stat64(struct t32u_stat *d, const struct stat *s)
{
	d->dev = s->st_dev;
	d->ino = s->st_ino;
	d->rdev = s->st_rdev;
	d->mode = s->st_mode;
	d->nlink = s->st_nlink;
	d->uid = s->st_uid;
	d->gid = s->st_gid;
	d->size = s->st_size;
	d->blocks = s->st_blocks;
	d->blksize = s->st_blksize;
	from_ts64(&d->atim, &s->st_atim);
	from_ts64(&d->mtim, &s->st_mtim);
	from_ts64(&d->ctim, &s->st_ctim);
}

int t64_fstatat(int fd, const char *path, struct t32u_stat *st, int flags)
{
	struct stat s;
	int r = fstatat(fd, path, &s, flags);

	if (r == 0)
		from_stat64(st, &s);
	return r;
}

int t64_fstat(int fd, struct t32u_stat *st)
{
	struct stat s;
	int r = fstat(fd, &s);

	if (r == 0)
		from_stat64(st, &s);
	return r;
}

/* Each file time setter: NULL means now, as in the legacy call. */
int t64_utimensat(int fd, const char *path, const struct t32u_ts *ts, int flags)
{
	struct timespec t[2];

	if (ts) {
		t[0] = ts64(&ts[0]);
		t[1] = ts64(&ts[1]);
	}
	return utimensat(fd, path, ts ? t : NULL, flags);
}

int t64_futimens(int fd, const struct t32u_ts *ts)
{
	struct timespec t[2];

	if (ts) {
		t[0] = ts64(&ts[0]);
		t[1] = ts64(&ts[1]);
	}
	return futimens(fd, ts ? t : NULL);
}

#define TV2(tv, t)				\
	do {					\
		if (tv) {			\
			(t)[0] = tv64(&(tv)[0]);	\
			(t)[1] = tv64(&(tv)[1]);	\
		}				\
	} while (0)

int t64_utimes(const char *path, const struct t32u_ts *tv)
{
	struct timeval t[2];

	TV2(tv, t);
	return utimes(path, tv ? t : NULL);
}

int t64_lutimes(const char *path, const struct t32u_ts *tv)
{
	struct timeval t[2];

	TV2(tv, t);
	return lutimes(path, tv ? t : NULL);
}

int t64_futimes(int fd, const struct t32u_ts *tv)
{
	struct timeval t[2];

	TV2(tv, t);
	return futimes(fd, tv ? t : NULL);
}

int t64_futimesat(int fd, const char *path, const struct t32u_ts *tv)
{
	struct timeval t[2];

	TV2(tv, t);
	return futimesat(fd, path, tv ? t : NULL);
}

int t64_utime(const char *path, const struct t32u_ts *times)
{
	struct utimbuf u;

	if (times) {
		u.actime = times[0].sec;
		u.modtime = times[1].sec;
	}
	return utime(path, times ? &u : NULL);
}

int t64_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
		       const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_cond_timedwait(c, m, &t);
}

int t64_mutex_timedlock(pthread_mutex_t *m, const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_mutex_timedlock(m, &t);
}

int t64_rwlock_timedrdlock(pthread_rwlock_t *l, const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_rwlock_timedrdlock(l, &t);
}

int t64_rwlock_timedwrlock(pthread_rwlock_t *l, const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_rwlock_timedwrlock(l, &t);
}

int t64_sem_timedwait(sem_t *s, const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return sem_timedwait(s, &t);
}

int t64_mq_timedsend(mqd_t q, const char *msg, size_t len, unsigned int prio,
		     const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return mq_timedsend(q, msg, len, prio, &t);
}

ssize_t t64_mq_timedreceive(mqd_t q, char *msg, size_t len, unsigned int *prio,
			    const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return mq_timedreceive(q, msg, len, prio, &t);
}

/* nv/ov are { it_interval, it_value } pairs. */
static void its64(struct itimerspec *d, const struct t32u_ts *s)
{
	d->it_interval = ts64(&s[0]);
	d->it_value = ts64(&s[1]);
}

static void from_its64(struct t32u_ts *d, const struct itimerspec *s)
{
	from_ts64(&d[0], &s->it_interval);
	from_ts64(&d[1], &s->it_value);
}

int t64_timer_settime(timer_t t, int flags, const struct t32u_ts *nv,
		      struct t32u_ts *ov)
{
	struct itimerspec n, o;
	int r;

	its64(&n, nv);
	r = timer_settime(t, flags, &n, ov ? &o : NULL);
	if (r == 0 && ov)
		from_its64(ov, &o);
	return r;
}

int t64_timerfd_settime(int fd, int flags, const struct t32u_ts *nv,
			struct t32u_ts *ov)
{
	struct itimerspec n, o;
	int r;

	its64(&n, nv);
	r = timerfd_settime(fd, flags, &n, ov ? &o : NULL);
	if (r == 0 && ov)
		from_its64(ov, &o);
	return r;
}

struct tm *t64_localtime(int64_t t)
{
	time_t v = t;

	return localtime(&v);
}

struct tm *t64_gmtime(int64_t t)
{
	time_t v = t;

	return gmtime(&v);
}

int t64_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clk,
		       const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_cond_clockwait(c, m, clk, &t);
}

int t64_mutex_clocklock(pthread_mutex_t *m, clockid_t clk,
			const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_mutex_clocklock(m, clk, &t);
}

int t64_rwlock_clockrdlock(pthread_rwlock_t *l, clockid_t clk,
			   const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_rwlock_clockrdlock(l, clk, &t);
}

int t64_rwlock_clockwrlock(pthread_rwlock_t *l, clockid_t clk,
			   const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return pthread_rwlock_clockwrlock(l, clk, &t);
}

int t64_sem_clockwait(sem_t *s, clockid_t clk, const struct t32u_ts *abs)
{
	struct timespec t = ts64(abs);

	return sem_clockwait(s, clk, &t);
}

int t64_timespec_get(struct t32u_ts *ts, int base)
{
	struct timespec t;
	int r = timespec_get(&t, base);

	if (r)
		from_ts64(ts, &t);
	return r;
}

/* x: ntp_gettimex (also the TAI offset) rather than ntp_gettime */
int t64_ntp_gettime(struct t32u_ntp *n, int x)
{
	struct ntptimeval v;
	int r;

	memset(&v, 0, sizeof(v));
	r = x ? ntp_gettimex(&v) : ntp_gettime(&v);
	n->time.sec = v.time.tv_sec;
	n->time.frac = v.time.tv_usec;
	n->maxerror = v.maxerror;
	n->esterror = v.esterror;
	n->tai = x ? v.tai : 0;
	return r;
}
