// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzzer of the legacy 32-bit time syscalls (the time-taking rows of the map's §2):
 * clock_gettime/settime/getres32, clock_nanosleep_time32, nanosleep_time32,
 * timer_create/settime32/gettime32, timerfd_settime32/gettime32, futex_time32,
 * mq_timedsend/timedreceive_time32, utime/utimes/futimesat/utimensat_time32 on a tmpfs
 * file, select/pselect6/ppoll time32, adjtimex/clock_adjtime32 with safe modes,
 * settimeofday, stime, gettimeofday, time, rt_sigtimedwait_time32, semtimedop_time32,
 * recvmmsg_time32. Arguments come from the boundary set (0, 1, 0x7fffffff, 0x80000000,
 * 0xfffff000, 0xfffff001, 0xffffffff, now, ...) and random 32-bit values, with random
 * flags and clock ids, and NULL / unmapped / unaligned / page-straddling pointers. A child
 * process races clock_settime64 jumps across 2038 and 2106 meanwhile.
 *
 * Every sleeping call is bounded: SIGALRM every 10 ms (handler without SA_RESTART) makes
 * blocking calls return EINTR. The run stops after the call count or the wall-clock limit;
 * the parent is the watchdog: if the worker does not finish within the limit + 20 s it is
 * killed and the test fails, printing the seed and the last 16 calls (they live in shared
 * memory); likewise if the worker dies of a signal. The guest must survive: the kernel
 * console is the judge (tools/ktap-summary, tools/fuzz).
 *
 * Parameters (argv: fuzz [SEED [CALLS [SECONDS]]], else the kernel command line):
 *   y2106.fuzzseed=N   (default 2106)   y2106.fuzzcalls=N (default 20000)
 *   y2106.fuzzsecs=N   (default 20)
 * The defaults are the short seeded run of make check; tools/fuzz runs long ones.
 * Expected in every variant: the worker finishes, no call hangs, the guest lives. It sets
 * the clock (back at the end), so it runs only as a child of the y2106 guest's /init.
 * adjtimex gets safe modes only (a stale buffer passed as the timex gets the same safe
 * timex): random modes could clear STA_UNSYNC, and the kernel's sync work would then
 * write the racer's clock into the RTC, which later tests read. At the end every NTP
 * field a mode can set is put back as found, not only what the safe modes set (STA_NANO,
 * the error estimates): runs on i386 have left the frequency changed too. Then checked.
 */
#include "y2106.h"
#include <poll.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <linux/futex.h>
#include <linux/mqueue.h>
#include <linux/sem.h>
#include "yrtc.h"

#ifndef FUTEX_LOCK_PI2
#define FUTEX_LOCK_PI2	13	/* Linux 5.14: not in the uapi headers of 5.10 (ENOSYS there) */
#endif

#define FILE_PATH	"/tmp/y2106-fuzz"
#define MQ_NAME		"y2106-fuzz"
#define NRING		16
#define NTIMERS		8
#define NTFDS		4
#define Y_UTIME_NOW	((1L << 30) - 1L)
#define Y_UTIME_OMIT	((1L << 30) - 2L)

/* ----- reproducible randomness (xorshift64*) ----- */

static uint64_t rng;
static uint32_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (uint32_t)((rng * 2685821657736338717ULL) >> 32);
}
static uint32_t below(uint32_t n) { return n ? rnd() % n : 0; }
#define PICK(a) ((a)[below(sizeof(a) / sizeof((a)[0]))])

/* ----- the last calls, in memory the watchdog can read ----- */

struct ring {
	uint64_t seed, calls;
	unsigned int next;
	char line[NRING][160];
};
static struct ring *ring;

