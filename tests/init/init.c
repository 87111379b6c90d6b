// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the y2106 test guest: mount the pseudo filesystems, run every program in
 * /tests in name order, each under a wall-clock limit, print the results as one KTAP
 * document on the console (each test's own TAP output nested, indented four spaces),
 * then power off. The host harness parses the console log.
 *
 * Kernel command line (read from /proc/cmdline):
 *   y2106.guest=1          marks the guest; the clock-setting tests refuse to run without it
 *   y2106.variant=NAME     pristine | off | signed | unsigned, for the tests' expectations
 *   y2106.clock=SECONDS    set CLOCK_REALTIME (64-bit call) before the tests
 *   y2106.timeout=SECONDS  limit per test program (default 60)
 *   y2106.only=NAME        run only /tests/NAME
 *   y2106.dir=DIR          run the programs of DIR instead of /tests (the demo)
 *
 * The tests find in their environment Y2106_BOOT_CLOCK=SECONDS: CLOCK_REALTIME as /init
 * found it on entry, before it set any clock, i.e. what the kernel set at boot from the
 * RTC or the persistent clock.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "cmdline.h"

#define MAX_TESTS 128

static void poweroff(void)
{
	fflush(stdout);
	sync();
	/*
	 * A reset, not a power-off: QEMU runs with -no-reboot, so it exits; the x86
	 * kernels are built without ACPI (a fifth of their build time) and cannot power off.
	 */
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run one test; copy its output indented; return its wait status or -1 on timeout. */
static int run(const char *path, int timeout_s)
{
	struct timespec start, now;
	int pfd[2], status = 0, timed_out = 0;
	char buf[512], line[1024];
	size_t llen = 0;
	pid_t pid;

	if (pipe(pfd))
		return -2;
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		dup2(pfd[1], 1);
		dup2(pfd[1], 2);
		close(pfd[0]);
		close(pfd[1]);
		execl(path, path, (char *)NULL);
		printf("exec %s: %s\n", path, strerror(errno));
		/* a program of another ABI (tests/n64 on a 32-bit kernel): skipped */
		_exit(errno == ENOEXEC ? 4 : 127);	/* 4: KSFT_SKIP */
	}
	close(pfd[1]);
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct pollfd p = { .fd = pfd[0], .events = POLLIN };
		ssize_t n;
		int left;

		clock_gettime(CLOCK_MONOTONIC, &now);
		left = timeout_s * 1000 - (int)((now.tv_sec - start.tv_sec) * 1000 +
						(now.tv_nsec - start.tv_nsec) / 1000000);
		if (left <= 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			timed_out = 1;
			break;
		}
		if (poll(&p, 1, left) <= 0)
			continue;
		n = read(pfd[0], buf, sizeof(buf));
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n' || llen == sizeof(line) - 1) {
				line[llen] = 0;
				printf("    %s\n", line);
				llen = 0;
			} else {
				line[llen++] = buf[i];
			}
		}
		fflush(stdout);
	}
	if (llen) {
		line[llen] = 0;
		printf("    %s\n", line);
	}
	close(pfd[0]);
	waitpid(pid, &status, 0);
	return timed_out ? -1 : status;
}

int main(void)
{
	struct { int64_t s, ns; } boot = { -1, 0 };
	char *names[MAX_TESTS], bootclock[24];
	const char *v, *only, *dir = "/tests";
	int n = 0, timeout_s = 60, fd;
	struct dirent *de;
	DIR *d;

	/* First of all: the clock the kernel booted with (64-bit call) */
	syscall(SYS_clock_gettime64, CLOCK_REALTIME, &boot);
	snprintf(bootclock, sizeof(bootclock), "%lld", (long long)boot.s);
	setenv("Y2106_BOOT_CLOCK", bootclock, 1);

	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mkdir("/dev", 0755);
	mkdir("/tmp", 01777);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, "mode=1777");
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = open("/proc/cmdline", O_RDONLY);
	if (fd >= 0) {
		ssize_t r = read(fd, y_cmdline, sizeof(y_cmdline) - 1);

		if (r > 0)
			y_cmdline[r] = 0;
		close(fd);
	}
	v = y_cmdline_get("y2106.timeout");
	if (v)
		timeout_s = atoi(v);
	/* y_cmdline_get() returns a static buffer that the next call overwrites */
	only = y_cmdline_get("y2106.only");
	if (only)
		only = strdup(only);
	v = y_cmdline_get("y2106.clock");
	if (v) {
		struct { int64_t s, ns; } ts = { strtoll(v, NULL, 0), 0 };

		if (syscall(SYS_clock_settime64, CLOCK_REALTIME, &ts))
			printf("# y2106-init: clock_settime64(%s): %s\n", v, strerror(errno));
	}

	v = y_cmdline_get("y2106.dir");
	if (v)
		dir = strdup(v);
	d = opendir(dir);
	while (d && (de = readdir(d)) != NULL && n < MAX_TESTS) {
		if (de->d_name[0] == '.')
			continue;
		if (only && strcmp(only, de->d_name))
			continue;
		names[n++] = strdup(de->d_name);
	}
	if (d)
		closedir(d);
	qsort(names, n, sizeof(names[0]), cmp);

	printf("KTAP version 1\n# y2106 guest tests\n1..%d\n", n);
	for (int i = 0; i < n; i++) {
		char path[300];
		int st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		printf("    # Subtest: %s\n", names[i]);
		st = run(path, timeout_s);
		if (st == -1)
			printf("not ok %d %s # TIMEOUT after %d s\n", i + 1, names[i], timeout_s);
		else if (st < 0)
			printf("not ok %d %s # could not start\n", i + 1, names[i]);
		else if (WIFSIGNALED(st))
			printf("not ok %d %s # killed by signal %d\n", i + 1, names[i], WTERMSIG(st));
		else if (WEXITSTATUS(st) == 0)
			printf("ok %d %s\n", i + 1, names[i]);
		else if (WEXITSTATUS(st) == 4)
			printf("ok %d %s # SKIP\n", i + 1, names[i]);
		else
			printf("not ok %d %s # exit status %d\n", i + 1, names[i], WEXITSTATUS(st));
	}
	printf("# y2106-init: done\n");
	poweroff();
	return 0;
}
