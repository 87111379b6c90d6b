# y2106 Coccinelle audit, included by the top-level Makefile.
#   make audit [KDIR=/path/to/linux] [COCCI_JOBS=2] [COCCI_BASELINE=cocci/baseline.txt]
#              runs every rule of cocci/ over $(KDIR) (default $(PRISTINE));
#              fails on a finding that is not in the baseline
#   make cocci-test    the rule tests (no kernel tree, < 1 min)
#   make cocci-bench   runner vs make coccicheck on a subtree, whole-tree time
COCCI_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
COCCI_JOBS ?= 2
COCCI_BASELINE ?= $(COCCI_DIR)/baseline.txt
COCCI_OUT ?= $(CURDIR)/out/cocci-audit
COCCI_KDIR = $(or $(KDIR),$(PRISTINE))
COCCI_SUBDIRS ?=

.PHONY: audit cocci-test cocci-bench
audit:
	@test -n "$(COCCI_KDIR)" || { echo "usage: make audit KDIR=/path/to/linux"; exit 2; }
	$(COCCI_DIR)/cocci-audit -q -j $(COCCI_JOBS) -b $(COCCI_BASELINE) -o $(COCCI_OUT) $(COCCI_KDIR) $(COCCI_SUBDIRS)

cocci-test:
	$(COCCI_DIR)/tests/run.sh

cocci-bench:
	@test -n "$(COCCI_KDIR)" || { echo "usage: make cocci-bench KDIR=/path/to/linux"; exit 2; }
	$(COCCI_DIR)/cocci-bench -j $(COCCI_JOBS) $(COCCI_KDIR)
