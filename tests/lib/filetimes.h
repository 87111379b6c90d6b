/* SPDX-License-Identifier: GPL-2.0 */
/*
 * File times through the legacy 32-bit utimes family, the 64-bit truth read back by statx,
 * and what a filesystem keeps of a time (its s_time_min/max and granularity, as the
 * kernel's timestamp_truncate() applies them). Shared by tests/time32/utimes.c and
 * tests/persist/filetimes.c; include after y2106.h.
 */
#ifndef Y2106_FILETIMES_H
#define Y2106_FILETIMES_H

#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <linux/loop.h>

#if defined(__mips__)
/*
 * struct stat64 of MIPS o32 (big-endian here): on a 32-bit kernel the o32 struct stat64,
 * on a 64-bit kernel the n64 struct stat that the o32 stat64 calls fill (same layout).
 * The 32-bit seconds are followed by their nanoseconds, each time field by field.
 */
struct y_stat64 {
	uint32_t st_dev, st_pad0[3];
	unsigned long long st_ino;
	uint32_t st_mode, st_nlink, st_uid, st_gid;
	uint32_t st_rdev, st_pad1[3];
	long long st_size;
	unsigned long st_atime_, st_atime_nsec;
	unsigned long st_mtime_, st_mtime_nsec;
	unsigned long st_ctime_, st_ctime_nsec;
	uint32_t st_blksize, st_pad2;
	long long st_blocks;
};
_Static_assert(__builtin_offsetof(struct y_stat64, st_size) == 56, "mips stat64 st_size");
_Static_assert(__builtin_offsetof(struct y_stat64, st_atime_) == 64, "mips stat64 st_atime");
_Static_assert(__builtin_offsetof(struct y_stat64, st_atime_nsec) == 68, "mips stat64 st_atime_nsec");
_Static_assert(__builtin_offsetof(struct y_stat64, st_mtime_) == 72, "mips stat64 st_mtime");
_Static_assert(__builtin_offsetof(struct y_stat64, st_mtime_nsec) == 76, "mips stat64 st_mtime_nsec");
_Static_assert(__builtin_offsetof(struct y_stat64, st_ctime_) == 80, "mips stat64 st_ctime");
_Static_assert(__builtin_offsetof(struct y_stat64, st_blocks) == 96, "mips stat64 st_blocks");
_Static_assert(sizeof(struct y_stat64) == 104, "mips stat64");
#else
/* struct stat64 of i386 and arm (same text, each with its own alignment rules) */
struct y_stat64 {
	unsigned long long st_dev;
	unsigned char pad0[4];
	unsigned long st_ino32;
	unsigned int st_mode, st_nlink;
	unsigned long st_uid, st_gid;
	unsigned long long st_rdev;
	unsigned char pad3[4];
	long long st_size;
	unsigned long st_blksize;
	unsigned long long st_blocks;
	unsigned long st_atime_, st_atime_nsec;
	unsigned long st_mtime_, st_mtime_nsec;
	unsigned long st_ctime_, st_ctime_nsec;
	unsigned long long st_ino;
};
#endif

/* struct statx as a 32-bit (i386 / arm EABI / mips o32) task sees it */
struct y_statx_ts { int64_t tv_sec; uint32_t tv_nsec; int32_t reserved; };
struct y_statx {
	uint32_t stx_mask, stx_blksize;
	uint64_t stx_attributes;
	uint32_t stx_nlink, stx_uid, stx_gid;
	uint16_t stx_mode, spare0;
	uint64_t stx_ino, stx_size, stx_blocks, stx_attributes_mask;
	struct y_statx_ts stx_atime, stx_btime, stx_ctime, stx_mtime;
	uint8_t spare[256 - 128];
};
_Static_assert(sizeof(struct y_statx) == 256, "struct statx is 256 bytes");

/* atime/mtime of a file as some reader found them (legacy readers: the raw 32 bits) */
struct y_times { int err; int64_t a, m; long an, mn; };

static inline struct y_times y_statx_times(const char *path)
{
	struct y_statx x;
	struct y_times t = { 0 };

	memset(&x, 0, sizeof(x));
	if (syscall(__NR_statx, AT_FDCWD, path, 0, 0x7ff /* STATX_BASIC_STATS */, &x))
		t.err = errno;
	t.a = x.stx_atime.tv_sec;
	t.an = x.stx_atime.tv_nsec;
	t.m = x.stx_mtime.tv_sec;
	t.mn = x.stx_mtime.tv_nsec;
	return t;
}

