// SPDX-License-Identifier: GPL-2.0
/*
 * Absolute deadlines on CLOCK_REALTIME, each in a child under alarm():
 * pthread_cond_timedwait, pthread_mutex_timedlock, pthread_rwlock_timedrdlock
 * and _timedwrlock (the lock held by another thread), sem_timedwait,
 * mq_timedreceive (empty queue) and mq_timedsend (full queue),
 * clock_nanosleep(TIMER_ABSTIME), and timer_settime/timerfd_settime with
 * TIMER_ABSTIME (read back with *_gettime), and the clock-selecting
 * pthread_cond_clockwait, pthread_mutex_clocklock,
 * pthread_rwlock_clock{rd,wr}lock and sem_clockwait (glibc 2.30) on
 * CLOCK_REALTIME. Expected, glibc / libtime32u:
 *   2040 (0x83aa7e80): fails at once (ETIMEDOUT from the pthread and sem
 *     waits, which glibc ends in userspace for a negative deadline; EINVAL
 *     from the system calls) / blocks until the alarm; the timers are armed
 *     more than 10 years ahead;
 *   1 (1970): ETIMEDOUT at once on both sides (clock_nanosleep returns 0,
 *     a timer expires at once);
 *   now + 1 s (today): waits about 1 s on both sides;
 *   0xfffff001 (reserved): what a negative deadline gives today, on both
 *     sides;
 *   tv_nsec 1000000000 (with a 2040 second): EINVAL on both sides, but
 *     glibc's pthread_mutex_timedlock gives ETIMEDOUT: it tests the negative
 *     second before the fraction.
 * Deadlines on CLOCK_MONOTONIC timers keep their signed meaning: 0x83aa7e80
 * is EINVAL on both sides (1 has expired; now+1s of CLOCK_REALTIME is
 * decades ahead on the monotonic clock); so do sem_clockwait's on
 * CLOCK_MONOTONIC (0x83aa7e80 is a past deadline: ETIMEDOUT on both sides).
 */
#include "tap.h"
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <semaphore.h>
#include <sys/timerfd.h>

enum waiter { COND, MUTEX, RDLOCK, WRLOCK, SEM, MQRECV, MQSEND, NANOSLEEP,
	      TIMER, TIMERFD, TIMER_MONO, TIMERFD_MONO,
	      CCOND, CMUTEX, CRDLOCK, CWRLOCK, CSEM, CSEM_MONO, NWAITERS };
static const char *const wname[] = {
	"pthread_cond_timedwait", "pthread_mutex_timedlock",
	"pthread_rwlock_timedrdlock", "pthread_rwlock_timedwrlock",
	"sem_timedwait", "mq_timedreceive", "mq_timedsend",
	"clock_nanosleep(REALTIME, ABSTIME)", "timer_settime(REALTIME, ABSTIME)",
	"timerfd_settime(REALTIME, ABSTIME)", "timer_settime(MONOTONIC, ABSTIME)",
	"timerfd_settime(MONOTONIC, ABSTIME)",
	"pthread_cond_clockwait(REALTIME)", "pthread_mutex_clocklock(REALTIME)",
	"pthread_rwlock_clockrdlock(REALTIME)", "pthread_rwlock_clockwrlock(REALTIME)",
	"sem_clockwait(REALTIME)", "sem_clockwait(MONOTONIC)",
};

enum kind { FAR, PAST, SOON, RESERVED, BADNSEC, NKINDS };
static const char *const kname[] = {
	"2040", "1970", "now+1s", "0xfffff001", "nsec 1000000000"
};

#define WAITED	300	/* pseudo result: returned after waiting about 1 s */
#define ARMED	240	/* child result: a timer armed more than 10 years ahead */
#define NOW	241	/* child result: a timer armed within a second (or expired) */
#define ODD	242	/* child result: a timer armed otherwise */

struct job {
	enum waiter w;
	struct timespec ts;
};

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static sem_t held;

static void *hold(void *arg)
{
	pthread_rwlock_wrlock(&rw);
	sem_post(&held);
	pause();
	return NULL;
}

/* The remaining time of an armed timer, as a pseudo result. */
static int remaining(const struct itimerspec *it)
{
	if (it->it_value.tv_sec > 10 * 365 * 86400L)
		return ARMED;
	if (it->it_value.tv_sec <= 1)
		return NOW;
	return ODD;
}

