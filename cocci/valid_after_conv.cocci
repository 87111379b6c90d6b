// SPDX-License-Identifier: GPL-2.0-only
/// A struct timespec64/itimerspec64 filled from a legacy 32-bit struct (by
/// get_old_timespec32(), get_old_itimerspec32(), get_user() of a legacy
/// tv_sec, or a plain assignment) and then checked with timespec64_valid*(),
/// itimerspec64_valid(), tv_sec < 0, or passed to a setter that validates
/// (do_sys_settimeofday64(), do_settimeofday64(), ->clock_set(),
/// do_timer_settime(), do_timerfd_settime()) rejects
/// 2038..2106 with EINVAL today.  Absolute calendar values must be decoded
/// unsigned before the check; durations keep the check.
/// Functions that call a decode/encode helper (time32_abs_to_time64(),
/// get_old_timespec32_abs(), ...) count as converted and are not reported;
/// -D strict reports them too.
///
// Prefilter: get_old_timespec32|get_old_itimerspec32|old_time|__kernel_old_time
// Prefilter: timespec64_valid|itimerspec64_valid|settimeofday64|clock_set|do_timer_settime|do_timerfd_settime|tv_sec *< *0
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
def time32_msg(p, sev, msg):
    if HELPERS.search(p[0].current_element):
        return None
    if (p[0].file, p[0].current_element) in CONVERTED:
        return None
    return "%s: [valid_after_conv] %s (in %s)" % (sev, msg, p[0].current_element)


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

@r depends on context || org || report@
typedef old_time32_t, __kernel_old_time_t;
{old_time32_t, __kernel_old_time_t} t;
{struct old_timespec32, struct old_timeval32, struct __kernel_old_timespec,
 struct __kernel_old_timeval} s;
{struct old_timespec32 *, struct old_timeval32 *, struct __kernel_old_timespec *,
 struct __kernel_old_timeval *} ps;
struct timespec64 d;
struct timespec64 *dp;
expression u, E, E1, E2;
identifier getu = {get_user, __get_user, unsafe_get_user};
identifier getold = {get_old_timespec32, __get_old_timespec32};
identifier valid = {timespec64_valid, timespec64_valid_strict, timespec64_valid_settod,
                    do_settimeofday64};
position p;
@@

(
 getold(\(&d\|dp\), u)
|
 d.tv_sec = \(t\|s.tv_sec\|ps->tv_sec\)
|
 getu(d.tv_sec, \(&s.tv_sec\|&ps->tv_sec\), ...)
)
... when != d = E
    when != dp = E
(
* valid(\(&d\|dp\))@p
|
* d.tv_sec@p < 0
|
* dp->tv_sec@p < 0
|
* do_sys_settimeofday64(\(&d\|E ? &d : E2\), ...)@p
|
* E->clock_set(E1, &d)@p
)

@ri depends on context || org || report@
struct itimerspec64 d;
expression u, E;
identifier getold = {get_old_itimerspec32, __get_old_itimerspec32};
position p;
@@

 getold(&d, u)
... when != d = E
(
* itimerspec64_valid(&d)@p
|
* timespec64_valid(&d.it_value)@p
|
* timespec64_valid_strict(&d.it_value)@p
|
* \(do_timer_settime\|do_timerfd_settime\)(..., &d, ...)@p
)

@script:python depends on report@
p << r.p;
@@
m = time32_msg(p, "WARNING", "validity check on a value decoded signed from a legacy 32-bit struct: rejects 2038..2106; " + fix(p, "decode it with get_old_timespec32_abs() if absolute", "if absolute, the legacy interface ends in 2038 on this tree: the y2038 fix is a 64-bit interface (get_timespec64())"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << r.p;
@@
m = time32_msg(p, "WARNING", "validity check on a value decoded signed from a legacy 32-bit struct: rejects 2038..2106; " + fix(p, "decode it with get_old_timespec32_abs() if absolute", "if absolute, the legacy interface ends in 2038 on this tree: the y2038 fix is a 64-bit interface (get_timespec64())"))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << ri.p;
@@
m = time32_msg(p, "WARNING", "validity check on an itimerspec decoded signed from a legacy 32-bit struct: rejects absolute 2038..2106 it_value; decode it_value unsigned if absolute")
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << ri.p;
@@
m = time32_msg(p, "WARNING", "validity check on an itimerspec decoded signed from a legacy 32-bit struct: rejects absolute 2038..2106 it_value; decode it_value unsigned if absolute")
if m:
    coccilib.org.print_todo(p[0], m)
