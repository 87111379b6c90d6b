// SPDX-License-Identifier: GPL-2.0
/*
 * SysV IPC times through IPC_STAT: msg_stime/rtime/ctime, sem_otime/ctime and
 * shm_atime/dtime/ctime are absolute CLOCK_REALTIME times. The IPC_64 layout carries
 * them in a low and a high 32-bit word (32-bit kernels and compat): the whole time on
 * every kernel. The IPC_OLD layout (msqid_ds, semid_ds, shmid_ds) has one 32-bit field:
 * in time32=unsigned mode the u32 value, saturated to 0xfffff000 after 2106; on
 * pristine/off/signed the low 32 bits (negative as signed from 2038). At each read point
 * (2040, 2038-1, 2106-max, the 2106 error window, 2107 set through clock_settime64) a
 * fresh queue, semaphore set and segment are created and used (msgsnd, msgrcv, semop,
 * shmat, shmdt); the IPC_64 time must lie between clock_gettime64 before and after, and
 * the IPC_OLD field must be y_encode() of it. Raw calls with explicit 32-bit structs:
 * i386 (and ia32 on x86_64) through the ipc() multiplexer, whose MSGCTL/SEMCTL/SHMCTL
 * take IPC_64 as a flag in cmd (the direct msgctl of i386 is always IPC_64); arm EABI
 * through msgctl/semctl/shmctl, which are the same old_*ctl entry points; mips o32
 * through ipc() as i386, with its own big-endian layouts (below). Nothing
 * blocks (IPC_NOWAIT); the watchdog bounds the run.
 */
#include <stddef.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include "y2106.h"

#define Y_IPC_64	0x0100		/* include/uapi/linux/ipc.h */
#define Y_MSGCTL	14		/* ipc() call numbers */
#define Y_SEMCTL	3
#define Y_SHMCTL	24

#if defined(__mips__)
/*
 * MIPS o32, big-endian (a 32-bit kernel, or the compat structs of a 64-bit one, which
 * have the same layout). IPC_OLD: 32-bit ids and mode (__kernel_uid_t and
 * __kernel_mode_t are unsigned int on MIPS). IPC_64: the high word of each msg time
 * comes first (big-endian), the sem high words sit after sem_nsems, and the shm high
 * parts are 16-bit, in the padding at the end. Every time field is checked by offset.
 */
struct old_ipc_perm32 {
	int32_t key;
	uint32_t uid, gid, cuid, cgid, mode;
	uint16_t seq;
};
struct ipc64_perm32 {
	int32_t key;
	uint32_t uid, gid, cuid, cgid, mode;
	uint16_t seq, pad2;
	uint32_t unused1, unused2;
};
_Static_assert(sizeof(struct old_ipc_perm32) == 28, "old ipc_perm");
_Static_assert(sizeof(struct ipc64_perm32) == 36, "ipc64_perm");

struct old_msqid_ds32 {
	struct old_ipc_perm32 msg_perm;
	uint32_t msg_first, msg_last;
	int32_t msg_stime, msg_rtime, msg_ctime;
	uint32_t msg_lcbytes, msg_lqbytes;
	uint16_t msg_cbytes, msg_qnum, msg_qbytes;
	int32_t msg_lspid, msg_lrpid;
};
struct old_semid_ds32 {
	struct old_ipc_perm32 sem_perm;
	int32_t sem_otime, sem_ctime;
	uint32_t sem_base, sem_pending, sem_pending_last, undo;
	uint16_t sem_nsems;
};
struct old_shmid_ds32 {
	struct old_ipc_perm32 shm_perm;
	int32_t shm_segsz;
	int32_t shm_atime, shm_dtime, shm_ctime;
	int32_t shm_cpid, shm_lpid;
	uint16_t shm_nattch, shm_unused;
	uint32_t shm_unused2, shm_unused3;
};
_Static_assert(offsetof(struct old_msqid_ds32, msg_stime) == 36, "msqid_ds msg_stime");
_Static_assert(offsetof(struct old_msqid_ds32, msg_rtime) == 40, "msqid_ds msg_rtime");
_Static_assert(offsetof(struct old_msqid_ds32, msg_ctime) == 44, "msqid_ds msg_ctime");
_Static_assert(sizeof(struct old_msqid_ds32) == 72, "msqid_ds");
_Static_assert(offsetof(struct old_semid_ds32, sem_otime) == 28, "semid_ds sem_otime");
_Static_assert(offsetof(struct old_semid_ds32, sem_ctime) == 32, "semid_ds sem_ctime");
_Static_assert(sizeof(struct old_semid_ds32) == 56, "semid_ds");
_Static_assert(offsetof(struct old_shmid_ds32, shm_atime) == 32, "shmid_ds shm_atime");
_Static_assert(offsetof(struct old_shmid_ds32, shm_dtime) == 36, "shmid_ds shm_dtime");
_Static_assert(offsetof(struct old_shmid_ds32, shm_ctime) == 40, "shmid_ds shm_ctime");
_Static_assert(sizeof(struct old_shmid_ds32) == 64, "shmid_ds");

