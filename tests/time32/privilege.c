// SPDX-License-Identifier: GPL-2.0
/*
 * Privilege sweep: an unprivileged task (uid/gid 65534, no supplementary groups, checked
 * with capget to hold no CAP_SYS_TIME) calls every legacy 32-bit time setter with every
 * value class, and each call must fail and change nothing: CLOCK_REALTIME (against
 * CLOCK_MONOTONIC, 1 s tolerance), the timezone, the NTP state, the RTC and the times of
 * a root-owned file are compared before and after every call (policy §5).
 *
 * Values: tv_sec {0, 1, 0x7fffffff, 0x80000000, 0xfffff000, 0xfffff001, 0xffffffff} with
 * a valid sub-second part, and tv_sec 0x7fffff00 (valid in every variant) with the
 * sub-second part one past its maximum and -1.
 *
 * The errno is EPERM unless the kernel validates before it checks the capability; that
 * order is today's and must stay (6.12 source, unchanged by the series):
 *  - stime32: get_user (EFAULT), then security_settime64 (EPERM) before any check of the
 *    value: EPERM for every value, in every variant.
 *  - settimeofday, clock_settime32(CLOCK_REALTIME): copy-in (EFAULT), the usec range
 *    (settimeofday), then do_sys_settimeofday64(): timespec64_valid_settod() (EINVAL)
 *    before security_settime64() (EPERM). So a bad sub-second part is EINVAL, and a
 *    tv_sec the variant reads as before 1970 is EINVAL: 0x80000000.. in
 *    pristine/off/signed, 0xfffff001.. in unsigned (the reserved values decode to a
 *    negative time). Everything else is EPERM (0 and 1, before boot, are EPERM too: that
 *    check is in do_settimeofday64(), after the capability).
 *    settimeofday(NULL, tz) is EPERM, even with an out-of-range tz (checked after).
 *  - clock_settime32 on a clock without clock_set (TAI, MONOTONIC): EINVAL before
 *    anything is copied in.
 *  - adjtimex_time32, clock_adjtime32(CLOCK_REALTIME): timekeeping_validate_timex()
 *    checks the capability first for any mode bit (EPERM), and again for ADJ_SETOFFSET
 *    before the offset's sub-second range: EPERM for every offset and usec/nsec value.
 *    Exceptions: ADJ_ADJTIME without the single-shot bit is EINVAL (checked first);
 *    ADJ_OFFSET_SS_READ and modes 0 only read, and succeed.
 *  - clock_adjtime32 on a clock without clock_adj (TAI, MONOTONIC): EOPNOTSUPP.
 *  - RTC_SET_TIME on /dev/rtc0 (opened by root, used after the drop): rtc_dev_ioctl()
 *    checks CAP_SYS_TIME before it copies the struct rtc_time in: EACCES for every date,
 *    an invalid one or an unmapped pointer.
 *  - utime32 (i386), utimes_time32, futimesat_time32, utimensat_time32 with explicit
 *    times on a root-owned 0644 file on tmpfs: the usec/nsec ranges (EINVAL) and, in
 *    unsigned mode, the reserved 0xfffff001.. (EINVAL, patch 0015) are checked before
 *    setattr_prepare()'s owner check (EPERM). Both UTIME_OMIT: 0 without looking at the
 *    file. NULL times (set to now) need write permission: EACCES.
 * So the expectation is identical in every variant except where validation comes first
 * and the variant reads a value differently: 0x80000000..0xfffff000 are EINVAL for the
 * clock setters in pristine/off/signed and EPERM in unsigned; 0xfffff001.. are EINVAL
 * for the utimes family in unsigned mode and EPERM before.
 * timerfd with TFD_TIMER_CANCEL_ON_SET only watches the clock; it is no setter.
 * It sets the clock (to 2040, then back), so it runs only as a child of the guest's /init.
 */
#include "y2106.h"
#include <grp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <linux/capability.h>
#include "yrtc.h"

