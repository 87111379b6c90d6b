# shellcheck shell=bash
# Common helpers for the y2106 tools. Source it; do not run it.
# Every path the tools use is derived here, so one place says where things live.

: "${HOME:=$(getent passwd "$(id -u)" | cut -d: -f6)}"
: "${Y2106_CACHE:=${HOME:-/root}/.cache/y2106}"
: "${TARBALL_510:=$Y2106_CACHE/debian/linux-source-5.10.tar.xz}"	# tools/fetch-source
# The pristine tarball: Debian's linux-source-6.12, or the tree of the backport that
# SERIES_DIR names (6.1: Debian 12's package; 5.10: Debian 11's, fetched into the cache).
case ${SERIES_DIR:-} in
*backports/6.1|*backports/6.1/) : "${TARBALL:=/usr/src/linux-source-6.1.tar.xz}" ;;
*backports/5.10|*backports/5.10/) : "${TARBALL:=$TARBALL_510}" ;;
esac
: "${TARBALL:=/usr/src/linux-source-6.12.tar.xz}"
: "${JOBS:=$(nproc)}"
Y2106_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: "${OUT:=${Y2106_TOP}/out}"
export Y2106_CACHE TARBALL TARBALL_510 JOBS Y2106_TOP OUT

log() { printf '[y2106] %s\n' "$*" >&2; }
die() { printf 'y2106: error: %s\n' "$*" >&2; exit 1; }

# need CMD PACKAGE: fail early, naming the package and the fix.
need() {
	command -v "$1" >/dev/null 2>&1 ||
		die "'$1' not found: install the Debian package '$2' (or run 'make deps')"
}

# is_linux_tree DIR: a kernel source tree has these.
is_linux_tree() {
	[ -f "$1/Makefile" ] && [ -f "$1/Kconfig" ] && [ -d "$1/kernel" ] &&
		[ -x "$1/scripts/kconfig/merge_config.sh" ]
}

# kernel_version DIR -> 6.12.118
kernel_version() {
	awk '/^VERSION =/{v=$3} /^PATCHLEVEL =/{p=$3} /^SUBLEVEL =/{s=$3}
	     END{printf "%s.%s.%s\n", v, p, s}' "$1/Makefile"
}

# The directory names of the trees this checkout works on. With KDIR= the user's tree is
# the pristine source (only read); its patched copy lives in the cache.
tree_id() {
	if [ -n "${KDIR:-}" ]; then
		printf 'kdir-%s\n' "$(printf '%s' "$(cd "$KDIR" && pwd)" | cksum | cut -d' ' -f1)"
	else
		basename "$TARBALL" .tar.xz
	fi
}
tree_root() { printf '%s/trees/%s\n' "$Y2106_CACHE" "$(tree_id)"; }
pristine_dir() {
	if [ -n "${KDIR:-}" ]; then (cd "$KDIR" && pwd); else printf '%s/pristine\n' "$(tree_root)"; fi
}
patched_dir() { printf '%s/patched\n' "$(tree_root)"; }
# Y2106_BUILD moves the kernel build directories (default $Y2106_CACHE/build), e.g. to build
# debug kernels elsewhere while the trees and the other builds stay where they are.
build_dir() { printf '%s/%s/%s-%s\n' "${Y2106_BUILD:-$Y2106_CACHE/build}" "$(tree_id)" "$1" "$2"; }
# A kernel build directory is configured from fragments (tinyconfig + merge_config.sh);
# it records their checksum so that a changed fragment configures it again.
frags_sum() { cat "$@" | cksum | cut -d' ' -f1; }
config_stale() { # config_stale DIR FRAG...: true if DIR has no config of these fragments
	local o=$1
	shift
	[ ! -f "$o/.config" ] || [ "$(cat "$o/.y2106-config" 2>/dev/null)" != "$(frags_sum "$@")" ]
}
config_mark() { local o=$1; shift; frags_sum "$@" >"$o/.y2106-config"; }

# config_unkept DIR SRC FRAG...: each option the fragments ask for (the last fragment that
# names it decides, as in merge_config.sh) that DIR/.config does not have as asked, a line
# "CONFIG_X=v asked, but <what .config has>". With a kernel tree SRC, the options its
# Kconfig files do not define are left out (a bisect build before the patch adding them).
config_unkept() {
	local o=$1 src=$2 sym val have
	shift 2
	sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)/\1 \2/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/\1 n/p' "$@" |
	awk '!($1 in v) { o[n++] = $1 } { v[$1] = substr($0, length($1) + 2) }
		END { for (i = 0; i < n; i++) print o[i], v[o[i]] }' |
	if [ -n "$src" ]; then
		awk 'NR == FNR { d["CONFIG_" $2]; next } $1 in d' \
			<(grep -rhoE --include='Kconfig*' '^(menu)?config [A-Za-z0-9_]+' "$src") -
	else
		cat
	fi |
	while read -r sym val; do
		have=$(grep -E "^(# )?${sym}[= ]" "$o/.config" || echo "$sym absent")
		case $val:$have in
		n:"$sym="*) ;;
		n:*) continue ;;
		*) [ "$have" != "$sym=$val" ] || continue ;;
		esac
		echo "$sym=$val asked, but $have"
	done
}