struct t64 { uint32_t hi, lo; };	/* msqid64_ds: msg_Xtime_high, then msg_Xtime */
struct msqid64_ds32 {
	struct ipc64_perm32 msg_perm;
	struct t64 msg_stime, msg_rtime, msg_ctime;
	uint32_t msg_cbytes, msg_qnum, msg_qbytes, msg_lspid, msg_lrpid, unused4, unused5;
};
struct semid64_ds32 {
	struct ipc64_perm32 sem_perm;
	uint32_t sem_otime, sem_ctime, sem_nsems, sem_otime_high, sem_ctime_high;
};
struct shmid64_ds32 {
	struct ipc64_perm32 shm_perm;
	uint32_t shm_segsz, shm_atime, shm_dtime, shm_ctime, shm_cpid, shm_lpid, shm_nattch;
	uint16_t shm_atime_high, shm_dtime_high, shm_ctime_high, unused1;
};
_Static_assert(offsetof(struct msqid64_ds32, msg_stime.hi) == 36, "msqid64_ds msg_stime_high");
_Static_assert(offsetof(struct msqid64_ds32, msg_stime.lo) == 40, "msqid64_ds msg_stime");
_Static_assert(offsetof(struct msqid64_ds32, msg_rtime.hi) == 44, "msqid64_ds msg_rtime_high");
_Static_assert(offsetof(struct msqid64_ds32, msg_rtime.lo) == 48, "msqid64_ds msg_rtime");
_Static_assert(offsetof(struct msqid64_ds32, msg_ctime.hi) == 52, "msqid64_ds msg_ctime_high");
_Static_assert(offsetof(struct msqid64_ds32, msg_ctime.lo) == 56, "msqid64_ds msg_ctime");
_Static_assert(sizeof(struct msqid64_ds32) == 88, "msqid64_ds");
_Static_assert(offsetof(struct semid64_ds32, sem_otime) == 36, "semid64_ds sem_otime");
_Static_assert(offsetof(struct semid64_ds32, sem_ctime) == 40, "semid64_ds sem_ctime");
_Static_assert(offsetof(struct semid64_ds32, sem_otime_high) == 48, "semid64_ds sem_otime_high");
_Static_assert(offsetof(struct semid64_ds32, sem_ctime_high) == 52, "semid64_ds sem_ctime_high");
_Static_assert(sizeof(struct semid64_ds32) == 56, "semid64_ds");
_Static_assert(offsetof(struct shmid64_ds32, shm_atime) == 40, "shmid64_ds shm_atime");
_Static_assert(offsetof(struct shmid64_ds32, shm_dtime) == 44, "shmid64_ds shm_dtime");
_Static_assert(offsetof(struct shmid64_ds32, shm_ctime) == 48, "shmid64_ds shm_ctime");
_Static_assert(offsetof(struct shmid64_ds32, shm_atime_high) == 64, "shmid64_ds shm_atime_high");
_Static_assert(offsetof(struct shmid64_ds32, shm_dtime_high) == 66, "shmid64_ds shm_dtime_high");
_Static_assert(offsetof(struct shmid64_ds32, shm_ctime_high) == 68, "shmid64_ds shm_ctime_high");
_Static_assert(sizeof(struct shmid64_ds32) == 72, "shmid64_ds");

/* The IPC_64 times as the whole 64-bit value the kernel split. */
#define T64(lo, hi)		((int64_t)((uint64_t)(hi) << 32 | (uint32_t)(lo)))
#define MSG_T64(n, f)		T64((n).f.lo, (n).f.hi)
#define SEM_T64(n, f)		T64((n).f, (n).f##_high)
#define SHM_T64(n, f)		T64((n).f, (n).f##_high)
#else
/* struct ipc_perm of IPC_OLD (i386 and arm: 16-bit ids and mode). */
struct old_ipc_perm32 {
	int32_t key;
	uint16_t uid, gid, cuid, cgid, mode, seq;
};
/* struct ipc64_perm (asm-generic, 32-bit). */
struct ipc64_perm32 {
	int32_t key;
	uint32_t uid, gid, cuid, cgid;
	uint16_t mode, pad1, seq, pad2;
	uint32_t unused1, unused2;
};
_Static_assert(sizeof(struct old_ipc_perm32) == 16, "old ipc_perm");
_Static_assert(sizeof(struct ipc64_perm32) == 36, "ipc64_perm");

