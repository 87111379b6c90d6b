// SPDX-License-Identifier: GPL-2.0
/*
 * The per-process legacy 32-bit time mode: a task chooses its own mode with the
 * personality flags TIME32_UNSIGNED (0x0010000) or TIME32_SIGNED (0x0008000), else it
 * gets the boot mode (time32=). Every case runs the same probe in some task, with the
 * clock in 2040, and states the mode the probe must find there:
 *   utimensat32(mtime = the 32 bits of 2040-01-01) then statx (the 64-bit truth):
 *       unsigned 2040-01-01, signed 1903-11-25 (sign-extended);
 *   stat64 of a file whose mtime is 1969-12-31 23:59:59 (set with the 64-bit call):
 *       unsigned 0 (saturated), signed 0xffffffff (the low 32 bits);
 *   clock_nanosleep32(REALTIME, ABSTIME, 2040 now-10 s), an expired deadline:
 *       unsigned 0 at once, signed EINVAL (1904 is before 1970).
 * The mode expected per kernel variant:
 *   pristine, off: signed everywhere; the flags are accepted and ignored, and a setuid
 *                  exec keeps them (behaviour unchanged).
 *   signed, unsigned (CONFIG_TIME32_UNSIGNED=y booted so): TIME32_UNSIGNED -> unsigned
 *                  (also with both flags), else TIME32_SIGNED -> signed, else the boot mode.
 * Cases: four siblings (each flag, none, both) and the untouched parent; inheritance
 * across fork, exec, the launcher /bin/time32 (tools/time32-mode) and its "default";
 * threads (per task: a thread created after the choice inherits it, one created before
 * keeps the old mode); an unprivileged task chooses for itself but cannot change a
 * sibling of the same uid (/proc/PID/personality cannot be opened for writing), while
 * root sees the choice there; a setuid exec drops the choice (the program runs in the boot
 * mode); with the clock in 2107 the 32-bit vDSO clock_gettime() returns what the system
 * call returns in the mode of the task calling it (unsigned 0xfffff000, signed the low
 * 32 bits): the vDSO knows no mode and leaves such times to the system call. The chosen flag F is the opposite of the boot mode (TIME32_UNSIGNED on pristine,
 * off and signed boots, TIME32_SIGNED on unsigned boots), so inheritance is seen in both.
 * A kernel without the per-process mode (pristine, off, or the series before it) fails
 * the cases whose expected mode differs from its boot mode. Every wait is bounded by
 * the watchdog (alarm); the children have their own.
 */
#include <pthread.h>
#include <sys/auxv.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include "y2106.h"
#include "filetimes.h"
#include "vDSO/parse_vdso.c"

#define P_SIGNED	0x0008000
#define P_UNSIGNED	0x0010000
#define P_MASK		(P_SIGNED | P_UNSIGNED)
#define SELF		"/tests/time32-permode"
#define SUID		"/tmp/permode-suid"
#define LAUNCHER	"/bin/time32"
#define SIGNED_2040	(Y_2040 - 0x100000000LL)	/* the 32 bits of 2040, sign-extended */

/* What one probe found, in the task that ran it. */
struct probe {
	int ok;			/* the probe ran to its end */
	unsigned int pers;	/* personality(0xffffffff) there */
	unsigned int euid;
	int set_err;		/* utimensat32 */
	int64_t set_m;		/* statx mtime after it */
	int stat_err;		/* stat64 */
	uint32_t stat_m;	/* its st_mtime of the 1969 file */
	int sleep_err;		/* clock_nanosleep32 of the expired 2040 deadline */
};