/* ----- the legacy setters ----- */

enum setter { S_UTIME, S_UTIMES, S_FUTIMESAT, S_UTIMENSAT, NSETTERS };
static const char *const setter_names[] = { "utime32", "utimes32", "futimesat32", "utimensat32" };
/* The largest valid sub-second value of each call, and its unit in ns. */
static const int32_t frac_max[] = { 0, 999999, 999999, 999999999 };
static const long frac_ns[] = { 0, 1000, 1000, 1 };

static inline int have_setter(enum setter s)
{
#ifndef __NR_utime
	if (s == S_UTIME)
		return 0;
#endif
	(void)s;
	return 1;
}

/* Set atime = (a, af), mtime = (m, mf) of path with a legacy call (af/mf: usec or nsec). */
static inline struct y_res y_set_times32(enum setter s, const char *path, uint32_t a,
					 int32_t af, uint32_t m, int32_t mf)
{
	struct old_timeval32 tv[2] = { { (int32_t)a, af }, { (int32_t)m, mf } };
	struct old_timespec32 ts[2] = { { (int32_t)a, af }, { (int32_t)m, mf } };
	struct y_res r = { -1, ENOSYS };

	switch (s) {
	case S_UTIME: {
#ifdef __NR_utime
		int32_t ub[2] = { (int32_t)a, (int32_t)m };	/* struct old_utimbuf32 */

		r = Y_CALL(__NR_utime, path, ub);
#endif
		break;
	}
	case S_UTIMES:
		r = Y_CALL(__NR_utimes, path, tv);
		break;
	case S_FUTIMESAT:
		r = Y_CALL(__NR_futimesat, AT_FDCWD, path, tv);
		break;
	default:
		r = Y_CALL(__NR_utimensat, AT_FDCWD, path, ts, 0);
		break;
	}
	return r;
}

/* ----- what a filesystem can store ----- */

struct y_fs_range { int64_t tmin, tmax; long gran; };
#define Y_FS_TMPFS	{ INT64_MIN, INT64_MAX, 1 }
/* ext4, 256-byte inodes: EXT4_TIMESTAMP_MIN..EXT4_EXTRA_TIMESTAMP_MAX (1901..2446), 1 ns */
#define Y_FS_EXT4_256	{ INT32_MIN, 15032385535LL, 1 }
/* ext4, 128-byte inodes: S32_MIN..S32_MAX, whole seconds */
#define Y_FS_EXT4_128	{ INT32_MIN, INT32_MAX, 1000000000 }

/* The seconds the filesystem keeps of t: clamped to its range. */
static inline int64_t y_fs_sec(const struct y_fs_range *r, int64_t t)
{
	return t < r->tmin ? r->tmin : t > r->tmax ? r->tmax : t;
}

/* The nanoseconds it keeps: 0 at either limit, else cut to its granularity. */
static inline long y_fs_nsec(const struct y_fs_range *r, int64_t t, long ns)
{
	t = y_fs_sec(r, t);
	if (t == r->tmin || t == r->tmax)
		return 0;
	return ns - ns % r->gran;
}

/* ----- filesystem images (made by tools/mkguest) ----- */

/* Attach IMAGE to a free loop device and mount it (filesystem TYPE) on DIR. */
static inline void y_loop_mount(const char *image, const char *dir, const char *type)
{
	int ctl, n, lfd, ifd;
	char dev[32];

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0)
		ksft_exit_fail_msg("/dev/loop-control: %s (the guest kernel needs CONFIG_BLK_DEV_LOOP)\n",
				   strerror(errno));
	n = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (n < 0)
		ksft_exit_fail_msg("LOOP_CTL_GET_FREE: %s\n", strerror(errno));
	snprintf(dev, sizeof(dev), "/dev/loop%d", n);
	ifd = open(image, O_RDWR);
	lfd = open(dev, O_RDWR);
	if (ifd < 0 || lfd < 0 || ioctl(lfd, LOOP_SET_FD, ifd))
		ksft_exit_fail_msg("%s on %s: %s\n", image, dev, strerror(errno));
	close(ifd);
	mkdir("/mnt", 0755);
	mkdir(dir, 0755);
	if (mount(dev, dir, type, 0, NULL))
		ksft_exit_fail_msg("mount %s (%s, %s) on %s: %s (is %s in the guest kernel?)\n",
				   dev, image, type, dir, strerror(errno), type);
	close(lfd);
}

#endif /* Y2106_FILETIMES_H */