/* IPC_OLD structs: __kernel_old_time_t (32-bit long) times. */
struct old_msqid_ds32 {
	struct old_ipc_perm32 msg_perm;
	uint32_t msg_first, msg_last;
	int32_t msg_stime, msg_rtime, msg_ctime;
	uint32_t msg_lcbytes, msg_lqbytes;
	uint16_t msg_cbytes, msg_qnum, msg_qbytes, msg_lspid, msg_lrpid;
};
struct old_semid_ds32 {
	struct old_ipc_perm32 sem_perm;
	int32_t sem_otime, sem_ctime;
	uint32_t sem_base, sem_pending, sem_pending_last, undo;
	uint16_t sem_nsems;
};
struct old_shmid_ds32 {
	struct old_ipc_perm32 shm_perm;
	int32_t shm_segsz;
	int32_t shm_atime, shm_dtime, shm_ctime;
	uint16_t shm_cpid, shm_lpid, shm_nattch, shm_unused;
	uint32_t shm_unused2, shm_unused3;
};
_Static_assert(offsetof(struct old_msqid_ds32, msg_stime) == 24, "msqid_ds");
_Static_assert(sizeof(struct old_msqid_ds32) == 56, "msqid_ds");
_Static_assert(offsetof(struct old_semid_ds32, sem_otime) == 16, "semid_ds");
_Static_assert(sizeof(struct old_semid_ds32) == 44, "semid_ds");
_Static_assert(offsetof(struct old_shmid_ds32, shm_atime) == 20, "shmid_ds");
_Static_assert(sizeof(struct old_shmid_ds32) == 48, "shmid_ds");

/* IPC_64 structs of 32-bit tasks: each time as low and high 32-bit words. */
struct t64 { uint32_t lo, hi; };
struct msqid64_ds32 {
	struct ipc64_perm32 msg_perm;
	struct t64 msg_stime, msg_rtime, msg_ctime;
	uint32_t msg_cbytes, msg_qnum, msg_qbytes, msg_lspid, msg_lrpid, unused4, unused5;
};
struct semid64_ds32 {
	struct ipc64_perm32 sem_perm;
	struct t64 sem_otime, sem_ctime;
	uint32_t sem_nsems, unused3, unused4;
};
struct shmid64_ds32 {
	struct ipc64_perm32 shm_perm;
	uint32_t shm_segsz;
	struct t64 shm_atime, shm_dtime, shm_ctime;
	uint32_t shm_cpid, shm_lpid, shm_nattch, unused4, unused5;
};
_Static_assert(sizeof(struct msqid64_ds32) == 88, "msqid64_ds");
_Static_assert(sizeof(struct semid64_ds32) == 64, "semid64_ds");
_Static_assert(sizeof(struct shmid64_ds32) == 84, "shmid64_ds");

/* The IPC_64 times as the whole 64-bit value the kernel split. */
#define T64(lo, hi)		((int64_t)((uint64_t)(hi) << 32 | (uint32_t)(lo)))
#define MSG_T64(n, f)		T64((n).f.lo, (n).f.hi)
#define SEM_T64(n, f)		T64((n).f.lo, (n).f.hi)
#define SHM_T64(n, f)		T64((n).f.lo, (n).f.hi)
#endif


/* IPC_STAT in the IPC_OLD (flag 0) or IPC_64 layout, raw. */
static struct y_res msgctl32(int id, int flag, void *buf)
{
#ifdef __NR_ipc
	return Y_CALL(__NR_ipc, Y_MSGCTL, id, IPC_STAT | flag, 0, buf, 0);
#else
	return Y_CALL(__NR_msgctl, id, IPC_STAT | flag, buf);
#endif
}

static struct y_res semctl32(int id, int flag, void *buf)
{
#ifdef __NR_ipc
	unsigned long arg = (unsigned long)buf;	/* ipc() takes a pointer to the union */

	return Y_CALL(__NR_ipc, Y_SEMCTL, id, 0, IPC_STAT | flag, &arg, 0);
#else
	return Y_CALL(__NR_semctl, id, 0, IPC_STAT | flag, buf);
#endif
}

static struct y_res shmctl32(int id, int flag, void *buf)
{
#ifdef __NR_ipc
	return Y_CALL(__NR_ipc, Y_SHMCTL, id, IPC_STAT | flag, 0, buf, 0);
#else
	return Y_CALL(__NR_shmctl, id, IPC_STAT | flag, buf);
#endif
}

/* One time field: the IPC_64 value and the IPC_OLD one. */
static void check(const char *what, const char *field, int64_t v64, int32_t old,
		  int64_t t0, int64_t t1)
{
	ksft_test_result(v64 >= t0 && v64 <= t1,
			 "IPC_64 %s at %s: %lld (%s); want %lld..%lld on every kernel\n",
			 field, what, (long long)v64, y_date(v64), (long long)t0, (long long)t1);
	ksft_test_result((uint32_t)old == y_encode(v64),
			 "IPC_OLD %s at %s: 0x%08x (%d); want 0x%08x (%s)\n",
			 field, what, (uint32_t)old, old, y_encode(v64),
			 y_unsigned() ? "u32, saturated to 0xfffff000" : "legacy low 32 bits");
}

