#!/bin/bash
# Rule tests: each tests/<rule>.c (and tests/<rule>.*.c and tests/<rule>.d/*/*.c, each
# on its own, for rules that look at a whole file or at its directory) is run through <rule>.cocci in report mode
# and compared with tests/<rule>.expected; tests/<rule>.res, if present, is
# the expected patch-mode output.  No kernel tree needed.
# Usage: tests/run.sh [--update] [RULE...]   (default: every rule that has a test)
# Prints "ok   RULE MODE ..." or "FAIL RULE MODE: reason" and the diff per check.
set -eu
# the advice of the rules: the plain y2038 one unless a test asks for the series'
export COCCI_Y2106_SERIES="${COCCI_Y2106_SERIES:-0}"
cd "$(dirname "$0")/.."
opts="--no-includes --include-headers --very-quiet --macro-file y2106-macros.h"
update=0
[ "${1:-}" != --update ] || { update=1; shift; }
pass=0 fail=0
norm() { grep -E '^tests/[^:]+:[0-9]+:' | LC_ALL=C sort -t: -k1,1 -k2,2n -k3,3n -u || true; }
# ok NAME / bad NAME REASON DIFF-ARGS...: count and print one check's result
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() {
	local name=$1 why=$2
	shift 2
	fail=$((fail + 1)); echo "FAIL $name: $why"; diff -u "$@" || true
}
rules=("$@")
if [ ${#rules[@]} -eq 0 ]; then
	for c in tests/*.c; do
		case $c in tests/*.*.c) continue ;; esac
		rules+=("$(basename "$c" .c)")
	done
fi
for rule in "${rules[@]}"; do
	c=tests/$rule.c
	if [ ! -f "$rule.cocci" ] || [ ! -f "$c" ] || [ ! -f "tests/$rule.expected" ]; then
		fail=$((fail + 1)); echo "FAIL $rule: needs $rule.cocci, $c and tests/$rule.expected"
		continue
	fi
	out=$(for f in "$c" tests/"$rule".*.c tests/"$rule".d/*/*.c; do
		[ -f "$f" ] || continue
		# shellcheck disable=SC2086
		spatch --sp-file "$rule.cocci" -D report $opts "$f" 2>&1
	done | norm)
	[ "$update" = 0 ] || printf '%s\n' "$out" >"tests/$rule.expected"
	# the tests run as on a tree without the series: no advice may name its helpers
	if [ "$COCCI_Y2106_SERIES" = 0 ] && printf '%s\n' "$out" | grep -qE '_abs\(|time32_(de|en)code'; then
		bad "$rule advice" "names a helper of the series on a tree without it" /dev/null \
			<(printf '%s\n' "$out" | grep -E '_abs\(|time32_(de|en)code')
	fi
	if [ "$out" = "$(cat "tests/$rule.expected")" ]; then
		ok "$rule report ($(printf '%s\n' "$out" | grep -c .) findings)"
	else
		# comm: column 1 only in the output (unexpected), column 2 only expected (lost)
		cmpd=$(LC_ALL=C comm -3 <(printf '%s\n' "$out" | LC_ALL=C sort) \
			<(LC_ALL=C sort "tests/$rule.expected"))
		lost=$(printf '%s\n' "$cmpd" | grep -c "^$(printf '\t')." || true)
		extra=$(printf '%s\n' "$cmpd" | grep -c "^[^$(printf '\t')]" || true)
		bad "$rule report" "$lost expected findings lost, $extra unexpected" \
			"tests/$rule.expected" <(printf '%s\n' "$out")
	fi
	if [ -f "tests/$rule.res" ]; then
		tmp=$(mktemp)
		# shellcheck disable=SC2086
		spatch --sp-file "$rule.cocci" -D patch $opts "$c" -o "$tmp" >/dev/null 2>&1 || true
		if cmp -s "$tmp" "tests/$rule.res"; then
			ok "$rule patch"
		else
			bad "$rule patch" "patch-mode output differs from tests/$rule.res" "tests/$rule.res" "$tmp"
		fi
		rm -f "$tmp"
	fi
done
echo "cocci-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