static void probe(struct probe *p)
{
	struct old_timespec32 ts[2] = { { (int32_t)(uint32_t)Y_2040, 0 },
					{ (int32_t)(uint32_t)Y_2040, 0 } };
	struct ts64 t64[2] = { { -1, 0 }, { -1, 0 } };	/* 1969-12-31 23:59:59 */
	struct old_timespec32 dl;
	struct y_stat64 s;
	char path[64];
	struct y_res r;
	int fd;

	memset(p, 0, sizeof(*p));
	p->pers = (unsigned int)personality(0xffffffff);
	p->euid = geteuid();
	snprintf(path, sizeof(path), "/tmp/permode-%ld", (long)syscall(__NR_gettid));
	unlink(path);
	fd = open(path, O_CREAT | O_WRONLY, 0644);
	if (fd < 0)
		return;
	close(fd);
	r = Y_CALL(__NR_utimensat, AT_FDCWD, path, ts, 0);
	p->set_err = r.err;
	p->set_m = y_statx_times(path).m;
	if (syscall(__NR_utimensat_time64, AT_FDCWD, path, t64, 0))
		return;
	memset(&s, 0, sizeof(s));
	r = Y_CALL(__NR_stat64, path, &s);
	p->stat_err = r.err;
	p->stat_m = (uint32_t)s.st_mtime_;
	unlink(path);
	dl.tv_sec = (int32_t)(uint32_t)(y_now64(CLOCK_REALTIME).tv_sec - 10);
	dl.tv_nsec = 0;
	r = Y_CALL(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, &dl, NULL);
	p->sleep_err = r.err;
	p->ok = 1;
}

static int on_kernel(void)
{
	return y_variant == Y_SIGNED || y_variant == Y_UNSIGNED;
}

/* The mode a task with these personality flags must be in: 1 unsigned, 0 signed. */
static int want_mode(unsigned int flags)
{
	if (!on_kernel())
		return 0;
	if (flags & P_UNSIGNED)
		return 1;
	if (flags & P_SIGNED)
		return 0;
	return y_variant == Y_UNSIGNED;
}

/* F: the flag that differs from the boot mode. */
static unsigned int flag_f(void)
{
	return y_variant == Y_UNSIGNED ? P_SIGNED : P_UNSIGNED;
}

static const char *flag_name(unsigned int f)
{
	switch (f & P_MASK) {
	case P_UNSIGNED: return "TIME32_UNSIGNED";
	case P_SIGNED: return "TIME32_SIGNED";
	case P_MASK: return "both flags";
	default: return "no flag";
	}
}

/* One case: the probe p, found in a task that should have flags pflags and mode want. */
static void judge(const char *what, const struct probe *p, unsigned int pflags, int want)
{
	int64_t m = want ? Y_2040 : SIGNED_2040;
	uint32_t sm = want ? 0 : 0xffffffffu;
	int serr = want ? 0 : EINVAL;
	int ok = p->ok && (p->pers & P_MASK) == pflags && !p->set_err && p->set_m == m &&
		 !p->stat_err && p->stat_m == sm && p->sleep_err == serr;

	ksft_test_result(ok, "%s: flags %#x, %s%s, stat64 %#x, sleep %s; want flags %#x, %s: %s, %#x, %s\n",
			 what, p->pers & P_MASK, p->set_err ? y_errname(p->set_err) : "",
			 p->set_err ? "" : y_date(p->set_m), p->stat_m, y_errname(p->sleep_err),
			 pflags, want ? "unsigned" : "signed", y_date(m), sm, y_errname(serr));
}

/* ----- running a probe in another task ----- */

static void set_flags(unsigned int flags)
{
	int old = personality(0xffffffff);

	if (old == -1 || personality(((unsigned int)old & ~P_MASK) | flags) == -1)
		_exit(4);
}

static void write_probe(int fd, const struct probe *p)
{
	if (write(fd, p, sizeof(*p)) != (ssize_t)sizeof(*p))
		_exit(3);
}

/* For y_in_child(): probe in a task that first sets the flags *arg (if arg). */
static void probe_with(void *arg, void *out)
{
	if (arg)
		set_flags(*(unsigned int *)arg);
	probe(out);
}

/* The same in a grandchild, forked after the flags are set. */
static void probe_in_grandchild(void *arg, void *out)
{
	set_flags(*(unsigned int *)arg);
	if (y_in_child(probe_with, NULL, out, sizeof(struct probe), 0))
		_exit(6);
}

/*
 * A child that sets flags (unless flags is ~0), drops to uid 65534 if unpriv, and execs
 * argv with "--probe FD" appended (the probe of the new program comes back through FD).
 * Returns the exit status of the exec'd program in *status.
 */
static void exec_probe(unsigned int flags, int unpriv, const char *const *argv,
		       struct probe *p, int *status)
{
	const char *av[12];
	char fdbuf[16];
	int fds[2], i, st;
	pid_t pid;