static void stat_fail(const char *call, struct y_res r)
{
	ksft_exit_fail_msg("%s: %ld (%s)\n", call, r.ret, y_errname(r.err));
}

static void run_msg(int64_t at, const char *what)
{
	struct old_msqid_ds32 o;
	struct msqid64_ds32 n;
	struct { long mtype; char mtext[8]; } msg = { 1, "y2106" };
	int64_t t0, t1;
	struct y_res r;
	int id;

	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (id < 0 || msgsnd(id, &msg, sizeof(msg.mtext), IPC_NOWAIT) ||
	    msgrcv(id, &msg, sizeof(msg.mtext), 0, IPC_NOWAIT) < 0)
		ksft_exit_fail_msg("msgget/msgsnd/msgrcv: %s\n", strerror(errno));
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	memset(&o, 0x55, sizeof(o));
	memset(&n, 0x55, sizeof(n));
	r = msgctl32(id, 0, &o);
	if (r.ret)
		stat_fail("msgctl(IPC_STAT) IPC_OLD", r);
	r = msgctl32(id, Y_IPC_64, &n);
	if (r.ret)
		stat_fail("msgctl(IPC_STAT | IPC_64)", r);
	check(what, "msg_stime", MSG_T64(n, msg_stime), o.msg_stime, t0, t1);
	check(what, "msg_rtime", MSG_T64(n, msg_rtime), o.msg_rtime, t0, t1);
	check(what, "msg_ctime", MSG_T64(n, msg_ctime), o.msg_ctime, t0, t1);
	msgctl(id, IPC_RMID, NULL);
}

static void run_sem(int64_t at, const char *what)
{
	struct sembuf op = { 0, 1, IPC_NOWAIT };
	struct old_semid_ds32 o;
	struct semid64_ds32 n;
	int64_t t0, t1;
	struct y_res r;
	int id;

	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
	if (id < 0 || semop(id, &op, 1))
		ksft_exit_fail_msg("semget/semop: %s\n", strerror(errno));
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	memset(&o, 0x55, sizeof(o));
	memset(&n, 0x55, sizeof(n));
	r = semctl32(id, 0, &o);
	if (r.ret)
		stat_fail("semctl(IPC_STAT) IPC_OLD", r);
	r = semctl32(id, Y_IPC_64, &n);
	if (r.ret)
		stat_fail("semctl(IPC_STAT | IPC_64)", r);
	check(what, "sem_otime", SEM_T64(n, sem_otime), o.sem_otime, t0, t1);
	check(what, "sem_ctime", SEM_T64(n, sem_ctime), o.sem_ctime, t0, t1);
	semctl(id, 0, IPC_RMID);
}

static void run_shm(int64_t at, const char *what)
{
	struct old_shmid_ds32 o;
	struct shmid64_ds32 n;
	int64_t t0, t1;
	struct y_res r;
	void *p;
	int id;

	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	if (id < 0)
		ksft_exit_fail_msg("shmget: %s\n", strerror(errno));
	p = shmat(id, NULL, 0);
	if (p == (void *)-1 || shmdt(p))
		ksft_exit_fail_msg("shmat/shmdt: %s\n", strerror(errno));
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	memset(&o, 0x55, sizeof(o));
	memset(&n, 0x55, sizeof(n));
	r = shmctl32(id, 0, &o);
	if (r.ret)
		stat_fail("shmctl(IPC_STAT) IPC_OLD", r);
	r = shmctl32(id, Y_IPC_64, &n);
	if (r.ret)
		stat_fail("shmctl(IPC_STAT | IPC_64)", r);
	check(what, "shm_atime", SHM_T64(n, shm_atime), o.shm_atime, t0, t1);
	check(what, "shm_dtime", SHM_T64(n, shm_dtime), o.shm_dtime, t0, t1);
	check(what, "shm_ctime", SHM_T64(n, shm_ctime), o.shm_ctime, t0, t1);
	shmctl(id, IPC_RMID, NULL);
}

int main(void)
{
	unsigned int i;

	y_init("ipc", Y_NREADPOINTS * 8 * 2, 120);
	y_clock_save();
	for (i = 0; i < Y_NREADPOINTS; i++) {
		run_msg(y_read_points[i].t, y_read_points[i].what);
		run_sem(y_read_points[i].t, y_read_points[i].what);
		run_shm(y_read_points[i].t, y_read_points[i].what);
	}
	y_clock_restore();
	ksft_finished();
}
