// SPDX-License-Identifier: GPL-2.0
/*
 * File times through the legacy 32-bit calls, on three filesystems:
 *  - tmpfs (/tmp): the full 64-bit time range, 1 ns granularity;
 *  - ext4 with 256-byte inodes (an image from /images on a loop device): 1901..2446, 1 ns;
 *  - ext4 with 128-byte inodes: s_time_min/max S32_MIN..S32_MAX, 1 s granularity, so the
 *    VFS clamps every time after 2038-01-19 03:14:07 to that (and clears the nanoseconds
 *    at the limits): in unsigned mode a legacy 2040 reads back as 0x7fffffff. The
 *    unsigned mode cannot store more than the filesystem can.
 * Each expectation below is the value set, clamped to the filesystem's range and
 * granularity (the kernel's timestamp_truncate()), then encoded for the legacy reader.
 *  - utime32 (i386 only), utimes_time32, futimesat_time32, utimensat_time32 set absolute
 *    calendar times: unsigned in time32=unsigned mode (0..0xfffff000 exact; the reserved
 *    0xfffff001..0xffffffff are EINVAL and change nothing), sign-extended today (>=
 *    0x80000000 stores a 1901..1969 time, statx shows it negative). UTIME_NOW/UTIME_OMIT
 *    ignore tv_sec in every variant.
 *  - 2040 and 2100 set with each call read back through statx (the 64-bit truth) and the
 *    legacy stat calls (stat64, fstatat64, newstat, oldstat where they exist): the legacy
 *    fields hold the same 32 bits in every variant.
 *  - Legacy stat outputs of times set with the 64-bit utimensat outside 1970..2106
 *    saturate (0 / 0xfffff000, nanoseconds 0) in unsigned mode and wrap (low 32 bits)
 *    today; stat never fails because of a time.
 * Boundary matrix: tv_sec {0, 1, 0x7fffffff, 0x80000000, 0xfffff000, 0xfffff001,
 * 0xffffffff} x sub-second {0, max, max+1, -1}.
 */
#include "y2106.h"
#include "filetimes.h"

#include <sys/stat.h>

/* The filesystems under test: where, and what they can store (s_time_min/max, gran). */
static const struct y_fs {
	const char *name, *dir, *image;
	struct y_fs_range r;
} filesystems[] = {
	{ "tmpfs", "/tmp", NULL, Y_FS_TMPFS },
	{ "ext4-256", "/mnt/ext4-256", "/images/ext4-256.img", Y_FS_EXT4_256 },
	{ "ext4-128", "/mnt/ext4-128", "/images/ext4-128.img", Y_FS_EXT4_128 },
};
#define NFS (sizeof(filesystems) / sizeof(filesystems[0]))
static const struct y_fs *fs;
static char path[96];
#define PATH	path
#define NSEC_BASE	1000000000LL	/* 2001-09-09: where each case starts */
#define Y_UTIME_NOW	((1L << 30) - 1L)
#define Y_UTIME_OMIT	((1L << 30) - 2L)

/* ----- the kernel's structs, as a 32-bit (i386 / arm EABI / mips o32) task sees them ----- */


#if defined(__mips__)
/* struct stat (newstat) of MIPS o32: the compat_stat of a 64-bit kernel alike */
struct y_newstat {
	uint32_t st_dev, st_pad1[3];
	uint32_t st_ino, st_mode, st_nlink, st_uid, st_gid, st_rdev, st_pad2[2];
	int32_t st_size, st_pad3;
	unsigned long st_atime_, st_atime_nsec;
	unsigned long st_mtime_, st_mtime_nsec;
	unsigned long st_ctime_, st_ctime_nsec;
	int32_t st_blksize, st_blocks, st_pad4[14];
};
_Static_assert(__builtin_offsetof(struct y_newstat, st_atime_) == 56, "mips stat st_atime");
_Static_assert(__builtin_offsetof(struct y_newstat, st_atime_nsec) == 60, "mips stat st_atime_nsec");
_Static_assert(__builtin_offsetof(struct y_newstat, st_mtime_) == 64, "mips stat st_mtime");
_Static_assert(__builtin_offsetof(struct y_newstat, st_mtime_nsec) == 68, "mips stat st_mtime_nsec");
_Static_assert(__builtin_offsetof(struct y_newstat, st_ctime_) == 72, "mips stat st_ctime");
_Static_assert(sizeof(struct y_newstat) == 144, "mips stat");
#else
/* struct stat (newstat) of i386 and little-endian arm */
struct y_newstat {
	unsigned long st_dev, st_ino;
	unsigned short st_mode, st_nlink, st_uid, st_gid;
	unsigned long st_rdev, st_size, st_blksize, st_blocks;
	unsigned long st_atime_, st_atime_nsec;
	unsigned long st_mtime_, st_mtime_nsec;
	unsigned long st_ctime_, st_ctime_nsec;
	unsigned long unused4, unused5;
};
#endif

