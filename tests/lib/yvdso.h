/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The 32-bit vDSO entry points with legacy 32-bit times (version LINUX_2.6): i386 vdso32
 * (also mapped for i386 tasks on x86_64) has __vdso_clock_gettime, __vdso_gettimeofday
 * and __vdso_time; arm has the first two. Include after y2106.h; the include path has
 * tools/testing/selftests (for vDSO/parse_vdso.c).
 */
#ifndef YVDSO_H
#define YVDSO_H

#include <sys/auxv.h>
#include "vDSO/parse_vdso.c"

typedef int (*vdso_clock_gettime_t)(clockid_t clk, struct old_timespec32 *ts);
typedef int (*vdso_gettimeofday_t)(struct old_timeval32 *tv, void *tz);
typedef int32_t (*vdso_time_t)(int32_t *tloc);

static vdso_clock_gettime_t vdso_clock_gettime;
static vdso_gettimeofday_t vdso_gettimeofday;
static vdso_time_t vdso_time;

/* Look the entry points up; returns the vDSO's address (0: no vDSO). */
static unsigned long y_vdso_init(void)
{
	unsigned long ehdr = getauxval(AT_SYSINFO_EHDR);

	if (ehdr) {
		vdso_init_from_sysinfo_ehdr(ehdr);
		vdso_clock_gettime = (vdso_clock_gettime_t)vdso_sym("LINUX_2.6",
								    "__vdso_clock_gettime");
		vdso_gettimeofday = (vdso_gettimeofday_t)vdso_sym("LINUX_2.6",
								  "__vdso_gettimeofday");
		vdso_time = (vdso_time_t)vdso_sym("LINUX_2.6", "__vdso_time");
	}
	return ehdr;
}

#endif
