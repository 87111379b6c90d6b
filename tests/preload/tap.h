/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host tests of libtime32u: plain 32-bit time_t programs (no _TIME_BITS),
 * run twice by tests/preload/run, without and with LD_PRELOAD of the library.
 * argv[1] names the side the runner means ("glibc" or "unsigned"); the first
 * case checks it against what the dynamic linker really did, so a run that
 * did not load the library (or loaded it by accident) fails.
 *
 * kselftest-style TAP: "ok N name" / "not ok N name", a plan first.
 */
#ifndef T32U_TAP_H
#define T32U_TAP_H

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "ts64.h"

/*
 * The oldest symbol versions of the target: what a binary linked against an
 * old glibc (or librt, for the clock_* calls) binds to.
 */
#if defined __i386__ || defined __mips__
#define V_BASE	"GLIBC_2.0"	/* time, stime, __xstat, ... */
#define V_RT	"GLIBC_2.2"	/* clock_gettime, sem_timedwait, ... from librt/libpthread */
#else
#define V_BASE	"GLIBC_2.4"	/* the oldest version of armhf */
#define V_RT	"GLIBC_2.4"
#endif

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static int tap_n, tap_fail;
static int lib;		/* 1: the run with libtime32u preloaded */

static inline void tap_plan(int n)
{
	printf("TAP version 13\n1..%d\n", n);
	fflush(stdout);
}

static inline __attribute__((format(printf, 2, 3)))
void tap(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d ", ok ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!ok)
		tap_fail++;
}

static inline __attribute__((format(printf, 1, 2)))
void tap_diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static inline __attribute__((noreturn)) void tap_bail(const char *what)
{
	printf("Bail out! %s: %s\n", what, strerror(errno));
	exit(1);
}

static inline int tap_exit(void)
{
	printf("# Totals: pass:%d fail:%d\n", tap_n - tap_fail, tap_fail);
	return tap_fail ? 1 : 0;
}

/* Which object defines the function the program calls as fn. */
static inline const char *tap_owner(void *fn)
{
	Dl_info di;
	const char *s;

	if (!dladdr(fn, &di) || !di.dli_fname)
		return "?";
	s = strrchr(di.dli_fname, '/');
	return s ? s + 1 : di.dli_fname;
}

/*
 * Start a test program: plan, side from argv[1], and the first case: fn
 * (a function the library replaces) is defined by libtime32u.so exactly
 * when the runner preloaded it.
 */
static inline void tap_start(int argc, char **argv, int ncases, void *fn)
{
	const char *o = tap_owner(fn);

	if (argc < 2 || (strcmp(argv[1], "glibc") && strcmp(argv[1], "unsigned"))) {
		fprintf(stderr, "usage: %s glibc|unsigned\n", argv[0]);
		exit(2);
	}
	lib = !strcmp(argv[1], "unsigned");
	tap_plan(ncases + 1);
	tap_diag("%s: side %s", argv[0], argv[1]);
	tap((strcmp(o, "libtime32u.so") == 0) == lib,
	    "side: the tested function comes from %s (want %s)", o,
	    lib ? "libtime32u.so" : "libc.so.6");
	alarm(60);	/* no test program may hang */
}

/* The expected value of this side. */
#define WANT(glibc, unsig)	(lib ? (unsig) : (glibc))

/* errno name for the messages */
static inline const char *tap_err(int e)
{
	switch (e) {
	case 0: return "0";
	case EINVAL: return "EINVAL";
	case EOVERFLOW: return "EOVERFLOW";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EFAULT: return "EFAULT";
	case EINTR: return "EINTR";
	case EAGAIN: return "EAGAIN";
	case ENOENT: return "ENOENT";
	case EPERM: return "EPERM";
	default: return strerror(e);
	}
}

/*
 * Run fn(arg) in a child with alarm(secs): returns the child's exit code
 * (fn's result, 0..255), or 1000 + signal if it was killed (1000 + SIGALRM:
 * it blocked until the alarm). *ms gets the time it took.
 */
static inline int tap_child(int (*fn)(void *), void *arg, unsigned int secs,
			    long *ms)
{
	struct timespec a, b;
	int st;
	pid_t p;

	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &a);
	p = fork();
	if (p < 0)
		tap_bail("fork");
	if (p == 0) {
		alarm(secs);
		_exit(fn(arg) & 0xff);
	}
	if (waitpid(p, &st, 0) < 0)
		tap_bail("waitpid");
	clock_gettime(CLOCK_MONOTONIC, &b);
	if (ms)
		*ms = (b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
	return WIFSIGNALED(st) ? 1000 + WTERMSIG(st) : WEXITSTATUS(st);
}

#define BLOCKED	(1000 + SIGALRM)

#endif
