// SPDX-License-Identifier: GPL-2.0
/*
 * The legacy stat family reads file times set by the 64-bit utimensat.
 * Sixteen readers: stat, lstat, fstat, fstatat and their 64-bit-offset
 * twins (stat@GLIBC_2.33 ...), and the __xstat, __lxstat, __fxstat,
 * __fxstatat (+64) symbols that binaries linked before glibc 2.33 call
 * (this program calls them directly, so it binds them as such a binary
 * does: __xstat@GLIBC_2.0 on i386 and mips, @GLIBC_2.4 on armhf).
 * Expected per time, glibc / with libtime32u:
 *   1970..2038-01-19 03:14:07: exact on both sides;
 *   2038..2106-02-07 05:20:00: -1 EOVERFLOW / exact (unsigned);
 *   after 2106-02-07 05:20:00: -1 EOVERFLOW / 0xfffff000, nsec 0;
 *   1901..1969: exact (negative) / 0, nsec 0.
 * Then every reader's other fields (dev, ino, mode, nlink, uid, gid, rdev,
 * size, blocks, blksize) against statx, on both sides: the arch's layouts.
 * The __xstat family of glibc 2.36 on i386 issues the legacy stat64 system
 * call (on mips: stat, lstat, fstat for __xstat, __lxstat, __fxstat,
 * fstatat64 for __fxstatat, stat64 ... for the *64 ones; measured with
 * qemu-mips -strace), so without the library it gives today's kernel ABI
 * instead: the low 32 bits of the time, never EOVERFLOW (wrong dates after
 * 2038; with the kernel series in unsigned mode, the kernel's encoding).
 * With the library every reader gives the unsigned encoding. A NULL buffer
 * (for a file with 1970 times) kills the caller with SIGSEGV on both sides:
 * glibc converts from its own 64-bit buffer, as the library does. (For a
 * file whose times do not fit, glibc fails with EOVERFLOW before it touches
 * the buffer.)
 */
#include "tap.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

int __xstat(int ver, const char *path, struct stat *buf);
int __lxstat(int ver, const char *path, struct stat *buf);
int __fxstat(int ver, int fd, struct stat *buf);
int __fxstatat(int ver, int fd, const char *path, struct stat *buf, int flags);
int __xstat64(int ver, const char *path, struct stat64 *buf);
int __lxstat64(int ver, const char *path, struct stat64 *buf);
int __fxstat64(int ver, int fd, struct stat64 *buf);
int __fxstatat64(int ver, int fd, const char *path, struct stat64 *buf, int flags);

/* glibc's 64-bit entry point (struct ts64: tap.h) */
int __utimensat64(int fd, const char *path, const struct ts64 *t, int flags);

#define VER	3	/* _STAT_VER_LINUX */

static int fd;
static const char *file = "f", *link_ = "l";

/* What a reader gave: the times, and the other fields for fields_case(). */
struct times {
	int64_t as;
	long an;
	int64_t ms;
	long mn;
	uint64_t dev, ino, rdev;
	uint32_t mode, nlink, uid, gid;
	int64_t size, blocks;
	long blksize;
};

/* Copy struct stat or stat64 s into *t, each field by the arch's own layout. */
#define TAKE(t, s) ( \
	(t)->as = (int32_t)(s).st_atime, (t)->an = (s).st_atim.tv_nsec, \
	(t)->ms = (int32_t)(s).st_mtime, (t)->mn = (s).st_mtim.tv_nsec, \
	(t)->dev = (s).st_dev, (t)->ino = (s).st_ino, (t)->rdev = (s).st_rdev, \
	(t)->mode = (s).st_mode, (t)->nlink = (s).st_nlink, \
	(t)->uid = (s).st_uid, (t)->gid = (s).st_gid, (t)->size = (s).st_size, \
	(t)->blocks = (s).st_blocks, (t)->blksize = (s).st_blksize, 0)

/* Each reader: call, then copy struct stat(64) s into *t. */
#define R32(expr) \
	struct stat s; \
	int r = (expr); \
	return r ? r : TAKE(t, s)
#define R64(expr) \
	struct stat64 s; \
	int r = (expr); \
	return r ? r : TAKE(t, s)

static int r_stat(struct times *t)
{
	R32(stat(file, &s));
}

static int r_lstat(struct times *t)
{
	R32(lstat(link_, &s));
}

static int r_fstat(struct times *t)
{
	R32(fstat(fd, &s));
}

static int r_fstatat(struct times *t)
{
	R32(fstatat(AT_FDCWD, file, &s, 0));
}

