// SPDX-License-Identifier: GPL-2.0
/*
 * The 32-bit vDSO entry points with legacy 32-bit times (i386 vdso32, also mapped for
 * i386 tasks on x86_64: __vdso_clock_gettime, __vdso_gettimeofday, __vdso_time; arm:
 * __vdso_clock_gettime, __vdso_gettimeofday; all version LINUX_2.6) must return exactly
 * what the system call returns, for every clock value: the seconds of the vDSO result
 * equal those of clock_gettime32 / gettimeofday / time32 issued by number, and both equal
 * the policy's encoding of the 64-bit clock:
 *   pristine/off/signed: the low 32 bits (today's ABI);
 *   unsigned:            0..0xfffff000 exact, saturated to 0xfffff000 with the sub-second
 *                        part 0 past 2106 (the vDSO falls back to the syscall there).
 * A function the vDSO does not export is skipped with the reason. The clocksource is
 * reported: on one that the vDSO cannot read, every vDSO call is a syscall fallback.
 * It sets the clock, so it runs only as a child of the y2106 guest's /init.
 */
#include "y2106.h"
#include "yvdso.h"


/* The clock values checked: the common read points and both sides of the top. */
static const struct { int64_t t; const char *what; } extra_points[] = {
	{ Y_RANGE_MAX - 2, "0xfffff000-2" },
	{ Y_RANGE_MAX, "0xfffff000" },
	{ Y_RANGE_MAX + 1, "0xfffff001" },
};
#define NEXTRA (sizeof(extra_points) / sizeof(extra_points[0]))
#define NPOINTS (Y_NREADPOINTS + NEXTRA)

static int64_t point_t(unsigned int i)
{
	return i < Y_NREADPOINTS ? y_read_points[i].t : extra_points[i - Y_NREADPOINTS].t;
}

static const char *point_what(unsigned int i)
{
	return i < Y_NREADPOINTS ? y_read_points[i].what : extra_points[i - Y_NREADPOINTS].what;
}

/* One reading: the vDSO's and the syscall's seconds and sub-second parts. */
struct reading {
	int vret, sret;
	uint32_t vsec, ssec;
	int32_t vfrac, sfrac;
	int64_t truth;		/* the 64-bit clock, seconds, when both calls agreed on it */
};

enum fn { CLOCK_GETTIME, GETTIMEOFDAY, TIME };

static void read_once(enum fn f, clockid_t clk, struct reading *rd)
{
	struct old_timespec32 vts = { 0, 0 }, sts = { 0, 0 };
	struct old_timeval32 vtv = { 0, 0 }, stv = { 0, 0 };
	int32_t vloc = 0;
	uint32_t sloc = 0;

	switch (f) {
	case CLOCK_GETTIME:
		rd->vret = vdso_clock_gettime(clk, &vts);
		rd->sret = syscall(__NR_clock_gettime, clk, &sts) ? errno : 0;
		rd->vsec = vts.tv_sec;
		rd->ssec = sts.tv_sec;
		rd->vfrac = vts.tv_nsec;
		rd->sfrac = sts.tv_nsec;
		break;
	case GETTIMEOFDAY:
		rd->vret = vdso_gettimeofday(&vtv, NULL);
		rd->sret = syscall(__NR_gettimeofday, &stv, NULL) ? errno : 0;
		rd->vsec = vtv.tv_sec;
		rd->ssec = stv.tv_sec;
		rd->vfrac = vtv.tv_usec;
		rd->sfrac = stv.tv_usec;
		break;
	case TIME:
		rd->vsec = (uint32_t)vdso_time(&vloc);
		rd->ssec = y_raw_time32(&sloc);
		/* the *tloc copies must agree with the return values */
		rd->vret = (uint32_t)vloc != rd->vsec;
		rd->sret = sloc != rd->ssec;
		rd->vfrac = rd->sfrac = 0;
		break;
	}
}

/*
 * Compare the vDSO with the syscall with the clock at t (+0.1 s). truth_clk is the 64-bit
 * clock whose seconds the function reports (time() and REALTIME_COARSE read the tick's
 * coarse time). Retried when a second boundary falls between the two truth readings.
 */
static void check(enum fn f, const char *name, clockid_t clk, clockid_t truth_clk,
		  unsigned int pt)
{
	int64_t t = point_t(pt), before = 0, after = 1;
	int32_t frac_max = f == CLOCK_GETTIME ? 1000000000 : f == GETTIMEOFDAY ? 1000000 : 1;
	struct reading rd;
	uint32_t want;
	int exact, ok;

	for (int i = 0; i < 5 && before != after; i++) {
		y_set64(t, 100000000);
		before = y_now64(truth_clk).tv_sec;
		read_once(f, clk, &rd);
		after = y_now64(truth_clk).tv_sec;
	}
	want = y_encode(before);
	exact = y_encode_exact(before);
	ok = before == after && !rd.vret && !rd.sret && rd.vsec == rd.ssec && rd.vsec == want &&
	     (exact ? rd.vfrac >= 0 && rd.vfrac < frac_max && rd.sfrac >= 0 &&
		      rd.sfrac < frac_max
		    : rd.vfrac == 0 && rd.sfrac == 0);
	ksft_test_result(ok, "%s at %s (%s): vDSO %s0x%08x.%d, syscall %s0x%08x.%d; want both 0x%08x%s\n",
			 name, point_what(pt), y_date(t), rd.vret ? "(error) " : "", rd.vsec,
			 rd.vfrac, rd.sret ? "(error) " : "", rd.ssec, rd.sfrac, want,
			 exact ? "" : ".0");
}