static void logcall(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logcall(const char *fmt, ...)
{
	va_list ap;
	char *l = ring->line[ring->next % NRING];

	va_start(ap, fmt);
	snprintf(l, sizeof(ring->line[0]), "#%llu ", (unsigned long long)ring->calls);
	vsnprintf(l + strlen(l), sizeof(ring->line[0]) - strlen(l), fmt, ap);
	va_end(ap);
	ring->next++;
	ring->calls++;
}

static void print_ring(void)
{
	unsigned int n = ring->next < NRING ? ring->next : NRING;

	ksft_print_msg("seed %llu: the last %u of %llu calls (each logged before it is made):\n",
		       (unsigned long long)ring->seed, n, (unsigned long long)ring->calls);
	for (unsigned int i = ring->next - n; i != ring->next; i++)
		ksft_print_msg("  %s\n", ring->line[i % NRING]);
}

/* ----- argument generators ----- */

static char *page2;		/* two pages: the second unmapped (for straddling structs) */
static char *unmapped;		/* an unmapped page */
static char buf[4][256] __attribute__((aligned(16)));

static const uint32_t bound_secs[] = {
	0, 1, 2, 0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001, 0x83aa7e80 /* 2040 */,
	0xfffff000, 0xfffff001, 0xfffffdfc /* -ERESTARTSYS */, 0xffffffff, 0x40000000,
};

static uint32_t rsec(void)
{
	switch (below(6)) {
	case 0: case 1: case 2: return PICK(bound_secs);
	case 3: return (uint32_t)y_now64(CLOCK_REALTIME).tv_sec + below(5) - 2;
	case 4: return below(4);	/* small relative times */
	default: return rnd();
	}
}

static int32_t rfrac(int usec)
{
	static const int32_t f[] = { 0, 1, 999999, 1000000, 999999999, 1000000000, -1,
				     0x7fffffff, (int32_t)0x80000000, Y_UTIME_NOW, Y_UTIME_OMIT };

	switch (below(4)) {
	case 0: return PICK(f);
	case 1: return (int32_t)below(usec ? 1000000 : 1000000000);
	case 2: return (int32_t)below(1000);
	default: return (int32_t)rnd();
	}
}

/* A pointer for a struct of len bytes: mostly buf[slot] filled by the caller. */
static void *rptr(int slot, size_t len)
{
	switch (below(16)) {
	case 0: return NULL;
	case 1: return unmapped + below(4096);
	case 2: return page2 + 4096 - (len > 4 ? len / 2 : 1);	/* straddles into unmapped */
	case 3: return (void *)(uintptr_t)(0xc0000000u + below(0x40000000u));	/* kernel */
	case 4: return buf[slot] + 1 + below(3);	/* unaligned */
	default: return buf[slot];
	}
}

static void fill_ts(void *p, int usec)
{
	int32_t *w = p;

	w[0] = (int32_t)rsec();
	w[1] = rfrac(usec);
}

/* Two timespecs / timevals (utimes family, itimerspec) at buf[slot]. */
static void *rtimes(int slot, int usec)
{
	fill_ts(buf[slot], usec);
	fill_ts(buf[slot] + 8, usec);
	if (below(3) == 0)	/* a short relative interval, often */
		((int32_t *)buf[slot])[0] = (int32_t)below(3);
	return rptr(slot, 16);
}

static void *rts(int slot, int usec)
{
	fill_ts(buf[slot], usec);
	return rptr(slot, 8);
}

static int fd_clock = -1, pid_racer;

static clockid_t rclock(void)
{
	static const int c[] = { CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID,
				 CLOCK_THREAD_CPUTIME_ID, CLOCK_MONOTONIC_RAW,
				 CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE, CLOCK_BOOTTIME,
				 CLOCK_REALTIME_ALARM, CLOCK_BOOTTIME_ALARM, 10, CLOCK_TAI, 12, 16,
				 -1, CLOCK_REALTIME, CLOCK_REALTIME, CLOCK_TAI };

	switch (below(8)) {
	case 0: return (clockid_t)((~(unsigned int)(below(2) ? pid_racer : 1) << 3) | below(4));
	case 1: return (clockid_t)((~(unsigned int)fd_clock << 3) | 3);	/* fd clock */
	case 2: return (clockid_t)rnd();
	default: return PICK(c);
	}
}

/* ----- objects the calls work on ----- */

static int timers[NTIMERS], ntimers;
static int tfds[NTFDS];
static int mqd = -1, semid = -1, pipefd[2] = { -1, -1 }, sockfd[2] = { -1, -1 };
static int futex_word, pi_word;

static void setup_objects(void)
{
	static const int tclk[NTFDS] = { CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME,
					 CLOCK_REALTIME_ALARM };
	struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 16 };
	int fd = open(FILE_PATH, O_CREAT | O_RDWR, 0644);

	if (fd >= 0)
		close(fd);
	for (int i = 0; i < NTFDS; i++)
		tfds[i] = (int)syscall(__NR_timerfd_create, tclk[i], 0);
	mqd = (int)syscall(__NR_mq_open, MQ_NAME, O_CREAT | O_RDWR, 0600, &attr);
	semid = (int)syscall(
#ifdef __NR_semget
		__NR_semget, IPC_PRIVATE, 1, IPC_CREAT | 0600
#else
		__NR_ipc, 2 /* SEMGET */, IPC_PRIVATE, 1, IPC_CREAT | 0600
#endif
		);
	if (pipe(pipefd))
		pipefd[0] = pipefd[1] = -1;
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sockfd))
		sockfd[0] = sockfd[1] = -1;
	fd_clock = open("/dev/rtc0", O_RDONLY);	/* not a posix clock: EINVAL paths */
}

