#!/bin/bash
# Runner tests of tools/cocci-audit on a tiny synthetic kernel tree (one rule, seconds):
# a read-only tree (as root: run as nobody on the root-owned tree), nothing written
# into it, the exit status of the runner and of the make audit gate (0 clean, 1 new
# findings, 2 tool error), NEW findings on the console, fingerprints that survive a
# rename, waivers for files the tree lacks not reported stale, and advice that names
# the series' helpers only in a tree that has them; --diff (a patch file, a git
# revision) reports only findings on added lines; --write-waivers writes a waiver file
# that waives what it lists; findings.sarif validates against the SARIF 2.1.0 schema
# (tools/cocci-sarif-schema; SKIP if neither the cache nor npm has it, or no jsonschema);
# the prefilters keep files that only make coccicheck (no prefilter) found before.
# Usage: tests/runner.sh   Prints "ok   NAME" or "FAIL NAME: reason" per check.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
audit=$top/tools/cocci-audit
rule=$top/cocci/truncate.cocci
pass=0 fail=0 skip=0
check() { # check NAME CONDITION...: run the condition, count and print the result
	local name=$1
	shift
	if "$@"; then pass=$((pass + 1)); echo "ok   runner $name"
	else fail=$((fail + 1)); echo "FAIL runner $name"; fi
}
t=$(mktemp -d "${TMPDIR:-/tmp}/cocci-runner.XXXXXX")
trap 'chmod -R u+w "$t"; rm -rf "$t"' EXIT
chmod 755 "$t"
# As root the runner runs as nobody (below): from a copy of tools/ and cocci/ when nobody
# cannot read this checkout (one under /root, mode 700).
if [ "$(id -u)" = 0 ] && ! setpriv --reuid=65534 --regid=65534 --clear-groups test -r "$rule"; then
	cp -a "$top/tools" "$top/cocci" "$t/"
	chmod -R a+rX "$t/tools" "$t/cocci"
	top=$t
	audit=$top/tools/cocci-audit
	rule=$top/cocci/truncate.cocci
fi

# skel DIR VERSION PATCHLEVEL SUBDIR...: the least the runner takes for a kernel tree
# (Makefile, include/linux/, kernel/) and these directories
skel() {
	local dir=$1 v=$2 pl=$3 d
	shift 3
	for d in "$@" include/linux kernel; do mkdir -p "$dir/$d"; done
	printf 'VERSION = %s\nPATCHLEVEL = %s\n' "$v" "$pl" >"$dir/Makefile"
}
# a 5.10 kernel tree with one finding in a driver
mktree() {
	skel "$1" 5 10 drivers/misc
	cat >"$1/drivers/misc/vendor.c" <<'EOF'
int vendor_stamp(void)
{
	int now = ktime_get_real_seconds();	/* a y2038 bug */
	int days = ktime_get_real_seconds() / 86400;	/* not a finding */

	return now + days; /* timeout: a word the parse-error count must not catch */
}
EOF
}
mktree "$t/tree"
chmod -R a-w "$t/tree"
before=$(cd "$t/tree" && find . -printf '%p %s %T@\n' | sort)
out=$t/out
mkdir -p "$out"

# run the runner as a user that cannot write into the tree
as_user() {
	if [ "$(id -u)" = 0 ]; then
		chown -R nobody "$out"
		setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$out" "$@"
	else
		"$@"
	fi
}
run() { # run OUTNAME ARGS...: the runner's exit status in $rc, its stdout in OUTNAME.log
	local o=$1
	shift
	rc=0
	(cd "$out" && as_user "$audit" -j 2 ${rule:+-r "$rule"} -o "$out/$o" "$@") >"$out/$o.log" 2>&1 || rc=$?
}

run new -b none "$t/tree"
check "read-only tree: exit 1 on a new finding" [ "$rc" = 1 ]
check "read-only tree: nothing written into it" \
	[ "$(cd "$t/tree" && find . -printf '%p %s %T@\n' | sort)" = "$before" ]
check "NEW finding on the console" grep -q 'drivers/misc/vendor.c:3:.* NEW WARNING' "$out/new.log"
check "day arithmetic is not a finding" [ "$(grep -c '"rule"' "$out/new/findings.json")" = 1 ]
check "no source line counted as a timeout" grep -q ', 0 with a timeout;' "$out/new.log"
# shellcheck disable=SC2016 # $1 is the inner shell's
check "plain y2038 advice without the series" \
	sh -c '! grep -q time64_to_time32_abs "$1"' - "$out/new/findings.json"

