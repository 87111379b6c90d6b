// SPDX-License-Identifier: GPL-2.0-only
/// The reverse hazard: once a time is unsigned (u32 legacy seconds after the
/// unsigned decode, u64, unsigned long, ...), "t < 0" is always false and
/// "t >= 0" always true.  A dead check left over from the signed reading
/// usually means a lost range check (e.g. the reserved 0xfffff001..0xffffffff
/// values).  Only expressions whose name contains "time" or a "sec"/"secs"/"seconds" word are
/// reported (cf. scripts/coccinelle/tests/unsigned_lesser_than_zero.cocci for
/// the general case).  Patch mode drops the always-true/always-false operand
/// of && and ||, which does not change behaviour; the range check that
/// was meant has to be added by hand.
/// Functions that call a decode/encode helper (time32_abs_to_time64(),
/// get_old_timespec32_abs(), ...) count as converted and are not reported;
/// -D strict reports them too.
///
// Prefilter: (sec|time)[A-Za-z0-9_]*[])]* *(<|>=) *0([^x0-9]|$)|0 *(>|<=) *[A-Za-z0-9_>.-]*(sec|time)
// Confidence: Moderate
// Copyright: (C) 2026 The y2106 project
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Options: --no-includes --include-headers

virtual patch
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
def time32_msg(p, sev, msg):
    if HELPERS.search(p[0].current_element):
        return None
    if (p[0].file, p[0].current_element) in CONVERTED:
        return None
    return "%s: [unsigned_cmp] %s (in %s)" % (sev, msg, p[0].current_element)
TNAME = re.compile(r"(^|[_.>])(tv_)?(sec|secs|seconds)($|_)|time")
def tname(e):
    return TNAME.search(e.strip()) is not None


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
typedef u32, __u32, u64, __u64, time64_t;
{u32, __u32, u64, __u64, unsigned int, unsigned long, unsigned long long} e
    : script:python () { tname(e) };
position p;
@@

(
* e@p < 0
|
* e@p >= 0
|
* 0 > e@p
|
* 0 <= e@p
)

@fix depends on patch@
{u32, __u32, u64, __u64, unsigned int, unsigned long, unsigned long long} e
    : script:python () { tname(e) };
expression E;
@@

(
- e >= 0 &&
  E
|
  E
- && e >= 0
|
- e < 0 ||
  E
|
  E
- || e < 0
)

@script:python depends on report@
p << r.p;
@@
m = time32_msg(p, "WARNING", "unsigned time compared with 0: the check is dead (always true/false); add the intended range check or drop it")
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << r.p;
@@
m = time32_msg(p, "WARNING", "unsigned time compared with 0: the check is dead (always true/false); add the intended range check or drop it")
if m:
    coccilib.org.print_todo(p[0], m)