static void cleanup_objects(void)
{
	for (int i = 0; i < ntimers; i++)
		syscall(__NR_timer_delete, timers[i]);
	syscall(__NR_mq_unlink, MQ_NAME);
	if (semid >= 0)
#ifdef __NR_semctl
		syscall(__NR_semctl, semid, 0, IPC_RMID | 0x100 /* IPC_64 */, 0);
#else
		syscall(__NR_ipc, 3 /* SEMCTL */, semid, 0, IPC_RMID | 0x100, 0);
#endif
	unlink(FILE_PATH);
}

static int rtimer(void)
{
	if (!ntimers || below(10) == 0)
		return (int)rnd() % 64;
	return timers[below(ntimers)];
}

static int rtfd(void) { return below(10) ? tfds[below(NTFDS)] : (int)below(64) - 1; }

/* ----- the calls ----- */

static void sig_nop(int sig) { (void)sig; }

static long one_call(void)
{
	long r = 0;
	int clk, flags;
	void *p, *q;

	switch (below(34)) {
	case 0:
		clk = rclock();
		logcall("clock_gettime32(%d)", clk);
		r = syscall(__NR_clock_gettime, clk, rptr(0, 8));
		break;
	case 1:
		clk = rclock();
		logcall("clock_getres32(%d)", clk);
		r = syscall(__NR_clock_getres, clk, rptr(0, 8));
		break;
	case 2: case 3:
		clk = rclock();
		p = rts(0, 0);
		logcall("clock_settime32(%d, %p {0x%08x, %d})", clk, p,
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1]);
		r = syscall(__NR_clock_settime, clk, p);
		break;
	case 4: case 5:
		clk = rclock();
		flags = below(3) ? (int)below(2) : (int)rnd();	/* TIMER_ABSTIME = 1 */
		p = rts(0, 0);
		logcall("clock_nanosleep32(%d, %#x, {0x%08x, %d})", clk, flags,
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1]);
		r = syscall(__NR_clock_nanosleep, clk, flags, p, rptr(1, 8));
		break;
	case 6:
		p = rts(0, 0);
		logcall("nanosleep32({0x%08x, %d})", ((uint32_t *)buf[0])[0],
			((int32_t *)buf[0])[1]);
		r = syscall(__NR_nanosleep, p, rptr(1, 8));
		break;
	case 7: {
		struct { int32_t value; int32_t signo, notify; int32_t tid; int32_t pad[12]; } ev;

		memset(&ev, 0, sizeof(ev));
		ev.signo = below(2) ? SIGUSR1 : SIGALRM;
		ev.notify = below(2) ? 1 /* SIGEV_NONE */ : 0 /* SIGEV_SIGNAL */;
		if (ntimers == NTIMERS) {
			logcall("timer_delete(%d)", timers[0]);
			r = syscall(__NR_timer_delete, timers[0]);
			memmove(timers, timers + 1, sizeof(timers[0]) * --ntimers);
			break;
		}
		clk = rclock();
		logcall("timer_create(%d, notify %d)", clk, ev.notify);
		r = syscall(__NR_timer_create, clk, below(8) ? (void *)&ev : NULL,
			    &timers[ntimers]);
		if (r == 0)
			ntimers++;
		break;
	}
	case 8: case 9: {
		int t = rtimer();

		flags = below(3) ? (int)below(2) : (int)rnd();
		p = rtimes(0, 0);
		logcall("timer_settime32(%d, %#x, {{0x%08x, %d}, {0x%08x, %d}})", t, flags,
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1],
			((uint32_t *)buf[0])[2], ((int32_t *)buf[0])[3]);
		r = syscall(__NR_timer_settime, t, flags, p, below(2) ? rptr(1, 16) : NULL);
		break;
	}
	case 10: {
		int t = rtimer();

		logcall("timer_gettime32(%d)", t);
		r = syscall(__NR_timer_gettime, t, rptr(0, 16));
		break;
	}
	case 11: case 12: {
		int fd = rtfd();

		/* TFD_TIMER_ABSTIME 1, TFD_TIMER_CANCEL_ON_SET 2 */
		flags = below(4) ? (int)below(4) : (int)rnd();
		p = rtimes(0, 0);
		logcall("timerfd_settime32(%d, %#x, {{0x%08x, %d}, {0x%08x, %d}})", fd, flags,
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1],
			((uint32_t *)buf[0])[2], ((int32_t *)buf[0])[3]);
		r = syscall(__NR_timerfd_settime, fd, flags, p, below(2) ? rptr(1, 16) : NULL);
		break;
	}
	case 13: {
		int fd = rtfd();

		logcall("timerfd_gettime32(%d)", fd);
		r = syscall(__NR_timerfd_gettime, fd, rptr(0, 16));
		break;
	}
	case 14: case 15: {
		static const int ops[] = { FUTEX_WAIT, FUTEX_WAIT_BITSET, FUTEX_LOCK_PI,
					   FUTEX_LOCK_PI2, FUTEX_WAIT_REQUEUE_PI, FUTEX_UNLOCK_PI,
					   FUTEX_WAKE, FUTEX_TRYLOCK_PI, FUTEX_CMP_REQUEUE_PI };
		int op = PICK(ops), pi = op == FUTEX_LOCK_PI || op == FUTEX_LOCK_PI2 ||
			 op == FUTEX_UNLOCK_PI || op == FUTEX_TRYLOCK_PI;
		int *w = pi ? &pi_word : &futex_word, cmd;

		if (below(2))
			op |= FUTEX_PRIVATE_FLAG;
		if (below(2))
			op |= FUTEX_CLOCK_REALTIME;
		if (below(16) == 0)
			op = (int)rnd();
		q = below(12) ? (void *)w : below(2) ? (void *)((char *)w + 1) : rptr(1, 4);
		p = rts(0, 0);
		cmd = op & FUTEX_CMD_MASK;
		if (cmd == FUTEX_WAIT_REQUEUE_PI || cmd == FUTEX_LOCK_PI || cmd == FUTEX_LOCK_PI2) {
			/*
			 * A signal restarts these waits (-ERESTARTNOINTR), so SIGALRM cannot
			 * bound them. A PI lock only blocks on a word owned by another task:
			 * never lock a scratch buffer, whose bytes may be any task's TID. And
			 * give them a valid deadline within 20 ms: on CLOCK_MONOTONIC, which
			 * the racer's jumps do not move (LOCK_PI is always CLOCK_REALTIME; the
			 * racer jumps past it within a few jumps).
			 */
			int rt = cmd == FUTEX_LOCK_PI;
			struct ts64 m = y_now64(rt ? CLOCK_REALTIME : CLOCK_MONOTONIC);
			int64_t ns = m.tv_nsec + below(20000000);

			if ((char *)q >= buf[0] && (char *)q < buf[4])
				q = w;
			if (!rt)
				op &= ~FUTEX_CLOCK_REALTIME;
			((int32_t *)buf[0])[0] = (int32_t)(m.tv_sec + ns / 1000000000);
			((int32_t *)buf[0])[1] = (int32_t)(ns % 1000000000);
			p = buf[0];
		}
		logcall("futex_time32(%p, %#x, {0x%08x, %d})", q, op, ((uint32_t *)buf[0])[0],
			((int32_t *)buf[0])[1]);
		r = syscall(__NR_futex, q, op, *w, p, &futex_word,
			    below(2) ? 0xffffffffu : rnd());
		break;
	}
	case 16: case 17: {
		char msg[16] = "y2106";
		int send = below(2);

		p = rts(0, 0);
		logcall("mq_timed%s_time32(%d, {0x%08x, %d})", send ? "send" : "receive", mqd,
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1]);
		if (send)
			r = syscall(__NR_mq_timedsend, mqd, msg, below(20), below(32), p);
		else
			r = syscall(__NR_mq_timedreceive, mqd, msg, sizeof(msg), NULL, p);
		break;
	}
	case 18: case 19: {
		static const char *const paths[] = { FILE_PATH, FILE_PATH, FILE_PATH, "/tmp",
						     "", "/nonexistent/x", "/proc/self/stat" };
		const char *path = below(10) ? PICK(paths) : (const char *)rptr(2, 1);
		int usec = below(2), which = below(4);

		p = rtimes(0, usec);
		if (which == 0 && below(2))	/* struct utimbuf: two plain seconds */
			((int32_t *)buf[0])[1] = (int32_t)rsec();
		logcall("%s(%s, {0x%08x, %d}, {0x%08x, %d})",
			which == 0 ? "utime32" : which == 1 ? "utimes32" : which == 2 ?
			"futimesat32" : "utimensat32", path && (uintptr_t)path > 0xffff &&
			(char *)path != unmapped ? "path" : "badptr",
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1],
			((uint32_t *)buf[0])[2], ((int32_t *)buf[0])[3]);
		switch (which) {
		case 0:
#ifdef __NR_utime
			r = syscall(__NR_utime, path, p);
#endif
			break;
		case 1: r = syscall(__NR_utimes, path, p); break;
		case 2: r = syscall(__NR_futimesat, below(4) ? AT_FDCWD : (int)below(8), path, p); break;
		default:
			r = syscall(__NR_utimensat, below(4) ? AT_FDCWD : (int)below(8),
				    below(8) ? path : NULL, p, below(4) ? 0 : (int)rnd());
		}
		break;
	}
	case 20: case 21: {
		fd_set *rs = (fd_set *)buf[1];
		int n = pipefd[0] + 1, which = below(3);

		memset(buf[1], 0, sizeof(buf[1]));
		if (pipefd[0] >= 0)
			FD_SET(pipefd[0], rs);
		p = rts(0, which == 0);
		if (below(8) == 0)
			n = (int)rnd();
		logcall("%s(%d, {0x%08x, %d})", which == 0 ? "select" : which == 1 ?
			"pselect6_time32" : "ppoll_time32", n, ((uint32_t *)buf[0])[0],
			((int32_t *)buf[0])[1]);
		if (which == 0)
			r = syscall(__NR__newselect, n, rs, NULL, NULL, p);
		else if (which == 1)
			r = syscall(__NR_pselect6, n, rs, NULL, NULL, p, NULL);
		else {
			struct pollfd *pf = (struct pollfd *)buf[2];

			pf[0] = (struct pollfd){ .fd = pipefd[0], .events = POLLIN };
			pf[1] = (struct pollfd){ .fd = sockfd[0], .events = POLLIN };
			r = syscall(__NR_ppoll, pf, below(3), p, NULL, 8);
		}
		break;
	}
	case 22: case 23: {
		/* safe modes: reads, ADJ_SETOFFSET (the clock is restored), errors */
		static const uint32_t modes[] = { 0, 0xa001 /* ADJ_OFFSET_SS_READ */,
			0x0100 /* ADJ_SETOFFSET */, 0x2100 /* | ADJ_NANO */, 0x0004 /* MAXERROR */,
			0x0008 /* ESTERROR */, 0x8000 /* ADJ_ADJTIME alone: EINVAL */,
			0x0100, 0x2100 };
		struct old_timex32 *tx = (struct old_timex32 *)buf[3];
		int ca = below(2);

		memset(tx, 0, sizeof(*tx));
		syscall(__NR_adjtimex, tx);	/* start from the current values */
		tx->modes = PICK(modes);
		tx->time.tv_sec = (int32_t)(below(2) ? rsec() : below(7) - 3);
		tx->time.tv_usec = rfrac(!(tx->modes & 0x2000));
		tx->maxerror = (int32_t)below(1000000);
		tx->esterror = (int32_t)below(1000000);
		p = below(10) ? (void *)tx : rptr(1, 128);
		/*
		 * The stale buffer (aligned or not) gets the same safe timex: its random
		 * modes could clear STA_UNSYNC, and the kernel's sync work would then write
		 * the racer's clock (2038, 2106) into the RTC, which the guest's later tests
		 * read. The other pointers fault before any mode is applied.
		 */
		if ((char *)p >= buf[1] && (char *)p < buf[1] + 4)
			memcpy(p, tx, sizeof(*tx));
		clk = ca ? (below(4) ? CLOCK_REALTIME : rclock()) : 0;
		logcall("%s(%d, modes %#x, time {0x%08x, %d})", ca ? "clock_adjtime32" :
			"adjtimex_time32", clk, tx->modes, (uint32_t)tx->time.tv_sec,
			tx->time.tv_usec);
		r = ca ? syscall(__NR_clock_adjtime, clk, p) : syscall(__NR_adjtimex, p);
		break;
	}
	case 24:
		p = rts(0, 1);
		logcall("settimeofday({0x%08x, %d})", ((uint32_t *)buf[0])[0],
			((int32_t *)buf[0])[1]);
		r = syscall(__NR_settimeofday, p, NULL);
		break;
	case 25:
#ifdef __NR_stime
		((uint32_t *)buf[0])[0] = rsec();
		logcall("stime32(0x%08x)", ((uint32_t *)buf[0])[0]);
		r = syscall(__NR_stime, rptr(0, 4));
#endif
		break;
	case 26:
		logcall("gettimeofday");
		r = syscall(__NR_gettimeofday, rptr(0, 8), below(2) ? rptr(1, 8) : NULL);
		break;
	case 27:
#ifdef __NR_time
		logcall("time32");
		r = (long)y_raw_time32(below(2) ? rptr(0, 4) : NULL);
#endif
		break;
	case 28: {
		uint32_t *set = (uint32_t *)buf[2];

		set[0] = below(2) ? 1u << (SIGUSR2 - 1) : rnd() & ~(1u << (SIGKILL - 1));
		set[1] = 0;
		p = rts(0, 0);
		logcall("rt_sigtimedwait_time32(%#x, {0x%08x, %d})", set[0],
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1]);
		r = syscall(__NR_rt_sigtimedwait, set, NULL, p, 8);
		break;
	}
	case 29: {
		struct sembuf *op = (struct sembuf *)buf[2];

		op->sem_num = below(8) ? 0 : below(4);
		op->sem_op = below(4) ? -1 : (short)below(3) - 1;
		op->sem_flg = below(4) ? 0 : IPC_NOWAIT;
		p = rts(0, 0);
		logcall("semtimedop_time32(%d, op %d, {0x%08x, %d})", semid, op->sem_op,
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1]);
#ifdef __NR_semtimedop
		r = syscall(__NR_semtimedop, semid, op, 1, p);
