// SPDX-License-Identifier: GPL-2.0-only
/// An RTC registered without range_min/range_max: the RTC core then checks
/// nothing, so a time the hardware cannot store (a two-digit year past 2099
/// or before 2000, a 32-bit seconds counter past 2106) is written anyway and
/// reads back as another date.  Set rtc->range_min and rtc->range_max to what
/// the hardware stores (e.g. RTC_TIMESTAMP_BEGIN_2000 and
/// RTC_TIMESTAMP_END_2099 for a two-digit year, U32_MAX for a 32-bit counter)
/// after devm_rtc_allocate_device() and before devm_rtc_register_device();
/// devm_rtc_device_register() and rtc_device_register() register at once and
/// leave no room for it.  A file that sets range_min or range_max anywhere
/// is not reported, nor is one that refuses a year past what it stores with an
/// error (if (tm->tm_year > 199) return -EINVAL: the driver checks the upper end
/// itself), nor are the RTC core functions that wrap the
/// registration (a call outside a function is a macro definition).
/// Two more checks on the year an RTC stores:
///  - a range beyond what a two-digit year stores: the file writes the year as
///    two digits (tm_year % 100, bin2bcd(tm_year - 100)) without a century (no
///    "century" and no "/ 100" in the file) but sets range_max past 2099
///    (RTC_TIMESTAMP_END_2199, RTC_TIMESTAMP_END_9999, U32_MAX, U64_MAX, a
///    number): the core accepts dates the hardware wraps into 2000..2099;
///  - a two-digit year read back through a 1970 window (if (tm_year < 70)
///    tm_year += 100):
///    2070 and later read back as 1970..1999; reported when the file sets no
///    range_max at or below 2069 (RTC_TIMESTAMP_END_2099 lets the core write
///    2070..2099, which read back 100 years early).
///
// Prefilter: rtc_register_device|rtc_device_register|tm_year
// Confidence: Moderate
// Copyright: (C) 2026 The y2106 project
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Options: --no-includes --include-headers

virtual context
virtual org
virtual report

@initialize:python@
@@
CORE = {"devm_rtc_device_register", "rtc_device_register", "__devm_rtc_register_device",
        "devm_rtc_register_device", "rtc_register_device", "something_else"}
MSG = "RTC registered without range_min/range_max: the RTC core checks nothing, a date the hardware cannot store is written and reads back wrong; set rtc->range_min/range_max to the hardware range (e.g. RTC_TIMESTAMP_BEGIN_2000..RTC_TIMESTAMP_END_2099) before devm_rtc_register_device()"
import re
END_2099 = 4102444799	# 2099-12-31 23:59:59 UTC
END_2069 = 3155759999	# 2069-12-31 23:59:59 UTC
MAXES = {"U32_MAX": 4294967295, "S32_MAX": 2147483647, "U64_MAX": 2**64 - 1,
         "S64_MAX": 2**63 - 1, "TIME64_MAX": 2**63 - 1, "KTIME_MAX": 2**63 - 1, "ULONG_MAX": 2**32 - 1}
TEXT = {}
def text(f):
    if f not in TEXT:
        try:
            # without comments: a comment that says "no century" is not a century
            TEXT[f] = re.sub(r"/\*.*?\*/|//[^\n]*", " ", open(f, errors="replace").read(), flags=re.S)
        except OSError:
            TEXT[f] = ""
    return TEXT[f]
def range_end(e):
    """the last second a range_max expression allows, or None if unknown"""
    e = e.strip()
    m = re.search(r"RTC_TIMESTAMP_END_(\d{4})", e)
    if m:
        return (int(m.group(1)) - 1969) * 31556952 - 1
    if e in MAXES:
        return MAXES[e]
    m = re.fullmatch(r"\(?\s*(0x[0-9a-fA-F]+|\d+)[uUlL]*\s*\)?", e)
    if m:
        return int(m.group(1), 0)
    return None
def two_digit_year(f):
    t = text(f)
    # tm_year % 100, or tm_year - 100 in BCD (a binary tm_year - 100 may have 7 or 8 bits)
    return (re.search(r"tm_year\s*%\s*100\b|bin2bcd\s*\(\s*[^()]*tm_year\s*-\s*100\b", t) is not None and
            re.search(r"century|/\s*100\b", t, re.I) is None)
def range_maxes(f):
    return [range_end(m.group(1)) for m in re.finditer(r"range_max\s*=\s*([^;]+);", text(f))]
def wide_msg(p, e):
    end = range_end(e)
    if end is None or end <= END_2099 or not two_digit_year(p[0].file):
        return None
    return ("WARNING: [rtc_range] RTC range_max %s is beyond what the hardware stores: the year is written as two digits (tm_year %% 100 or - 100, no century), so the core accepts dates past 2099 that read back 100 years early; set range_max = RTC_TIMESTAMP_END_2099 (in %s)"
            % (e.strip(), p[0].current_element))
def window_msg(p):
    ends = [e for e in range_maxes(p[0].file) if e is not None]
    if ends and min(ends) <= END_2069:
        return None
    return ("WARNING: [rtc_range] two-digit year read through a 1970 window (year < 70 gets 100 added): 2070 and later read back as 1970..1999, and no range_max at or below 2069 keeps the core from writing them; store the year as 2000..2099 (tm_year = year + 100, range RTC_TIMESTAMP_BEGIN_2000..RTC_TIMESTAMP_END_2099) (in %s)"
            % p[0].current_element)
def rtc_msg(p):
    if p[0].current_element in CORE:
        return None
    return "WARNING: [rtc_range] %s (in %s)" % (MSG, p[0].current_element)

@has_range depends on context || org || report@
expression R, E;
@@

\( R->range_max = E \| R->range_min = E \| R.range_max = E \| R.range_min = E \)

// a driver that refuses a year past what it stores (if (tm->tm_year > 199) return
// -EINVAL) checks the upper end itself: a date the hardware cannot store is not written
@own_check depends on context || org || report@
expression T, C, E;
binary operator b = {>, >=};
@@

if (<+... \(T->tm_year\|T.tm_year\) b C ...+>)
\( return -E; \| { ... return -E; } \)

@r depends on !has_range && !own_check && (context || org || report)@
expression R, D, N, O, M;
position p;
@@

(
* devm_rtc_register_device@p(R)
|
* rtc_register_device@p(R)
|
* __devm_rtc_register_device@p(M, R)
|
* devm_rtc_device_register@p(D, N, O, M)
|
* rtc_device_register@p(N, D, O, M)
)

@script:python depends on report@
p << r.p;
@@
m = rtc_msg(p)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << r.p;
@@
m = rtc_msg(p)
if m:
    coccilib.org.print_todo(p[0], m)

// a range_max that a two-digit year cannot hold
@wide depends on context || org || report@
expression R, E;
position p;
@@

\( R->range_max@p = E \| R.range_max@p = E \)

@script:python depends on report@
p << wide.p;
e << wide.E;
@@
m = wide_msg(p, e)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << wide.p;
e << wide.E;
@@
m = wide_msg(p, e)
if m:
    coccilib.org.print_todo(p[0], m)

// a two-digit year read back through a 1970 window
@window depends on context || org || report@
expression T;
position p;
@@

(
if (T->tm_year@p < 70) T->tm_year += 100;
|
if (T.tm_year@p < 70) T.tm_year += 100;
)

@script:python depends on report@
p << window.p;
@@
m = window_msg(p)
if m:
    coccilib.report.print_report(p[0], m)

@script:python depends on org@
p << window.p;
@@
m = window_msg(p)
if m:
    coccilib.org.print_todo(p[0], m)
