// SPDX-License-Identifier: GPL-2.0-only
/// A cast to (int), (long), (s32), (__s32), (time_t), (old_time32_t) or
/// (__kernel_old_time_t) applied to a 64-bit time (time64_t,
/// ktime_get_real_seconds(), the tv_sec of a struct timespec64, ...)
/// truncates it to a signed 32-bit value (long is 32-bit on 32-bit kernels):
/// negative from 2038.  Keep the value 64-bit, or for a legacy ABI output use
/// time64_to_time32_abs().  (u32) casts are not reported.
/// Functions that call a decode/encode helper (time32_abs_to_time64(),
/// get_old_timespec32_abs(), ...) count as converted and are not reported;
/// -D strict reports them too.
///
// Prefilter: time64_t|timespec64|ktime_get_real_seconds|ktime_get_seconds|ktime_get_boottime_seconds|mktime64|rtc_tm_to_time64
// Prefilter: \((int|long|s32|__s32|time_t|old_time32_t|__kernel_old_time_t)\) *[A-Za-z_(]
// Confidence: High
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
# per file: the ends of the casts' operands that are a time divided by or taken
# modulo a constant (days, hours: not a time)
DIV = set()
def time32_msg(p, sev, msg):
    if HELPERS.search(p[0].current_element):
        return None
    if (p[0].file, p[0].current_element) in CONVERTED:
        return None
    if (p[0].file, p[0].line_end, p[0].column_end) in DIV:
        return None
    return "%s: [cast] %s (in %s)" % (sev, msg, p[0].current_element)


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

// The casts; a time divided by or taken modulo a constant (days, hours) is not a time
// and is left out by the end of the cast's operand (div, below): as the first branch
// of this disjunction it was three fifths of the rule's time, each later branch being
// tried as "and not the branches before".
@r depends on context || org || report@
typedef old_time32_t, __kernel_old_time_t, time64_t, s32, __s32, time_t;
time64_t x64;
struct timespec64 d;
struct timespec64 *dp;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds,
                   mktime64, rtc_tm_to_time64};
position p;
@@

(
* (int)\(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* (long)\(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* (s32)\(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* (__s32)\(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* (time_t)\(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* (old_time32_t)\(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
|
* (__kernel_old_time_t)\(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\)
)

// the position of a parenthesised operand is its closing parenthesis: compared by the
// end of the operand
@div depends on r@
type T;
expression E;
constant C, C2;
binary operator bop = {/, %};
position q;
@@

 (T)(E bop \(C\|(C * C2)\))@q

@script:python@
q << div.q;
@@
DIV.add((q[0].file, q[0].line_end, q[0].column_end))

@script:python depends on report@
p << r.p;
@@
m = time32_msg(p, "WARNING", "64-bit time cast to a signed 32-bit type: negative from 2038; " + fix(p, "keep it 64-bit or encode it with time64_to_time32_abs()", "keep it 64-bit (time64_t); a legacy 32-bit field cannot hold it past 2038: the y2038 fix is a 64-bit interface"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << r.p;
@@
m = time32_msg(p, "WARNING", "64-bit time cast to a signed 32-bit type: negative from 2038; " + fix(p, "keep it 64-bit or encode it with time64_to_time32_abs()", "keep it 64-bit (time64_t); a legacy 32-bit field cannot hold it past 2038: the y2038 fix is a 64-bit interface"))
if m:
    coccilib.org.print_todo(p[0], m)