#else
		r = syscall(__NR_ipc, 4 /* SEMTIMEDOP */, semid, 1, 0, op, p);
#endif
		break;
	}
	case 30: case 31: {
		struct { struct msghdr hdr; unsigned int len; } mm[2];
		struct iovec iov = { buf[2], 64 };

		memset(mm, 0, sizeof(mm));
		mm[0].hdr.msg_iov = &iov;
		mm[0].hdr.msg_iovlen = 1;
		if (below(3) == 0)
			send(sockfd[1], "y2106", 5, MSG_DONTWAIT);
		p = rts(0, 0);
		flags = below(4) ? 0 : below(2) ? MSG_DONTWAIT : MSG_WAITFORONE;
		logcall("recvmmsg_time32(%d, %#x, {0x%08x, %d})", sockfd[0], flags,
			((uint32_t *)buf[0])[0], ((int32_t *)buf[0])[1]);
		r = syscall(__NR_recvmmsg, sockfd[0], mm, 1 + below(2), flags, p);
		break;
	}
	case 32:
#ifdef __NR_select
		{	/* old_select (i386): one struct of pointers */
			struct { uint32_t n, in, out, ex, tv; } *a = (void *)buf[3];

			p = rts(0, 1);
			memset(buf[1], 0, sizeof(buf[1]));
			a->n = pipefd[0] + 1;
			a->in = (uint32_t)(uintptr_t)buf[1];
			a->out = a->ex = 0;
			a->tv = (uint32_t)(uintptr_t)p;
			logcall("old_select({0x%08x, %d})", ((uint32_t *)buf[0])[0],
				((int32_t *)buf[0])[1]);
			r = syscall(__NR_select, a);
		}
