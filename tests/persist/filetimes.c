// SPDX-License-Identifier: GPL-2.0
/*
 * Persistence of file times set through the legacy 32-bit calls: what reaches the disk.
 * Two boots of one guest with the same two virtio disks (tools/persist makes them on the
 * host with mkfs.ext4): an ext4 with 256-byte inodes (times S32_MIN..15032385535, i.e.
 * 1901..2446, 1 ns) and one with 128-byte inodes (S32_MIN..S32_MAX, whole seconds).
 * The program lives in /persist, not /tests: the normal guest run has no disks. Without
 * /dev/vda it exits with KSFT_SKIP.
 *
 *  y2106.phase=write  mount both disks, set atime = 2040 (or 2100), mtime = that + 7 s,
 *                     with sub-seconds, on one file per legacy setter (utime32 where it
 *                     exists, utimes_time32, futimesat_time32, utimensat_time32), check
 *                     them through statx in this boot, write a marker naming the variant,
 *                     sync, unmount; /init then powers the guest off.
 *  y2106.phase=read   the next boot with the same disks, mounted read-only: the marker
 *                     must name the same variant, and statx (the 64-bit truth, now read
 *                     from the disk) must show per file:
 *   - unsigned:                 2040 / 2100 exactly, sub-seconds as set (256-byte inodes;
 *                               2100 needs ext4's epoch bits);
 *   - pristine, off, signed:    the sign-extended value, as the pristine kernel stores it:
 *                               (int32_t)2040 = 1903-12-..., (int32_t)2100 = 1963-...;
 *   - 128-byte inodes:          the VFS clamps to the filesystem's s_time_max on set, so
 *                               unsigned stores 0x7fffffff (2038-01-19 03:14:07, ns 0);
 *                               the sign-extended values are >= S32_MIN and are kept
 *                               (whole seconds: the sub-seconds are dropped).
 * The write phase also prints the on-disk form of each expected time ("# disk: ..."), and
 * tools/persist compares it with what debugfs finds in the images on the host.
 * Each expectation is computed: the legacy value decoded for the variant (y_decode()),
 * then clamped to the filesystem's range and granularity (the kernel's timestamp_truncate()).
 */
#include "y2106.h"
#include "filetimes.h"

#include <sys/mount.h>
#include <sys/stat.h>

/* The filesystems, told apart by the inode size in their superblock, not by disk order. */
static const struct y_fs {
	const char *name, *dir;
	unsigned int isize;
	struct y_fs_range r;
} filesystems[] = {
	{ "ext4-256", "/mnt/persist-256", 256, Y_FS_EXT4_256 },
	{ "ext4-128", "/mnt/persist-128", 128, Y_FS_EXT4_128 },
};
#define NFS (sizeof(filesystems) / sizeof(filesystems[0]))
static const char *const disks[] = { "/dev/vda", "/dev/vdb" };
#define MARKER "y2106-persist"

static const struct y_fs *fs;
static char path[128];
#define PATH	path

static struct y_times rd_statx(void) { return y_statx_times(PATH); }

static struct y_res set32(enum setter s, uint32_t a, int32_t af, uint32_t m, int32_t mf)
{
	return y_set_times32(s, PATH, a, af, m, mf);
}

/* What the filesystem keeps of (t, ns): timestamp_truncate() of the kernel. */
static int64_t st_sec(int64_t t) { return y_fs_sec(&fs->r, t); }
static long st_nsec(int64_t t, long ns) { return y_fs_nsec(&fs->r, t, ns); }

/* ----- the cases: one file per setter and year ----- */

static const struct { int64_t t; const char *what; } when[] = {
	{ Y_2040, "2040" },
	{ Y_2100, "2100" },
};
#define NWHEN (sizeof(when) / sizeof(when[0]))

struct y_case {
	uint32_t a, m;		/* the legacy values set */
	int32_t af, mf;		/* their sub-seconds, in the setter's unit */
	int64_t wa, wm;		/* what the filesystem must hold */
	long wan, wmn;
};

static struct y_case mkcase(enum setter s, unsigned int w)
{
	struct y_case c;

	c.a = (uint32_t)when[w].t;
	c.m = (uint32_t)(when[w].t + 7);
	c.af = frac_max[s] / 3;
	c.mf = frac_max[s] / 2;
	c.wa = st_sec(y_decode(c.a));
	c.wm = st_sec(y_decode(c.m));
	c.wan = st_nsec(y_decode(c.a), c.af * frac_ns[s]);
	c.wmn = st_nsec(y_decode(c.m), c.mf * frac_ns[s]);
	snprintf(path, sizeof(path), "%s/%s-%s", fs->dir, setter_names[s], when[w].what);
	return c;
}

