/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spatch --macro-file for the legacy 32-bit time rules: Coccinelle's
 * standard.h knows SYSCALL_DEFINEn() but not COMPAT_SYSCALL_DEFINEn(), so
 * without these the parameters of compat syscalls have no type.
 */
#define COMPAT_SYSCALL_DEFINE0(func) \
	asmlinkage long compat_sys_##func(void)
#define COMPAT_SYSCALL_DEFINE1(func, t1, a1) \
	asmlinkage long compat_sys_##func(t1 a1)
#define COMPAT_SYSCALL_DEFINE2(func, t1, a1, t2, a2) \
	asmlinkage long compat_sys_##func(t1 a1, t2 a2)
#define COMPAT_SYSCALL_DEFINE3(func, t1, a1, t2, a2, t3, a3) \
	asmlinkage long compat_sys_##func(t1 a1, t2 a2, t3 a3)
#define COMPAT_SYSCALL_DEFINE4(func, t1, a1, t2, a2, t3, a3, t4, a4) \
	asmlinkage long compat_sys_##func(t1 a1, t2 a2, t3 a3, t4 a4)
#define COMPAT_SYSCALL_DEFINE5(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) \
	asmlinkage long compat_sys_##func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)
#define COMPAT_SYSCALL_DEFINE6(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6) \
	asmlinkage long compat_sys_##func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)
/*
 * The scope-based guard of <linux/cleanup.h> (6.5+): a scoped_guard() not
 * followed by braces is otherwise a parse error that hides the rest of the
 * function (e.g. snd_timer_user_status32() of sound/core/timer.c).
 */
#define scoped_guard(_name, args...) for (_name(args); ; )
/*
 * __free(kfree) on a declaration: without this spatch takes kfree for a type
 * and every later kfree() call of the file is a parse error.
 */
#define __free(_name) __attribute__((_name))