fp=$(sed -n 's/.*"fingerprint":"\([0-9a-f]*\)".*/\1/p' "$out/new/findings.json")
printf '%s truncate drivers/misc/vendor.c vendor_stamp until-2106: test\n' "$fp" >"$out/base.txt"
printf '0123456789abcdef truncate drivers/gone.c gone_fn duration: test\n' >>"$out/base.txt"
run waived -b "$out/base.txt" "$t/tree"
check "waived finding: exit 0" [ "$rc" = 0 ]
check "waiver for a file the tree lacks: not stale" \
	[ ! -s "$out/waived/stale-baseline.txt" -a -s "$out/waived/other-tree-waivers.txt" ]

# the same finding after the file moved: the fingerprint does not name the path
mktree "$t/moved"
mv "$t/moved/drivers/misc/vendor.c" "$t/moved/kernel/renamed.c"
run moved -b "$out/base.txt" "$t/moved"
check "fingerprint survives a rename" [ "$rc" = 0 ]

# the same finding with its line spelled differently (as an API renamed between versions):
# the unused waiver of the same rule, file and function takes it, one for one, marked
printf 'fedcba9876543210 truncate drivers/misc/vendor.c vendor_stamp until-2106: test\n' >"$out/respelled.txt"
run respelled -b "$out/respelled.txt" "$t/tree"
check "line changed: the waiver of the same rule, file and function takes it (exit 0)" [ "$rc" = 0 ]
check "line changed: marked for review" grep -q 'waived:until-2106 (line changed)' "$out/respelled/findings.txt"
mktree "$t/two"
sed -i '3a\	int again = ktime_get_real_seconds();' "$t/two/drivers/misc/vendor.c"
run two -b "$out/respelled.txt" "$t/two"
check "line changed: one waiver takes one finding, the second is new (exit 1)" [ "$rc" = 1 ]
check "line changed: one NEW, one waived" \
	[ "$(grep -c ' NEW ' "$out/two/findings.txt")/$(grep -c 'line changed' "$out/two/findings.txt")" = 1/1 ]

run badrule -b none -r "$t/no-such-rule.cocci" "$t/tree"
check "tool error: exit 2" [ "$rc" = 2 ]
run inside -b none -o "$t/tree/out" "$t/tree"
check "output inside the tree: refused (exit 2)" [ "$rc" = 2 ]

# the series' helper is named only where include/linux/time32.h has it
mktree "$t/series"
printf 'time64_t time64_to_time32_abs(time64_t t);\n' >"$t/series/include/linux/time32.h"
run series -b none "$t/series"
check "series advice in a tree with the series" grep -q time64_to_time32_abs "$out/series/findings.json"

# make audit: the runner's own status in exit-status, a verdict line, make's 2
gate() { # gate NAME BASELINE: make audit's exit in $mrc, the runner's in $grc
	mrc=0
	(cd "$out" && as_user make -s -f "$top/cocci/cocci.mk" audit KDIR="$t/tree" \
		COCCI_BASELINE="$2" COCCI_OUT="$out/gate-$1") >"$out/gate-$1.log" 2>&1 || mrc=$?
	grc=$(cat "$out/gate-$1/exit-status" 2>/dev/null || echo missing)
}
gate new "$top/cocci/baseline.txt"
check "make audit: new findings: exit-status 1, verdict line" \
	[ "$grc" = 1 -a "$mrc" != 0 -a -n "$(grep -l 'verdict new-findings' "$out/gate-new.log")" ]
check "make audit: NEW finding on the console" grep -q ' NEW WARNING' "$out/gate-new.log"
gate clean "$out/base.txt"
check "make audit: clean: exit-status 0, make exit 0" [ "$grc" = 0 -a "$mrc" = 0 ]
gate error "$out/no-such-baseline.txt"
check "make audit: tool error: exit-status 2" [ "$grc" = 2 -a "$mrc" != 0 ]

# --diff: only the lines a change adds (a patch file; a git revision); the tree is
# the post-image
mktree "$t/dtree"
cat >"$out/add-bug.patch" <<'EOF'
--- a/drivers/misc/vendor.c
+++ b/drivers/misc/vendor.c
@@ -1,6 +1,7 @@
 int vendor_stamp(void)
 {
+	int now = ktime_get_real_seconds();	/* a y2038 bug */
 	int days = ktime_get_real_seconds() / 86400;	/* not a finding */
 
 	return now + days; /* timeout: a word the parse-error count must not catch */
 }
EOF
cat >"$out/add-days.patch" <<'EOF'
--- a/drivers/misc/vendor.c
+++ b/drivers/misc/vendor.c
@@ -1,6 +1,7 @@
 int vendor_stamp(void)
 {
 	int now = ktime_get_real_seconds();	/* a y2038 bug */
+	int days = ktime_get_real_seconds() / 86400;	/* not a finding */
 
 	return now + days; /* timeout: a word the parse-error count must not catch */
 }
