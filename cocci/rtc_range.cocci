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
/// is not reported, nor are the RTC core functions that wrap the
/// registration (a call outside a function is a macro definition).
///
// Prefilter: rtc_register_device|rtc_device_register
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
def rtc_msg(p):
    if p[0].current_element in CORE:
        return None
    return "WARNING: [rtc_range] %s (in %s)" % (MSG, p[0].current_element)

@has_range depends on context || org || report@
expression R, E;
@@

\( R->range_max = E \| R->range_min = E \| R.range_max = E \| R.range_min = E \)

@r depends on !has_range && (context || org || report)@
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