#define FILE_NAME	"y2106-privilege"
#define FILE_PATH	"/tmp/" FILE_NAME
#define FILE_TIME	1000000000LL		/* 2001-09-09, the file's times */
#define SEC_OK		0x7fffff00u		/* valid in every variant */
#define Y_UTIME_NOW	((1L << 30) - 1L)
#define Y_UTIME_OMIT	((1L << 30) - 2L)
#define ADJ_SS_READ	0xa001			/* ADJ_OFFSET_SS_READ */
#define ADJ_ADJTIME_	0x8000			/* ADJ_ADJTIME, without the single-shot bit */

static int rtc_fd = -1, dir_fd = -1;
static void *unmapped;

/* ----- value classes ----- */

enum frac { FR_OK, FR_BIG, FR_NEG };
static const char *const frac_names[] = { "0", "max+1", "-1" };
struct val { uint32_t sec; enum frac frac; };
static const struct val vals[] = {
	{ 0, FR_OK }, { 1, FR_OK }, { 0x7fffffff, FR_OK }, { 0x80000000, FR_OK },
	{ 0xfffff000, FR_OK }, { 0xfffff001, FR_OK }, { 0xffffffff, FR_OK },
	{ SEC_OK, FR_BIG }, { SEC_OK, FR_NEG },
};
#define NVALS (sizeof(vals) / sizeof(vals[0]))
#define NSECONLY 7	/* the first NSECONLY have a valid sub-second part */

static int32_t usec_of(enum frac f) { return f == FR_OK ? 0 : f == FR_BIG ? 1000000 : -1; }
static int32_t nsec_of(enum frac f) { return f == FR_OK ? 0 : f == FR_BIG ? 1000000000 : -1; }

/* ----- what must not change ----- */

struct snap {
	int64_t clock_off;		/* CLOCK_REALTIME - CLOCK_MONOTONIC, ns */
	int tz_err, tz_west, tz_dst;
	int tx_err; int32_t freq, status, constant, tick, tai;
	int rtc_err; int64_t rtc_off;	/* RTC - CLOCK_MONOTONIC, s */
	int st_err; struct timespec at, mt, ct;
};

static int64_t ns64(struct ts64 t) { return t.tv_sec * 1000000000LL + t.tv_nsec; }

static struct snap snapshot(void)
{
	struct snap s;
	struct old_timex32 tx;
	struct stat st;
	int32_t tz[2] = { 0, 0 };

	memset(&s, 0, sizeof(s));
	s.clock_off = ns64(y_now64(CLOCK_REALTIME)) - ns64(y_now64(CLOCK_MONOTONIC));
	s.tz_err = syscall(__NR_gettimeofday, NULL, tz) ? errno : 0;
	s.tz_west = tz[0];
	s.tz_dst = tz[1];
	memset(&tx, 0, sizeof(tx));
	s.tx_err = syscall(__NR_adjtimex, &tx) < 0 ? errno : 0;
	s.freq = tx.freq;
	s.status = tx.status;
	s.constant = tx.constant;
	s.tick = tx.tick;
	s.tai = tx.tai;
	if (rtc_fd >= 0) {
		int64_t rtc = 0;

		s.rtc_err = y_rtc_read(rtc_fd, &rtc);
		if (!s.rtc_err)
			s.rtc_off = rtc - y_now64(CLOCK_MONOTONIC).tv_sec;
	}
	s.st_err = stat(FILE_PATH, &st) ? errno : 0;
	s.at = st.st_atim;
	s.mt = st.st_mtim;
	s.ct = st.st_ctim;
	return s;
}