	if (pipe(fds))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!pid) {
		close(fds[0]);
		alarm(20);
		if (unpriv && (setgid(65534) || setuid(65534)))
			_exit(2);
		if (flags != ~0u)
			set_flags(flags);
		snprintf(fdbuf, sizeof(fdbuf), "%d", fds[1]);
		for (i = 0; argv[i] && i < 9; i++)
			av[i] = argv[i];
		av[i++] = "--probe";
		av[i++] = fdbuf;
		av[i] = NULL;
		execv(av[0], (char *const *)av);
		_exit(127);
	}
	close(fds[1]);
	memset(p, 0, sizeof(*p));
	if (read(fds[0], p, sizeof(*p)) != (ssize_t)sizeof(*p))
		p->ok = 0;
	close(fds[0]);
	*status = waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ----- the cases ----- */

static void test_siblings(void)
{
	static const unsigned int fl[] = { P_UNSIGNED, P_SIGNED, 0, P_MASK };
	struct probe p;
	char what[64];

	for (unsigned int i = 0; i < 4; i++) {
		y_in_child(probe_with, (void *)&fl[i], &p, sizeof(p), 0);
		snprintf(what, sizeof(what), "sibling with %s", flag_name(fl[i]));
		judge(what, &p, fl[i], want_mode(fl[i]));
	}
	probe(&p);
	judge("the parent, after its children chose", &p, 0, want_mode(0));
}

/* fork inheritance: a child chooses F, its child probes */
static void test_fork(void)
{
	unsigned int f = flag_f();
	struct probe p;

	y_in_child(probe_in_grandchild, &f, &p, sizeof(p), 0);
	judge("fork: grandchild of a task that chose F", &p, f, want_mode(f));
}

static void test_exec(void)
{
	static const char *const self[] = { SELF, NULL };
	const char *const launch[] = { LAUNCHER, y_variant == Y_UNSIGNED ? "signed" : "unsigned",
				       SELF, NULL };
	static const char *const launch_default[] = { LAUNCHER, "default", SELF, NULL };
	unsigned int f = flag_f();
	struct probe p;
	int st;

	exec_probe(f, 0, self, &p, &st);
	judge("exec: a task that chose F execs", &p, f, want_mode(f));

	/* the launcher: runs PROG where the kernel shows the mode, refuses elsewhere */
	exec_probe(~0u, 0, launch, &p, &st);
	if (on_kernel())
		judge(y_variant == Y_UNSIGNED ? "time32 signed PROG" : "time32 unsigned PROG",
		      &p, f, want_mode(f));
	else
		ksft_test_result(st == 1 && !p.ok,
				 "time32 unsigned PROG: exit %d, probe %s; want exit 1, not run (no mode support)\n",
				 st, p.ok ? "ran" : "not run");

	exec_probe(f, 0, launch_default, &p, &st);
	if (on_kernel())
		judge("time32 default PROG, from a task that chose F", &p, 0, want_mode(0));
	else
		ksft_test_result(st == 1 && !p.ok,
				 "time32 default PROG: exit %d, probe %s; want exit 1, not run (no mode support)\n",
				 st, p.ok ? "ran" : "not run");
}

/* ----- threads ----- */

static pthread_barrier_t barrier;
static struct probe thread_res;

static void *thread_early(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&barrier);	/* the main thread chooses F meanwhile */
	pthread_barrier_wait(&barrier);
	probe(&thread_res);
	return NULL;
}

static void *thread_late(void *arg)
{
	(void)arg;
	probe(&thread_res);
	return NULL;
}

/* For y_in_child(): probes of a thread created before choosing F and one after. */
static void thread_probes(void *arg, void *out)
{
	struct probe *p = out;
	pthread_t t;

	/* a thread created before the choice */
	if (pthread_barrier_init(&barrier, NULL, 2) ||
	    pthread_create(&t, NULL, thread_early, NULL))
		_exit(7);
	pthread_barrier_wait(&barrier);
	set_flags(*(unsigned int *)arg);
	pthread_barrier_wait(&barrier);
	pthread_join(t, NULL);
	p[0] = thread_res;
	/* and one created after it */
	if (pthread_create(&t, NULL, thread_late, NULL))
		_exit(8);
	pthread_join(t, NULL);
	p[1] = thread_res;
}

