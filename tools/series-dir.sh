# shellcheck shell=bash
# Source after lib.sh. series_dir: set SERIES_FILE and PATCH_DIR, the series a tool works
# on: ./series with patches/, or with SERIES_DIR=DIR (e.g. backports/6.1, relative to the
# current directory or to this checkout) DIR/series with its patches in DIR.
series_dir() {
	if [ -z "${SERIES_DIR:-}" ]; then
		SERIES_FILE=$Y2106_TOP/series PATCH_DIR=$Y2106_TOP/patches
		return 0
	fi
	case $SERIES_DIR in
	/*) PATCH_DIR=$SERIES_DIR ;;
	*) if [ -d "$SERIES_DIR" ]; then PATCH_DIR=$(cd "$SERIES_DIR" && pwd)
	   else PATCH_DIR=$Y2106_TOP/$SERIES_DIR; fi ;;
	esac
	SERIES_FILE=$PATCH_DIR/series
	[ -f "$SERIES_FILE" ] || die "SERIES_DIR=$SERIES_DIR: no series file $SERIES_FILE"
}
# series_list: the patch names of $SERIES_FILE in order (as series_patches does for ./series).
series_list() {
	[ -f "$SERIES_FILE" ] || return 0
	awk '!/^[[:space:]]*(#|$)/{print $1}' "$SERIES_FILE"
}
# series_list_hash: series_hash of $SERIES_FILE and $PATCH_DIR (the same value for ./series).
series_list_hash() {
	{
		cat "$SERIES_FILE" 2>/dev/null
		series_list | while read -r p; do cat "$PATCH_DIR/$p"; done
	} | cksum | cut -d' ' -f1
}
# series_c_files: the kernel C files the series touches (the '+++ b/' lines of its
# patches; user space and host tools under tools/ and scripts/ build no kernel object).
series_c_files() {
	series_list | while read -r p; do
		sed -n 's|^+++ b/\([^[:space:]]*\.c\)$|\1|p' "$PATCH_DIR/$p"; done |
		{ grep -v -e '^tools/' -e '^scripts/' || true; } | sort -u
}
# touched_objects BUILD: the objects of the build directory BUILD whose Kbuild dependency
# list (.*.o.cmd) names one of series_c_files; this finds the vDSO objects that #include
# lib/vdso/gettimeofday.c too. Paths relative to BUILD.
touched_objects() {
	local pats
	pats=$(series_c_files | sed 's|^|/|')
	[ -n "$pats" ] || return 0
	{ find "$1" -name '.*.o.cmd' -not -path '*/scripts/*' -print0 |
		xargs -0 -r grep -l -F -- "$pats" || true; } |
		sed "s|^$1/||; s|/\.\([^/]*\)\.cmd$|/\1|; s|^\.\([^/]*\)\.cmd$|\1|" | sort -u
}

# The patches keep a placeholder author; an export is made in the submitter's name.
PLACEHOLDER_IDENT='y2106 developers <y2106@example.org>'
# submitter: SUB_NAME, SUB_EMAIL and SUB_IDENT ("Name <email>") from git config
# user.name/user.email (of this checkout: global and repository settings count); dies
# without one or with the placeholder.
submitter() {
	SUB_NAME=$(git -C "$Y2106_TOP" config user.name || true)
	SUB_EMAIL=$(git -C "$Y2106_TOP" config user.email || true)
	if [ -z "$SUB_NAME" ] || [ -z "$SUB_EMAIL" ]; then
		die "no submitter identity: set it with git config --global user.name 'Your Name' and git config --global user.email you@example.org (From: and Signed-off-by: of the export are yours)"
	fi
	SUB_IDENT="$SUB_NAME <$SUB_EMAIL>"
	[ "$SUB_IDENT" != "$PLACEHOLDER_IDENT" ] ||
		die "git config user.name/user.email is the placeholder '$PLACEHOLDER_IDENT': set your own"
}
# as_submitter IDENT PATCH: the patch on stdout with the placeholder's From: and
# Signed-off-by: lines in IDENT's name (other trailers stay).
as_submitter() {
	awk -v ph="$PLACEHOLDER_IDENT" -v id="$1" '
		$0 == "From: " ph { print "From: " id; next }
		$0 == "Signed-off-by: " ph { print "Signed-off-by: " id; next }
		{ print }' "$2"
}
# maintainers EXCLUDED OPTION... -- PATCH...: the addresses scripts/get_maintainer.pl of
# KDIR gives for PATCHes with OPTIONs (no git history, status, Fixes: authors or moderated
# lists), one per line, without the lines of EXCLUDED (the sender: From: has them already).
maintainers() {
	local excl=$1 opts=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	(cd "$KDIR" && perl scripts/get_maintainer.pl --no-rolestats --nogit --nogit-fallback \
		--nos --nofixes --nomoderated "${opts[@]}" "$@") | grep -vxF -f <(printf '%s\n' "$excl") || true
}