static int64_t absdiff(int64_t a, int64_t b) { return a > b ? a - b : b - a; }
static int ts_eq(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* "" if nothing changed, else what did. */
static const char *changed(const struct snap *a, const struct snap *b)
{
	if (absdiff(a->clock_off, b->clock_off) > 1000000000LL)
		return ", CLOCK_REALTIME CHANGED";
	if (a->tz_err != b->tz_err || a->tz_west != b->tz_west || a->tz_dst != b->tz_dst)
		return ", timezone CHANGED";
	if (a->tx_err != b->tx_err || a->freq != b->freq || a->status != b->status ||
	    a->constant != b->constant || a->tick != b->tick || a->tai != b->tai)
		return ", NTP state CHANGED";
	if (a->rtc_err != b->rtc_err || absdiff(a->rtc_off, b->rtc_off) > 2)
		return ", RTC CHANGED";
	if (a->st_err != b->st_err || !ts_eq(a->at, b->at) || !ts_eq(a->mt, b->mt) ||
	    !ts_eq(a->ct, b->ct))
		return ", file times CHANGED";
	return "";
}

/* ----- the setters, one value class each ----- */

static struct y_res do_stime(uint32_t sec, enum frac f)
{
#if Y_HAVE_STIME32
	int32_t t = (int32_t)sec;

	(void)f;
	return Y_CALL(__NR_stime, &t);
#else
	(void)sec; (void)f;
	return (struct y_res){ -1, ENOSYS };
#endif
}

static struct y_res do_settimeofday(uint32_t sec, enum frac f)
{
	struct old_timeval32 tv = { (int32_t)sec, usec_of(f) };

	return Y_CALL(__NR_settimeofday, &tv, NULL);
}

static struct y_res settime(clockid_t clk, uint32_t sec, enum frac f)
{
	struct old_timespec32 ts = { (int32_t)sec, nsec_of(f) };

	return Y_CALL(__NR_clock_settime, clk, &ts);
}
static struct y_res do_settime_rt(uint32_t s, enum frac f) { return settime(CLOCK_REALTIME, s, f); }
static struct y_res do_settime_tai(uint32_t s, enum frac f) { return settime(CLOCK_TAI, s, f); }

/* ADJ_SETOFFSET with the offset {sec, usec or nsec} (through adjtimex or clock_adjtime) */
static struct y_res setoffset(int clk, uint32_t modes, uint32_t sec, enum frac f)
{
	struct old_timex32 tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = 0x0100 | modes;	/* ADJ_SETOFFSET */
	tx.time.tv_sec = (int32_t)sec;
	tx.time.tv_usec = modes & 0x2000 ? nsec_of(f) : usec_of(f);	/* ADJ_NANO */
	if (clk < 0)
		return Y_CALL(__NR_adjtimex, &tx);
	return Y_CALL(__NR_clock_adjtime, clk, &tx);
}
static struct y_res do_adjtimex_off(uint32_t s, enum frac f) { return setoffset(-1, 0, s, f); }
static struct y_res do_adjtimex_off_nano(uint32_t s, enum frac f) { return setoffset(-1, 0x2000, s, f); }
static struct y_res do_clkadj_rt_off(uint32_t s, enum frac f) { return setoffset(CLOCK_REALTIME, 0, s, f); }
static struct y_res do_clkadj_tai_off(uint32_t s, enum frac f) { return setoffset(CLOCK_TAI, 0, s, f); }

/* RTC_SET_TIME: the broken-down date of sec (read as unsigned); bad fields for FR_BIG/FR_NEG */
static struct y_res do_rtc_set(uint32_t sec, enum frac f)
{
	time_t t = (time_t)sec;
	struct rtc_time rt;
	struct tm tm;

	if (rtc_fd < 0)
		return (struct y_res){ -1, ENODEV };
	gmtime_r(&t, &tm);
	memset(&rt, 0, sizeof(rt));
	rt.tm_sec = tm.tm_sec;
	rt.tm_min = tm.tm_min;
	rt.tm_hour = tm.tm_hour;
	rt.tm_mday = f == FR_NEG ? 0 : tm.tm_mday;
	rt.tm_mon = f == FR_BIG ? 12 : tm.tm_mon;
	rt.tm_year = tm.tm_year;
	return Y_CALL(__NR_ioctl, rtc_fd, RTC_SET_TIME, &rt);
}

static struct y_res do_utime(uint32_t sec, enum frac f)
{
#ifdef __NR_utime
	int32_t ub[2] = { (int32_t)sec, (int32_t)sec };

	(void)f;
	return Y_CALL(__NR_utime, FILE_PATH, ub);
#else
	(void)sec; (void)f;
	return (struct y_res){ -1, ENOSYS };
#endif
}

static struct y_res do_utimes(uint32_t sec, enum frac f)
{
	struct old_timeval32 tv[2] = { { (int32_t)sec, usec_of(f) }, { (int32_t)sec, usec_of(f) } };

	return Y_CALL(__NR_utimes, FILE_PATH, tv);
}

static struct y_res do_futimesat(uint32_t sec, enum frac f)
{
	struct old_timeval32 tv[2] = { { (int32_t)sec, usec_of(f) }, { (int32_t)sec, usec_of(f) } };

	return Y_CALL(__NR_futimesat, dir_fd, FILE_NAME, tv);
}

static struct y_res do_utimensat(uint32_t sec, enum frac f)
{
	struct old_timespec32 ts[2] = { { (int32_t)sec, nsec_of(f) }, { (int32_t)sec, nsec_of(f) } };

	return Y_CALL(__NR_utimensat, AT_FDCWD, FILE_PATH, ts, 0);
}

/* ----- expectations (see the header comment) ----- */

static int want_eperm(uint32_t s, enum frac f) { (void)s; (void)f; return EPERM; }
static int want_einval(uint32_t s, enum frac f) { (void)s; (void)f; return EINVAL; }
static int want_eacces(uint32_t s, enum frac f) { (void)s; (void)f; return EACCES; }
static int want_eopnotsupp(uint32_t s, enum frac f) { (void)s; (void)f; return EOPNOTSUPP; }

/* do_sys_settimeofday64(): timespec64_valid_settod() before security_settime64() */
static int want_settod(uint32_t s, enum frac f)
{
	return f != FR_OK || !y_decode_valid(s) ? EINVAL : EPERM;
}

/* the usec/nsec range and (unsigned) the reserved values before the owner check */
static int want_utimes(uint32_t s, enum frac f)
{
	return f != FR_OK || (y_unsigned() && s > Y_RANGE_MAX) ? EINVAL : EPERM;
}

struct setter {
	const char *name;
	int has_frac;	/* the value classes with a bad sub-second part apply */
	int avail;	/* the syscall exists on this ABI */
	struct y_res (*call)(uint32_t sec, enum frac f);
	int (*want)(uint32_t sec, enum frac f);
};

static struct setter setters[] = {
	{ "stime32", 0, Y_HAVE_STIME32, do_stime, want_eperm },
	{ "settimeofday", 1, 1, do_settimeofday, want_settod },
	{ "clock_settime32(REALTIME)", 1, 1, do_settime_rt, want_settod },
	{ "clock_settime32(TAI)", 1, 1, do_settime_tai, want_einval },
	{ "adjtimex_time32(ADJ_SETOFFSET)", 1, 1, do_adjtimex_off, want_eperm },
	{ "adjtimex_time32(ADJ_SETOFFSET|ADJ_NANO)", 1, 1, do_adjtimex_off_nano, want_eperm },
	{ "clock_adjtime32(REALTIME, ADJ_SETOFFSET)", 1, 1, do_clkadj_rt_off, want_eperm },
	{ "clock_adjtime32(TAI, ADJ_SETOFFSET)", 1, 1, do_clkadj_tai_off, want_eopnotsupp },
	{ "ioctl(/dev/rtc0, RTC_SET_TIME)", 1, 1, do_rtc_set, want_eacces },
#ifdef __NR_utime
	{ "utime32", 0, 1, do_utime, want_utimes },
#else
	{ "utime32", 0, 0, do_utime, want_utimes },
#endif
	{ "utimes_time32", 1, 1, do_utimes, want_utimes },
	{ "futimesat_time32", 1, 1, do_futimesat, want_utimes },
	{ "utimensat_time32", 1, 1, do_utimensat, want_utimes },
};
#define NSETTERS (sizeof(setters) / sizeof(setters[0]))

/* ----- single cases: modes, bad pointers, the other clocks ----- */

static struct y_res adjtimex_modes(int clk, uint32_t modes, int32_t tick)
{
	struct old_timex32 tx;

	memset(&tx, 0, sizeof(tx));
	/* read the current values first, so that a wrongly accepted write changes little */
	syscall(__NR_adjtimex, &tx);
	tx.modes = modes;
	if (tick)
		tx.tick = tick;
	if (clk < 0)
		return Y_CALL(__NR_adjtimex, &tx);
	return Y_CALL(__NR_clock_adjtime, clk, &tx);
}

struct extra { const char *name; int want; };
static const struct extra extras[] = {
	{ "settimeofday(NULL, tz -60 min)", EPERM },
	{ "settimeofday(NULL, tz 16 h: out of range, checked after the capability)", EPERM },
	{ "settimeofday(unmapped, NULL): copied in before the capability check", EFAULT },
	{ "clock_settime32(REALTIME, unmapped)", EFAULT },
	{ "clock_settime32(MONOTONIC, 0x7fffff00)", EINVAL },
	{ "stime32(unmapped)", EFAULT },
	{ "adjtimex_time32(unmapped)", EFAULT },
	{ "adjtimex_time32(ADJ_OFFSET)", EPERM },
	{ "adjtimex_time32(ADJ_FREQUENCY)", EPERM },
	{ "adjtimex_time32(ADJ_MAXERROR)", EPERM },
	{ "adjtimex_time32(ADJ_ESTERROR)", EPERM },
	{ "adjtimex_time32(ADJ_STATUS)", EPERM },
	{ "adjtimex_time32(ADJ_TIMECONST)", EPERM },
	{ "adjtimex_time32(ADJ_TAI)", EPERM },
	{ "adjtimex_time32(ADJ_TICK 10000)", EPERM },
	{ "adjtimex_time32(ADJ_TICK 1: out of range, checked after the capability)", EPERM },
	{ "adjtimex_time32(ADJ_OFFSET_SINGLESHOT)", EPERM },
	{ "adjtimex_time32(ADJ_ADJTIME without single-shot: EINVAL checked first)", EINVAL },
	{ "adjtimex_time32(ADJ_OFFSET_SS_READ: read only)", 0 },
	{ "adjtimex_time32(modes 0: read only)", 0 },
	{ "clock_adjtime32(REALTIME, ADJ_FREQUENCY)", EPERM },
	{ "clock_adjtime32(REALTIME, ADJ_STATUS)", EPERM },
	{ "clock_adjtime32(REALTIME, ADJ_ADJTIME without single-shot)", EINVAL },
	{ "clock_adjtime32(REALTIME, modes 0: read only)", 0 },
	{ "clock_adjtime32(MONOTONIC, ADJ_FREQUENCY)", EOPNOTSUPP },
	{ "ioctl(/dev/rtc0, RTC_SET_TIME, unmapped): capability before copy-in", EACCES },
	{ "utimensat_time32({UTIME_OMIT, UTIME_OMIT}): nothing to set", 0 },
	{ "utimensat_time32({UTIME_NOW, 5}): explicit mtime", EPERM },
	{ "utimensat_time32(NULL): set to now needs write permission", EACCES },
	{ "utimes_time32(NULL): set to now needs write permission", EACCES },
};
#define NEXTRAS (sizeof(extras) / sizeof(extras[0]))

static struct y_res do_extra(unsigned int i)
{
	int32_t tz[2];
	struct old_timespec32 ts[2];

	switch (i) {
	case 0: tz[0] = -60; tz[1] = 0; return Y_CALL(__NR_settimeofday, NULL, tz);
	case 1: tz[0] = 16 * 60; tz[1] = 0; return Y_CALL(__NR_settimeofday, NULL, tz);
	case 2: return Y_CALL(__NR_settimeofday, unmapped, NULL);
	case 3: return Y_CALL(__NR_clock_settime, CLOCK_REALTIME, unmapped);
	case 4: return settime(CLOCK_MONOTONIC, SEC_OK, FR_OK);
	case 5:
#if Y_HAVE_STIME32
		return Y_CALL(__NR_stime, unmapped);
#else
		return (struct y_res){ -1, ENOSYS };
#endif
	case 6: return Y_CALL(__NR_adjtimex, unmapped);
	case 7: return adjtimex_modes(-1, 0x0001, 0);		/* ADJ_OFFSET */
	case 8: return adjtimex_modes(-1, 0x0002, 0);		/* ADJ_FREQUENCY */
	case 9: return adjtimex_modes(-1, 0x0004, 0);		/* ADJ_MAXERROR */
	case 10: return adjtimex_modes(-1, 0x0008, 0);		/* ADJ_ESTERROR */
	case 11: return adjtimex_modes(-1, 0x0010, 0);		/* ADJ_STATUS */
	case 12: return adjtimex_modes(-1, 0x0020, 0);		/* ADJ_TIMECONST */
	case 13: return adjtimex_modes(-1, 0x0080, 0);		/* ADJ_TAI */
	case 14: return adjtimex_modes(-1, 0x4000, 10000);	/* ADJ_TICK */
	case 15: return adjtimex_modes(-1, 0x4000, 1);
	case 16: return adjtimex_modes(-1, 0x8001, 0);		/* ADJ_OFFSET_SINGLESHOT */
	case 17: return adjtimex_modes(-1, ADJ_ADJTIME_, 0);
	case 18: return adjtimex_modes(-1, ADJ_SS_READ, 0);
	case 19: return adjtimex_modes(-1, 0, 0);
	case 20: return adjtimex_modes(CLOCK_REALTIME, 0x0002, 0);
	case 21: return adjtimex_modes(CLOCK_REALTIME, 0x0010, 0);
	case 22: return adjtimex_modes(CLOCK_REALTIME, ADJ_ADJTIME_, 0);
	case 23: return adjtimex_modes(CLOCK_REALTIME, 0, 0);
	case 24: return adjtimex_modes(CLOCK_MONOTONIC, 0x0002, 0);
	case 25:
		if (rtc_fd < 0)
			return (struct y_res){ -1, ENODEV };
		return Y_CALL(__NR_ioctl, rtc_fd, RTC_SET_TIME, unmapped);
	case 26:
		ts[0] = (struct old_timespec32){ 5, Y_UTIME_OMIT };
		ts[1] = (struct old_timespec32){ 5, Y_UTIME_OMIT };
		return Y_CALL(__NR_utimensat, AT_FDCWD, FILE_PATH, ts, 0);
	case 27:
		ts[0] = (struct old_timespec32){ 5, Y_UTIME_NOW };
		ts[1] = (struct old_timespec32){ 5, 0 };
		return Y_CALL(__NR_utimensat, AT_FDCWD, FILE_PATH, ts, 0);
	case 28: return Y_CALL(__NR_utimensat, AT_FDCWD, FILE_PATH, NULL, 0);
	default: return Y_CALL(__NR_utimes, FILE_PATH, NULL);
	}
}

/* ----- the unprivileged task ----- */

static void drop_privileges(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];
	int ok;

	if (setgroups(0, NULL) || setgid(65534) || setuid(65534))
		ksft_exit_fail_msg("dropping to uid/gid 65534: %s\n", strerror(errno));
	memset(data, 0, sizeof(data));
	if (syscall(__NR_capget, &hdr, data))
		ksft_exit_fail_msg("capget: %s\n", strerror(errno));
	ok = getuid() == 65534 && geteuid() == 65534 && getgid() == 65534 &&
	     getegid() == 65534 && getgroups(0, NULL) == 0 &&
	     !(data[0].effective & (1u << CAP_SYS_TIME)) &&
	     !(data[0].permitted & (1u << CAP_SYS_TIME));
	ksft_test_result(ok, "unprivileged: uid %d gid %d, %d groups, CAP_SYS_TIME %s (effective 0x%08x, permitted 0x%08x)\n",
			 (int)geteuid(), (int)getegid(), getgroups(0, NULL),
			 data[0].effective & (1u << CAP_SYS_TIME) ? "held" : "gone",
			 data[0].effective, data[0].permitted);
	if (!ok)
		ksft_exit_fail_msg("still privileged: the sweep would prove nothing\n");
}