EOF
run diffbug -b none --diff "$out/add-bug.patch" "$t/dtree"
check "--diff PATCH: a finding on an added line: exit 1" [ "$rc" = 1 ]
check "--diff PATCH: the finding on the console" grep -q 'vendor.c:3:.* NEW WARNING' "$out/diffbug.log"
run diffdays -b none --diff "$out/add-days.patch" "$t/dtree"
check "--diff PATCH: a finding on an unchanged line is not reported: exit 0" \
	[ "$rc" = 0 -a "$(grep -c '"rule"' "$out/diffdays/findings.json")" = 0 ]
if command -v git >/dev/null; then
	mktree "$t/gtree"
	sed -i '/a y2038 bug/d' "$t/gtree/drivers/misc/vendor.c"
	git -C "$t/gtree" init -q && git -C "$t/gtree" add -A &&
		git -C "$t/gtree" -c user.name=t -c user.email=t@t commit -qm base
	mktree "$t/gtree"	# the work tree now adds the line with the bug
	rc=0
	"$audit" -j 2 -r "$rule" -o "$out/diffgit" -b none --diff HEAD "$t/gtree" >"$out/diffgit.log" 2>&1 || rc=$?
	check "--diff REV (git): exit 1, one finding on the added line" \
		[ "$rc" = 1 -a "$(grep -c '"rule"' "$out/diffgit/findings.json")" = 1 ]
	rc=0
	"$audit" -j 2 -r "$rule" -o "$out/diffbad" -b none --diff no-such-rev "$t/gtree" >"$out/diffbad.log" 2>&1 || rc=$?
	check "--diff with an unknown revision: tool error (exit 2)" [ "$rc" = 2 ]
fi

# --write-waivers: a file that waives every new finding as it stands
run ww -b none -q --write-waivers "$out/vendor-waivers.txt" "$t/tree"
check "--write-waivers: one untriaged waiver per new finding" \
	[ "$rc" = 1 -a "$(grep -cE '^[0-9a-f]{16} truncate .* untriaged: ' "$out/vendor-waivers.txt" 2>/dev/null)" = 1 ]
run wwused -b "$out/vendor-waivers.txt" "$t/tree"
check "--write-waivers: the written file waives them (exit 0)" [ "$rc" = 0 ]
run wwexists -b none --write-waivers "$out/vendor-waivers.txt" "$t/tree"
check "--write-waivers: an existing file is not overwritten (exit 2)" [ "$rc" = 2 ]

# SARIF 2.1.0: validate against the schema (draft-04) with python3-jsonschema
schema=$("$top/tools/cocci-sarif-schema" 2>"$out/schema.err") || schema=
py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import jsonschema' 2>/dev/null; then py=$p; break; fi
done
validate() { # validate FILE: exit 0 if FILE is valid SARIF 2.1.0
	"$py" - "$schema" "$1" <<'PY'
import json, sys, jsonschema
schema, doc = (json.load(open(f)) for f in sys.argv[1:3])
errs = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
for e in errs[:5]:
    print("sarif: %s: %s" % ("/".join(map(str, e.absolute_path)), e.message), file=sys.stderr)
sys.exit(1 if errs else 0)
PY
}
invalid() { ! validate "$1" 2>/dev/null; }
if [ -z "$schema" ] || [ -z "$py" ]; then
	skip=$((skip + 1))
	echo "SKIP runner SARIF 2.1.0 schema validation: $(cat "$out/schema.err")${py:-no python3 with jsonschema (apt-get install python3-jsonschema)}"
else
	check "SARIF 2.1.0: a new finding validates" validate "$out/new/findings.sarif"
	check "SARIF 2.1.0: a waived finding validates, as a suppression" \
		validate "$out/waived/findings.sarif"
	check "SARIF 2.1.0: the waived finding is a suppression" grep -q '"suppressions"' "$out/waived/findings.sarif"
	# the validator can fail: a log with another version is not SARIF 2.1.0
	sed 's/"version": "2.1.0"/"version": "2.0.0"/' "$out/new/findings.sarif" >"$out/broken.sarif"
	check "SARIF 2.1.0: the validator rejects a log of another version" \
		invalid "$out/broken.sarif"
fi

# a file that names none of the runner's own tokens, only tm_year (arch RTC code such as
# m68k's): the global prefilter must still hand it to rtc_range
skel "$t/tm" 6 12 arch/m68k/q40
cat >"$t/tm/arch/m68k/q40/config.c" <<'EOF'
static int q40_hwclk(int op, struct rtc_time *t)
{
	t->tm_year = bcd2bin(Q40_RTC_YEAR);
	if (t->tm_year < 70)
		t->tm_year += 100;
	return 0;
}
EOF
rule=$top/cocci/rtc_range.cocci run tm -b none "$t/tm"
check "a file naming only tm_year reaches rtc_range: exit 1" [ "$rc" = 1 ]
check "a file naming only tm_year: its two-digit window found" \
	grep -q 'arch/m68k/q40/config.c:4:.*NEW WARNING' "$out/tm.log"