static void test_threads(void)
{
	unsigned int f = flag_f();
	struct probe p[2];

	y_in_child(thread_probes, &f, p, sizeof(p), 0);
	judge("thread created before its creator chose F (per task)", &p[0], 0, want_mode(0));
	judge("thread created after its creator chose F", &p[1], f, want_mode(f));
}

/* ----- privilege ----- */

static void test_unprivileged(void)
{
	static const char *const self[] = { SELF, NULL };
	unsigned int f = flag_f();
	struct probe p;
	char path[64], buf[32] = "";
	int fds[2], st, err_w, n;
	pid_t target, pid;

	/* an unprivileged task chooses for itself */
	exec_probe(f, 1, self, &p, &st);
	judge("uid 65534 chose F, execs", &p, f, want_mode(f));

	/* ... but cannot change a sibling of the same uid, which stays as it was */
	if (pipe(fds))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	target = fork();
	if (target < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!target) {
		char c;
		struct probe q;

		close(fds[1]);
		alarm(20);
		if (setgid(65534) || setuid(65534))
			_exit(2);
		if (read(fds[0], &c, 1) != 1)	/* until the other one tried */
			_exit(3);
		probe(&q);
		_exit(q.ok && (q.pers & P_MASK) == 0 && (q.set_m == Y_2040) == want_mode(0) ? 0 : 9);
	}
	close(fds[0]);
	pid = fork();
	if (!pid) {
		int fd;

		alarm(20);
		if (setgid(65534) || setuid(65534))
			_exit(2);
		set_flags(f);
		snprintf(path, sizeof(path), "/proc/%d/personality", (int)target);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			n = write(fd, "10000", 5);
			(void)n;
			_exit(100);
		}
		_exit(errno > 99 ? 99 : errno);
	}
	err_w = -1;
	if (pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st))
		err_w = WEXITSTATUS(st);
	snprintf(path, sizeof(path), "/proc/%d/personality", (int)target);
	n = y_read_file(path, buf, sizeof(buf));
	if (write(fds[1], "x", 1) != 1)
		ksft_exit_fail_msg("pipe write: %s\n", strerror(errno));
	close(fds[1]);
	if (waitpid(target, &st, 0) != target || !WIFEXITED(st))
		st = -1;
	else
		st = WEXITSTATUS(st);
	buf[strcspn(buf, "\n")] = 0;
	ksft_test_result(err_w == EACCES && !n && !(strtoul(buf, NULL, 16) & P_MASK) && st == 0,
			 "uid 65534 opens a same-uid sibling's /proc/PID/personality for writing: %s, sibling personality %s, its probe %s; want EACCES, no flag, its own mode\n",
			 err_w == 100 ? "opened" : err_w < 0 ? "?" : err_w == EACCES ? "EACCES" :
			 y_errname(err_w), n ? "?" : buf,
			 st ? "changed or failed" : "unchanged");

	/* root sees the choice of a task in /proc/PID/personality */
	pid = fork();
	if (!pid) {
		alarm(20);
		if (setgid(65534) || setuid(65534))
			_exit(2);
		set_flags(f);
		pause();	/* until killed */
		_exit(0);
	}
	for (int i = 0; i < 200; i++) {	/* until the child has chosen (<= 2 s) */
		snprintf(path, sizeof(path), "/proc/%d/personality", (int)pid);
		n = y_read_file(path, buf, sizeof(buf));
		if (!n && (strtoul(buf, NULL, 16) & P_MASK))
			break;
		usleep(10000);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	buf[strcspn(buf, "\n")] = 0;
	ksft_test_result(!n && (strtoul(buf, NULL, 16) & P_MASK) == f,
			 "root reads /proc/PID/personality of a uid 65534 task that chose F: %s; want flags %#x\n",
			 n ? strerror(-n) : buf, f);
}