static int r_stat64(struct times *t)
{
	R64(stat64(file, &s));
}

static int r_lstat64(struct times *t)
{
	R64(lstat64(link_, &s));
}

static int r_fstat64(struct times *t)
{
	R64(fstat64(fd, &s));
}

static int r_fstatat64(struct times *t)
{
	R64(fstatat64(AT_FDCWD, file, &s, 0));
}

static int r_xstat(struct times *t)
{
	R32(__xstat(VER, file, &s));
}

static int r_lxstat(struct times *t)
{
	R32(__lxstat(VER, link_, &s));
}

static int r_fxstat(struct times *t)
{
	R32(__fxstat(VER, fd, &s));
}

static int r_fxstatat(struct times *t)
{
	R32(__fxstatat(VER, AT_FDCWD, file, &s, 0));
}

static int r_xstat64(struct times *t)
{
	R64(__xstat64(VER, file, &s));
}

static int r_lxstat64(struct times *t)
{
	R64(__lxstat64(VER, link_, &s));
}

static int r_fxstat64(struct times *t)
{
	R64(__fxstat64(VER, fd, &s));
}

static int r_fxstatat64(struct times *t)
{
	R64(__fxstatat64(VER, AT_FDCWD, file, &s, 0));
}


static const struct reader {
	const char *name;
	int (*fn)(struct times *t);
} readers[] = {
	{ "stat", r_stat }, { "lstat", r_lstat }, { "fstat", r_fstat },
	{ "fstatat", r_fstatat }, { "stat64", r_stat64 }, { "lstat64", r_lstat64 },
	{ "fstat64", r_fstat64 }, { "fstatat64", r_fstatat64 },
	{ "__xstat", r_xstat }, { "__lxstat", r_lxstat }, { "__fxstat", r_fxstat },
	{ "__fxstatat", r_fxstatat }, { "__xstat64", r_xstat64 },
	{ "__lxstat64", r_lxstat64 }, { "__fxstat64", r_fxstat64 },
	{ "__fxstatat64", r_fxstatat64 },
};
#define NREADERS	((int)ARRAY_SIZE(readers))

/* What a legacy reader gives for a 64-bit time on this side. */
static int fits_glibc(int64_t s)
{
	return s >= INT32_MIN && s <= INT32_MAX;
}

static void want_lib(int64_t s, long n, int64_t *ws, long *wn)
{
	*ws = s < 0 ? 0 : s > 0xfffff000LL ? (int32_t)0xfffff000 : (int32_t)(uint32_t)s;
	*wn = s < 0 || s > 0xfffff000LL ? 0 : n;
}

static void set(const char *path, int64_t as, long an, int64_t ms, long mn)
{
	struct ts64 t[2] = { { .sec = as, .nsec = an }, { .sec = ms, .nsec = mn } };
	struct statx sx;

	if (__utimensat64(AT_FDCWD, path, t, AT_SYMLINK_NOFOLLOW))
		tap_bail("__utimensat64");
	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &sx))
		tap_bail("statx");
	if (sx.stx_atime.tv_sec != as || sx.stx_mtime.tv_sec != ms) {
		errno = ERANGE;
		tap_bail("the filesystem of the test directory cannot store 1960..2107 (use tmpfs or ext4 with 256-byte inodes)");
	}
}

static void one_case(const char *what, int64_t as, long an, int64_t ms, long mn)
{
	int glibc_ok = fits_glibc(as) && fits_glibc(ms);
	int64_t was, wms;
	long wan, wmn;
	int i;

	set(file, as, an, ms, mn);
	set(link_, as, an, ms, mn);
	if (lib) {
		want_lib(as, an, &was, &wan);
		want_lib(ms, mn, &wms, &wmn);
	} else {
		was = (int32_t)as, wan = an, wms = (int32_t)ms, wmn = mn;
	}
	for (i = 0; i < NREADERS; i++) {
		struct times t = { 0 };
		int r, e;

		errno = 0;
		r = readers[i].fn(&t);
		e = errno;
		if (!lib && !glibc_ok && readers[i].name[0] != '_')
			tap(r == -1 && e == EOVERFLOW, "%s %s: %d %s, want -1 EOVERFLOW",
			    readers[i].name, what, r, tap_err(r ? e : 0));
		else
			tap(r == 0 && t.as == was && t.an == wan && t.ms == wms && t.mn == wmn,
			    "%s %s: %d %s atime 0x%08" PRIx32 ".%09ld mtime 0x%08" PRIx32 ".%09ld, want 0 0x%08" PRIx32 ".%09ld 0x%08" PRIx32 ".%09ld",
			    readers[i].name, what, r, tap_err(r ? e : 0),
			    (uint32_t)t.as, t.an, (uint32_t)t.ms, t.mn,
			    (uint32_t)was, wan, (uint32_t)wms, wmn);
	}
}