/* struct __old_kernel_stat (oldstat, i386 only) */
struct y_oldstat {
	unsigned short st_dev, st_ino, st_mode, st_nlink, st_uid, st_gid, st_rdev;
	unsigned long st_size, st_atime_, st_mtime_, st_ctime_;
};

/* ----- readers: atime/mtime as found in the struct (legacy: the raw 32 bits) ----- */

static struct y_times rd_statx(void) { return y_statx_times(PATH); }

/* stat64 (at = 0) or fstatat64 (at = 1): the same struct stat64 */
static struct y_times rd_s64(int at)
{
	struct y_stat64 s;
	struct y_times t = { 0 };
	long r;

	memset(&s, 0, sizeof(s));
	r = at ? syscall(__NR_fstatat64, AT_FDCWD, PATH, &s, 0) : syscall(__NR_stat64, PATH, &s);
	if (r)
		t.err = errno;
	t.a = (uint32_t)s.st_atime_;
	t.an = (long)s.st_atime_nsec;
	t.m = (uint32_t)s.st_mtime_;
	t.mn = (long)s.st_mtime_nsec;
	return t;
}

static struct y_times rd_stat64(void) { return rd_s64(0); }
static struct y_times rd_fstatat64(void) { return rd_s64(1); }

#ifdef __NR_stat
static struct y_times rd_newstat(void)
{
	struct y_newstat s;
	struct y_times t = { 0 };

	memset(&s, 0, sizeof(s));
	if (syscall(__NR_stat, PATH, &s))
		t.err = errno;
	t.a = (uint32_t)s.st_atime_;
	t.an = (long)s.st_atime_nsec;
	t.m = (uint32_t)s.st_mtime_;
	t.mn = (long)s.st_mtime_nsec;
	return t;
}
#endif

#ifdef __NR_oldstat
static struct y_times rd_oldstat(void)
{
	struct y_oldstat s;
	struct y_times t = { 0 };

	memset(&s, 0, sizeof(s));
	if (syscall(__NR_oldstat, PATH, &s))
		t.err = errno;
	t.a = (uint32_t)s.st_atime_;
	t.m = (uint32_t)s.st_mtime_;
	t.an = t.mn = -1;	/* no nanoseconds */
	return t;
}
#endif

static const struct { const char *name; struct y_times (*fn)(void); } legacy_readers[] = {
	{ "stat64", rd_stat64 },
	{ "fstatat64", rd_fstatat64 },
#ifdef __NR_stat
	{ "newstat", rd_newstat },
#endif
#ifdef __NR_oldstat
	{ "oldstat", rd_oldstat },
#endif
};
#define NREADERS (sizeof(legacy_readers) / sizeof(legacy_readers[0]))

/* ----- setters ----- */

/* The 64-bit truth: utimensat_time64 (__kernel_timespec). */
static void set64(int64_t a, long an, int64_t m, long mn)
{
	struct ts64 t[2] = { { a, an }, { m, mn } };

	if (syscall(__NR_utimensat_time64, AT_FDCWD, PATH, t, 0))
		ksft_exit_fail_msg("utimensat_time64: %s\n", strerror(errno));
}

static struct y_res set32(enum setter s, uint32_t a, int32_t af, uint32_t m, int32_t mf)
{
	return y_set_times32(s, PATH, a, af, m, mf);
}

/* Whether a legacy setter accepts v in this variant (signed: every value sets a time). */
static int set_valid(uint32_t v)
{
	return y_unsigned() ? v <= Y_RANGE_MAX : 1;
}

/* What the filesystem keeps of (t, ns): timestamp_truncate() of the kernel. */
static int64_t st_sec(int64_t t) { return y_fs_sec(&fs->r, t); }
static long st_nsec(int64_t t, long ns) { return y_fs_nsec(&fs->r, t, ns); }

/* The legacy (32-bit) view of a stored time: y_encode(), nanoseconds cleared if saturated. */
static long leg_nsec(int64_t t, long ns)
{
	return y_encode_exact(st_sec(t)) ? st_nsec(t, ns) : 0;
}

/* ----- tests ----- */

static const int32_t fracs[][4] = {
	{ 0, 0, 0, 0 },					/* utime: no sub-second part */
	{ 0, 999999, 1000000, -1 },			/* utimes: usec */
	{ 0, 999999, 1000000, -1 },			/* futimesat: usec */
	{ 0, 999999999, 1000000000, -1 },		/* utimensat: nsec */
};