/* A function this vDSO does not export: one skip per case, so the plan stays fixed. */
static void skip_all(const char *name, const char *why)
{
	for (unsigned int pt = 0; pt < NPOINTS; pt++)
		ksft_test_result_skip("%s at %s: %s\n", name, point_what(pt), why);
}

/*
 * Information, not a test: ns per call of the vDSO and of the syscall at 2040. A vDSO
 * much faster than the syscall shows the fast path (not the fallback) was measured.
 */
static void report_speed(void)
{
	struct old_timespec32 ts;
	double v = 1e9, s = 1e9;

	y_set64(Y_2040, 0);
	/* the best of 4 rounds: the first pays for TCG translation and page faults */
	for (int round = 0; round < 4; round++) {
		struct ts64 start = y_now64(CLOCK_MONOTONIC);
		int i;

		for (i = 0; i < 1000; i++)
			vdso_clock_gettime(CLOCK_REALTIME, &ts);
		if (y_elapsed(start) / i * 1e9 < v)
			v = y_elapsed(start) / i * 1e9;
		start = y_now64(CLOCK_MONOTONIC);
		for (i = 0; i < 1000; i++)
			syscall(__NR_clock_gettime, CLOCK_REALTIME, &ts);
		if (y_elapsed(start) / i * 1e9 < s)
			s = y_elapsed(start) / i * 1e9;
	}
	ksft_print_msg("clock_gettime32(REALTIME) at 2040: vDSO %.0f ns/call, syscall %.0f ns/call (%s)\n",
		       v, s, v < s / 2 ? "vDSO fast path" : "vDSO no faster: fallback?");
}

static const struct { clockid_t clk, truth; const char *name; } clocks[] = {
	{ CLOCK_REALTIME, CLOCK_REALTIME, "vdso clock_gettime32(REALTIME)" },
	{ CLOCK_REALTIME_COARSE, CLOCK_REALTIME_COARSE, "vdso clock_gettime32(REALTIME_COARSE)" },
	{ CLOCK_TAI, CLOCK_TAI, "vdso clock_gettime32(TAI)" },
};
#define NCLOCKS (sizeof(clocks) / sizeof(clocks[0]))

int main(void)
{
	unsigned long ehdr;
	char cs[64] = "?";

	y_init("vdso", (NCLOCKS + 2) * NPOINTS, 60);
	y_clock_save();
	if (!y_read_file("/sys/devices/system/clocksource/clocksource0/current_clocksource",
			 cs, sizeof(cs)))
		cs[strcspn(cs, "\n")] = 0;
	ksft_print_msg("clocksource %s\n", cs);

	ehdr = y_vdso_init();
	ksft_print_msg("vDSO at %#lx: clock_gettime %s, gettimeofday %s, time %s\n", ehdr,
		       vdso_clock_gettime ? "yes" : "no", vdso_gettimeofday ? "yes" : "no",
		       vdso_time ? "yes" : "no");

	if (vdso_clock_gettime)
		report_speed();
	for (unsigned int c = 0; c < NCLOCKS; c++) {
		if (!vdso_clock_gettime) {
			skip_all(clocks[c].name, "the vDSO has no __vdso_clock_gettime");
			continue;
		}
		for (unsigned int pt = 0; pt < NPOINTS; pt++)
			check(CLOCK_GETTIME, clocks[c].name, clocks[c].clk, clocks[c].truth, pt);
	}
	if (vdso_gettimeofday) {
		for (unsigned int pt = 0; pt < NPOINTS; pt++)
			check(GETTIMEOFDAY, "vdso gettimeofday", 0, CLOCK_REALTIME, pt);
	} else {
		skip_all("vdso gettimeofday", "the vDSO has no __vdso_gettimeofday");
	}
	if (vdso_time && Y_HAVE_TIME32) {
		for (unsigned int pt = 0; pt < NPOINTS; pt++)
			check(TIME, "vdso time", 0, CLOCK_REALTIME_COARSE, pt);
	} else {
		skip_all("vdso time", vdso_time ? "no time syscall to compare with on this ABI"
						: "the vDSO has no __vdso_time (none on arm)");
	}

	y_clock_restore();
	ksft_finished();
}