/*
 * The other fields, against the kernel's statx of the same object: they
 * check the layout of struct stat and stat64 (mips o32 pads and orders them
 * otherwise than i386 and armhf, big endian). Times in range: both sides
 * succeed and must agree with statx. st_dev: its low 32 bits (mips o32 has
 * no more), the same encoding in glibc and the kernel for major < 4096.
 */
static void fields_case(void)
{
	static const char data[5000];
	int i;

	if (pwrite(fd, data, sizeof(data), 0) != (ssize_t)sizeof(data))
		tap_bail("pwrite");
	set(file, 1000000, 0, 1000000, 0);
	set(link_, 1000000, 0, 1000000, 0);
	for (i = 0; i < NREADERS; i++) {
		const char *n = readers[i].name;
		const char *path = strstr(n, "lstat") || strstr(n, "lxstat") ? link_ : file;
		struct times t = { 0 };
		struct statx sx;
		uint32_t dev;
		int r, e;

		if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &sx))
			tap_bail("statx");
		dev = (uint32_t)gnu_dev_makedev(sx.stx_dev_major, sx.stx_dev_minor);
		errno = 0;
		r = readers[i].fn(&t);
		e = errno;
		tap(r == 0 && (uint32_t)t.dev == dev && t.ino == sx.stx_ino && t.rdev == 0 &&
		    t.mode == sx.stx_mode && t.nlink == sx.stx_nlink && t.uid == sx.stx_uid &&
		    t.gid == sx.stx_gid && t.size == (int64_t)sx.stx_size &&
		    t.blocks == (int64_t)sx.stx_blocks && t.blksize == (long)sx.stx_blksize,
		    "%s of %s, the other fields: %d %s dev 0x%" PRIx32 " ino %" PRIu64 " rdev %" PRIu64
		    " mode 0%o nlink %u uid %u gid %u size %" PRId64 " blocks %" PRId64 " blksize %ld"
		    ", want 0 dev 0x%" PRIx32 " ino %" PRIu64 " rdev 0 mode 0%o nlink %u uid %u gid %u"
		    " size %" PRIu64 " blocks %" PRIu64 " blksize %u",
		    n, path, r, tap_err(r ? e : 0), (uint32_t)t.dev, t.ino, t.rdev, t.mode, t.nlink,
		    t.uid, t.gid, t.size, t.blocks, t.blksize, dev, (uint64_t)sx.stx_ino,
		    sx.stx_mode, sx.stx_nlink, sx.stx_uid, sx.stx_gid, (uint64_t)sx.stx_size,
		    (uint64_t)sx.stx_blocks, sx.stx_blksize);
	}
}

static int stat_null(void *arg)
{
	struct stat *volatile p = NULL;

	return stat(file, p) ? errno : 0;
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/t32u-stat.XXXXXX";
	int r;

	tap_start(argc, argv, 6 * NREADERS + 1, (void *)__xstat);
	if (!mkdtemp(dir) || chdir(dir))
		tap_bail(dir);
	fd = open(file, O_RDWR | O_CREAT, 0644);
	if (fd < 0 || close(open("g", O_RDWR | O_CREAT, 0644)) || symlink("g", link_))
		tap_bail("create");

	one_case("2100/2040", 0xf4865700LL, 500000000, 0x83aa7e80LL, 123456789);
	one_case("2038-01-19 03:14:07/1970", 0x7fffffffLL, 999999999, 0, 0);
	one_case("2107/1960", 4323283200LL, 500000000, -315619200LL, 250000000);
	one_case("1960/1969-12-31 23:59:59", -315619200LL, 1, -1, 2);
	one_case("0xfffff000/0xfffff001", 0xfffff000LL, 700000000, 0xfffff001LL, 800000000);
	fields_case();

	set(file, 1000000, 0, 1000000, 0);
	r = tap_child(stat_null, NULL, 5, NULL);
	tap(r == 1000 + SIGSEGV, "stat(path, NULL): %s, want killed by SIGSEGV",
	    r >= 1000 ? strsignal(r - 1000) : tap_err(r));

	unlink(file);
	unlink(link_);
	unlink("g");
	if (chdir("/") == 0)
		rmdir(dir);
	return tap_exit();
}