static void matrix_case(enum setter s, uint32_t v, int32_t f)
{
	int fvalid = f >= 0 && f <= frac_max[s];
	int valid = fvalid && set_valid(v);
	int64_t want = st_sec(y_decode(v));
	long wantn = st_nsec(y_decode(v), (long)f * frac_ns[s]);
	struct y_times x, l;
	struct y_res r;
	int ok;

	set64(NSEC_BASE, 0, NSEC_BASE, 0);
	r = set32(s, v, f, v, f);
	x = rd_statx();
	l = rd_stat64();
	if (!valid)	/* EINVAL, nothing changed */
		ok = r.err == EINVAL && !x.err && x.a == NSEC_BASE && x.m == NSEC_BASE;
	else		/* statx: the decoded value as stored; stat64: its legacy encoding */
		ok = r.ret == 0 && !x.err && !l.err &&
		     x.a == want && x.m == want && x.mn == wantn &&
		     l.a == y_encode(want) && l.m == y_encode(want) &&
		     l.mn == leg_nsec(y_decode(v), (long)f * frac_ns[s]);
	if (valid)
		ksft_test_result(ok, "%s %s(0x%08x, %d): %s, statx %lld.%09ld, stat64 0x%08llx; want statx %lld.%09ld, stat64 0x%08x (%s)\n",
				 fs->name, setter_names[s], v, f, y_errname(r.err), (long long)x.m,
				 x.mn, (unsigned long long)l.m, (long long)want, wantn,
				 y_encode(want), want != y_decode(v) ? "clamped by the filesystem" :
				 y_unsigned() || (int32_t)v >= 0 ? "exact" : "sign-extended, 1901..1969");
	else
		ksft_test_result(ok, "%s %s(0x%08x, %d): %s; want EINVAL, unchanged\n",
				 fs->name, setter_names[s], v, f, y_errname(r.err));
}

static void test_matrix(void)
{
	unsigned int i, j;
	enum setter s;

	for (s = 0; s < NSETTERS; s++) {
		if (!have_setter(s))
			continue;
		for (i = 0; i < Y_NSECVALS; i++)
			for (j = 0; j < (s == S_UTIME ? 1 : 4); j++)
				matrix_case(s, y_secs[i], fracs[s][j]);
	}
}

/* 2040 and 2100 through each legacy setter, read back through every reader. */
static void test_readback(void)
{
	static const int64_t when[] = { Y_2040, Y_2100 };
	unsigned int w, k;
	enum setter s;

	for (s = 0; s < NSETTERS; s++) {
		if (!have_setter(s))
			continue;
		for (w = 0; w < 2; w++) {
			uint32_t a = (uint32_t)when[w], m = (uint32_t)(when[w] + 7);
			int32_t af = frac_max[s] / 3, mf = frac_max[s] / 2;
			int64_t wa = st_sec(y_decode(a)), wm = st_sec(y_decode(m));
			long wan = st_nsec(y_decode(a), af * frac_ns[s]);
			long wmn = st_nsec(y_decode(m), mf * frac_ns[s]);
			struct y_res r;
			struct y_times t;

			set64(NSEC_BASE, 0, NSEC_BASE, 0);
			r = set32(s, a, af, m, mf);
			t = rd_statx();
			ksft_test_result(r.ret == 0 && !t.err && t.a == wa && t.m == wm &&
					 t.an == wan && t.mn == wmn,
					 "%s %s(%s): %s; statx %s / %s; want %s / %s (%s)\n", fs->name,
					 setter_names[s], y_date(when[w]), y_errname(r.err), y_date(t.a),
					 y_date(t.m), y_date(wa), y_date(wm),
					 wa != y_decode(a) ? "clamped by the filesystem" :
					 y_unsigned() ? "exact" : "sign-extended, 1901..1969");
			for (k = 0; k < NREADERS; k++) {
				t = legacy_readers[k].fn();
				ksft_test_result(!t.err && t.a == y_encode(wa) && t.m == y_encode(wm) &&
						 (t.an < 0 || (t.an == leg_nsec(y_decode(a), af * frac_ns[s]) &&
							       t.mn == leg_nsec(y_decode(m), mf * frac_ns[s]))),
						 "%s %s(%s) then %s: %s, 0x%08llx.%ld 0x%08llx.%ld; want 0x%08x 0x%08x\n",
						 fs->name, setter_names[s], y_date(when[w]),
						 legacy_readers[k].name, y_errname(t.err),
						 (unsigned long long)t.a, t.an,
						 (unsigned long long)t.m, t.mn, y_encode(wa), y_encode(wm));
			}
		}
	}
}

