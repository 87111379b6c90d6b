# y2106: the one entry point. See README.md.
#   make deps            install the Debian packages (root)
#   make demo            the main job: pristine vs patched i386 kernel in 2040, side by side
#   make check           the quick tier (CI): tool self-tests, series hygiene, Coccinelle, per
#                        target the on kernel in signed and unsigned mode, pristine on one target,
#                        off and pristine objects compared (offident, sparse); see Documentation/testing.md
#   make check-full      the full matrix: pristine, off, signed, unsigned booted on every target
#   make audit           Coccinelle audit of KDIR (default the pristine tree) against cocci/baseline.txt
#   make cocci-test      the Coccinelle rule tests (cocci/tests, no kernel tree)
#   make cocci-bench     Coccinelle runner vs make coccicheck, whole-tree time (minutes)
#   make cocci-check     rule tests + audit of the patched and pristine trees (PASS/FAIL lines)
#   make series-check    per patch: checkpatch, quilt, git am, kernel-doc; quilt pop -a (table)
#   make bisect          series-check --bisect: also build every patch on BISECT_TARGETS, sparse (hours;
#                        BISECT_FROM=NNNN resumes a stopped run at patch NNNN)
#   make offident        feature-off kernel vs pristine, object by object (built kernels; TARGETS)
#   make fuzz            build the debug kernel, boot it with the legacy-time fuzzer, judge the console
#                        (TARGET=i386 VARIANT=unsigned FUZZ_CALLS=1000000 FUZZ_SEED=...; not in make check)
#   make bench           cost of the converted syscalls, pristine vs off vs on (TARGETS=i386)
#   make persist         file times set by legacy calls, read back after a reboot (virtio disks)
#   make preload         the userland half: tools/libtime32u for i386, armhf and mips (Documentation/preload.md)
#   make preload-check   its host tests, each program without and with the library
#   make lava            the test matrix as LAVA jobs in out/lava/jobs (LAVA_BASE_URL=...; Documentation/lava.md)
#   make check-apply KDIR=/path/to/linux     dry run: clean / offset / fuzz / REJECTED per patch
#   make applicability KDIR=/path/to/linux   which base fits KDIR (6.12 series, backports/6.1 or 5.10)
#   make apply KDIR=/path/to/linux           quilt push -a in KDIR (SERIES_DIR=backports/6.1 for 6.1, 5.10)
#   make export KDIR=/path/to/linux-git      the series as a git branch of KDIR, mails in out/export
#   make export-fixes KDIR=/path/to/linux-git  the plain fixes (0001, 0002, 0003) as standalone mails
# Variables: KDIR=/path/to/linux (your tree instead of Debian's linux-source-6.12),
#            Y2106_CACHE (default ~/.cache/y2106), TARGETS="i386 x86_64 arm", JOBS,
#            SERIES_DIR=backports/6.1 or backports/5.10 (that series and, without KDIR, its
#            Debian tree: tree, check, check-apply, apply, series-check), BRANCH, BASE, EXPORT_DIR (export),
#            VARIANTS="pristine off signed unsigned" (persist), TIER=quick|full and
#            PRISTINE_TARGETS (check).
SHELL := /bin/bash
TOOLS := $(CURDIR)/tools
export TIER PRISTINE_TARGETS KDIR Y2106_CACHE Y2106_BUILD TARGETS JOBS SERIES_DIR BRANCH BASE EXPORT_DIR BISECT_TARGETS BISECT_FROM FUZZ_CALLS FUZZ_SEED FUZZ_SECS FUZZ_KERNEL VARIANTS LAVA_BASE_URL

.PHONY: export-fixes check-full preload preload-check lava persist series-check bisect all deps tree check-apply applicability apply export kernels guest boot check demo bench offident fuzz clean help
all: demo

help:
	@sed -n 's/^#   \(make \)/\1/p' Makefile

deps:
	$(TOOLS)/deps

tree:
	$(TOOLS)/prepare-tree

check-apply:
	@test -n "$(KDIR)" || { echo "usage: make check-apply KDIR=/path/to/linux"; exit 1; }
	$(TOOLS)/check-apply "$(KDIR)"

applicability:
	@test -n "$(KDIR)" || { echo "usage: make applicability KDIR=/path/to/linux"; exit 1; }
	$(TOOLS)/applicability "$(KDIR)"

apply:
	$(TOOLS)/apply

export:
	@test -n "$(KDIR)" || { echo "usage: make export KDIR=/path/to/linux-git-tree"; exit 1; }
	$(TOOLS)/export

export-fixes:
	@test -n "$(KDIR)" || { echo "usage: make export-fixes KDIR=/path/to/linux-git-tree"; exit 1; }
	$(TOOLS)/export-fixes

kernels: tree
	@for t in $${TARGETS:-i386 x86_64 arm}; do $(TOOLS)/build-kernel $$t pristine || exit 1; done

guest: tree
	$(TOOLS)/mkguest i386
	$(TOOLS)/mkguest arm

# make boot TARGET=i386 VARIANT=pristine
boot:
	$(TOOLS)/boot $(TARGET) $(VARIANT)

demo: tree
	$(TOOLS)/demo

check:
	$(TOOLS)/check

check-full:
	TIER=full $(TOOLS)/check

series-check: tree
	$(TOOLS)/series-check

bisect: tree
	$(TOOLS)/series-check --bisect

offident:
	$(TOOLS)/offident

fuzz: tree
	$(TOOLS)/fuzz $(or $(TARGET),i386) $(or $(VARIANT),unsigned)

bench: tree
	TARGETS="$${TARGETS:-i386}" $(TOOLS)/bench

# Needs the kernels (make check or make kernels) and the guests (make guest).
persist:
	$(TOOLS)/persist

# The LAVA jobs of the test matrix (tools/lava; 'tools/lava check' is the make check part).
lava:
	$(TOOLS)/lava gen

preload:
	$(MAKE) -C tools/libtime32u

preload-check:
	$(MAKE) -C tools/libtime32u check

clean:
	rm -rf out

include cocci/cocci.mk