/* a setuid exec drops the choice on the on kernels (PER_CLEAR_ON_SETID) */
static void test_setuid(void)
{
	static const char *const suid[] = { SUID, NULL };
	unsigned int f = flag_f();
	struct probe p;
	char buf[4096];
	int in, out, st;
	ssize_t n;

	unlink(SUID);
	in = open(SELF, O_RDONLY);
	out = open(SUID, O_CREAT | O_WRONLY | O_TRUNC, 0755);
	if (in < 0 || out < 0)
		ksft_exit_fail_msg("copy %s to %s: %s\n", SELF, SUID, strerror(errno));
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			ksft_exit_fail_msg("write %s: %s\n", SUID, strerror(errno));
	close(in);
	close(out);
	if (chown(SUID, 0, 0) || chmod(SUID, 04755))
		ksft_exit_fail_msg("chmod %s: %s\n", SUID, strerror(errno));
	exec_probe(f, 1, suid, &p, &st);
	if (on_kernel()) {
		judge("uid 65534 chose F, execs a setuid-root program (choice dropped)", &p, 0,
		      want_mode(0));
	} else {
		judge("uid 65534 chose F, execs a setuid-root program (flags kept, ignored)", &p, f,
		      want_mode(f));
	}
	if (p.ok && p.euid != 0)
		ksft_print_msg("the setuid program ran with euid %u, not 0\n", p.euid);
	unlink(SUID);
}


/* ----- the vDSO: no mode of its own ----- */

typedef int (*vdso_clock_gettime_t)(clockid_t clk, struct old_timespec32 *ts);

struct vdso_arg { vdso_clock_gettime_t cgt; unsigned int flags; };
struct vdso_res { int ok; uint32_t v, s; };

/* For y_in_child(): the vDSO and the system call, with flags set. */
static void vdso_with(void *arg, void *out)
{
	const struct vdso_arg *a = arg;
	struct old_timespec32 v = { 0, 0 }, s = { 0, 0 };
	struct vdso_res *r = out;

	set_flags(a->flags);
	r->ok = !a->cgt(CLOCK_REALTIME, &v) && !syscall(__NR_clock_gettime, CLOCK_REALTIME, &s);
	r->v = (uint32_t)v.tv_sec;
	r->s = (uint32_t)s.tv_sec;
}

/*
 * With the clock in 2107, in a child with flags: the 32-bit vDSO clock_gettime() and the
 * system call must both give the encoding of the mode of that child.
 */
static void test_vdso(vdso_clock_gettime_t vdso_cgt)
{
	static const unsigned int fl[] = { P_UNSIGNED, P_SIGNED, 0 };
	struct vdso_res r;

	y_set64(Y_2107, 0);
	for (unsigned int i = 0; i < 3; i++) {
		int want = want_mode(fl[i]);
		uint32_t lo = (uint32_t)y_now64(CLOCK_REALTIME).tv_sec, good;

		if (!vdso_cgt) {
			ksft_test_result_skip("vDSO clock_gettime32 in 2107 with %s: no vDSO function\n",
					      flag_name(fl[i]));
			continue;
		}
		y_in_child(vdso_with, &(struct vdso_arg){ vdso_cgt, fl[i] }, &r, sizeof(r), 0);
		/* signed: the low 32 bits of 2107, a few seconds on */
		good = want ? r.v == Y_RANGE_MAX && r.s == Y_RANGE_MAX :
			      r.v - lo < 10 && r.s - lo < 10;
		ksft_test_result(r.ok && good,
				 "vDSO clock_gettime32 in 2107 with %s: vDSO %#x, syscall %#x (low 32 bits %#x); want %s\n",
				 flag_name(fl[i]), r.v, r.s, lo,
				 want ? "both unsigned: 0xfffff000" : "both signed: the low 32 bits");
	}
	y_set64(Y_2040 + 3600, 0);
}

int main(int argc, char **argv)
{
	vdso_clock_gettime_t vdso_cgt = NULL;
	unsigned long ehdr;

	if (argc == 3 && !strcmp(argv[1], "--probe")) {
		struct probe p;

		probe(&p);
		write_probe(atoi(argv[2]), &p);
		return 0;
	}
	y_init("permode", 18, 90);
	if (personality(0xffffffff) & P_MASK)
		ksft_exit_fail_msg("started with personality %#x: run it from /init\n",
				   personality(0xffffffff));
	y_clock_save();
	y_set64(Y_2040 + 3600, 0);
	test_siblings();
	test_fork();
	test_exec();
	test_threads();
	test_unprivileged();
	test_setuid();
	ehdr = getauxval(AT_SYSINFO_EHDR);
	if (ehdr) {
		vdso_init_from_sysinfo_ehdr(ehdr);
		vdso_cgt = (vdso_clock_gettime_t)vdso_sym("LINUX_2.6", "__vdso_clock_gettime");
	}
	test_vdso(vdso_cgt);
	y_clock_restore();
	ksft_finished();
}
