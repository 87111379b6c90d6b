// SPDX-License-Identifier: GPL-2.0
/*
 * XFS legacy bulkstat and swapext of a 32-bit task (xfs_fsr's calls), on a bigtime XFS
 * image (1901..2486, 1 ns) mounted on a loop device:
 *  - XFS_IOC_FSBULKSTAT_SINGLE hands out struct xfs_bstat, whose times have a 32-bit
 *    tv_sec for a 32-bit task (native: __kernel_long_t; compat: old_time32_t). Expected:
 *    the legacy encoding of the statx time (y_encode(): the low 32 bits today and in
 *    signed mode; 0 / 0xfffff000 with the nanoseconds cleared outside 1970..2106 in
 *    unsigned mode, series patch "xfs: Encode legacy 32-bit bulkstat times").
 *  - XFS_IOC_SWAPEXT with that bstat as sx_stat: the kernel compares it with the inode's
 *    ctime and mtime. Today it compares the sign-extended 32 bits with the 64-bit time,
 *    so every file whose ctime or mtime is outside 1901..2038 gets EBUSY however
 *    unchanged it is (a 32-bit xfs_fsr can never defragment a file changed after 2038);
 *    the series ("xfs: Compare only the bits a 32-bit caller sees in swapext times", not
 *    behind the option) makes it succeed in every patched variant, off included, as
 *    long as the caller saw the time: in unsigned mode a time outside 1970..2106 is
 *    handed out saturated, which would stay the same whatever the inode time becomes,
 *    so swapext refuses (EBUSY) instead of calling such a file unchanged.
 *  - A file changed after its bulkstat, with the clock past 2106: swapext must refuse
 *    in every variant (in unsigned mode the saturated times before and after the change
 *    are equal, so only the refusal above keeps the guard).
 *    A control file made with the clock at 2030 shows the swapext itself works
 *    everywhere, so the EBUSY of the pristine kernel is the time and nothing else.
 * The test kernels have XFS on x86_64 only (configs/x86_64.config: the 32-bit task on a
 * 64-bit kernel, the compat path); without XFS in the kernel the test is skipped.
 */
#include "y2106.h"
#include "filetimes.h"

#include <sys/stat.h>

#define DIR	"/mnt/xfs"
#define IMAGE	"/images/xfs.img"
#define FSIZE	65536
#define Y_2030	1893456000LL		/* 2030-01-01 00:00:00 UTC */

/* struct xfs_bstat (fs/xfs/libxfs/xfs_fs.h) as a 32-bit task builds it: long is 32 bits. */
struct y_bstime { long tv_sec; int32_t tv_nsec; };
struct y_bstat {
	uint64_t bs_ino;
	uint16_t bs_mode, bs_nlink;
	uint32_t bs_uid, bs_gid, bs_rdev;
	int32_t bs_blksize;
	int64_t bs_size;
	struct y_bstime bs_atime, bs_mtime, bs_ctime;
	int64_t bs_blocks;
	uint32_t bs_xflags;
	int32_t bs_extsize, bs_extents;
	uint32_t bs_gen;
	uint16_t bs_projid_lo, bs_forkoff, bs_projid_hi, bs_sick, bs_checked;
	unsigned char bs_pad[2];
	uint32_t bs_cowextsize, bs_dmevmask;
	uint16_t bs_dmstate, bs_aextents;
};
_Static_assert(sizeof(long) == 4, "a 32-bit task");
struct y_bulkreq { uint64_t *lastip; int32_t icount; void *ubuffer; int32_t *ocount; };
struct y_swapext {
	int64_t sx_version, sx_fdtarget, sx_fdtmp, sx_offset, sx_length;
	char sx_pad[16];
	struct y_bstat sx_stat;
};
#define Y_FSBULKSTAT_SINGLE	_IOWR('X', 102, struct y_bulkreq)
#define Y_SWAPEXT		_IOWR('X', 109, struct y_swapext)

/* The cases: a file made at `made` (its ctime), its mtime then set to `mtime`. */
static const struct {
	const char *what;
	int64_t made, mtime;
	long mtime_ns;
	int changed;	/* written to 100 s later, after the bulkstat */
} cases[] = {
	{ "control: made 2030", Y_2030, Y_2030, 123456789, 0 },
	{ "made 2040", Y_2040, Y_2040, 123456789, 0 },
	{ "made 2040, mtime 2100", Y_2040, Y_2100, 5, 0 },
	{ "made 2040, mtime 2107", Y_2040, Y_2107, 5, 0 },
	{ "made 2040, mtime 1969", Y_2040, -1000, 7, 0 },
	{ "made 2107, changed after bulkstat", Y_2107, Y_2107, 5, 1 },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static int have_xfs(void)
{
	char buf[4096];

	return !y_read_file("/proc/filesystems", buf, sizeof(buf)) && strstr(buf, "\txfs\n");
}

static int make_file(const char *path)
{
	static char data[FSIZE];
	int fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0644);

	memset(data, 'y', sizeof(data));
	if (fd < 0 || write(fd, data, sizeof(data)) != sizeof(data) || fsync(fd))
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	return fd;
}

