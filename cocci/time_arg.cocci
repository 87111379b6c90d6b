// SPDX-License-Identifier: GPL-2.0-only
/// A 64-bit time (time64_t, ktime_get_real_seconds(), the tv_sec of a struct
/// timespec64, mktime64(), ...) passed as an argument to a function of the same
/// file whose parameter is a signed 32-bit integer (int, s32, old_time32_t, or
/// long, which is 32-bit on 32-bit kernels) is truncated at the call: negative
/// from 2038, wraps in 2106.  A u32/unsigned int/unsigned long parameter is
/// reported as INFO: good until 2106.  A time divided by a constant (days,
/// hours) is not a time and is not reported.  Only functions defined in the
/// file are followed: one level, and two where the first function takes the
/// time as a 64-bit integer (s64, u64, long long) and passes it on unchanged to
/// a 32-bit parameter of another function of the file.  Functions that call a
/// decode/encode helper (time32_abs_to_time64(), get_old_timespec32_abs(), ...)
/// count as converted and are not reported; -D strict reports them too.
///
// Prefilter: ktime_get_real_seconds|ktime_get_seconds|ktime_get_boottime_seconds|mktime64|rtc_tm_to_time64|tv_sec|time64_t
// Prefilter: (->|\.)tv_sec *[,)]|_seconds\(\) *[,)]|mktime64|rtc_tm_to_time64|time64_t +\**[A-Za-z_]|time64_t *\)
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
def time32_msg(p, sev, msg):
    if HELPERS.search(p[0].current_element):
        return None
    if (p[0].file, p[0].current_element) in CONVERTED:
        return None
    return "%s: [time_arg] %s (in %s)" % (sev, msg, p[0].current_element)


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

// the calls passing a 64-bit time (t / C and t % C are not times), the argument's
// position and the called function; then whether the file defines that function with
// a 32-bit integer parameter in that position.  The calls first: a rule per function
// with a 32-bit parameter, run once for each of them, was most of the rule's time.
@c1 depends on context || org || report@
typedef time64_t;
identifier h;
expression list[k] es;
time64_t x64;
struct timespec64 d;
struct timespec64 *dp;
identifier fsec = {ktime_get_real_seconds, ktime_get_seconds, ktime_get_boottime_seconds, mktime64, rtc_tm_to_time64};
expression E;
constant C, C2;
binary operator bop = {/, %};
position p;
@@

(
  h(es, E bop \(C\|(C * C2)\), ...)
|
* h(es, \(fsec(...)@p\|x64@p\|d.tv_sec@p\|dp->tv_sec@p\), ...)
)

@pc depends on context || org || report@
typedef s32, __s32, old_time32_t;
identifier c1.h;
parameter list[c1.k] before;
identifier sec;
type R;
@@

R h(before, \(int\|s32\|__s32\|long\|old_time32_t\) sec, ...) { ... }

@pcu depends on context || org || report@
typedef u32, __u32;
identifier c1.h;
parameter list[c1.k] before;
identifier sec;
type R;
@@

R h(before, \(u32\|__u32\|unsigned int\|unsigned long\) sec, ...) { ... }

// two hops: a 64-bit time passed to a function of the file whose parameter is a
// 64-bit integer other than time64_t (s64, u64, long long), which passes that
// parameter on, unchanged, to a 32-bit parameter of another function of the file.
// (A time64_t parameter passed on is reported at the inner call by r and ru.)
// The same calls (c1), then their callees: only the called functions are looked at.
@d1 depends on context || org || report@
typedef s64, u64, __s64, __u64;
identifier c1.h;
parameter list[c1.k] hb;
identifier v, g;
expression list[m] es2;
type R;
@@

R h(hb, \(s64\|u64\|__s64\|__u64\|long long\|unsigned long long\) v, ...)
{
<+...
g(es2, v, ...)
...+>
}

@d2 depends on context || org || report@
identifier d1.g;
parameter list[d1.m] gb;
identifier sec;
type R;
@@

R g(gb, \(int\|s32\|__s32\|long\|old_time32_t\) sec, ...) { ... }

@d2u depends on context || org || report@
identifier d1.g;
parameter list[d1.m] gb;
identifier sec;
type R;
@@

R g(gb, \(u32\|__u32\|unsigned int\|unsigned long\) sec, ...) { ... }

@script:python depends on report@
p << c1.p;
f << c1.h;
sec << pc.sec;
@@
m = time32_msg(p, "WARNING", ("64-bit time passed to parameter %s of %s(): truncated to a signed 32-bit integer: negative from 2038, wraps in 2106; " + fix(p, "keep the parameter 64-bit (time64_t) or encode the value with time64_to_time32_abs()", "keep the parameter 64-bit (time64_t)")) % (sec, f))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << c1.p;
f << c1.h;
sec << pc.sec;
@@
m = time32_msg(p, "WARNING", ("64-bit time passed to parameter %s of %s(): truncated to a signed 32-bit integer: negative from 2038, wraps in 2106; " + fix(p, "keep the parameter 64-bit (time64_t) or encode the value with time64_to_time32_abs()", "keep the parameter 64-bit (time64_t)")) % (sec, f))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << c1.p;
f << c1.h;
sec << pcu.sec;
@@
m = time32_msg(p, "INFO", "64-bit time passed to parameter %s of %s(): truncated to unsigned 32 bits: good until 2106" % (sec, f))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << c1.p;
f << c1.h;
sec << pcu.sec;
@@
m = time32_msg(p, "INFO", "64-bit time passed to parameter %s of %s(): truncated to unsigned 32 bits: good until 2106" % (sec, f))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << c1.p;
h << c1.h;
v << d1.v;
g << d1.g;
sec << d2.sec;
@@
m = time32_msg(p, "WARNING", ("64-bit time passed to parameter %s of %s(), which passes it on to parameter %s of %s(): truncated to a signed 32-bit integer: negative from 2038, wraps in 2106; " + fix(p, "keep the parameter 64-bit (time64_t) or encode the value with time64_to_time32_abs()", "keep the parameter 64-bit (time64_t)")) % (v, h, sec, g))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << c1.p;
h << c1.h;
v << d1.v;
g << d1.g;
sec << d2.sec;
@@
m = time32_msg(p, "WARNING", ("64-bit time passed to parameter %s of %s(), which passes it on to parameter %s of %s(): truncated to a signed 32-bit integer: negative from 2038, wraps in 2106; " + fix(p, "keep the parameter 64-bit (time64_t) or encode the value with time64_to_time32_abs()", "keep the parameter 64-bit (time64_t)")) % (v, h, sec, g))
if m:
    coccilib.org.print_todo(p[0], m)

@script:python depends on report@
p << c1.p;
h << c1.h;
v << d1.v;
g << d1.g;
sec << d2u.sec;
@@
m = time32_msg(p, "INFO", "64-bit time passed to parameter %s of %s(), which passes it on to parameter %s of %s(): truncated to unsigned 32 bits: good until 2106" % (v, h, sec, g))
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << c1.p;
h << c1.h;
v << d1.v;
g << d1.g;
sec << d2u.sec;
@@
m = time32_msg(p, "INFO", "64-bit time passed to parameter %s of %s(), which passes it on to parameter %s of %s(): truncated to unsigned 32 bits: good until 2106" % (v, h, sec, g))
if m:
    coccilib.org.print_todo(p[0], m)
