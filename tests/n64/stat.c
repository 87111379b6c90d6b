// SPDX-License-Identifier: GPL-2.0
/*
 * The native n64 stat of a 64-bit MIPS kernel is not a legacy ABI, although its time
 * fields are 32-bit (unsigned int st_atime, arch/mips/include/uapi/asm/stat.h): it must
 * return the same bytes on the pristine kernel, with CONFIG_TIME32_UNSIGNED off, and in
 * signed and unsigned mode. The o32 stat64 calls of the same kernel reach the same
 * kernel code (the layouts are the same), so this is where the mode could leak into a
 * native ABI.
 *
 * A static n64 program (mips64-linux-gnuabi64-gcc), run by the mips guest only on the
 * 64-bit kernel (on the 32-bit kernel the exec fails with ENOEXEC and /init skips it).
 * Files on tmpfs get atime = mtime = t (t in 0, 0x7fffffff, 0x80000000, 0xfffff000,
 * 0xffffffff, 2^32, past 2106, -1, 2040; nanoseconds 123456789) through the native
 * utimensat; stat, lstat, fstat and newfstatat each fill a struct stat that must equal,
 * byte for byte (padding included), the one the pristine kernel builds from the statx
 * of the file: the low 32 bits of each time, its nanoseconds as they are. The raw bytes
 * of the time fields are printed so that logs of different kernels can be compared.
 */
#include <sys/syscall.h>
/* a 64-bit ABI: its clock calls are the 64-bit ones y2106.h asks for */
#define __NR_clock_gettime64	__NR_clock_gettime
#define __NR_clock_settime64	__NR_clock_settime
#include "y2106.h"

#include <stddef.h>
#include <sys/stat.h>

#if !defined(__mips__) || _MIPS_SIM != _MIPS_SIM_ABI64
#error "an n64 program: build it with mips64-linux-gnuabi64-gcc"
#endif

/* struct stat of n64 (the kernel's, not glibc's) */
struct n64_stat {
	uint32_t st_dev, st_pad0[3];
	uint64_t st_ino;
	uint32_t st_mode, st_nlink, st_uid, st_gid;
	uint32_t st_rdev, st_pad1[3];
	int64_t st_size;
	uint32_t st_atime_, st_atime_nsec;
	uint32_t st_mtime_, st_mtime_nsec;
	uint32_t st_ctime_, st_ctime_nsec;
	uint32_t st_blksize, st_pad2;
	uint64_t st_blocks;
};
_Static_assert(offsetof(struct n64_stat, st_atime_) == 64, "n64 st_atime");
_Static_assert(offsetof(struct n64_stat, st_ctime_nsec) == 84, "n64 st_ctime_nsec");
_Static_assert(sizeof(struct n64_stat) == 104, "n64 struct stat");

struct statx_ts { int64_t tv_sec; uint32_t tv_nsec; int32_t reserved; };
struct y_statx64 {
	uint32_t mask, blksize;
	uint64_t attributes;
	uint32_t nlink, uid, gid;
	uint16_t mode, spare0;
	uint64_t ino, size, blocks, attributes_mask;
	struct statx_ts atime, btime, ctime, mtime;
	uint32_t rdev_major, rdev_minor, dev_major, dev_minor;
	uint64_t spare2[14];
};
_Static_assert(sizeof(struct y_statx64) == 256, "struct statx");

static const struct { int64_t t; const char *what; } times[] = {
	{ 0, "0 (1970)" },
	{ 0x7fffffff, "0x7fffffff (2038-1)" },
	{ 0x80000000LL, "0x80000000 (2038)" },
	{ 0xfffff000LL, "0xfffff000 (2106-max)" },
	{ 0xffffffffLL, "0xffffffff" },
	{ 0x100000000LL, "2^32 (2106)" },
	{ 0x100003039LL, "2^32 + 12345 (past 2106)" },
	{ -1, "-1 (1969)" },
	{ Y_2040, "2040" },
};
#define NTIMES	(sizeof(times) / sizeof(times[0]))
#define NSEC	123456789
enum { C_STAT, C_LSTAT, C_FSTAT, C_FSTATAT, NCALLS };
static const char *const call_names[] = { "stat", "lstat", "fstat", "newfstatat" };

