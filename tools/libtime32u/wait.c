// SPDX-License-Identifier: GPL-2.0
/*
 * Absolute deadlines on calendar clocks, decoded unsigned. A reserved value
 * keeps its signed meaning, so it gives what a negative deadline gives in
 * glibc today (ETIMEDOUT from the pthread and semaphore waits, EINVAL from
 * the system calls). Relative values and deadlines on other clocks are
 * passed on unchanged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <sys/timerfd.h>
#include "t32u.h"

static struct t32u_ts abs_ts(const struct timespec *t)
{
	struct t32u_ts r = { .sec = t32u_decode(t->tv_sec), .frac = t->tv_nsec };

	return r;
}

int t32u_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
				const struct timespec *abs)
{
	struct t32u_ts t = abs_ts(abs);

	return t64_cond_timedwait(c, m, &t);
}
T32U_EXPORT(pthread_cond_timedwait)

int t32u_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abs)
{
	struct t32u_ts t = abs_ts(abs);

	return t64_mutex_timedlock(m, &t);
}
T32U_EXPORT(pthread_mutex_timedlock)

int t32u_pthread_rwlock_timedrdlock(pthread_rwlock_t *l,
				    const struct timespec *abs)
{
	struct t32u_ts t = abs_ts(abs);

	return t64_rwlock_timedrdlock(l, &t);
}
T32U_EXPORT(pthread_rwlock_timedrdlock)

int t32u_pthread_rwlock_timedwrlock(pthread_rwlock_t *l,
				    const struct timespec *abs)
{
	struct t32u_ts t = abs_ts(abs);

	return t64_rwlock_timedwrlock(l, &t);
}
T32U_EXPORT(pthread_rwlock_timedwrlock)

int t32u_sem_timedwait(sem_t *s, const struct timespec *abs)
{
	struct t32u_ts t = abs_ts(abs);

	return t64_sem_timedwait(s, &t);
}
T32U_EXPORT(sem_timedwait)

int t32u_mq_timedsend(mqd_t q, const char *msg, size_t len, unsigned int prio,
		      const struct timespec *abs)
{
	struct t32u_ts t = abs_ts(abs);

	return t64_mq_timedsend(q, msg, len, prio, &t);
}
T32U_EXPORT(mq_timedsend)

ssize_t t32u_mq_timedreceive(mqd_t q, char *msg, size_t len,
			     unsigned int *prio, const struct timespec *abs)
{
	struct t32u_ts t = abs_ts(abs);

	return t64_mq_timedreceive(q, msg, len, prio, &t);
}
T32U_EXPORT(mq_timedreceive)

/*
 * The clock of a posix timer is known only at timer_create: remember it per
 * timer_t. A timer not in the table (created by a raw system call, or more
 * than TIMERS of them alive) keeps the signed meaning.
 */
#define TIMERS	256

static struct {
	timer_t id;
	clockid_t clk;
	int used;
} timers[TIMERS];
static pthread_mutex_t timers_lock = PTHREAD_MUTEX_INITIALIZER;

int t32u_timer_create(clockid_t clk, struct sigevent *sev, timer_t *id)
{
	static int (*next)(clockid_t, struct sigevent *, timer_t *);
	int i, r;

	if (!next)
		next = (int (*)(clockid_t, struct sigevent *, timer_t *))
			dlsym(RTLD_NEXT, "timer_create");
	if (!next) {		/* no glibc below us: cannot happen */
		errno = EINVAL;
		return -1;
	}
	r = next(clk, sev, id);
	if (r)
		return r;
	pthread_mutex_lock(&timers_lock);
	for (i = 0; i < TIMERS; i++) {
		if (!timers[i].used) {
			timers[i].id = *id;
			timers[i].clk = clk;
			timers[i].used = 1;
			break;
		}
	}
	pthread_mutex_unlock(&timers_lock);
	return 0;
}
T32U_EXPORT(timer_create)

int t32u_timer_delete(timer_t id)
{
	static int (*next)(timer_t);
	int i;

	if (!next)
		next = (int (*)(timer_t))dlsym(RTLD_NEXT, "timer_delete");
	if (!next) {		/* no glibc below us: cannot happen */
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&timers_lock);
	for (i = 0; i < TIMERS; i++)
		if (timers[i].used && timers[i].id == id)
			timers[i].used = 0;
	pthread_mutex_unlock(&timers_lock);
	return next(id);
}
T32U_EXPORT(timer_delete)