#endif
		break;
	default: {
		/* sleep on an absolute CLOCK_REALTIME time near a boundary: the racer moves it */
		struct old_timespec32 *ts = (struct old_timespec32 *)buf[0];

		ts->tv_sec = (int32_t)PICK(bound_secs);
		ts->tv_nsec = (int32_t)below(1000000000);
		logcall("clock_nanosleep32(REALTIME, ABSTIME, {0x%08x, %d})",
			(uint32_t)ts->tv_sec, ts->tv_nsec);
		r = syscall(__NR_clock_nanosleep, CLOCK_REALTIME, 1, ts, NULL);
	}
	}
	return r;
}

/* ----- the racer: clock_settime64 jumps across 2038 and 2106 ----- */

static void racer(uint64_t seed)
{
	static const int64_t pts[] = { 0x7fffffffLL - 1, 0x7fffffffLL, 0x80000000LL, Y_2040,
				       0xfffff000LL - 1, 0xfffff000LL, 0xfffff001LL,
				       0xffffffffLL, 0x100000000LL, Y_2107, 0x7fffffffLL - 3600 };

	rng = seed ^ 0x9e3779b97f4a7c15ULL;
	for (;;) {
		struct ts64 ts = { PICK(pts), below(1000000000) };
		struct timespec d = { 0, (long)below(3000000) };

		syscall(__NR_clock_settime64, CLOCK_REALTIME, &ts);
		nanosleep(&d, NULL);
	}
}