# time_arg's own prefilter must keep a file whose 64-bit time is a local time64_t or an
# rtc_tm_to_time64() call, not only a tv_sec or a *_seconds() call passed directly (RTC
# drivers and fs/afs, found by make coccicheck on the whole tree, never reached the rule)
skel "$t/ta" 6 12 drivers/rtc fs/vendorfs
cat >"$t/ta/drivers/rtc/rtc-vendor.c" <<'EOF'
static int vendor_rtc_write(struct vendor_rtc *rtc, u32 val)
{
	writel(val, rtc->base);
	return 0;
}

static int vendor_rtc_set_time(struct device *dev, struct rtc_time *tm)
{
	return vendor_rtc_write(dev_get_drvdata(dev), rtc_tm_to_time64(tm));
}
EOF
cat >"$t/ta/fs/vendorfs/cell.c" <<'EOF'
static void vendor_set_timer(struct vendor_cell *cell, unsigned int delay_secs)
{
	mod_timer(&cell->timer, jiffies + delay_secs * HZ);
}

static void vendor_unuse_cell(struct vendor_cell *cell)
{
	time64_t now, expire_delay;

	now = ktime_get_real_seconds();
	expire_delay = cell->expiry - now;
	vendor_set_timer(cell, expire_delay);
}
EOF
rule=$top/cocci/time_arg.cocci run ta -b none "$t/ta"
check "time_arg: a time64_t local or an rtc_tm_to_time64() argument: exit 1" [ "$rc" = 1 ]
check "time_arg: rtc_tm_to_time64() passed to a u32 parameter found" \
	grep -q 'drivers/rtc/rtc-vendor.c:9:.*NEW INFO' "$out/ta.log"
check "time_arg: a time64_t local passed to an unsigned int parameter found" \
	grep -q 'fs/vendorfs/cell.c:12:.*NEW INFO' "$out/ta.log"

# all the rules in one spatch (the default) find what one spatch a rule finds: a tree
# with files for several rules, each rule still limited to its own prefiltered files
skel "$t/multi" 6 12 drivers/misc drivers/rtc fs/vendorfs arch/m68k/q40
cp "$t/tree/drivers/misc/vendor.c" "$t/multi/drivers/misc/"
cp "$t/tm/arch/m68k/q40/config.c" "$t/multi/arch/m68k/q40/"
cp "$t/ta/drivers/rtc/rtc-vendor.c" "$t/multi/drivers/rtc/"
cp "$t/ta/fs/vendorfs/cell.c" "$t/multi/fs/vendorfs/"
# time_flow's own gate fails here (no legacy struct): its other findings must stay
cp "$top/cocci/tests/time_flow.nolegacy.c" "$t/multi/drivers/misc/timeleft.c"
# (rule= : every rule of cocci/, no -r)
rule='' run multi-one -b none -q "$t/multi"
rc_one=$rc
rule='' run multi-byrule -b none -q --by-rule "$t/multi"
rc_byrule=$rc
rules_found=$(sed -n 's/.*"rule":"\([a-z_]*\)".*/\1/p' "$out/multi-one/findings.json" | sort -u | wc -l)
check "all rules in one spatch: one run (all-rules), exit 1" \
	[ "$rc_one" = 1 -a "$(cut -d' ' -f1 "$out/multi-one/rule-times.txt")" = all-rules ]
check "all rules in one spatch: findings of three rules or more" [ "$rules_found" -ge 3 ]
check "all rules in one spatch: a rule's own gate keeps its other findings" \
	grep -q '"file":"drivers/misc/timeleft.c","line":8,' "$out/multi-one/findings.json"
check "--by-rule: one spatch a rule, exit 1" \
	[ "$rc_byrule" = 1 -a "$(grep -c . "$out/multi-byrule/rule-times.txt")" -gt 1 ]
check "all rules in one spatch: the same findings as --by-rule" \
	cmp -s "$out/multi-one/findings.json" "$out/multi-byrule/findings.json"

# a rule file the combination cannot take apart (its name is not an identifier): the
# runner says so and runs one spatch a rule
cp "$top/cocci/truncate.cocci" "$t/trunc-copy.cocci"
chmod a+r "$t/trunc-copy.cocci"
run fallback -b none -r "$t/trunc-copy.cocci" "$t/tree"
check "a rule that does not combine: one spatch a rule, exit 1" \
	[ "$rc" = 1 -a "$(grep -c . "$out/fallback/rule-times.txt")" = 2 ]
check "a rule that does not combine: said on the console" grep -q 'one spatch a rule' "$out/fallback.log"

echo "runner-test: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