/* Why the expected value is what it is, for the test output. */
static const char *why(const struct y_case *c)
{
	if (c->wa != y_decode(c->a))
		return "clamped to the filesystem's s_time_max 0x7fffffff";
	if (y_unsigned())
		return "unsigned: stored as meant";
	return "signed: sign-extended, as the pristine kernel stores it";
}

static int case_ok(const struct y_case *c, const struct y_times *t)
{
	return !t->err && t->a == c->wa && t->an == c->wan && t->m == c->wm && t->mn == c->wmn;
}

static void report(const char *phase, enum setter s, unsigned int w, const struct y_case *c,
		   const struct y_times *t, const char *err)
{
	ksft_test_result(case_ok(c, t) && !err,
			 "%s %s %s(%s): %s%sstatx atime %lld.%09ld (%s) mtime %lld.%09ld (%s); want %lld.%09ld (%s) %lld.%09ld (%s): %s\n",
			 phase, fs->name, setter_names[s], when[w].what, err ? err : "",
			 err ? ", " : "", (long long)t->a, t->an, y_date(t->a), (long long)t->m,
			 t->mn, y_date(t->m), (long long)c->wa, c->wan, y_date(c->wa),
			 (long long)c->wm, c->wmn, y_date(c->wm), why(c));
}

/*
 * The inode's on-disk form of a time the filesystem must hold, for the host's check with
 * debugfs (an oracle outside the kernel): the low 32 bits of the seconds, and with large
 * inodes the extra field: nanoseconds << 2 | epoch bits (seconds - (s32)seconds) >> 32
 * (Documentation/filesystems/ext4/inodes.rst).
 */
static const char *disk_form(int64_t t, long ns)
{
	static char buf[2][24];
	static int i;
	uint32_t epoch = (uint32_t)((t - (int32_t)(uint32_t)t) >> 32) & 3;

	i ^= 1;
	if (fs->isize == 128)
		snprintf(buf[i], sizeof(buf[i]), "0x%08x", (uint32_t)t);
	else
		snprintf(buf[i], sizeof(buf[i]), "0x%08x:%08x", (uint32_t)t,
			 (uint32_t)ns << 2 | epoch);
	return buf[i];
}

/* ----- the disks ----- */

