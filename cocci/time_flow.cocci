// SPDX-License-Identifier: GPL-2.0-only
/// A 64-bit time followed through function return values and designated
/// initialisers, within a file (the rest of truncate's and time_arg's job):
///  - returned from a function declared to return int, s32, long or
///    old_time32_t (WARNING: negative from 2038, wraps in 2106) or u32,
///    unsigned int, unsigned long (INFO: good until 2106);
///  - the result of a function of the same file that returns time64_t
///    stored into such a variable (the caller truncates what the callee
///    kept 64-bit);
///  - the result of a function of the same file that returns old_time32_t or
///    __kernel_old_time_t stored into a time64_t, passed to ktime_set() or
///    returned as time64_t (sign extension: a legacy value past 2038 becomes
///    a date before 1970);
///  - a designated initialiser (.tv_sec = ..., .field = ...) of a legacy
///    32-bit struct (old_timespec32, old_timeval32, __kernel_old_timespec,
///    __kernel_old_timeval) or of a struct defined in the file whose field
///    is a 32-bit integer;
///  - a plain assignment (x.fld = ..., x->fld = ...) to a field that spatch
///    cannot type (the receiver's struct is in a header, or reached through a
///    struct of a header), where the structs of the file declare fld only as a
///    32-bit integer (truncate reports the assignments it can type).
/// A time divided by or taken modulo a constant (days, hours) is not a time
/// and is not reported.  Functions that call a decode/encode helper count as
/// converted and are not reported; -D strict reports them too.
///
// Prefilter: ktime_get_real_seconds|ktime_get_seconds|ktime_get_boottime_seconds|mktime64|rtc_tm_to_time64|tv_sec|time64_t|old_time32_t|__kernel_old_time_t
// Prefilter: return [^;]*(_seconds\(|mktime64|rtc_tm_to_time64|tv_sec)|^\s*\.[A-Za-z_0-9]+ *= *[^;]*(_seconds\(|mktime64|rtc_tm_to_time64|tv_sec|time)|[])A-Za-z_0-9](\.|->)[A-Za-z_0-9]+ *= *[^;=]*(_seconds\(|mktime64|rtc_tm_to_time64|tv_sec)|^(static )?(inline )?(time64_t|old_time32_t|__kernel_old_time_t) [A-Za-z_0-9]+\(
// Confidence: Moderate
// Copyright: (C) 2026 The y2106 project
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Options: --no-includes --include-headers

virtual context
virtual org
virtual report
virtual strict

@initialize:python@
@@
import os, re
HELPERS = re.compile(os.environ.get("COCCI_TIME32_HELPERS",
    r"^(time64_to_time32_abs|[a-z0-9_]*time32_abs[a-z0-9_]*|old_time32_to_time64_abs|time32_abs_to_time64|time64_to_old_time32_abs|get_old_timespec32_abs|put_old_timespec32_abs|get_old_itimerspec32_abs|get_old_timeval32_abs|put_old_timeval32_abs|[a-z0-9_]*time32_(decode|encode)[a-z0-9_]*)$"))
CONVERTED = set()
# per file: the functions that return a 32-bit integer, signed or not (one pass
# each, then a set look-up: a rule that inherits the names would run once per name)
S32F, U32F = set(), set()
# per file and field name: the declarations of the field in the structs of the file,
# by position: "s" signed 32-bit, "u" unsigned 32-bit, "o" another type
FLD = {}
# per file: the right-hand sides (by start) of the stores fasg leaves out
FEXC = set()
LEGACY_INIT = (re.compile(rb"\b(old_timespec32|old_timeval32|__kernel_old_timespec|__kernel_old_timeval)\b"),
               re.compile(rb"\.\s*tv_sec\s*=(?!=)"))
def legacy_init(files):
    for f in files:
        with open(f, "rb") as h:
            text = h.read()
        if all(r.search(text) for r in LEGACY_INIT):
            return True
    return False
SERIES = {}
def y2106_series(f):
    env = os.environ.get("COCCI_Y2106_SERIES", "")
    if env in ("0", "1"):
        return env == "1"
    d = os.path.dirname(os.path.abspath(f))
    while os.path.dirname(d) != d and not os.path.isdir(os.path.join(d, "include", "linux")):
        d = os.path.dirname(d)
    h = os.path.join(d, "include", "linux", "time32.h")
    if h not in SERIES:
        SERIES[h] = os.path.isfile(h) and "time64_to_time32_abs" in open(h).read()
    return SERIES[h]