# series_patches: the patch names of ./series in order, comments and blanks dropped.
series_patches() {
	[ -f "$Y2106_TOP/series" ] || return 0
	awk '!/^[[:space:]]*(#|$)/{print $1}' "$Y2106_TOP/series"
}

# patch_subject FILE: the Subject: of a mail or patch file, unfolded, without its
# [PATCH ...] prefix, runs of blanks as one space.
patch_subject() {
	awk '/^$/{exit} /^Subject:/{s=$0; c=1; next} c && /^[ \t]/{s=s $0; next} {c=0}
		END{sub(/^Subject: *(\[[^]]*\] *)?/, "", s); gsub(/[ \t]+/, " ", s); print s}' "$1"
}

# series_hash: changes whenever the series or any patch in it changes.
series_hash() {
	{
		cat "$Y2106_TOP/series" 2>/dev/null
		series_patches | while read -r p; do cat "$Y2106_TOP/patches/$p"; done
	} | cksum | cut -d' ' -f1
}

# Per target: kernel ARCH, cross prefix, image, QEMU binary and machine, guest userland arch.
target_vars() {
	K_CROSS_COMPAT=''	# only arm64 has a compat vDSO built by a second compiler
	case "$1" in
	i386)
		K_ARCH=i386 K_CROSS='' K_IMAGE=arch/x86/boot/bzImage QEMU=qemu-system-i386
		QEMU_MACHINE="-M pc" CONSOLE=ttyS0 GUEST_ARCH=i386 ;;
	x86_64)
		K_ARCH=x86_64 K_CROSS='' K_IMAGE=arch/x86/boot/bzImage QEMU=qemu-system-x86_64
		QEMU_MACHINE="-M pc" CONSOLE=ttyS0 GUEST_ARCH=i386 ;;
	arm)
		K_ARCH=arm K_CROSS=arm-linux-gnueabihf- K_IMAGE=arch/arm/boot/zImage
		QEMU=qemu-system-arm QEMU_MACHINE="-M virt -cpu cortex-a15" CONSOLE=ttyAMA0
		GUEST_ARCH=arm ;;
	arm64)	# a 64-bit kernel running the arm EABI programs as AArch32 tasks (COMPAT);
		# K_CROSS_COMPAT builds its compat vDSO (arch/arm64/kernel/vdso32)
		K_ARCH=arm64 K_CROSS=aarch64-linux-gnu- K_CROSS_COMPAT=arm-linux-gnueabihf-
		K_IMAGE=arch/arm64/boot/Image QEMU=qemu-system-aarch64
		QEMU_MACHINE="-M virt -cpu cortex-a57" CONSOLE=ttyAMA0 GUEST_ARCH=arm ;;
	mips)	# native 32-bit big-endian MIPS (MIPS32r2, o32) on the Malta board
		K_ARCH=mips K_CROSS=mips-linux-gnu- K_IMAGE=vmlinux QEMU=qemu-system-mips
		QEMU_MACHINE="-M malta -cpu 24Kf" CONSOLE=ttyS0 GUEST_ARCH=mips ;;
	mips64)	# a 64-bit big-endian kernel running the o32 programs as compat tasks (MIPS32_O32)
		K_ARCH=mips K_CROSS=mips64-linux-gnuabi64- K_IMAGE=vmlinux QEMU=qemu-system-mips64
		QEMU_MACHINE="-M malta -cpu MIPS64R2-generic" CONSOLE=ttyS0 GUEST_ARCH=mips ;;
	*) die "unknown target '$1' (known: i386 x86_64 arm arm64 mips mips64)" ;;
	esac
	export K_ARCH K_CROSS K_CROSS_COMPAT K_IMAGE QEMU QEMU_MACHINE CONSOLE GUEST_ARCH
}

# kmake SRC BUILD ARG...: make in the kernel tree SRC with its objects in BUILD, for the
# target of target_vars. Every make of a build directory passes the same compilers:
# without CROSS_COMPILE_COMPAT, Kconfig drops arm64's CONFIG_COMPAT_VDSO, also from a
# build directory that a make C=2 or a make of one object only touches.
kmake() {
	make -C "$1" O="$2" ARCH="$K_ARCH" CROSS_COMPILE="$K_CROSS" \
		${K_CROSS_COMPAT:+"CROSS_COMPILE_COMPAT=$K_CROSS_COMPAT"} "${@:3}"
}

