// SPDX-License-Identifier: GPL-2.0-only
/// A 64-bit time (time64_t, ktime_get_real_seconds(), the tv_sec of a struct
/// timespec64, mktime64(), ...) stored into a 32-bit signed integer (int,
/// s32, old_time32_t, or long, which is 32-bit on 32-bit kernels) or into
/// the tv_sec of a legacy 32-bit struct is truncated: it reads negative from
/// 2038 and wraps in 2106.  A store into u32/unsigned int/unsigned long is
/// reported as INFO: it is good until 2106.  Stores into legacy structs
/// should use time64_to_time32_abs(), which saturates instead of wrapping.
/// Functions that call a decode/encode helper (time32_abs_to_time64(),
/// get_old_timespec32_abs(), ...) count as converted and are not reported;
/// -D strict reports them too.
///
// Prefilter: = *(ktime_get_real_seconds|ktime_get_seconds|ktime_get_boottime_seconds|mktime64|rtc_tm_to_time64) *\(|= *[A-Za-z_][A-Za-z0-9_]*(\.|->)tv_sec *;|^\s+time64_t\s
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
# per file: the starts of the right-hand sides that are a time divided by or taken
# modulo a constant (div, divd)
DIV = set()
def time32_msg(p, sev, msg):
    if HELPERS.search(p[0].current_element):
        return None
    if (p[0].file, p[0].current_element) in CONVERTED:
        return None
    if (p[0].file, p[0].line, p[0].column) in DIV:
        return None
    return "%s: [truncate] %s (in %s)" % (sev, msg, p[0].current_element)


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

@r depends on context || org || report disable drop_cast@
typedef old_time32_t, __kernel_old_time_t, time64_t, s32, __s32;
{int, s32, __s32, long, old_time32_t, __kernel_old_time_t} v;
{struct old_timespec32, struct old_timeval32, struct __kernel_old_timespec,
 struct __kernel_old_timeval} s;
{struct old_timespec32 *, struct old_timeval32 *, struct __kernel_old_timespec *,
 struct __kernel_old_timeval *} ps;
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
position p;
@@

(
* v = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* s.tv_sec = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* ps->tv_sec = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
)

@rd depends on context || org || report disable drop_cast@
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
identifier v;
position p;
@@

* \(int\|s32\|__s32\|long\|old_time32_t\|__kernel_old_time_t\) v = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\);

@ru depends on context || org || report disable drop_cast@
typedef u32, __u32;
{u32, __u32, unsigned int, unsigned long} v;
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
position p;
@@

* v = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)

@rud depends on context || org || report disable drop_cast@
time64_t x64;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
struct timespec64 d;
struct timespec64 *dp;
identifier v;
position p;
@@

* \(u32\|__u32\|unsigned int\|unsigned long\) v = \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\);

// A time divided by or taken modulo a constant (days, hours) is not a time: such a store
// is left out by the start of its right-hand side.  As the first branch of a
// disjunction in each rule above it cost more than the rest of the rule, each later
// branch being tried as "and not the branches before".
@div depends on r || ru disable drop_cast@
expression L, E;
constant C, C2;
binary operator bop = {/, %};
position q;
@@

L = E@q bop \(C\|(C * C2)\)

@script:python@
q << div.q;
@@
DIV.add((q[0].file, q[0].line, q[0].column))

@divd depends on rd || rud disable drop_cast@
type T;
identifier v;
expression E;
constant C, C2;
binary operator bop = {/, %};
position q;
@@

T v = E@q bop \(C\|(C * C2)\);

@script:python@
q << divd.q;
@@
DIV.add((q[0].file, q[0].line, q[0].column))

@script:python depends on report@
p << r.p;
@@
m = time32_msg(p, "WARNING", "64-bit time truncated into a signed 32-bit variable or legacy field: negative from 2038, wraps in 2106; " + fix(p, "keep it 64-bit or encode it with time64_to_time32_abs()", "keep it 64-bit (time64_t); a legacy 32-bit field cannot hold it past 2038: the y2038 fix is a 64-bit interface"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << r.p;
@@
m = time32_msg(p, "WARNING", "64-bit time truncated into a signed 32-bit variable or legacy field: negative from 2038, wraps in 2106; " + fix(p, "keep it 64-bit or encode it with time64_to_time32_abs()", "keep it 64-bit (time64_t); a legacy 32-bit field cannot hold it past 2038: the y2038 fix is a 64-bit interface"))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << rd.p;
@@
m = time32_msg(p, "WARNING", "64-bit time truncated into a signed 32-bit variable: negative from 2038, wraps in 2106; keep it 64-bit")
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << rd.p;
@@
m = time32_msg(p, "WARNING", "64-bit time truncated into a signed 32-bit variable: negative from 2038, wraps in 2106; keep it 64-bit")
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << ru.p;
@@
m = time32_msg(p, "INFO", "64-bit time truncated to unsigned 32 bits: good until 2106")
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << ru.p;
@@
m = time32_msg(p, "INFO", "64-bit time truncated to unsigned 32 bits: good until 2106")
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << rud.p;
@@
m = time32_msg(p, "INFO", "64-bit time truncated to unsigned 32 bits: good until 2106")
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << rud.p;
@@
m = time32_msg(p, "INFO", "64-bit time truncated to unsigned 32 bits: good until 2106")
if m:
    coccilib.org.print_todo(p[0], m)