def fix(p, series, plain):
    return series if y2106_series(p[0].file) else plain
def time32_msg(p, sev, msg):
    if HELPERS.search(p[0].current_element):
        return None
    if (p[0].file, p[0].current_element) in CONVERTED:
        return None
    return "%s: [time_flow] %s (in %s)" % (sev, msg, p[0].current_element)


// Trying the compound literal at every expression made dinit the dearest rule of the
// file: it runs only in a file whose text has one of the legacy struct names and a
// .tv_sec designator, which it cannot match without.  This gate comes first: a script
// rule that fails (include_match(False)) drops the matches of the rules before it.
@script:python dinit_text depends on context || org || report@
@@
if not legacy_init(cocci.files()):
    cocci.include_match(False)

// Functions that already call a decode/encode helper (or pass the legacy flag to the
// converted do_timer_settime()/do_timerfd_settime()) are converted: their
// remaining signed reads are the deliberate signed branch.  -D strict
// reports them anyway.
@converted depends on !strict@
identifier h =~ "time32_abs|timespec32_abs|itimerspec32_abs|timeval32_abs|time32_(decode|encode)";
expression E1, E2, E3, E4, E5;
position p;
@@

\( h@p(...) \| do_timer_settime@p(E1, E2, E3, E4, E5) \| do_timerfd_settime@p(E1, E2, E3, E4, E5) \)

@script:python depends on !strict@
p << converted.p;
@@
CONVERTED.add((p[0].file, p[0].current_element))

// the functions of the file that return a 32-bit integer, by file
@fs32 depends on context || org || report@
typedef s32, __s32, old_time32_t, __kernel_old_time_t, time64_t;
identifier f;
position p;
@@

\(int\|s32\|__s32\|long\|old_time32_t\|__kernel_old_time_t\) f@p(...) { ... }

@script:python@
f << fs32.f;
p << fs32.p;
@@
S32F.add((p[0].file, f))

@fu32 depends on context || org || report@
typedef u32, __u32;
identifier f;
position p;
@@

\(u32\|__u32\|unsigned int\|unsigned long\) f@p(...) { ... }

@script:python@
f << fu32.f;
p << fu32.p;
@@
U32F.add((p[0].file, f))

// a 64-bit time returned (t / C and t % C are not times); the function's return
// type decides: signed 32-bit WARNING, unsigned 32-bit INFO, else nothing
@ret depends on context || org || report disable drop_cast@
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
position p;
expression E;
constant C, C2;
binary operator bop = {/, %};
@@

(
  return E bop \(C\|(C * C2)\);
|
* return \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\);
)

// the functions of the file that return a 64-bit time (a summary: one level)
@g64 depends on context || org || report@
identifier g;
@@

time64_t g(...) { ... }

@call64 depends on context || org || report disable drop_cast@
identifier g64.g;
{int, s32, __s32, long, old_time32_t, __kernel_old_time_t} v;
position p;
@@

* v = g@p(...)

@call64d depends on context || org || report disable drop_cast@
identifier g64.g;
identifier vd;
position p;
@@

* \(int\|s32\|__s32\|long\|old_time32_t\|__kernel_old_time_t\) vd = g@p(...);

@call64u depends on context || org || report disable drop_cast@
identifier g64.g;
{u32, __u32, unsigned int, unsigned long} v;
position p;
@@

* v = g@p(...)

@call64ud depends on context || org || report disable drop_cast@
identifier g64.g;
identifier vd;
position p;
@@

* \(u32\|__u32\|unsigned int\|unsigned long\) vd = g@p(...);

// the functions of the file that return a legacy 32-bit time, widened by the caller
@g32 depends on context || org || report@
identifier g;
@@

\(old_time32_t\|__kernel_old_time_t\) g(...) { ... }

@call32 depends on context || org || report disable drop_cast@
identifier g32.g;
time64_t v;
expression E;
position p;
@@

(
* v = g@p(...)
|
* ktime_set(g@p(...), E)
)