/* The inode size of the ext4 on dev, or 0 if it is none. */
static unsigned int ext4_isize(const char *dev)
{
	unsigned char sb[1024];
	int fd = open(dev, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = pread(fd, sb, sizeof(sb), 1024);
	close(fd);
	if (n != (ssize_t)sizeof(sb) || sb[56] != 0x53 || sb[57] != 0xef)	/* s_magic */
		return 0;
	return sb[88] | sb[89] << 8;	/* s_inode_size */
}

static int disk_present(void)
{
	struct stat st;

	/* virtio-blk probes before /init runs; allow a moment all the same */
	for (int i = 0; i < 20; i++) {
		if (!stat(disks[0], &st))
			return 1;
		usleep(100000);
	}
	return 0;
}

static const char *mounted[NFS];

static void mount_all(int rdonly)
{
	unsigned int i, d;

	mkdir("/mnt", 0755);
	for (i = 0; i < NFS; i++) {
		const char *dev = NULL;

		for (d = 0; d < sizeof(disks) / sizeof(disks[0]); d++)
			if (ext4_isize(disks[d]) == filesystems[i].isize)
				dev = disks[d];
		if (!dev)
			ksft_exit_fail_msg("no virtio disk with an ext4 of %u-byte inodes (tools/persist attaches two)\n",
					   filesystems[i].isize);
		mkdir(filesystems[i].dir, 0755);
		if (mount(dev, filesystems[i].dir, "ext4", rdonly ? MS_RDONLY : 0, NULL))
			ksft_exit_fail_msg("mount %s on %s: %s\n", dev, filesystems[i].dir,
					   strerror(errno));
		mounted[i] = dev;
		ksft_test_result_pass("%s: %s (%u-byte inodes) mounted on %s%s\n", filesystems[i].name,
				      dev, filesystems[i].isize, filesystems[i].dir,
				      rdonly ? " read-only" : "");
	}
}

static void umount_all(void)
{
	for (unsigned int i = 0; i < NFS; i++) {
		int r = umount(filesystems[i].dir);

		ksft_test_result(!r, "%s: umount %s: %s\n", filesystems[i].name,
				 filesystems[i].dir, r ? strerror(errno) : "done");
	}
}

static void marker_path(unsigned int i)
{
	snprintf(path, sizeof(path), "%s/%s", filesystems[i].dir, MARKER);
}

/* ----- the two phases ----- */

static void phase_write(const char *variant)
{
	unsigned int i, w;
	enum setter s;
	char buf[64];
	int fd, ok;

	mount_all(0);
	for (i = 0; i < NFS; i++) {
		fs = &filesystems[i];
		for (s = 0; s < NSETTERS; s++) {
			if (!have_setter(s))
				continue;
			for (w = 0; w < NWHEN; w++) {
				struct y_case c = mkcase(s, w);
				struct y_times t;
				struct y_res r;

				fd = open(PATH, O_CREAT | O_EXCL | O_WRONLY, 0644);
				if (fd < 0)
					ksft_exit_fail_msg("create %s: %s (the disks must be fresh)\n",
							   PATH, strerror(errno));
				close(fd);
				r = set32(s, c.a, c.af, c.m, c.mf);
				t = rd_statx();
				report("write:", s, w, &c, &t, r.ret ? y_errname(r.err) : NULL);
				ksft_print_msg("disk: %s %s atime=%s mtime=%s\n", fs->name,
					       PATH + strlen(fs->dir), disk_form(c.wa, c.wan),
					       disk_form(c.wm, c.wmn));
			}
		}
		/* The marker: the read phase checks that this boot finished, in which variant. */
		marker_path(i);
		snprintf(buf, sizeof(buf), "variant=%s written", variant);
		fd = open(PATH, O_CREAT | O_EXCL | O_WRONLY, 0644);
		ok = fd >= 0 && write(fd, buf, strlen(buf)) == (ssize_t)strlen(buf) && !fsync(fd);
		ksft_test_result(ok, "%s: marker %s: %s\n", fs->name, PATH,
				 ok ? buf : strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	sync();
	umount_all();
}

static void phase_read(const char *variant)
{
	unsigned int i, w;
	enum setter s;
	char buf[64], want[64];
	int err;

	mount_all(1);
	snprintf(want, sizeof(want), "variant=%s written", variant);
	for (i = 0; i < NFS; i++) {
		fs = &filesystems[i];
		marker_path(i);
		err = y_read_file(PATH, buf, sizeof(buf));
		ksft_test_result(!err && !strcmp(buf, want),
				 "%s: marker %s: %s; want %s\n", fs->name, PATH,
				 err ? strerror(-err) : buf, want);
		for (s = 0; s < NSETTERS; s++) {
			if (!have_setter(s))
				continue;
			for (w = 0; w < NWHEN; w++) {
				struct y_case c = mkcase(s, w);
				struct y_times t = rd_statx();

				report("after reboot:", s, w, &c, &t, t.err ? y_errname(t.err) : NULL);
			}
		}
	}
	umount_all();
}

int main(void)
{
	const char *v;
	char variant[16], phase[8];
	int nset = 0, write_phase;
	enum setter s;

	for (s = 0; s < NSETTERS; s++)
		nset += have_setter(s);
	y_require_guest();
	if (!disk_present())
		ksft_exit_skip("no virtio disk %s: this test runs under tools/persist\n", disks[0]);
	v = y_cmdline_get("y2106.phase");
	snprintf(phase, sizeof(phase), "%s", v ? v : "");
	write_phase = !strcmp(phase, "write");
	if (!write_phase && strcmp(phase, "read")) {
		ksft_print_header();
		ksft_exit_fail_msg("y2106.phase=%s: want write or read\n", v ? v : "(none)");
	}
	/* per filesystem: mount, the cases, the marker, umount */
	y_init(write_phase ? "persist (write)" : "persist (read)",
	       NFS * (nset * NWHEN + 3), 60);
	snprintf(variant, sizeof(variant), "%s", y_variant_names[y_variant]);
	for (unsigned int i = 0; i < NFS; i++) {
		fs = &filesystems[i];
		ksft_print_msg("%s: times %lld..%lld, granularity %ld ns\n", fs->name,
			       (long long)fs->r.tmin, (long long)fs->r.tmax, fs->r.gran);
	}
	if (write_phase)
		phase_write(variant);
	else
		phase_read(variant);
	ksft_finished();
}