/* Times outside 1970..2106 set through the 64-bit call: legacy stat saturates or wraps. */
static void test_saturation(void)
{
	static const struct { int64_t t; long ns; const char *what; } pts[] = {
		{ Y_2107, 123456789, "2107" },
		{ -1000, 5000, "1969" },
		{ 0xfffff800LL, 42, "2106 error window" },
		{ Y_2040, 999999999, "2040" },
	};
	unsigned int i, k;

	for (i = 0; i < sizeof(pts) / sizeof(pts[0]); i++) {
		uint32_t want = y_encode(st_sec(pts[i].t));
		long wn = leg_nsec(pts[i].t, pts[i].ns);

		set64(pts[i].t, pts[i].ns, pts[i].t, pts[i].ns);
		for (k = 0; k < NREADERS; k++) {
			struct y_times t = legacy_readers[k].fn();

			ksft_test_result(!t.err && t.a == want && t.m == want &&
					 (t.an < 0 || (t.an == wn && t.mn == wn)),
					 "%s utimensat64(%s) then %s: %s, 0x%08llx.%ld; want 0x%08x.%ld (%s)\n",
					 fs->name, pts[i].what, legacy_readers[k].name, y_errname(t.err),
					 (unsigned long long)t.m, t.mn, want, wn,
					 st_sec(pts[i].t) != pts[i].t ? "clamped by the filesystem" :
					 y_unsigned() ? "saturated" : "low 32 bits");
		}
	}
}

/* UTIME_NOW and UTIME_OMIT ignore tv_sec, even a reserved one, in every variant. */
static void test_now_omit(void)
{
	struct old_timespec32 ts[2] = { { -1, Y_UTIME_OMIT }, { -1, Y_UTIME_NOW } };
	int64_t now;
	struct y_times x;
	struct y_res r;

	set64(NSEC_BASE, 0, NSEC_BASE, 0);
	now = y_now64(CLOCK_REALTIME).tv_sec;
	r = Y_CALL(__NR_utimensat, AT_FDCWD, PATH, ts, 0);
	x = rd_statx();
	ksft_test_result(r.ret == 0 && x.a == NSEC_BASE && x.m >= st_sec(now) && x.m <= st_sec(now + 5),
			 "%s utimensat32({0xffffffff, UTIME_OMIT}, {0xffffffff, UTIME_NOW}): %s, atime %s, mtime %s; want success, atime unchanged, mtime now\n",
			 fs->name, y_errname(r.err), y_date(x.a), y_date(x.m));
	ts[1].tv_nsec = Y_UTIME_OMIT;
	set64(NSEC_BASE, 0, NSEC_BASE, 0);
	r = Y_CALL(__NR_utimensat, AT_FDCWD, PATH, ts, 0);
	x = rd_statx();
	ksft_test_result(r.ret == 0 && x.a == NSEC_BASE && x.m == NSEC_BASE,
			 "%s utimensat32(both UTIME_OMIT, tv_sec 0xffffffff): %s; want success, unchanged\n",
			 fs->name, y_errname(r.err));
}

int main(void)
{
	int nset = 0, fd;
	unsigned int i;
	enum setter s;

	for (s = 0; s < NSETTERS; s++)
		nset += have_setter(s);
	y_init("utimes", NFS * ((have_setter(S_UTIME) ? Y_NSECVALS : 0) +
		(nset - have_setter(S_UTIME)) * Y_NSECVALS * 4 + nset * 2 * (1 + NREADERS) +
		4 * NREADERS + 2), 120);
	y_clock_save();
	y_set64(Y_2040, 0);
	for (i = 0; i < NFS; i++) {
		fs = &filesystems[i];
		if (fs->image)
			y_loop_mount(fs->image, fs->dir, "ext4");
		snprintf(path, sizeof(path), "%s/y2106-utimes", fs->dir);
		fd = open(PATH, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0)
			ksft_exit_fail_msg("creat %s: %s\n", PATH, strerror(errno));
		close(fd);
		ksft_print_msg("%s: %s, times %lld..%lld, granularity %ld ns\n", fs->name, fs->dir,
			       (long long)fs->r.tmin, (long long)fs->r.tmax, fs->r.gran);

		test_matrix();
		test_readback();
		test_saturation();
		test_now_omit();

		unlink(PATH);
		if (fs->image && umount(fs->dir))
			ksft_print_msg("umount %s: %s\n", fs->dir, strerror(errno));
	}
	y_clock_restore();
	ksft_finished();
}