@call32d depends on context || org || report disable drop_cast@
identifier g32.g;
identifier vd;
position p;
@@

* time64_t vd = g@p(...);

@call32r depends on context || org || report disable drop_cast@
identifier g32.g;
identifier h;
position p;
@@

time64_t h(...)
{
<...
* return g@p(...);
...>
}

// designated initialisers of the legacy 32-bit structs (dinit_text, at the top, says
// whether the file can have one)
@dinit depends on dinit_text disable drop_cast@
identifier s;
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
position p;
expression E;
constant C, C2;
binary operator bop = {/, %};
@@

(
  struct \(old_timespec32\|old_timeval32\|__kernel_old_timespec\|__kernel_old_timeval\) s = { ..., .tv_sec = \(E bop \(C\|(C * C2)\)\|fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\), ... };
|
  (struct \(old_timespec32\|old_timeval32\|__kernel_old_timespec\|__kernel_old_timeval\)) { ..., .tv_sec = \(E bop \(C\|(C * C2)\)\|fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\), ... }
)

// a designated initialiser of a field of a struct with a 64-bit time: the candidates;
// whether the field is a 32-bit integer is looked up below, in the struct's
// definition in the file, for the candidates' struct and field only (a scan of every
// field of every struct took minutes on fs/ext4/ext4.h and arch/alpha/kernel/osf_sys.c)
@sinit depends on context || org || report disable drop_cast@
identifier S, fld, s;
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
position p;
expression E;
constant C, C2;
binary operator bop = {/, %};
@@

(
  struct S s = { ..., .fld = \(E bop \(C\|(C * C2)\)\|fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\), ... };
|
  (struct S) { ..., .fld = \(E bop \(C\|(C * C2)\)\|fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\), ... }
)

@sfs depends on context || org || report@
typedef s32, __s32, old_time32_t, __kernel_old_time_t;
identifier sinit.S, sinit.fld;
position q;
@@

struct S { ... \(int\|s32\|__s32\|long\|old_time32_t\|__kernel_old_time_t\) fld@q; ... };

@sfu depends on context || org || report@
typedef u32, __u32;
identifier sinit.S, sinit.fld;
position q;
@@

struct S { ... \(u32\|__u32\|unsigned int\|unsigned long\) fld@q; ... };

// a plain assignment of a 64-bit time to a field (x.fld = ..., x->fld = ...) whose
// receiver spatch cannot type (a field of a header's struct, priv->hw.when): truncate
// reports the stores it can type (fasg_typed below takes them out).  A receiver that is a
// plain identifier (p->fld, x.fld) is a local, a parameter or a global whose type
// spatch knows or that is a header's: left alone (a compat twin in the file, struct
// compat_msqid_ds beside the uapi msqid64_ds, shares the field names; typing the
// receiver with a type metavariable instead cost twice the rest of the rule).  This
// one reports the rest when a struct of the file declares fld as a 32-bit integer and
// none declares it otherwise.  The candidates first, then what they leave out, by the
// position of the right-hand side: a disjunction of the candidates and of the cases
// left out cost four times as much, each branch of it being tried as "and not the
// branches before".
@fasg depends on context || org || report disable drop_cast@
identifier fld;
expression R;
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
position p;
@@

(
* R.fld = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* R->fld = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
)

// left out: a store spatch can type as a 32-bit integer (truncate's) ...
@fasg_typed depends on fasg disable drop_cast@
typedef s32, __s32, old_time32_t, __kernel_old_time_t, u32, __u32;
{int, s32, __s32, long, old_time32_t, __kernel_old_time_t, u32, __u32, unsigned int, unsigned long} v;
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
position q;
@@

v = \(fsec(...)@q\|x64@q\|d.tv_sec@q\|dp->tv_sec@q\)

@script:python@
q << fasg_typed.q;
@@
FEXC.add((q[0].file, q[0].line, q[0].column))

// ... and a time divided by or taken modulo a constant (days, hours: not a time)
@fasg_div depends on fasg disable drop_cast@
expression R, E;
identifier fld;
constant C, C2;
binary operator bop = {/, %};
position q;
@@

\(R.fld\|R->fld\) = E@q bop \(C\|(C * C2)\)