static void report(const char *name, const char *args, int want, struct y_res r,
		   const struct snap *before)
{
	struct snap after = snapshot();
	const char *ch = changed(before, &after);

	ksft_test_result(r.err == want && !*ch, "uid 65534: %s%s: %s%s; want %s, nothing changed\n",
			 name, args, y_errname(r.err), ch, y_errname(want));
}

static void sweep(void)
{
	char args[64];

	for (unsigned int i = 0; i < NSETTERS; i++) {
		const struct setter *s = &setters[i];

		for (unsigned int j = 0; j < (s->has_frac ? NVALS : NSECONLY); j++) {
			struct snap before;
			struct y_res r;

			snprintf(args, sizeof(args), " 0x%08x, sub-second %s", vals[j].sec,
				 frac_names[vals[j].frac]);
			if (!s->avail) {
				ksft_test_result_skip("uid 65534: %s%s: no such syscall on this ABI\n",
						      s->name, args);
				continue;
			}
			if (s->call == do_rtc_set && rtc_fd < 0) {
				ksft_test_result_skip("uid 65534: %s%s: no /dev/rtc0\n", s->name, args);
				continue;
			}
			before = snapshot();
			r = s->call(vals[j].sec, vals[j].frac);
			report(s->name, args, s->want(vals[j].sec, vals[j].frac), r, &before);
		}
	}
	for (unsigned int i = 0; i < NEXTRAS; i++) {
		struct snap before;
		struct y_res r;

		if ((i == 5 && !Y_HAVE_STIME32) || (i == 25 && rtc_fd < 0)) {
			ksft_test_result_skip("uid 65534: %s: %s\n", extras[i].name,
					      i == 5 ? "no stime syscall on this ABI" : "no /dev/rtc0");
			continue;
		}
		before = snapshot();
		r = do_extra(i);
		report(extras[i].name, "", extras[i].want, r, &before);
	}
}

