/* SPDX-License-Identifier: GPL-2.0 */
/*
 * glibc's struct __timespec64 on a 32-bit arch, the argument of its exported
 * 64-bit entry points (__utimensat64, __clock_gettime64, ...): 64-bit
 * seconds, then the 32-bit nanoseconds in the half of a 64-bit word that a
 * 64-bit load reads as its low bits (the first on little endian, the second
 * on big endian, mips), the other half padding. Shared by the tests (tap.h)
 * and the fake clock they preload (fakeclock.c).
 */
#ifndef PRELOAD_TS64_H
#define PRELOAD_TS64_H

#include <stdint.h>

struct ts64 {
	int64_t sec;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	int32_t pad;
	int32_t nsec;
#else
	int32_t nsec;
	int32_t pad;
#endif
};

#endif
