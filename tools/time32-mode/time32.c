// SPDX-License-Identifier: GPL-2.0
/*
 * time32: run a program with a chosen legacy 32-bit time mode, like setarch.
 *
 *   time32 unsigned PROG [ARGS...]   legacy 32-bit calendar times read as 1970..2106
 *   time32 signed PROG [ARGS...]     the traditional 1901..2038
 *   time32 default PROG [ARGS...]    the mode chosen at boot (drop an inherited choice)
 *   time32 [show [PID]]              the mode of PID (default: this process) and the boot mode
 *
 * The choice is a personality flag of the task (TIME32_UNSIGNED or TIME32_SIGNED, patch
 * "time: Let a task choose its legacy 32-bit time mode"): inherited by everything PROG
 * starts, across fork, threads and exec, and dropped by an exec that gains privilege
 * (setuid, setgid, file capabilities). It needs no privilege and affects only this
 * process and its descendants. A kernel without CONFIG_TIME32_UNSIGNED ignores the
 * flags; time32 refuses to run PROG there (no /proc/sys/kernel/time32_unsigned) unless
 * -f is given, so that "unsigned" never silently means signed.
 *
 * Exit status: PROG's, or 1 (usage, no such mode support), 126/127 (PROG not executable /
 * not found), like env(1).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/personality.h>

#ifndef TIME32_UNSIGNED
#define TIME32_SIGNED	0x0008000
#define TIME32_UNSIGNED	0x0010000
#endif
#define TIME32_MASK	(TIME32_SIGNED | TIME32_UNSIGNED)

static const char sysctl_path[] = "/proc/sys/kernel/time32_unsigned";

static void usage(void)
{
	fprintf(stderr,
		"usage: time32 [-f] unsigned|signed|default PROG [ARGS...]\n"
		"       time32 [show [PID]]\n"
		"Run PROG with legacy 32-bit calendar times read as unsigned (1970..2106),\n"
		"signed (1901..2038) or as chosen at boot; show prints the mode of PID.\n"
		"-f: run PROG even if the kernel does not show the mode support.\n");
	exit(1);
}

/* The boot mode: 1 unsigned, 0 signed, -1 no support (no sysctl). */
static int boot_mode(void)
{
	FILE *f = fopen(sysctl_path, "r");
	int c;

	if (!f)
		return -1;
	c = fgetc(f);
	fclose(f);
	return c == '1';
}

static int show(const char *pid)
{
	char path[64], buf[32] = "";
	unsigned long pers;
	int boot = boot_mode();
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%s/personality", pid);
	f = fopen(path, "r");
	if (!f || !fgets(buf, sizeof(buf), f)) {
		fprintf(stderr, "time32: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fclose(f);
	pers = strtoul(buf, NULL, 16);
	if (boot < 0)
		printf("%s: personality %08lx; this kernel has no legacy 32-bit time mode (no %s): signed\n",
		       pid, pers, sysctl_path);
	else
		printf("%s: personality %08lx; legacy 32-bit calendar times %s (%s; boot mode %s)\n",
		       pid, pers,
		       pers & TIME32_UNSIGNED ? "unsigned" : pers & TIME32_SIGNED ? "signed" :
		       boot ? "unsigned" : "signed",
		       pers & TIME32_MASK ? "chosen by the process" : "the boot mode",
		       boot ? "unsigned" : "signed");
	return 0;
}

int main(int argc, char **argv)
{
	int force = 0, flag, old;

	if (argc > 1 && !strcmp(argv[1], "-f")) {
		force = 1;
		argc--;
		argv++;
	}
	if (argc < 2 || !strcmp(argv[1], "show")) {
		if (argc > 3)
			usage();
		return show(argc == 3 ? argv[2] : "self");
	}
	if (!strcmp(argv[1], "unsigned"))
		flag = TIME32_UNSIGNED;
	else if (!strcmp(argv[1], "signed"))
		flag = TIME32_SIGNED;
	else if (!strcmp(argv[1], "default"))
		flag = 0;
	else
		usage();
	if (argc < 3)
		usage();
	if (!force && boot_mode() < 0) {
		fprintf(stderr, "time32: this kernel has no legacy 32-bit time mode (no %s): not running %s\n",
			sysctl_path, argv[2]);
		return 1;
	}
	old = personality(0xffffffff);
	if (old == -1 || personality((old & ~TIME32_MASK) | flag) == -1) {
		fprintf(stderr, "time32: personality: %s\n", strerror(errno));
		return 1;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "time32: %s: %s\n", argv[2], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
