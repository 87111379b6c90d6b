#!/bin/bash
# Rule tests: each tests/<rule>.c is run through <rule>.cocci in report mode
# and compared with tests/<rule>.expected; tests/<rule>.res, if present, is
# the expected patch-mode output.  No kernel tree needed.
# Usage: tests/run.sh [--update]
set -eu
cd "$(dirname "$0")/.."
opts="--no-includes --include-headers --very-quiet --macro-file y2106-macros.h"
pass=0 fail=0
norm() { grep -E '^tests/[^:]+:[0-9]+:' | LC_ALL=C sort -t: -k2,2n -k3,3n -u || true; }
for c in tests/*.c; do
	rule=$(basename "$c" .c)
	# shellcheck disable=SC2086
	out=$(spatch --sp-file "$rule.cocci" -D report $opts "$c" 2>&1 | norm)
	if [ "${1:-}" = --update ]; then printf '%s\n' "$out" > "tests/$rule.expected"; fi
	if [ "$out" = "$(cat "tests/$rule.expected")" ]; then
		pass=$((pass + 1)); echo "ok   $rule report ($(printf '%s\n' "$out" | grep -c .) findings)"
	else
		fail=$((fail + 1)); echo "FAIL $rule report"
		diff -u "tests/$rule.expected" <(printf '%s\n' "$out") || true
	fi
	if [ -f "tests/$rule.res" ]; then
		tmp=$(mktemp)
		# shellcheck disable=SC2086
		spatch --sp-file "$rule.cocci" -D patch $opts "$c" -o "$tmp" >/dev/null 2>&1
		if cmp -s "$tmp" "tests/$rule.res"; then
			pass=$((pass + 1)); echo "ok   $rule patch"
		else
			fail=$((fail + 1)); echo "FAIL $rule patch"; diff -u "tests/$rule.res" "$tmp" || true
		fi
		rm -f "$tmp"
	fi
done
echo "cocci-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
