// SPDX-License-Identifier: GPL-2.0
/*
 * The stat family with legacy 32-bit times: today's symbols (stat@GLIBC_2.33
 * ...) and the __xstat ones of binaries linked before glibc 2.33, each with
 * 32- and 64-bit offsets. Times are encoded unsigned and saturate, never
 * EOVERFLOW; st_ino, st_size and st_blocks of the 32-bit-offset struct stat
 * still give EOVERFLOW when they do not fit, as in glibc.
 */
#define _GNU_SOURCE
#define _LARGEFILE64_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "t32u.h"

/* The struct stat version of the __xstat calls (_STAT_VER_LINUX). */
#define T32U_STAT_VER	3

static void enc_ts(struct timespec *d, struct t32u_ts s)
{
	d->tv_sec = (time_t)t32u_encode(s.sec, &s.frac);
	d->tv_nsec = s.frac;
}

static int to_stat(struct stat *d, const struct t32u_stat *s)
{
	memset(d, 0, sizeof(*d));
	d->st_ino = s->ino;
	d->st_size = s->size;
	d->st_blocks = s->blocks;
	if (d->st_ino != s->ino || d->st_size != s->size ||
	    d->st_blocks != s->blocks) {
		errno = EOVERFLOW;
		return -1;
	}
	d->st_dev = s->dev;
	d->st_rdev = s->rdev;
	d->st_mode = s->mode;
	d->st_nlink = s->nlink;
	d->st_uid = s->uid;
	d->st_gid = s->gid;
	d->st_blksize = s->blksize;
	enc_ts(&d->st_atim, s->atim);
	enc_ts(&d->st_mtim, s->mtim);
	enc_ts(&d->st_ctim, s->ctim);
	return 0;
}

static int to_stat64(struct stat64 *d, const struct t32u_stat *s)
{
	memset(d, 0, sizeof(*d));
	d->st_ino = s->ino;
#ifndef __mips__
	/* the generic 32-bit layout (i386, armhf) repeats the low 32 bits of
	 * the inode in __st_ino; mips o32's struct stat64 has no such field */
	d->__st_ino = (__ino_t)s->ino;
#endif
	d->st_size = s->size;
	d->st_blocks = s->blocks;
	d->st_dev = s->dev;
	d->st_rdev = s->rdev;
	d->st_mode = s->mode;
	d->st_nlink = s->nlink;
	d->st_uid = s->uid;
	d->st_gid = s->gid;
	d->st_blksize = s->blksize;
	enc_ts(&d->st_atim, s->atim);
	enc_ts(&d->st_mtim, s->mtim);
	enc_ts(&d->st_ctim, s->ctim);
	return 0;
}

static int at(int fd, const char *path, struct stat *buf, int flags)
{
	struct t32u_stat s;

	return t64_fstatat(fd, path, &s, flags) ?: to_stat(buf, &s);
}

static int at64(int fd, const char *path, struct stat64 *buf, int flags)
{
	struct t32u_stat s;

	return t64_fstatat(fd, path, &s, flags) ?: to_stat64(buf, &s);
}

static int fd32(int fd, struct stat *buf)
{
	struct t32u_stat s;

	return t64_fstat(fd, &s) ?: to_stat(buf, &s);
}

static int fd64(int fd, struct stat64 *buf)
{
	struct t32u_stat s;

	return t64_fstat(fd, &s) ?: to_stat64(buf, &s);
}

int t32u_stat(const char *path, struct stat *buf)
{
	return at(AT_FDCWD, path, buf, 0);
}
T32U_EXPORT(stat)

int t32u_lstat(const char *path, struct stat *buf)
{
	return at(AT_FDCWD, path, buf, AT_SYMLINK_NOFOLLOW);
}
T32U_EXPORT(lstat)

int t32u_fstat(int fd, struct stat *buf)
{
	return fd32(fd, buf);
}
T32U_EXPORT(fstat)

int t32u_fstatat(int fd, const char *path, struct stat *buf, int flags)
{
	return at(fd, path, buf, flags);
}
T32U_EXPORT(fstatat)

int t32u_stat64(const char *path, struct stat64 *buf)
{
	return at64(AT_FDCWD, path, buf, 0);
}
T32U_EXPORT(stat64)

int t32u_lstat64(const char *path, struct stat64 *buf)
{
	return at64(AT_FDCWD, path, buf, AT_SYMLINK_NOFOLLOW);
}
T32U_EXPORT(lstat64)

int t32u_fstat64(int fd, struct stat64 *buf)
{
	return fd64(fd, buf);
}
T32U_EXPORT(fstat64)

int t32u_fstatat64(int fd, const char *path, struct stat64 *buf, int flags)
{
	return at64(fd, path, buf, flags);
}
T32U_EXPORT(fstatat64)

/*
 * The __xstat entry points take the version of struct stat; any other
 * version than _STAT_VER_LINUX (the raw kernel structures) goes on to glibc,
 * whose answer comes from the legacy system call: the kernel series' half.
 */
#define NEXT(name, ...) ({						\
	static int (*next)();						\
	if (!next)							\
		next = (int (*)())dlsym(RTLD_NEXT, #name);		\
	next ? next(__VA_ARGS__) : (errno = EINVAL, -1);		\
})

int t32u___xstat(int ver, const char *path, struct stat *buf)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__xstat, ver, path, buf);
	return at(AT_FDCWD, path, buf, 0);
}
T32U_EXPORT(__xstat)

int t32u___lxstat(int ver, const char *path, struct stat *buf)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__lxstat, ver, path, buf);
	return at(AT_FDCWD, path, buf, AT_SYMLINK_NOFOLLOW);
}
T32U_EXPORT(__lxstat)

int t32u___fxstat(int ver, int fd, struct stat *buf)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__fxstat, ver, fd, buf);
	return fd32(fd, buf);
}
T32U_EXPORT(__fxstat)

int t32u___fxstatat(int ver, int fd, const char *path, struct stat *buf,
		    int flags)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__fxstatat, ver, fd, path, buf, flags);
	return at(fd, path, buf, flags);
}
T32U_EXPORT(__fxstatat)

int t32u___xstat64(int ver, const char *path, struct stat64 *buf)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__xstat64, ver, path, buf);
	return at64(AT_FDCWD, path, buf, 0);
}
T32U_EXPORT(__xstat64)

int t32u___lxstat64(int ver, const char *path, struct stat64 *buf)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__lxstat64, ver, path, buf);
	return at64(AT_FDCWD, path, buf, AT_SYMLINK_NOFOLLOW);
}
T32U_EXPORT(__lxstat64)

int t32u___fxstat64(int ver, int fd, struct stat64 *buf)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__fxstat64, ver, fd, buf);
	return fd64(fd, buf);
}
T32U_EXPORT(__fxstat64)

int t32u___fxstatat64(int ver, int fd, const char *path, struct stat64 *buf,
		      int flags)
{
	if (ver != T32U_STAT_VER)
		return NEXT(__fxstatat64, ver, fd, path, buf, flags);
	return at64(fd, path, buf, flags);
}
T32U_EXPORT(__fxstatat64)
