// SPDX-License-Identifier: GPL-2.0
/*
 * The wall clock a 32-bit system boots with when its RTC says 2040 (tools/boot starts
 * every guest with -rtc base=2040-01-01). /init records CLOCK_REALTIME on entry, before it
 * sets any clock, and passes it as Y2106_BOOT_CLOCK.
 *
 * Where the boot clock comes from, and so what each case expects:
 *   arm (uname -m armv7l): only rtc_hctosys() (pl031) sets it. A 32-bit kernel refuses an
 *     RTC time above INT_MAX there (-ERANGE, no message); patch 0011 raises the limit to
 *     0xfffff000 in unsigned mode. unsigned: 2040-01-01 (+10 min at most), and the kernel
 *     logs "setting system clock to 2040-..."; pristine/off/signed: 1970 (the clock starts
 *     at 0; within 10 min of it), no such message.
 *   x86 (uname -m i686 on the i386 kernel; an i386 binary on the x86_64 kernel sees
 *     x86_64, the compat uname is not per-personality unless PER_LINUX32 is set): the
 *     clock is first set from the CMOS clock through read_persistent_clock64() in
 *     timekeeping_init(), a 64-bit path without the INT_MAX check, so the boot clock is
 *     2040 in every variant. rtc_hctosys() (rtc_cmos) runs later: on the 32-bit i386
 *     kernel it refuses 2040 silently except in unsigned mode; on the 64-bit x86_64 kernel
 *     (BITS_PER_LONG 64) it has no limit and sets (and logs) 2040 in every variant.
 *   arm64 (an arm binary on the arm64 kernel sees aarch64, as on x86_64 unless
 *     PER_LINUX32 is set): only rtc_hctosys() (pl031) sets it, and with BITS_PER_LONG 64 it
 *     has no limit: 2040, logged, in every variant.
 *   mips (uname -m mips on the 32-bit kernel; an o32 binary on the 64-bit kernel sees
 *     mips64): as on x86, the Malta's read_persistent_clock64() reads the CMOS clock
 *     first (2040 in every variant), and rtc_hctosys() (rtc-cmos) runs later, refusing
 *     2040 on the 32-bit kernel except in unsigned mode and setting it on the 64-bit one.
 *     rtc-cmos binds to the device tree's mc146818 (rtc@70 on the ISA bus) only with
 *     CONFIG_PCI (configs/mips*.config); with no century register (no ACPI) it reads
 *     the two-digit year as 1970..2069 (mc146818_get_time) and sets no range, so 2040
 *     is within its reach.
 * In every case the RTC itself (/dev/rtc0, RTC_RD_TIME) reads 2040.
 */
#include <sys/utsname.h>
#include "y2106.h"
#include "yrtc.h"

#define WINDOW	600	/* seconds: the guest boots within 10 minutes of its RTC base */

static int in_window(int64_t t, int64_t base)
{
	return t >= base && t <= base + WINDOW;
}

/* The "setting system clock to" line rtc_hctosys() logs, from /dev/kmsg, or "". */
static const char *hctosys_line(void)
{
	static char rec[1024], found[256];
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	ssize_t n;

	if (fd < 0)
		ksft_exit_fail_msg("/dev/kmsg: %s\n", strerror(errno));
	found[0] = 0;
	/* one record per read; EPIPE means records were overwritten, keep reading */
	while ((n = read(fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		char *msg;

		if (n <= 0)
			continue;
		rec[n] = 0;
		msg = strchr(rec, ';');
		if (msg && strstr(msg, "setting system clock to")) {
			snprintf(found, sizeof(found), "%s", msg + 1);
			found[strcspn(found, "\n")] = 0;
		}
	}
	close(fd);
	return found;
}

int main(void)
{
	const char *env = getenv("Y2106_BOOT_CLOCK"), *line;
	int arm, arm64, is_mips, is_mips64, kernel64, want_2040, want_line, fd, err, ok;
	struct utsname u;
	int64_t boot, rtc = -1;

	y_init("bootclock", 3, 30);
	if (!env)
		ksft_exit_fail_msg("no Y2106_BOOT_CLOCK in the environment (from /init)\n");
	boot = strtoll(env, NULL, 0);
	if (uname(&u))
		ksft_exit_fail_msg("uname: %s\n", strerror(errno));
	arm = !strncmp(u.machine, "arm", 3);
	arm64 = !strcmp(u.machine, "aarch64");
	is_mips = !strcmp(u.machine, "mips");
	is_mips64 = !strcmp(u.machine, "mips64");
	kernel64 = arm64 || is_mips64 || !strcmp(u.machine, "x86_64");
	if (!arm && !kernel64 && !is_mips && !(u.machine[0] == 'i' && !strcmp(u.machine + 2, "86")))
		ksft_exit_fail_msg("uname -m %s: not an arm, mips or x86 guest\n", u.machine);
	ksft_print_msg("uname -m %s: %s kernel, boot clock %lld (%s)\n", u.machine,
		       arm ? "32-bit arm" : arm64 ? "64-bit arm64" : is_mips ? "32-bit mips" :
		       is_mips64 ? "64-bit mips64" : kernel64 ? "64-bit x86_64" : "32-bit i386",
		       (long long)boot, y_date(boot));

	/* 1. the boot clock */
	want_2040 = !arm || y_unsigned();
	if (want_2040)
		ksft_test_result(in_window(boot, Y_2040),
				 "boot clock: %s; want 2040-01-01 .. +%d s (%s)\n", y_date(boot),
				 WINDOW, arm ? "hctosys accepts 2040 in unsigned mode" :
				 arm64 ? "64-bit hctosys (pl031), every variant" :
				 is_mips || is_mips64 ? "Malta persistent clock, every variant" :
				 "x86 persistent clock, every variant");
	else
		ksft_test_result(in_window(boot, 0),
				 "boot clock: %s; want 1970-01-01 .. +%d s (32-bit hctosys refuses 2040 unless unsigned)\n",
				 y_date(boot), WINDOW);

	/* 2. the RTC says 2040 in every variant */
	fd = open("/dev/rtc0", O_RDONLY);
	err = fd < 0 ? errno : y_rtc_read(fd, &rtc);
	ksft_test_result(!err && in_window(rtc, Y_2040),
			 "/dev/rtc0 RTC_RD_TIME: %s; want 2040-01-01 .. +%d s\n",
			 err ? strerror(err) : y_date(rtc), WINDOW);
	if (fd >= 0)
		close(fd);

	/* 3. whether rtc_hctosys() set the clock (and logged it) */
	line = hctosys_line();
	want_line = kernel64 || y_unsigned();
	ok = want_line ? strstr(line, "setting system clock to 2040-01-01") != NULL : !line[0];
	ksft_test_result(ok, "rtc_hctosys: \"%s\"; want %s\n", line,
			 want_line ? "\"setting system clock to 2040-01-01...\""
				   : "no message (32-bit kernel refuses a time past INT_MAX)");
	ksft_finished();
}