static int run(void *arg)
{
	struct job *j = arg;
	char name[32], buf[8] = "x";
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec it = { .it_value = j->ts }, cur;
	pthread_t th;
	timer_t t;
	mqd_t q;
	sem_t s;
	int r, fd;

	switch (j->w) {
	case COND:
		pthread_mutex_lock(&m);
		return pthread_cond_timedwait(&c, &m, &j->ts);
	case CCOND:
		pthread_mutex_lock(&m);
		return pthread_cond_clockwait(&c, &m, CLOCK_REALTIME, &j->ts);
	case MUTEX:
		pthread_mutex_lock(&m);	/* a default mutex: relocking waits */
		return pthread_mutex_timedlock(&m, &j->ts);
	case CMUTEX:
		pthread_mutex_lock(&m);
		return pthread_mutex_clocklock(&m, CLOCK_REALTIME, &j->ts);
	case RDLOCK:
	case WRLOCK:
	case CRDLOCK:
	case CWRLOCK:
		sem_init(&held, 0, 0);
		if (pthread_create(&th, NULL, hold, NULL))
			return 250;
		sem_wait(&held);
		if (j->w == RDLOCK)
			return pthread_rwlock_timedrdlock(&rw, &j->ts);
		if (j->w == WRLOCK)
			return pthread_rwlock_timedwrlock(&rw, &j->ts);
		if (j->w == CRDLOCK)
			return pthread_rwlock_clockrdlock(&rw, CLOCK_REALTIME, &j->ts);
		return pthread_rwlock_clockwrlock(&rw, CLOCK_REALTIME, &j->ts);
	case SEM:
		sem_init(&s, 0, 0);
		return sem_timedwait(&s, &j->ts) ? errno : 0;
	case CSEM:
	case CSEM_MONO:
		sem_init(&s, 0, 0);
		return sem_clockwait(&s, j->w == CSEM ? CLOCK_REALTIME : CLOCK_MONOTONIC,
				     &j->ts) ? errno : 0;
	case MQRECV:
	case MQSEND:
		snprintf(name, sizeof(name), "/t32u-%d", (int)getpid());
		q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
		if (q == (mqd_t)-1)
			return 251;
		mq_unlink(name);
		if (j->w == MQRECV)
			return mq_timedreceive(q, buf, sizeof(buf), NULL, &j->ts) < 0 ? errno : 0;
		if (mq_send(q, buf, 1, 0))
			return 252;
		return mq_timedsend(q, buf, 1, 0, &j->ts) ? errno : 0;
	case NANOSLEEP:
		return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &j->ts, NULL);
	case TIMER:
	case TIMER_MONO:
		if (timer_create(j->w == TIMER ? CLOCK_REALTIME : CLOCK_MONOTONIC, &sev, &t))
			return 253;
		if (timer_settime(t, TIMER_ABSTIME, &it, NULL))
			return errno;
		if (timer_gettime(t, &cur))
			return 254;
		return remaining(&cur);
	case TIMERFD:
	case TIMERFD_MONO:
		fd = timerfd_create(j->w == TIMERFD ? CLOCK_REALTIME : CLOCK_MONOTONIC, 0);
		if (fd < 0)
			return 253;
		r = timerfd_settime(fd, TFD_TIMER_ABSTIME, &it, NULL);
		if (r)
			return errno;
		if (timerfd_gettime(fd, &cur))
			return 254;
		return remaining(&cur);
	default:
		return 255;
	}
}

static const char *res(int r)
{
	static char b[32];

	switch (r) {
	case BLOCKED: return "blocked until the alarm";
	case WAITED: return "waited ~1 s";
	case ARMED: return "armed > 10 years ahead";
	case NOW: return "armed <= 1 s ahead";
	case ODD: return "armed 1 s .. 10 years ahead";
	}
	if (r >= 1000) {
		snprintf(b, sizeof(b), "killed by signal %d", r - 1000);
		return b;
	}
	if (r >= 250) {
		snprintf(b, sizeof(b), "setup failure %d", r);
		return b;
	}
	return tap_err(r);
}

/* The expectation of waiter w for deadline kind k on this side. */
static int expect(enum waiter w, enum kind k)
{
	int sys = w == MQRECV || w == MQSEND || w == NANOSLEEP;
	int timer = w >= TIMER && w <= TIMERFD_MONO;
	int neg = sys || timer ? EINVAL : ETIMEDOUT;	/* a negative deadline today */

	/* on MONOTONIC, 1 has expired and now+1s (realtime) is decades ahead */
	if (w == TIMER_MONO || w == TIMERFD_MONO)
		return k == PAST ? NOW : k == SOON ? ARMED : EINVAL;
	/* signed on MONOTONIC: 0x83aa7e80 is a past (negative) deadline */
	if (w == CSEM_MONO)
		return k == SOON ? BLOCKED : k == BADNSEC ? EINVAL : ETIMEDOUT;
	/* glibc's timedlock tests a negative second before the fraction */
	if ((w == MUTEX || w == CMUTEX) && k == BADNSEC && !lib)
		return ETIMEDOUT;
	switch (k) {
	case FAR:
		return lib ? (timer ? ARMED : BLOCKED) : neg;
	case PAST:
		return timer ? NOW : w == NANOSLEEP ? 0 : ETIMEDOUT;
	case SOON:
		return timer ? NOW : WAITED;
	case RESERVED:
		return neg;
	default:
		return EINVAL;
	}
}

int main(int argc, char **argv)
{
	struct timespec now;
	int w, k;

	tap_start(argc, argv, NWAITERS * NKINDS, (void *)pthread_cond_timedwait);
	for (w = 0; w < NWAITERS; w++) {
		for (k = 0; k < NKINDS; k++) {
			struct job j = { .w = w };
			int want = expect(w, k), r;
			long ms;

			clock_gettime(CLOCK_REALTIME, &now);
			j.ts.tv_nsec = 0;
			j.ts.tv_sec = (time_t)0x83aa7e80u;	/* FAR */
			if (k == PAST)
				j.ts.tv_sec = 1;
			else if (k == SOON)
				j.ts.tv_sec = now.tv_sec + 1, j.ts.tv_nsec = now.tv_nsec;
			else if (k == RESERVED)
				j.ts.tv_sec = (time_t)0xfffff001u;
			else if (k == BADNSEC)
				j.ts.tv_nsec = 1000000000;
			r = tap_child(run, &j, k == SOON ? 3 : 1, &ms);
			if (k == SOON && r == (w == NANOSLEEP ? 0 : ETIMEDOUT) && ms >= 800)
				r = WAITED;
			else if (r == BLOCKED && ms < 800)
				r = 1000 + SIGALRM + 100;	/* an alarm that came too early */
			else if (r != BLOCKED && r < 250 && ms >= 800 && k != SOON)
				r = 1000 + 64;			/* waited, but should not have */
			tap(r == want, "%s(%s): %s after %ld ms, want %s",
			    wname[w], kname[k], res(r), ms, res(want));
		}
	}
	return tap_exit();
}