/* ----- the worker ----- */

static void worker(uint64_t seed, uint64_t calls, unsigned int secs)
{
	struct sigaction sa;
	struct itimerval it = { { 0, 10000 }, { 0, 10000 } };
	struct ts64 start = y_now64(CLOCK_MONOTONIC);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sig_nop;	/* no SA_RESTART: blocking calls return EINTR */
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigaction(SIGIO, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	rng = seed ? seed : 1;
	setup_objects();
	if (setitimer(ITIMER_REAL, &it, NULL))
		_exit(3);
	while (ring->calls < calls && y_elapsed(start) < secs)
		one_call();
	it = (struct itimerval){ { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &it, NULL);
	cleanup_objects();
	_exit(0);
}

/* The RTC's seconds (RTC_RD_TIME on /dev/rtc0), or -1. */
static int64_t rtc_now(void)
{
	int64_t sec = -1;
	int fd = open("/dev/rtc0", O_RDONLY);

	if (fd < 0)
		return -1;
	if (y_rtc_read(fd, &sec))
		sec = -1;
	close(fd);
	return sec;
}

/* ntp_put_back(found): the NTP state as adjtimex read it before the run. */
static void ntp_put_back(const struct old_timex32 *found)
{
	struct old_timex32 tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SINGLESHOT;	/* offset 0: no adjtime() slew left */
	syscall(__NR_adjtimex, &tx);
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_STATUS | ADJ_OFFSET;	/* the PLL offset is taken only with STA_PLL */
	tx.status = STA_PLL;
	syscall(__NR_adjtimex, &tx);
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_TAI;
	tx.constant = found->tai;
	syscall(__NR_adjtimex, &tx);
	/* the time constant is taken as it reads only in nanosecond mode (ADJ_NANO) */
	tx = *found;
	tx.modes = ADJ_STATUS | ADJ_NANO | ADJ_FREQUENCY | ADJ_MAXERROR | ADJ_ESTERROR |
		   ADJ_TIMECONST | ADJ_TICK;
	syscall(__NR_adjtimex, &tx);
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_STATUS | (found->status & STA_NANO ? ADJ_NANO : ADJ_MICRO);
	tx.status = found->status;
	syscall(__NR_adjtimex, &tx);
}

static uint64_t param(int argc, char **argv, int i, const char *key, uint64_t def)
{
	const char *v = argc > i ? argv[i] : y_cmdline_get(key);

	return v ? strtoull(v, NULL, 0) : def;
}

int main(int argc, char **argv)
{
	uint64_t seed, calls;
	unsigned int secs;
	struct old_timex32 ntp, now;
	struct ts64 start;
	int64_t rtc0, rtc1;
	struct ts64 rtc_start;
	double rtc_secs;
	int st = 0, done = 0;
	pid_t w;

	y_init("fuzz", 3, 0);
	seed = param(argc, argv, 1, "y2106.fuzzseed", 2106);
	calls = param(argc, argv, 2, "y2106.fuzzcalls", 20000);
	secs = (unsigned int)param(argc, argv, 3, "y2106.fuzzsecs", 20);
	alarm(secs + 60);	/* the last resort, if even the watchdog hangs */
	ksft_print_msg("seed %llu, at most %llu calls in %u s (reproduce: y2106.fuzzseed=%llu y2106.fuzzcalls=%llu y2106.fuzzsecs=%u)\n",
		       (unsigned long long)seed, (unsigned long long)calls, secs,
		       (unsigned long long)seed, (unsigned long long)calls, secs);
	ring = mmap(NULL, sizeof(*ring), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	page2 = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unmapped = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ring == MAP_FAILED || page2 == MAP_FAILED || unmapped == MAP_FAILED ||
	    munmap(page2 + 4096, 4096) || munmap(unmapped, 4096))
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	memset(ring, 0, sizeof(*ring));
	ring->seed = seed;
	y_clock_save();
	memset(&ntp, 0, sizeof(ntp));
	syscall(__NR_adjtimex, &ntp);
	rtc0 = rtc_now();
	rtc_start = y_now64(CLOCK_MONOTONIC);
	fflush(stdout);

	pid_racer = fork();
	if (pid_racer == 0)
		racer(seed);
	w = fork();
	if (w == 0)
		worker(seed, calls, secs);
	start = y_now64(CLOCK_MONOTONIC);
	/* the watchdog: the worker gets the wall limit and 20 s more */
	while (!done && y_elapsed(start) < secs + 20) {
		struct timespec d = { 0, 100000000 };

		if (waitpid(w, &st, WNOHANG) == w)
			done = 1;
		else
			nanosleep(&d, NULL);
	}
	if (!done) {
		kill(w, SIGKILL);
		waitpid(w, &st, 0);
	}
	kill(pid_racer, SIGKILL);
	waitpid(pid_racer, NULL, 0);
	rtc1 = rtc_now();
	rtc_secs = y_elapsed(rtc_start);
	y_clock_restore();
	memset(&now, 0, sizeof(now));
	syscall(__NR_adjtimex, &now);
	ksft_print_msg("NTP state the run left: status %#x freq %d offset %d constant %d tick %d tai %d\n",
		       now.status, now.freq, now.offset, now.constant, now.tick, now.tai);
	ntp_put_back(&ntp);
	memset(&now, 0, sizeof(now));
	syscall(__NR_adjtimex, &now);
	if (!done || !WIFEXITED(st) || WEXITSTATUS(st))
		print_ring();
	ksft_test_result(done && WIFEXITED(st) && !WEXITSTATUS(st),
			 "fuzz: seed %llu, %llu calls in %.1f s, worker %s\n",
			 (unsigned long long)seed, (unsigned long long)ring->calls,
			 y_elapsed(start), !done ? "HUNG: killed by the watchdog" :
			 WIFSIGNALED(st) ? strsignal(WTERMSIG(st)) :
			 WEXITSTATUS(st) ? "failed to start" : "finished");
	ksft_test_result(now.status == ntp.status && now.freq == ntp.freq && now.offset == ntp.offset &&
			 now.constant == ntp.constant && now.tick == ntp.tick && now.tai == ntp.tai,
			 "NTP state after the run: status %#x freq %d offset %d constant %d tick %d tai %d; want as found: %#x %d %d %d %d %d\n",
			 now.status, now.freq, now.offset, now.constant, now.tick, now.tai,
			 ntp.status, ntp.freq, ntp.offset, ntp.constant, ntp.tick, ntp.tai);
	if (rtc0 < 0 || rtc1 < 0)
		ksft_test_result_skip("RTC untouched by the run: no /dev/rtc0 to read\n");
	else
		ksft_test_result(llabs(rtc1 - rtc0 - (int64_t)rtc_secs) <= 2,
				 "RTC untouched by the run: it moved %lld s in %.1f s; want as far as the run lasted, +-2 s (nothing wrote it)\n",
				 (long long)(rtc1 - rtc0), rtc_secs);
	ksft_finished();
}
