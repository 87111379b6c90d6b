// SPDX-License-Identifier: GPL-2.0
/*
 * What an unmodified 32-bit program sees in 2040: the calls it makes with a 32-bit time_t,
 * printed in words. Run by 'make demo' as the guest's only program (y2106.dir=/demo).
 */
#include <sys/stat.h>
#include "y2106.h"

static void show(const char *what, struct y_res r, const char *value)
{
	printf("DEMO %-44s %s%s%s\n", what, r.err ? y_errname(r.err) : "ok",
	       value ? ": " : "", value ? value : "");
}

int main(void)
{
	uint32_t when = (uint32_t)(Y_2040 + 86400 * 45 + 3600 * 12);	/* 2040-02-15 12:00 */
	struct old_timespec32 ts = { (int32_t)when, 0 }, got;
	struct old_timeval32 tv[2] = { { (int32_t)when, 0 }, { (int32_t)when, 0 } };
	struct y_res r;
	struct ts64 before, after;
	struct stat st;
	char buf[160];
	int fd;

	y_require_guest();
	alarm(20);
	printf("DEMO %-44s %s\n", "clock at boot (64-bit truth)", y_date(y_now64(CLOCK_REALTIME).tv_sec));

	r = Y_CALL(__NR_clock_settime, CLOCK_REALTIME, &ts);
	snprintf(buf, sizeof(buf), "clock is now %s", y_date(y_now64(CLOCK_REALTIME).tv_sec));
	show("clock_settime32(2040-02-15 12:00)", r, buf);

	y_set64(Y_2040 + 86400 * 45 + 3600 * 12, 0);
	r = Y_CALL(__NR_clock_gettime, CLOCK_REALTIME, &got);
	snprintf(buf, sizeof(buf), "tv_sec 0x%08x = %s as a signed time_t, %s as unsigned",
		 (uint32_t)got.tv_sec, y_date((int32_t)got.tv_sec), y_date((uint32_t)got.tv_sec));
	show("clock_gettime32(CLOCK_REALTIME)", r, buf);

	ts.tv_sec = got.tv_sec + 1;
	ts.tv_nsec = got.tv_nsec;
	before = y_now64(CLOCK_MONOTONIC);
	r = Y_CALL(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL);
	after = y_now64(CLOCK_MONOTONIC);
	snprintf(buf, sizeof(buf), "returned after %.2f s (the deadline was 1 s ahead)",
		 (after.tv_sec - before.tv_sec) + (after.tv_nsec - before.tv_nsec) / 1e9);
	show("clock_nanosleep32(ABSTIME, now + 1 s)", r, buf);

	fd = open("/tmp/file", O_CREAT | O_WRONLY, 0644);
	if (fd >= 0)
		close(fd);
	r = Y_CALL(__NR_utimes, "/tmp/file", tv);
	show("utimes(/tmp/file, 2040-02-15 12:00)", r, NULL);
	if (stat("/tmp/file", &st) == 0) {
		snprintf(buf, sizeof(buf), "mtime %s", y_date(st.st_mtime));
		show("stat (64-bit) of /tmp/file", (struct y_res){ 0, 0 }, buf);
	}
	return 0;
}
