// SPDX-License-Identifier: GPL-2.0
/*
 * Calendar conversions. Inputs are decoded unsigned (reserved values keep
 * today's signed meaning: localtime(-1) is still 1969-12-31 23:59:59 UTC);
 * mktime/timegm give -1 with EOVERFLOW for a date outside 1970..2106-02-07
 * 05:20:00, as glibc does for one outside 1901..2038.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "t32u.h"

struct tm *t32u_localtime(const time_t *t)
{
	return t64_localtime(t32u_decode(*t));
}
T32U_EXPORT(localtime)

struct tm *t32u_localtime_r(const time_t *t, struct tm *tm)
{
	return t64_localtime_r(t32u_decode(*t), tm);
}
T32U_EXPORT(localtime_r)

struct tm *t32u_gmtime(const time_t *t)
{
	return t64_gmtime(t32u_decode(*t));
}
T32U_EXPORT(gmtime)

struct tm *t32u_gmtime_r(const time_t *t, struct tm *tm)
{
	return t64_gmtime_r(t32u_decode(*t), tm);
}
T32U_EXPORT(gmtime_r)

/* glibc's ctime is asctime (localtime (t)), with asctime's buffer. */
char *t32u_ctime(const time_t *t)
{
	struct tm *tm = t64_localtime(t32u_decode(*t));

	return tm ? asctime(tm) : NULL;
}
T32U_EXPORT(ctime)

char *t32u_ctime_r(const time_t *t, char *buf)
{
	struct tm tm;

	if (!t64_localtime_r(t32u_decode(*t), &tm))
		return NULL;
	return asctime_r(&tm, buf);
}
T32U_EXPORT(ctime_r)

/* As glibc's mktime: *tp is normalised only when the result fits. */
static time_t fit(int64_t r, struct tm *tp, const struct tm *tm)
{
	if (r >= 0 && r <= T32U_MAX) {
		*tp = *tm;
		return (time_t)(uint32_t)r;
	}
	errno = EOVERFLOW;
	return (time_t)-1;
}

time_t t32u_mktime(struct tm *tp)
{
	struct tm tm = *tp;
	int64_t r = t64_mktime(&tm);

	return fit(r, tp, &tm);
}
T32U_EXPORT(mktime)

time_t t32u_timelocal(struct tm *tp) __attribute__((alias("t32u_mktime")));
T32U_EXPORT(timelocal)

time_t t32u_timegm(struct tm *tp)
{
	struct tm tm = *tp;
	int64_t r = t64_timegm(&tm);

	return fit(r, tp, &tm);
}
T32U_EXPORT(timegm)

double t32u_difftime(time_t a, time_t b)
{
	return (double)t32u_decode(a) - (double)t32u_decode(b);
}
T32U_EXPORT(difftime)

/*
 * strftime's %s (seconds since the epoch of *tm, through mktime): glibc 2.36
 * prints it from its 64-bit mktime on i386 but -1 after 2038 on armhf
 * (measured). Each plain %s becomes the 64-bit value as literal digits (the
 * text has no range limit, so nothing saturates) and glibc's strftime does
 * the rest; where mktime fails, %s is left to glibc.
 */
size_t t32u_strftime(char *s, size_t max, const char *fmt, const struct tm *tm)
{
	static size_t (*next)(char *, size_t, const char *, const struct tm *);
	const char *p;
	char *nf, *q;
	size_t n = 0, r;
	struct tm t;

	if (!next)
		next = (size_t (*)(char *, size_t, const char *, const struct tm *))
			dlsym(RTLD_NEXT, "strftime");
	if (!next)
		return 0;
	for (p = fmt; *p; p++)
		if (p[0] == '%' && p[1])
			n += *++p == 's';
	if (!n)
		return next(s, max, fmt, tm);
	nf = malloc(strlen(fmt) + n * 24 + 1);
	if (!nf)
		return next(s, max, fmt, tm);
	for (p = fmt, q = nf; *p; p++) {
		if (p[0] == '%' && p[1] == 's') {
			int64_t v;

			t = *tm;
			v = t64_mktime(&t);
			if (v != -1) {
				q += sprintf(q, "%lld", (long long)v);
				p++;
				continue;
			}
		}
		if (p[0] == '%' && p[1])
			*q++ = *p++;
		*q++ = *p;
	}
	*q = 0;
	r = next(s, max, nf, tm);
	free(nf);
	return r;
}
T32U_EXPORT(strftime)
