// SPDX-License-Identifier: GPL-2.0
/*
 * Guest wrapper of the in-tree kselftest that patch 0027 adds
 * (tools/testing/selftests/timers/time32_unsigned.c of the patched tree, found through
 * mkguest's include path): the y2106 guest guard, then the test exactly as in the tree,
 * then a check that it put the clock back. Skips when the series does not have it.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <time.h>
#include <sys/syscall.h>

/* realtime - monotonic in ns, at start and at exit: the test must leave it unchanged */
static long long y_offset(void)
{
	struct { long long s, ns; } r, m;

	syscall(__NR_clock_gettime64, CLOCK_REALTIME, &r);
	syscall(__NR_clock_gettime64, CLOCK_MONOTONIC, &m);
	return (r.s - m.s) * 1000000000LL + r.ns - m.ns;
}

static long long y_start_offset;

__attribute__((destructor)) static void y_check_restore(void)
{
	long long d = y_offset() - y_start_offset;

	printf("# wrapper: realtime-monotonic moved by %lld.%09lld s during the test (%s)\n",
	       d / 1000000000LL, (d < 0 ? -d : d) % 1000000000LL,
	       d > -100000000LL && d < 100000000LL ? "restored" : "NOT RESTORED");
}

__attribute__((constructor)) static void y_guard(void)
{
	char cmd[4096] = "", exe[64] = "";
	int fd = open("/proc/cmdline", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, cmd, sizeof(cmd) - 1) : -1;

	if (n > 0)
		cmd[n] = 0;
	n = readlink("/proc/1/exe", exe, sizeof(exe) - 1);
	if (n > 0)
		exe[n] = 0;
	if (!strstr(cmd, "y2106.guest=1") || strcmp(exe, "/init")) {
		printf("1..0 # SKIP not a y2106 test guest: refusing to set the clock\n");
		exit(4);
	}
	y_start_offset = y_offset();
}

#if __has_include("timers/time32_unsigned.c")
#include "timers/time32_unsigned.c"
#else
int main(void)
{
	printf("1..0 # SKIP the series has no tools/testing/selftests/timers/time32_unsigned.c\n");
	return 4;
}
#endif
