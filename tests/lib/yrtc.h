/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading the RTC as seconds since 1970 (UTC), for the tests that check what a clock set
 * did to it. Include after y2106.h.
 */
#ifndef YRTC_H
#define YRTC_H

#include <sys/ioctl.h>
#include <linux/rtc.h>

/* RTC_RD_TIME on fd into *sec; 0, or the errno of the ioctl. */
static inline int y_rtc_read(int fd, int64_t *sec)
{
	struct rtc_time rt;
	struct tm tm;

	memset(&rt, 0, sizeof(rt));
	if (ioctl(fd, RTC_RD_TIME, &rt))
		return errno;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = rt.tm_year;
	tm.tm_mon = rt.tm_mon;
	tm.tm_mday = rt.tm_mday;
	tm.tm_hour = rt.tm_hour;
	tm.tm_min = rt.tm_min;
	tm.tm_sec = rt.tm_sec;
	*sec = (int64_t)timegm(&tm);
	return 0;
}

#endif
