// SPDX-License-Identifier: GPL-2.0
/*
 * Calendar conversions of legacy 32-bit values, in UTC and in a zone with
 * DST (a POSIX TZ string, so no tzdata is needed and the rule holds past
 * 2037). Expected per value, glibc / with libtime32u:
 *   0, 0x7fffffff: the same on both sides;
 *   0x80000000..0xfffff000: 1901..1969 / 2038..2106;
 *   0xfffff001..0xffffffff (reserved): 1969 on both sides (the signed
 *     meaning is kept, so a -1 sentinel still reads as it does today);
 *   mktime/timegm/timelocal of 2040: -1 EOVERFLOW / the unsigned value;
 *     of 2106-02-07 05:20:01 and of 1969: -1 EOVERFLOW with the library
 *     (glibc: 2106 EOVERFLOW, 1969-12-31 23:59:59 is -1 and no error);
 *   difftime: signed / unsigned difference;
 *   strftime %s of 2040 and 2107: on i386 glibc 2.36 prints the 64-bit
 *     value already, on armhf and mips -1 (measured); with the library the
 *     64-bit value on all (the text has no range to saturate to); %%s stays.
 */
#include "tap.h"

#define CET "CET-1CEST,M3.5.0,M10.5.0/3"

#ifdef __i386__
#define STRFTIME_S_2040	"2208988800"
#define STRFTIME_S_2107	"<4323283200|%s|2107>"
#else
#define STRFTIME_S_2040	"-1"
#define STRFTIME_S_2107	"<-1|%s|2107>"
#endif

static const char *fmt(const struct tm *tm)
{
	static char b[64];

	if (!tm)
		return "NULL";
	strftime(b, sizeof(b), "%Y-%m-%d %H:%M:%S %Z", tm);
	return b;
}

static void conv(uint32_t v, const char *tz, const char *want_glibc,
		 const char *want_lib)
{
	const char *want = WANT(want_glibc, want_lib);
	time_t t = (time_t)v;
	struct tm r, *p;
	const char *s;

	setenv("TZ", tz, 1);
	tzset();
	p = strcmp(tz, "UTC0") ? localtime(&t) : gmtime(&t);
	s = fmt(p);
	tap(!strcmp(s, want), "%s(0x%08" PRIx32 ") TZ=%s: %s, want %s",
	    strcmp(tz, "UTC0") ? "localtime" : "gmtime", v, tz, s, want);
	memset(&r, 0, sizeof(r));
	p = strcmp(tz, "UTC0") ? localtime_r(&t, &r) : gmtime_r(&t, &r);
	s = fmt(p);
	tap(!strcmp(s, want), "%s_r(0x%08" PRIx32 ") TZ=%s: %s, want %s",
	    strcmp(tz, "UTC0") ? "localtime" : "gmtime", v, tz, s, want);
}

static void ctimes(uint32_t v, const char *want_glibc, const char *want_lib)
{
	const char *want = WANT(want_glibc, want_lib);
	time_t t = (time_t)v;
	char buf[64], *s;

	setenv("TZ", "UTC0", 1);
	tzset();
	s = ctime(&t);
	tap(s && !strcmp(s, want), "ctime(0x%08" PRIx32 "): %.24s, want %.24s",
	    v, s ? s : "NULL", want);
	s = ctime_r(&t, buf);
	tap(s && !strcmp(s, want), "ctime_r(0x%08" PRIx32 "): %.24s, want %.24s",
	    v, s ? s : "NULL", want);
}

static struct tm mk(int y, int mo, int d, int h, int mi, int s)
{
	struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d,
			 .tm_hour = h, .tm_min = mi, .tm_sec = s, .tm_isdst = -1 };

	return tm;
}

enum mkf { MKTIME, TIMEGM, TIMELOCAL };
static const char *const mkname[] = { "mktime", "timegm", "timelocal" };

static void mkcase(enum mkf f, const char *tz, struct tm tm, time_t want,
		   int want_err)
{
	time_t r;
	int e;

	setenv("TZ", tz, 1);
	tzset();
	errno = 0;
	r = f == MKTIME ? mktime(&tm) : f == TIMEGM ? timegm(&tm) : timelocal(&tm);
	e = errno;
	tap(r == want && (want != (time_t)-1 || e == want_err),
	    "%s(%04d-%02d-%02d %02d:%02d:%02d) TZ=%s: 0x%08" PRIx32 " %s, want 0x%08" PRIx32 " %s",
	    mkname[f], tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
	    tm.tm_min, tm.tm_sec, tz, (uint32_t)r, r == -1 ? tap_err(e) : "",
	    (uint32_t)want, want == -1 ? tap_err(want_err) : "");
}

