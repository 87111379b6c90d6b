// SPDX-License-Identifier: GPL-2.0
/*
 * The file time setters. Legacy seconds are decoded unsigned; a reserved
 * value (0xfffff001..0xffffffff) is EINVAL and changes nothing, as the
 * kernel series does for the legacy system calls (today such a value sets a
 * 1969 time, which no legacy stat could read back in unsigned mode). With
 * UTIME_NOW or UTIME_OMIT the seconds are ignored and never checked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <utime.h>
#include "t32u.h"

static int dec(struct t32u_ts *d, time_t sec, long frac, int check)
{
	d->frac = frac;
	d->sec = t32u_decode(sec);
	if (check && t32u_reserved(sec)) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/* A struct timespec pair; NULL stays NULL (now). */
static const struct t32u_ts *dec_ts(struct t32u_ts *d, const struct timespec *s)
{
	int i;

	if (!s)
		return NULL;
	for (i = 0; i < 2; i++) {
		long n = s[i].tv_nsec;

		if (dec(&d[i], s[i].tv_sec, n, n != UTIME_NOW && n != UTIME_OMIT))
			return d + 2;
	}
	return d;
}

/* A struct timeval pair. */
static const struct t32u_ts *dec_tv(struct t32u_ts *d, const struct timeval *s)
{
	if (!s)
		return NULL;
	if (dec(&d[0], s[0].tv_sec, s[0].tv_usec, 1) ||
	    dec(&d[1], s[1].tv_sec, s[1].tv_usec, 1))
		return d + 2;
	return d;
}

/* d + 2 marks a rejected input (errno set). */
#define BAD(p, d)	((p) == (d) + 2)

int t32u_utimensat(int fd, const char *path, const struct timespec *ts,
		   int flags)
{
	struct t32u_ts d[2];
	const struct t32u_ts *p = dec_ts(d, ts);

	return BAD(p, d) ? -1 : t64_utimensat(fd, path, p, flags);
}
T32U_EXPORT(utimensat)

int t32u_futimens(int fd, const struct timespec *ts)
{
	struct t32u_ts d[2];
	const struct t32u_ts *p = dec_ts(d, ts);

	return BAD(p, d) ? -1 : t64_futimens(fd, p);
}
T32U_EXPORT(futimens)

int t32u_utimes(const char *path, const struct timeval *tv)
{
	struct t32u_ts d[2];
	const struct t32u_ts *p = dec_tv(d, tv);

	return BAD(p, d) ? -1 : t64_utimes(path, p);
}
T32U_EXPORT(utimes)

int t32u_lutimes(const char *path, const struct timeval *tv)
{
	struct t32u_ts d[2];
	const struct t32u_ts *p = dec_tv(d, tv);

	return BAD(p, d) ? -1 : t64_lutimes(path, p);
}
T32U_EXPORT(lutimes)

int t32u_futimes(int fd, const struct timeval *tv)
{
	struct t32u_ts d[2];
	const struct t32u_ts *p = dec_tv(d, tv);

	return BAD(p, d) ? -1 : t64_futimes(fd, p);
}
T32U_EXPORT(futimes)

int t32u_futimesat(int fd, const char *path, const struct timeval *tv)
{
	struct t32u_ts d[2];
	const struct t32u_ts *p = dec_tv(d, tv);

	return BAD(p, d) ? -1 : t64_futimesat(fd, path, p);
}
T32U_EXPORT(futimesat)

int t32u_utime(const char *path, const struct utimbuf *u)
{
	struct t32u_ts d[2];

	if (!u)
		return t64_utime(path, NULL);
	if (dec(&d[0], u->actime, 0, 1) || dec(&d[1], u->modtime, 0, 1))
		return -1;
	return t64_utime(path, d);
}
T32U_EXPORT(utime)
