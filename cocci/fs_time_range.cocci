// SPDX-License-Identifier: GPL-2.0-only
/// A filesystem that stores a time in 32 bits on disk (cpu_to_le32() or
/// cpu_to_be32() of a time64_t, a tv_sec, ktime_get_real_seconds() or an
/// inode_get_*time_sec()) but sets no sb->s_time_min/s_time_max anywhere in
/// its directory: the VFS then takes every 64-bit time as storable, and
/// timestamp_truncate() clamps nothing, so a time past what the format holds
/// (2038 for a signed, 2106 for an unsigned 32-bit field, earlier for an
/// epoch after 1970) is written wrapped and reads back as another date.  Set
/// s_time_min/s_time_max to the format's range in fill_super (as ext4, xfs,
/// jffs2, squashfs do).  A directory is a filesystem if one of its files sets
/// ->s_magic or defines a fill_super; encoders elsewhere are not reported.
///
// Prefilter: cpu_to_(le|be)32
// Prefilter: tv_sec|_seconds\(|_sec\(|time64_t
// Confidence: Moderate
// Copyright: (C) 2026 The y2106 project
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Options: --no-includes --include-headers

virtual context
virtual org
virtual report

@initialize:python@
@@
import os, re
DIRS = {}
def fs_without_range(f):
    """True if f's directory is a filesystem that never sets s_time_max"""
    d = os.path.dirname(os.path.abspath(f))
    if d not in DIRS:
        is_fs = has_range = False
        try:
            names = os.listdir(d)
        except OSError:
            names = []
        for n in names:
            if not n.endswith((".c", ".h")):
                continue
            try:
                t = open(os.path.join(d, n), errors="replace").read()
                t = re.sub(r"/\*.*?\*/|//[^\n]*", " ", t, flags=re.S)
            except OSError:
                continue
            if re.search(r"->s_magic\s*=|\bfill_super\b|_fill_super\s*\(", t):
                is_fs = True
            if re.search(r"s_time_max|s_time_min", t):
                has_range = True
        DIRS[d] = is_fs and not has_range
    return DIRS[d]
def fs_msg(p):
    if not fs_without_range(p[0].file):
        return None
    return ("WARNING: [fs_time_range] time stored in 32 bits on disk by a filesystem that sets no s_time_min/s_time_max: times past what the format holds are written wrapped instead of clamped by timestamp_truncate(); set sb->s_time_min/s_time_max to the on-disk range in fill_super (in %s)"
            % p[0].current_element)

@enc depends on context || org || report@
typedef time64_t;
time64_t x64;
struct timespec64 d;
struct timespec64 *dp;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, mktime64, rtc_tm_to_time64};
identifier isec =~ "^inode_get_[amc]time_sec$";
position p;
@@

\(cpu_to_le32\|cpu_to_be32\)(<+... \(x64@p\|d.tv_sec@p\|dp->tv_sec@p\|fsec(...)@p\|isec(...)@p\) ...+>)

@script:python depends on report@
p << enc.p;
@@
m = fs_msg(p)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << enc.p;
@@
m = fs_msg(p)
if m:
    coccilib.org.print_todo(p[0], m)
