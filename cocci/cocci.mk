# y2106 Coccinelle audit, included by the top-level Makefile.
#   make audit [KDIR=/path/to/linux] [COCCI_JOBS=2] [COCCI_BASELINE=cocci/baseline.txt]
#              runs every rule of cocci/ over $(KDIR) (default: the pristine tree of
#              tools/lib.sh), prints the NEW findings; fails on a finding that is not in
#              the baseline.  make turns any failure into its own exit 2, so the recipe
#              prints a verdict line and writes the runner's own exit status (0 clean,
#              1 new findings, 2+ tool error) to $(COCCI_OUT)/exit-status for CI gates.
#   make cocci-test    the rule tests and the runner tests (no kernel tree, seconds)
#   make cocci-bench   runner vs make coccicheck on a subtree, whole-tree time
#   make cocci-check   what make check runs: rule tests, audit of the patched (and pristine) tree
COCCI_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
COCCI_TOOLS ?= $(or $(TOOLS),$(COCCI_DIR)/../tools)
COCCI_JOBS ?= 2
COCCI_BASELINE ?= $(COCCI_DIR)/baseline.txt
COCCI_OUT ?= $(CURDIR)/out/cocci-audit
# $(KDIR) if set, else the pristine tree of tools/lib.sh (the extracted Debian tree)
COCCI_KDIR = $(or $(KDIR),$(shell . $(COCCI_TOOLS)/lib.sh && pristine_dir))
COCCI_SUBDIRS ?=

.PHONY: audit cocci-test cocci-bench cocci-check
audit:
	@rc=0; $(COCCI_TOOLS)/cocci-audit -j $(COCCI_JOBS) -b $(COCCI_BASELINE) -o $(COCCI_OUT) \
		$(COCCI_KDIR) $(COCCI_SUBDIRS) || rc=$$?; \
	case $$rc in 0) v=clean ;; 1) v=new-findings ;; *) v=tool-error ;; esac; \
	mkdir -p $(COCCI_OUT) && echo $$rc >$(COCCI_OUT)/exit-status; \
	echo "make audit: verdict $$v (cocci-audit exit $$rc, in $(COCCI_OUT)/exit-status)"; \
	exit $$rc

cocci-test:
	$(COCCI_DIR)/tests/run.sh
	$(COCCI_DIR)/tests/runner.sh

cocci-bench:
	$(COCCI_TOOLS)/cocci-bench -j $(COCCI_JOBS) $(COCCI_KDIR)

cocci-check:
	$(COCCI_TOOLS)/cocci-check
