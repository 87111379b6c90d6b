// SPDX-License-Identifier: GPL-2.0-only
/// A legacy 32-bit time (old_time32_t, __kernel_old_time_t, the tv_sec of
/// struct old_timespec32/old_timeval32/__kernel_old_timespec/__kernel_old_timeval)
/// compared with <, <=, >, >= is compared as a signed value: absolute calendar
/// seconds from 2038-01-19 to 2106 look negative or "earlier".  For absolute
/// times decode the value first (time32_abs_to_time64()); a duration or an
/// offset stays signed and the finding is then justified in a waiver.
/// Functions that call a decode/encode helper (time32_abs_to_time64(),
/// get_old_timespec32_abs(), ...) count as converted and are not reported;
/// -D strict reports them too.
///
// Prefilter: old_time32_t|__kernel_old_time_t|old_timespec32|old_timeval32|__kernel_old_timespec|__kernel_old_timeval|old_itimerspec32|get_old_timex32
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
def time32_msg(p, msg):
    if HELPERS.search(p[0].current_element):
        return None
    if (p[0].file, p[0].current_element) in CONVERTED:
        return None
    return "WARNING: [signed_cmp] %s (in %s)" % (msg, p[0].current_element)


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
expression E;
binary operator op = {<, <=, >, >=};
position p;
@@

(
* t@p op E
|
* E op t@p
|
* s.tv_sec@p op E
|
* E op s.tv_sec@p
|
* ps->tv_sec@p op E
|
* E op ps->tv_sec@p
)

@script:python depends on report@
p << r.p;
@@
m = time32_msg(p, "signed comparison of a legacy 32-bit time: 2038..2106 compares as negative; " + fix(p, "decode it with time32_abs_to_time64() if absolute", "if absolute, a signed 32-bit time ends in 2038 on this tree: the y2038 fix is a 64-bit interface (time64_t, timespec64); a duration stays signed"))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << r.p;
@@
m = time32_msg(p, "signed comparison of a legacy 32-bit time: 2038..2106 compares as negative; " + fix(p, "decode it with time32_abs_to_time64() if absolute", "if absolute, a signed 32-bit time ends in 2038 on this tree: the y2038 fix is a 64-bit interface (time64_t, timespec64); a duration stays signed"))
if m:
    coccilib.org.print_todo(p[0], m)