static uint32_t encode_dev(uint32_t major, uint32_t minor)	/* new_encode_dev() */
{
	return (minor & 0xff) | (major << 8) | ((minor & ~0xffu) << 12);
}

/* What the pristine cp_new_stat() makes of the statx of the same file. */
static void expect(const struct y_statx64 *x, struct n64_stat *s)
{
	memset(s, 0, sizeof(*s));
	s->st_dev = encode_dev(x->dev_major, x->dev_minor);
	s->st_ino = x->ino;
	s->st_mode = x->mode;
	s->st_nlink = x->nlink;
	s->st_uid = x->uid;
	s->st_gid = x->gid;
	s->st_rdev = encode_dev(x->rdev_major, x->rdev_minor);
	s->st_size = (int64_t)x->size;
	s->st_atime_ = (uint32_t)x->atime.tv_sec;
	s->st_atime_nsec = x->atime.tv_nsec;
	s->st_mtime_ = (uint32_t)x->mtime.tv_sec;
	s->st_mtime_nsec = x->mtime.tv_nsec;
	s->st_ctime_ = (uint32_t)x->ctime.tv_sec;
	s->st_ctime_nsec = x->ctime.tv_nsec;
	s->st_blksize = x->blksize;
	s->st_blocks = x->blocks;
}

static void hex(char *out, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
}

int main(void)
{
	char path[64], got_hex[2 * sizeof(struct n64_stat) + 1], want_hex[sizeof(got_hex)];
	struct n64_stat got, want;
	struct y_statx64 x;
	unsigned int i, c;
	long r;
	int fd;

	y_init("n64-stat", NTIMES * NCALLS, 60);
	for (i = 0; i < NTIMES; i++) {
		struct timespec ts[2] = { { times[i].t, NSEC }, { times[i].t, NSEC } };

		snprintf(path, sizeof(path), "/tmp/n64-stat-%u", i);
		fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0644);
		if (fd < 0 || syscall(__NR_utimensat, AT_FDCWD, path, ts, 0))
			ksft_exit_fail_msg("%s: create/utimensat: %s\n", path, strerror(errno));
		for (c = 0; c < NCALLS; c++) {
			memset(&got, 0xa5, sizeof(got));
			memset(&x, 0, sizeof(x));
			if (syscall(__NR_statx, AT_FDCWD, path, 0, 0x7ff, &x))
				ksft_exit_fail_msg("statx %s: %s\n", path, strerror(errno));
			switch (c) {
			case C_STAT: r = syscall(__NR_stat, path, &got); break;
			case C_LSTAT: r = syscall(__NR_lstat, path, &got); break;
			case C_FSTAT: r = syscall(__NR_fstat, fd, &got); break;
			default: r = syscall(__NR_newfstatat, AT_FDCWD, path, &got, 0); break;
			}
			expect(&x, &want);
			hex(got_hex, &got, sizeof(got));
			hex(want_hex, &want, sizeof(want));
			/* the time fields: st_atime .. st_mtime_nsec, bytes 64..79 */
			ksft_test_result(!r && !memcmp(&got, &want, sizeof(got)),
					 "n64 %s at %s: ret %ld, atime/mtime bytes %.32s; want %.32s and all %zu bytes as pristine\n",
					 call_names[c], times[i].what, r, got_hex + 128, want_hex + 128,
					 sizeof(got));
			if (memcmp(&got, &want, sizeof(got)))
				ksft_print_msg("got  %s\n# want %s\n", got_hex, want_hex);
		}
		close(fd);
		unlink(path);
	}
	ksft_finished();
}