int main(void)
{
	struct timespec ft[2] = { { FILE_TIME, 0 }, { FILE_TIME, 0 } };
	int ntests = 1 + NEXTRAS, fd, st;
	pid_t pid;

	for (unsigned int i = 0; i < NSETTERS; i++)
		ntests += setters[i].has_frac ? NVALS : NSECONLY;
	y_init("privilege", ntests, 120);
	y_clock_save();
	y_set64(Y_2040, 0);

	/* a root-owned 0644 file with known times, /tmp (1777) to reach it from */
	unlink(FILE_PATH);
	fd = open(FILE_PATH, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (fd < 0 || fchmod(fd, 0644) || futimens(fd, ft))
		ksft_exit_fail_msg("%s: %s\n", FILE_PATH, strerror(errno));
	close(fd);
	dir_fd = open("/tmp", O_RDONLY | O_DIRECTORY);
	if (dir_fd < 0)
		ksft_exit_fail_msg("/tmp: %s\n", strerror(errno));
	/* /dev/rtc0 is root's 0600: open it before dropping, as a daemon would hold it */
	rtc_fd = open("/dev/rtc0", O_RDONLY);
	if (rtc_fd < 0)
		ksft_print_msg("no /dev/rtc0 (%s): RTC cases skipped\n", strerror(errno));
	unmapped = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (unmapped == MAP_FAILED || munmap(unmapped, 4096))
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (pid == 0) {
		alarm(100);
		drop_privileges();
		sweep();
		ksft_finished();
	}
	if (waitpid(pid, &st, 0) != pid)
		ksft_exit_fail_msg("waitpid: %s\n", strerror(errno));
	y_clock_restore();
	unlink(FILE_PATH);
	if (!WIFEXITED(st))
		ksft_exit_fail_msg("unprivileged child killed by signal %d\n", WTERMSIG(st));
	exit(WEXITSTATUS(st));
}
