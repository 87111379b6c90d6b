// SPDX-License-Identifier: GPL-2.0
/*
 * The legacy file time setters write 2038..2106. Each of utime, utimes,
 * lutimes, futimes, futimesat, utimensat, futimens sets atime = mtime = v;
 * statx (64-bit times) reads the file back. Expected, glibc / libtime32u:
 *   0, 0x7fffffff: the same on both sides;
 *   0x80000000, 0xfffff000: 1901 / 2038, 1969-12-31 22:51:44 / 2106;
 *   0xfffff001, 0xffffffff (reserved): 0 and a 1969 time / -1 EINVAL and
 *     the file unchanged (the kernel series' choice for the legacy calls);
 *   a fraction out of range (usec 1000000, nsec 1000000000): -1 EINVAL on
 *     both sides, the file unchanged;
 *   NULL: now, on both sides;
 *   UTIME_NOW / UTIME_OMIT with a reserved tv_sec: the seconds are ignored
 *     on both sides.
 */
#include "tap.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <utime.h>

/* glibc's 64-bit entry point (struct ts64: tap.h) */
int __utimensat64(int fd, const char *path, const struct ts64 *t, int flags);

#define MARK	1000000LL	/* the time a file has before each call */

static int fd;
static const char *file = "f";

enum setter { UTIME, UTIMES, LUTIMES, FUTIMES, FUTIMESAT, UTIMENSAT, FUTIMENS, NSETTERS };
static const char *const names[] = {
	"utime", "utimes", "lutimes", "futimes", "futimesat", "utimensat", "futimens"
};

static void mark(void)
{
	struct ts64 t[2] = { { .sec = MARK }, { .sec = MARK } };

	if (__utimensat64(AT_FDCWD, file, t, 0))
		tap_bail("__utimensat64");
}

static void readback(int64_t *a, int64_t *m)
{
	struct statx sx;

	if (statx(AT_FDCWD, file, 0, STATX_BASIC_STATS, &sx))
		tap_bail("statx");
	*a = sx.stx_atime.tv_sec;
	*m = sx.stx_mtime.tv_sec;
}

/* Call setter s with both times v and the fraction frac (usec or nsec). */
static int call(enum setter s, uint32_t v, long frac, int null)
{
	struct timeval tv[2] = { { (time_t)v, frac }, { (time_t)v, frac } };
	struct timespec ts[2] = { { (time_t)v, frac }, { (time_t)v, frac } };
	struct utimbuf u = { (time_t)v, (time_t)v };

	switch (s) {
	case UTIME:
		return utime(file, null ? NULL : &u);
	case UTIMES:
		return utimes(file, null ? NULL : tv);
	case LUTIMES:
		return lutimes(file, null ? NULL : tv);
	case FUTIMES:
		return futimes(fd, null ? NULL : tv);
	case FUTIMESAT:
		return futimesat(AT_FDCWD, file, null ? NULL : tv);
	case UTIMENSAT:
		return utimensat(AT_FDCWD, file, null ? NULL : ts, 0);
	case FUTIMENS:
		return futimens(fd, null ? NULL : ts);
	default:
		return -1;
	}
}

static void one(enum setter s, uint32_t v, long frac, int64_t want, int want_err)
{
	int64_t a, m;
	int r, e;

	mark();
	errno = 0;
	r = call(s, v, frac, 0);
	e = errno;
	readback(&a, &m);
	if (want_err)
		tap(r == -1 && e == want_err && a == MARK && m == MARK,
		    "%s(0x%08" PRIx32 ".%ld): %d %s, times %" PRId64 "/%" PRId64 ", want -1 %s, unchanged",
		    names[s], v, frac, r, tap_err(r ? e : 0), a, m, tap_err(want_err));
	else
		tap(r == 0 && a == want && m == want,
		    "%s(0x%08" PRIx32 ".%ld): %d %s, times %" PRId64 "/%" PRId64 ", want 0, %" PRId64,
		    names[s], v, frac, r, tap_err(r ? e : 0), a, m, want);
}

static void null_now(enum setter s)
{
	struct timespec now;
	int64_t a, m;
	int r;

	mark();
	r = call(s, 0, 0, 1);
	/* the real clock: the library's clock reads are exact today */
	clock_gettime(CLOCK_REALTIME, &now);
	readback(&a, &m);
	tap(r == 0 && m >= (uint32_t)now.tv_sec - 2 && m <= (uint32_t)now.tv_sec,
	    "%s(NULL): %d, mtime %" PRId64 ", want 0 and now (%" PRIu32 ")",
	    names[s], r, m, (uint32_t)now.tv_sec);
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/t32u-utimes.XXXXXX";
	struct timespec ts[2];
	int64_t a, m;
	int s, r;

	tap_start(argc, argv, NSETTERS * 8 - 1 + 2, (void *)utimes);
	if (!mkdtemp(dir) || chdir(dir))
		tap_bail(dir);
	fd = open(file, O_RDWR | O_CREAT, 0644);
	if (fd < 0)
		tap_bail("create");

	for (s = 0; s < NSETTERS; s++) {
		int ns = s == UTIMENSAT || s == FUTIMENS;

		one(s, 0, 0, 0, 0);
		one(s, 0x7fffffff, 0, 0x7fffffffLL, 0);
		one(s, 0x80000000u, 0, WANT(-2147483648LL, 2147483648LL), 0);
		one(s, 0xfffff000u, 0, WANT(-4096LL, 4294963200LL), 0);
		one(s, 0xfffff001u, 0, -4095, WANT(0, EINVAL));
		one(s, 0xffffffffu, 0, -1, WANT(0, EINVAL));
		if (s != UTIME)
			one(s, 0x83aa7e80u, ns ? 1000000000 : 1000000, 0, EINVAL);
		null_now(s);
	}

	/* UTIME_OMIT for atime, UTIME_NOW for mtime, both with a reserved tv_sec */
	mark();
	ts[0].tv_sec = (time_t)0xffffffffu;
	ts[0].tv_nsec = UTIME_OMIT;
	ts[1].tv_sec = (time_t)0xfffff001u;
	ts[1].tv_nsec = UTIME_NOW;
	r = utimensat(AT_FDCWD, file, ts, 0);
	readback(&a, &m);
	tap(r == 0 && a == MARK && m > MARK, "utimensat(UTIME_OMIT/UTIME_NOW, reserved seconds): %d, atime %" PRId64 " mtime %" PRId64 ", want 0, %lld, now",
	    r, a, m, MARK);
	mark();
	r = futimens(fd, ts);
	readback(&a, &m);
	tap(r == 0 && a == MARK && m > MARK, "futimens(UTIME_OMIT/UTIME_NOW, reserved seconds): %d, atime %" PRId64 " mtime %" PRId64 ", want 0, %lld, now",
	    r, a, m, MARK);

	close(fd);
	unlink(file);
	if (chdir("/") == 0)
		rmdir(dir);
	return tap_exit();
}