@script:python@
q << fasg_div.q;
@@
FEXC.add((q[0].file, q[0].line, q[0].column))

// every declaration of such a field in a struct of the file: signed 32-bit,
// unsigned 32-bit, or any type (the rest)
@afs depends on context || org || report@
typedef s32, __s32, old_time32_t, __kernel_old_time_t;
identifier fasg.fld, S;
position q;
@@

struct S { ... \(int\|s32\|__s32\|long\|old_time32_t\|__kernel_old_time_t\) fld@q; ... };

@afu depends on context || org || report@
typedef u32, __u32;
identifier fasg.fld, S;
position q;
@@

struct S { ... \(u32\|__u32\|unsigned int\|unsigned long\) fld@q; ... };

@afo depends on context || org || report@
identifier fasg.fld, S;
type T;
position q;
@@

struct S { ... T fld@q; ... };

@script:python@
fld << fasg.fld;
q << afs.q;
@@
FLD.setdefault((q[0].file, fld), {})[(q[0].line, q[0].column)] = "s"

@script:python@
fld << fasg.fld;
q << afu.q;
@@
FLD.setdefault((q[0].file, fld), {})[(q[0].line, q[0].column)] = "u"

@script:python@
fld << fasg.fld;
q << afo.q;
@@
FLD.setdefault((q[0].file, fld), {}).setdefault((q[0].line, q[0].column), "o")

@initialize:python@
@@
def ret_msg(p):
    k = (p[0].file, p[0].current_element)
    if k in S32F:
        return time32_msg(p, "WARNING", "64-bit time returned as a signed 32-bit integer: negative from 2038, wraps in 2106; " + fix(p, "return time64_t or encode the value with time64_to_time32_abs()", "return time64_t"))
    if k in U32F:
        return time32_msg(p, "INFO", "64-bit time returned as an unsigned 32-bit integer: good until 2106")
    return None
def fasg_msg(p, fld, r):
    if re.match(r"^\w+$", r) or (p[0].file, p[0].line, p[0].column) in FEXC:
        return None
    k = set(FLD.get((p[0].file, fld), {}).values())
    if not k or "o" in k:
        return None
    if "s" in k:
        return time32_msg(p, "WARNING", "64-bit time stored into the signed 32-bit field .%s (of a struct of this file): negative from 2038, wraps in 2106; make the field 64-bit (time64_t) or store it as u32 (good until 2106)" % fld)
    return time32_msg(p, "INFO", "64-bit time stored into the unsigned 32-bit field .%s (of a struct of this file): good until 2106" % fld)
def sinit_msg(p, fld, signed):
    if signed:
        return time32_msg(p, "WARNING", "64-bit time in a designated initialiser of the signed 32-bit field .%s: negative from 2038, wraps in 2106; make the field 64-bit (time64_t) or store it as u32 (good until 2106)" % fld)
    return time32_msg(p, "INFO", "64-bit time in a designated initialiser of the unsigned 32-bit field .%s: good until 2106" % fld)