# cross_pkg PREFIX: the Debian package of a cross compiler prefix (for need()).
cross_pkg() {
	case "$1" in
	'') echo gcc ;;
	arm-linux-gnueabihf-) echo gcc-arm-linux-gnueabihf ;;
	aarch64-linux-gnu-) echo gcc-aarch64-linux-gnu ;;
	mips-linux-gnu-) echo gcc-mips-linux-gnu ;;
	mips64-linux-gnuabi64-) echo gcc-mips64-linux-gnuabi64 ;;
	*) echo "gcc-${1%-}" ;;
	esac
}
# qemu_pkg QEMU: the Debian package of a qemu-system binary.
qemu_pkg() {
	case "$1" in
	qemu-system-arm | qemu-system-aarch64) echo qemu-system-arm ;;
	qemu-system-mips | qemu-system-mips64) echo qemu-system-mips ;;
	*) echo qemu-system-x86 ;;
	esac
}

# host_tsc_khz: this host's CPU frequency in kHz (the x86 guests' tsc_early_khz=).
host_tsc_khz() { awk '/^cpu MHz/ { printf "%d\n", $4 * 1000; exit }' /proc/cpuinfo; }

# guest_append TARGET VARIANT [TSC_KHZ]: the kernel command line of a test guest (after
# target_vars TARGET), as tools/boot and the LAVA jobs of tools/lava boot it. Without
# TSC_KHZ the x86 guests calibrate their TSC themselves (see tools/boot for why it is given).
guest_append() {
	local mode=
	case "$2" in
	pristine|off) ;;
	signed|unsigned) mode=" time32=$2" ;;
	*) die "unknown variant '$2'" ;;
	esac
	printf 'console=%s panic=-1 y2106.guest=1 y2106.variant=%s%s' "$CONSOLE" "$2" "$mode"
	case "$1" in
	arm) printf ' y2106.clock=2208988800' ;;	# /init sets 2040-01-01 (see tools/boot)
	arm64) ;;	# a 64-bit kernel: rtc_hctosys() takes the 2040 RTC in every variant
	mips|mips64) ;;	# Malta: read_persistent_clock64() takes the 2040 CMOS clock, as on x86
	*) printf ' tsc=reliable%s no_timer_check' "${3:+ tsc_early_khz=$3}" ;;
	esac
	printf '\n'
}

# guest_cc ARCH: set GUEST_CC (an array) to the C compiler for static guest binaries, or
# stop naming the missing package. Not for $(...): a die there would only end the subshell.
# shellcheck disable=SC2034 # GUEST_CC is read by the caller
guest_cc() {
	case "$1" in
	i386) need gcc gcc
	      [ -f /usr/lib32/libc.a ] || die "no 32-bit x86 static libc: install 'libc6-dev-i386' (make deps)"
	      [ -f "$(gcc -m32 -print-libgcc-file-name)" ] ||
		die "no 32-bit x86 libgcc: install 'lib32gcc-12-dev' (make deps)"
	      GUEST_CC=(gcc -m32) ;;
	arm) need arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
	     [ -f /usr/arm-linux-gnueabihf/lib/libc.a ] ||
		die "no armhf static libc: install 'libc6-dev-armhf-cross' (make deps)"
	     GUEST_CC=(arm-linux-gnueabihf-gcc) ;;
	mips) need mips-linux-gnu-gcc gcc-mips-linux-gnu
	      [ -f /usr/mips-linux-gnu/lib/libc.a ] ||
		die "no mips (o32, big-endian) static libc: install 'libc6-dev-mips-cross' (make deps)"
	      GUEST_CC=(mips-linux-gnu-gcc) ;;
	*) die "unknown guest arch '$1'" ;;
	esac
}

# stage NAME: progress line and a timestamp for the per-stage timing table.
stage() {
	log "== $*"
	mkdir -p "$OUT"
	printf '%s %s\n' "$(date +%s)" "$*" >>"$OUT/stages.log"
}

# kcc_path: tools/kcc copied into the cache, so that the CC of the kernel builds (part of
# every object's Kbuild command line) does not depend on where this checkout lives: a
# second clone reuses the builds instead of recompiling every object.
kcc_path() {
	local k="$Y2106_CACHE/bin/kcc"
	if ! cmp -s "$Y2106_TOP/tools/kcc" "$k"; then
		mkdir -p "$Y2106_CACHE/bin"
		cp "$Y2106_TOP/tools/kcc" "$k.tmp" && mv "$k.tmp" "$k"
	fi
	printf '%s\n' "$k"
}