/* statx ctime and mtime: the 64-bit truth */
static void truth(const char *path, struct y_statx_ts *c, struct y_statx_ts *m)
{
	struct y_statx x;

	memset(&x, 0, sizeof(x));
	if (syscall(__NR_statx, AT_FDCWD, path, 0, 0x7ff, &x))
		ksft_exit_fail_msg("statx %s: %s\n", path, strerror(errno));
	*c = x.stx_ctime;
	*m = x.stx_mtime;
}

/* One legacy bstat time against the legacy encoding of the statx time. */
static void check_bstime(const char *what, const char *field, struct y_bstime b,
			 struct y_statx_ts t)
{
	uint32_t want = y_encode(t.tv_sec);
	int32_t want_ns = y_encode_exact(t.tv_sec) ? (int32_t)t.tv_nsec : 0;

	ksft_test_result((uint32_t)b.tv_sec == want && b.tv_nsec == want_ns,
			 "%s: bulkstat %s 0x%08x.%09d, want 0x%08x.%09d (%s)\n", what, field,
			 (uint32_t)b.tv_sec, b.tv_nsec, want, want_ns, y_date(t.tv_sec));
}

/* Today the swapext time check fails for a time a 32-bit field cannot hold signed. */
static int pristine_busy(int64_t t)
{
	return t != (int64_t)(int32_t)t;
}

static void run_case(unsigned int i)
{
	const char *what = cases[i].what;
	struct ts64 set[2] = { { 0, (1L << 30) - 2 /* UTIME_OMIT */ },
			       { cases[i].mtime, cases[i].mtime_ns } };
	struct y_statx_ts c, m;
	struct y_bstat bs;
	struct y_swapext sx;
	uint64_t ino, want_ino;
	int32_t count = 0;
	struct y_bulkreq req = { &ino, 1, &bs, &count };
	struct stat st;
	struct y_res r;
	int fa, fb, want;

	y_set64(cases[i].made, 0);
	fa = make_file(DIR "/a");
	fb = make_file(DIR "/b");
	if (syscall(__NR_utimensat_time64, AT_FDCWD, DIR "/a", set, 0))
		ksft_exit_fail_msg("utimensat_time64 %s: %s\n", DIR "/a", strerror(errno));
	truth(DIR "/a", &c, &m);
	if (m.tv_sec != cases[i].mtime)
		ksft_exit_fail_msg("%s: statx mtime %lld, set %lld (not a bigtime XFS?)\n", what,
				   (long long)m.tv_sec, (long long)cases[i].mtime);
	if (fstat(fa, &st))
		ksft_exit_fail_msg("fstat: %s\n", strerror(errno));
	/* the kernel writes the next inode number back through lastip */
	ino = want_ino = st.st_ino;

	memset(&bs, 0, sizeof(bs));
	r = Y_CALL(__NR_ioctl, fa, Y_FSBULKSTAT_SINGLE, &req);
	if (r.ret || count != 1 || bs.bs_ino != want_ino)
		ksft_exit_fail_msg("%s: XFS_IOC_FSBULKSTAT_SINGLE: %s, count %d, ino %llu/%llu\n",
				   what, y_errname(r.err), count, (unsigned long long)bs.bs_ino,
				   (unsigned long long)want_ino);
	check_bstime(what, "ctime", bs.bs_ctime, c);
	check_bstime(what, "mtime", bs.bs_mtime, m);

	memset(&sx, 0, sizeof(sx));
	sx.sx_fdtarget = fa;
	sx.sx_fdtmp = fb;
	sx.sx_length = FSIZE;
	sx.sx_stat = bs;
	if (cases[i].changed) {
		y_set64(cases[i].made + 100, 0);
		if (pwrite(fa, "x", 1, 0) != 1 || fsync(fa))
			ksft_exit_fail_msg("%s: pwrite: %s\n", what, strerror(errno));
	}
	r = Y_CALL(__NR_ioctl, fa, Y_SWAPEXT, &sx);
	if (cases[i].changed)
		want = EBUSY;
	else if (y_variant == Y_PRISTINE)
		want = pristine_busy(c.tv_sec) || pristine_busy(m.tv_sec) ? EBUSY : 0;
	else if (y_unsigned())
		want = !y_encode_exact(c.tv_sec) || !y_encode_exact(m.tv_sec) ? EBUSY : 0;
	else
		want = 0;
	ksft_test_result(r.err == want,
			 "%s: XFS_IOC_SWAPEXT with that bulkstat: %s, want %s\n", what,
			 y_errname(r.err), want ? y_errname(want) : "success");
	close(fa);
	close(fb);
	unlink(DIR "/a");
	unlink(DIR "/b");
}

int main(void)
{
	unsigned int i;

	y_init("xfs", NCASES * 3, 60);
	if (!have_xfs()) {
		for (i = 0; i < NCASES * 3; i++)
			ksft_test_result_skip("%s: no xfs in /proc/filesystems (the test kernels have XFS on x86_64 only)\n",
					      cases[i / 3].what);
		ksft_finished();
	}
	y_clock_save();
	y_loop_mount(IMAGE, DIR, "xfs");
	for (i = 0; i < NCASES; i++)
		run_case(i);
	if (umount(DIR))
		ksft_print_msg("umount %s: %s\n", DIR, strerror(errno));
	y_clock_restore();
	ksft_finished();
}