int main(int argc, char **argv)
{
	struct tm tm;
	char b[64];
	double d;
	int i;

	tap_start(argc, argv, 44, (void *)gmtime);

	conv(0, "UTC0", "1970-01-01 00:00:00 GMT", "1970-01-01 00:00:00 GMT");
	conv(0x7fffffff, "UTC0", "2038-01-19 03:14:07 GMT", "2038-01-19 03:14:07 GMT");
	conv(0x80000000, "UTC0", "1901-12-13 20:45:52 GMT", "2038-01-19 03:14:08 GMT");
	conv(0x83aa7e80, "UTC0", "1903-11-25 17:31:44 GMT", "2040-01-01 00:00:00 GMT");
	conv(0xfffff000, "UTC0", "1969-12-31 22:51:44 GMT", "2106-02-07 05:20:00 GMT");
	conv(0xfffff001, "UTC0", "1969-12-31 22:51:45 GMT", "1969-12-31 22:51:45 GMT");
	conv(0xffffffff, "UTC0", "1969-12-31 23:59:59 GMT", "1969-12-31 23:59:59 GMT");
	/* 2040-07-01 12:00 UTC is summer time in CET; 2040-01-01 is not */
	conv(0x849b1840, CET, "1904-05-26 06:31:44 CET", "2040-07-01 14:00:00 CEST");
	conv(0x83aa7e80, CET, "1903-11-25 18:31:44 CET", "2040-01-01 01:00:00 CET");

	ctimes(0x80000000, "Fri Dec 13 20:45:52 1901\n", "Tue Jan 19 03:14:08 2038\n");
	ctimes(0xfffff000, "Wed Dec 31 22:51:44 1969\n", "Sun Feb  7 05:20:00 2106\n");

	for (i = MKTIME; i <= TIMELOCAL; i++) {
		const char *tz = i == TIMEGM ? CET : "UTC0";	/* timegm ignores TZ */

		mkcase(i, tz, mk(2038, 1, 19, 3, 14, 7), 0x7fffffff, 0);
		mkcase(i, tz, mk(2040, 1, 1, 0, 0, 0),
		       WANT(-1, (time_t)0x83aa7e80), EOVERFLOW);
		mkcase(i, tz, mk(2106, 2, 7, 5, 20, 0),
		       WANT(-1, (time_t)0xfffff000), EOVERFLOW);
		mkcase(i, tz, mk(2106, 2, 7, 5, 20, 1), -1, EOVERFLOW);
		mkcase(i, tz, mk(1969, 12, 31, 23, 59, 59), -1, WANT(0, EOVERFLOW));
	}
	/* DST: 2040-07-01 14:00 CEST is 12:00 UTC */
	mkcase(MKTIME, CET, mk(2040, 7, 1, 14, 0, 0),
	       WANT(-1, (time_t)0x849b1840), EOVERFLOW);

	/* mktime normalises its argument only when it succeeds */
	setenv("TZ", "UTC0", 1);
	tzset();
	tm = mk(2040, 1, 31, 24, 0, 0);
	mktime(&tm);
	tap(tm.tm_mday == WANT(31, 1), "mktime(2040-01-31 24:00) normalises tm: mday %d, want %d",
	    tm.tm_mday, WANT(31, 1));

	d = difftime((time_t)0x80000000, (time_t)0x7fffffff);
	tap(d == WANT(-4294967295.0, 1.0), "difftime(0x80000000, 0x7fffffff): %.0f, want %.0f",
	    d, WANT(-4294967295.0, 1.0));
	d = difftime((time_t)0xfffff000, 0);
	tap(d == WANT(-4096.0, 4294963200.0), "difftime(0xfffff000, 0): %.0f, want %.0f",
	    d, WANT(-4096.0, 4294963200.0));
	d = difftime((time_t)0xffffffff, 0);
	tap(d == -1.0, "difftime(0xffffffff (reserved), 0): %.0f, want -1", d);

	tm = mk(2040, 1, 1, 0, 0, 0);
	strftime(b, sizeof(b), "%s", &tm);
	tap(!strcmp(b, WANT(STRFTIME_S_2040, "2208988800")),
	    "strftime(%%s, 2040-01-01 UTC): %s, want %s", b, WANT(STRFTIME_S_2040, "2208988800"));
	tm = mk(2107, 1, 1, 0, 0, 0);
	strftime(b, sizeof(b), "<%s|%%s|%Y>", &tm);
	tap(!strcmp(b, WANT(STRFTIME_S_2107, "<4323283200|%s|2107>")),
	    "strftime(<%%s|%%%%s|%%Y>, 2107-01-01 UTC): %s, want %s", b,
	    WANT(STRFTIME_S_2107, "<4323283200|%s|2107>"));
	return tap_exit();
}