static int timer_calendar(timer_t id)
{
	int i, cal = 0;

	pthread_mutex_lock(&timers_lock);
	for (i = 0; i < TIMERS; i++)
		if (timers[i].used && timers[i].id == id)
			cal = t32u_calendar_clock(timers[i].clk);
	pthread_mutex_unlock(&timers_lock);
	return cal;
}

/* A timerfd's clock is in its /proc/self/fdinfo entry ("clockid: N"). */
static int timerfd_calendar(int fd)
{
	char path[64], line[128];
	int clk = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "clockid: %d", &clk) == 1)
			break;
	fclose(f);
	return clk >= 0 && t32u_calendar_clock(clk);
}

static void its_in(struct t32u_ts *d, const struct itimerspec *s, int abs_cal)
{
	d[0].sec = s->it_interval.tv_sec;
	d[0].frac = s->it_interval.tv_nsec;
	d[1].sec = abs_cal ? t32u_decode(s->it_value.tv_sec) : s->it_value.tv_sec;
	d[1].frac = s->it_value.tv_nsec;
}

/* The old value is remaining time: signed, EOVERFLOW as in glibc. */
static int its_out(struct itimerspec *d, const struct t32u_ts *s)
{
	if (s[0].sec != (time_t)s[0].sec || s[1].sec != (time_t)s[1].sec) {
		errno = EOVERFLOW;
		return -1;
	}
	d->it_interval.tv_sec = (time_t)s[0].sec;
	d->it_interval.tv_nsec = s[0].frac;
	d->it_value.tv_sec = (time_t)s[1].sec;
	d->it_value.tv_nsec = s[1].frac;
	return 0;
}

/* Only a value with the sign bit set needs the clock looked up. */
static int needs_clock(int flags, const struct itimerspec *nv, int abs_flag)
{
	return (flags & abs_flag) && (uint32_t)nv->it_value.tv_sec > INT32_MAX;
}

int t32u_timer_settime(timer_t id, int flags, const struct itimerspec *nv,
		       struct itimerspec *ov)
{
	struct t32u_ts n[2], o[2];
	int r;

	its_in(n, nv, needs_clock(flags, nv, TIMER_ABSTIME) && timer_calendar(id));
	r = t64_timer_settime(id, flags, n, ov ? o : NULL);
	return r || !ov ? r : its_out(ov, o);
}
T32U_EXPORT(timer_settime)

int t32u_timerfd_settime(int fd, int flags, const struct itimerspec *nv,
			 struct itimerspec *ov)
{
	struct t32u_ts n[2], o[2];
	int r;

	its_in(n, nv, needs_clock(flags, nv, TFD_TIMER_ABSTIME) &&
		      timerfd_calendar(fd));
	r = t64_timerfd_settime(fd, flags, n, ov ? o : NULL);
	return r || !ov ? r : its_out(ov, o);
}
T32U_EXPORT(timerfd_settime)

/* The clock-selecting waits (glibc 2.30): calendar clocks only. */
static struct t32u_ts clk_ts(clockid_t clk, const struct timespec *t)
{
	struct t32u_ts r = { .sec = t->tv_sec, .frac = t->tv_nsec };

	if (t32u_calendar_clock(clk))
		r.sec = t32u_decode(t->tv_sec);
	return r;
}

int t32u_pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m,
				clockid_t clk, const struct timespec *abs)
{
	struct t32u_ts t = clk_ts(clk, abs);

	return t64_cond_clockwait(c, m, clk, &t);
}
T32U_EXPORT(pthread_cond_clockwait)

int t32u_pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t clk,
				 const struct timespec *abs)
{
	struct t32u_ts t = clk_ts(clk, abs);

	return t64_mutex_clocklock(m, clk, &t);
}
T32U_EXPORT(pthread_mutex_clocklock)

int t32u_pthread_rwlock_clockrdlock(pthread_rwlock_t *l, clockid_t clk,
				    const struct timespec *abs)
{
	struct t32u_ts t = clk_ts(clk, abs);

	return t64_rwlock_clockrdlock(l, clk, &t);
}
T32U_EXPORT(pthread_rwlock_clockrdlock)

int t32u_pthread_rwlock_clockwrlock(pthread_rwlock_t *l, clockid_t clk,
				    const struct timespec *abs)
{
	struct t32u_ts t = clk_ts(clk, abs);

	return t64_rwlock_clockwrlock(l, clk, &t);
}
T32U_EXPORT(pthread_rwlock_clockwrlock)

int t32u_sem_clockwait(sem_t *s, clockid_t clk, const struct timespec *abs)
{
	struct t32u_ts t = clk_ts(clk, abs);

	return t64_sem_clockwait(s, clk, &t);
}
T32U_EXPORT(sem_clockwait)