@script:python depends on report@
p << ret.p;
@@
m = ret_msg(p)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << ret.p;
@@
m = ret_msg(p)
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << call64.p;
g << g64.g;
@@
m = time32_msg(p, "WARNING", "64-bit time returned by %s() truncated into a signed 32-bit variable: negative from 2038, wraps in 2106; keep it 64-bit (time64_t)" % g)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << call64.p;
g << g64.g;
@@
m = time32_msg(p, "WARNING", "64-bit time returned by %s() truncated into a signed 32-bit variable: negative from 2038, wraps in 2106; keep it 64-bit (time64_t)" % g)
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << call64d.p;
g << g64.g;
@@
m = time32_msg(p, "WARNING", "64-bit time returned by %s() truncated into a signed 32-bit variable: negative from 2038, wraps in 2106; keep it 64-bit (time64_t)" % g)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << call64d.p;
g << g64.g;
@@
m = time32_msg(p, "WARNING", "64-bit time returned by %s() truncated into a signed 32-bit variable: negative from 2038, wraps in 2106; keep it 64-bit (time64_t)" % g)
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << call64u.p;
g << g64.g;
@@
m = time32_msg(p, "INFO", "64-bit time returned by %s() truncated to unsigned 32 bits: good until 2106" % g)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << call64u.p;
g << g64.g;
@@
m = time32_msg(p, "INFO", "64-bit time returned by %s() truncated to unsigned 32 bits: good until 2106" % g)
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << call64ud.p;
g << g64.g;
@@
m = time32_msg(p, "INFO", "64-bit time returned by %s() truncated to unsigned 32 bits: good until 2106" % g)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << call64ud.p;
g << g64.g;
@@
m = time32_msg(p, "INFO", "64-bit time returned by %s() truncated to unsigned 32 bits: good until 2106" % g)
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << call32.p;
g << g32.g;
@@
m = time32_msg(p, "WARNING", ("legacy 32-bit time returned by %s() sign-extended to 64 bits: a time past 2038 becomes a date before 1970; " % g) + fix(p, "decode it with time32_abs_to_time64()", "return time64_t from it (the y2038 fix: a 64-bit time end to end)"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << call32.p;
g << g32.g;
@@
m = time32_msg(p, "WARNING", ("legacy 32-bit time returned by %s() sign-extended to 64 bits: a time past 2038 becomes a date before 1970; " % g) + fix(p, "decode it with time32_abs_to_time64()", "return time64_t from it (the y2038 fix: a 64-bit time end to end)"))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << call32d.p;
g << g32.g;
@@
m = time32_msg(p, "WARNING", ("legacy 32-bit time returned by %s() sign-extended to 64 bits: a time past 2038 becomes a date before 1970; " % g) + fix(p, "decode it with time32_abs_to_time64()", "return time64_t from it (the y2038 fix: a 64-bit time end to end)"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << call32d.p;
g << g32.g;
@@
m = time32_msg(p, "WARNING", ("legacy 32-bit time returned by %s() sign-extended to 64 bits: a time past 2038 becomes a date before 1970; " % g) + fix(p, "decode it with time32_abs_to_time64()", "return time64_t from it (the y2038 fix: a 64-bit time end to end)"))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << call32r.p;
g << g32.g;
@@
m = time32_msg(p, "WARNING", ("legacy 32-bit time returned by %s() sign-extended to 64 bits: a time past 2038 becomes a date before 1970; " % g) + fix(p, "decode it with time32_abs_to_time64()", "return time64_t from it (the y2038 fix: a 64-bit time end to end)"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << call32r.p;
g << g32.g;
@@
m = time32_msg(p, "WARNING", ("legacy 32-bit time returned by %s() sign-extended to 64 bits: a time past 2038 becomes a date before 1970; " % g) + fix(p, "decode it with time32_abs_to_time64()", "return time64_t from it (the y2038 fix: a 64-bit time end to end)"))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << dinit.p;
@@
m = time32_msg(p, "WARNING", "64-bit time in a designated initialiser of a legacy 32-bit tv_sec: negative from 2038, wraps in 2106; " + fix(p, "encode it with time64_to_time32_abs()", "a legacy 32-bit field cannot hold it past 2038: the y2038 fix is a 64-bit interface"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << dinit.p;
@@
m = time32_msg(p, "WARNING", "64-bit time in a designated initialiser of a legacy 32-bit tv_sec: negative from 2038, wraps in 2106; " + fix(p, "encode it with time64_to_time32_abs()", "a legacy 32-bit field cannot hold it past 2038: the y2038 fix is a 64-bit interface"))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << sinit.p;
fld << sinit.fld;
q << sfs.q;
@@
m = sinit_msg(p, fld, True)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << sinit.p;
fld << sinit.fld;
q << sfs.q;
@@
m = sinit_msg(p, fld, True)
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << sinit.p;
fld << sinit.fld;
q << sfu.q;
@@
m = sinit_msg(p, fld, False)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << sinit.p;
fld << sinit.fld;
q << sfu.q;
@@
m = sinit_msg(p, fld, False)
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << fasg.p;
fld << fasg.fld;
r << fasg.R;
@@
m = fasg_msg(p, fld, r)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << fasg.p;
fld << fasg.fld;
r << fasg.R;
@@
m = fasg_msg(p, fld, r)
if m:
    coccilib.org.print_todo(p[0], m)
