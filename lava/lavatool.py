#!/usr/bin/python3
"""YAML and schema work for tools/lava (the shell side has the paths and the matrix).

  lavatool.py jobs < SPECS             write LAVA job definitions, one per line of SPECS:
                                       FILE<tab>KEY=VALUE<tab>... (keys: see job())
  lavatool.py validate FILE...         lava-common's strict job schema, one PASS/FAIL line each
  lavatool.py device TYPES_DIR JOB FILE
                                       the standalone qemu device dictionary for JOB, validated
  lavatool.py results LOG CONSOLE      from a lava-run log: the console (lvl target) into
                                       CONSOLE, the monitor's cases (lvl results) on stdout
  lavatool.py compare CASES CONSOLE KTAP LABEL
                                       LAVA's cases against tools/ktap-summary's lines

It lives outside tools/ because tools/check runs shellcheck on every file there.
"""
import json
import re
import sys

import yaml

MONITOR = "y2106-ktap"
# One LAVA test case per KTAP "ok"/"not ok" line, top level or indented, with or without
# the kernel's printk time stamp, "# SKIP" lines as skip. pexpect searches the pty stream
# (re.DOTALL, "\r\r\n" line ends), so the pattern anchors on "\n" and needs the "\r" of the
# line end: a line still arriving cannot match half-way. The result group is found by a
# lookahead: "not ok" or "ok" at the start, or "SKIP" after "#" further on the line (the
# name of a skip line stays the case, and kselftest's "ok N # SKIP reason" has none: its
# case is "# SKIP reason", as in tools/ktap-summary). test_case_id is the description after
# "ok N [- ]" as tools/ktap-summary reads it.
PATTERN = (
    r"\n(?:\[ *[0-9]+\.[0-9]+\] )?[ \t]*"
    r"(?=[^\r\n]*?(?P<result>not ok(?= [0-9])|ok(?![^\r\n]*# ?SKIP)(?= [0-9])|(?<=#)SKIP|(?<=# )SKIP))"
    r"(?:not )?ok [0-9]+ *(?:- )?(?P<test_case_id>[^\r\n]*)\r"
)
FIXUP = {"ok": "pass", "not ok": "fail", "SKIP": "skip"}


def timeout(seconds):
    return {"minutes": seconds // 60} if seconds % 60 == 0 else {"seconds": seconds}


def job(path, kv):
    """Keys: name, device_type, base, target, variant, kernel_url, ramdisk_url, timeout
    (the guest's seconds), and for qemu: arch, cpu, machine, memory, append, extra
    (QEMU options, ';'-separated); for a u-boot board: dtb_url, console, append."""
    guest = int(kv["timeout"])
    qemu = kv["device_type"] == "qemu"
    deploy_s, boot_s = (120, 120) if qemu else (600, 300)
    monitor = {
        "name": MONITOR,
        "start": "Kernel command line:",
        "end": "# y2106-init: done",
        "pattern": PATTERN,
        "fixupdict": FIXUP,
    }
    if qemu:
        context = {"arch": kv["arch"], "memory": int(kv["memory"])}
        for key in ("cpu", "machine"):
            if kv.get(key):
                context[key] = kv[key]
        context["extra_options"] = [o for o in kv.get("extra", "").split(";") if o]
        deploy = {
            "to": "tmpfs",
            "timeout": timeout(deploy_s),
            "images": {
                "kernel": {
                    "image_arg": '-kernel {kernel} -append "%s"' % kv["append"],
                    "url": kv["kernel_url"],
                },
                "ramdisk": {"image_arg": "-initrd {ramdisk}", "url": kv["ramdisk_url"]},
            },
        }
        boot = {"method": "qemu", "media": "tmpfs", "timeout": timeout(boot_s)}
    else:
        # base-uboot.jinja2: bootargs = console=<console_device>,<baud>n8 root=/dev/ram0
        # <extra_kernel_args> <ip args>; the board's dictionary has the addresses.
        context = {"console_device": kv["console"], "extra_kernel_args": kv["append"]}
        deploy = {
            "to": "tftp",
            "timeout": timeout(deploy_s),
            "kernel": {"url": kv["kernel_url"], "type": "zimage"},
            "dtb": {"url": kv["dtb_url"]},
            "ramdisk": {"url": kv["ramdisk_url"]},
        }
        boot = {"method": "u-boot", "commands": "ramdisk", "timeout": timeout(boot_s)}
    data = {
        "device_type": kv["device_type"],
        "job_name": kv["name"],
        "priority": "medium",
        "visibility": "public",
        "timeouts": {
            "job": timeout(deploy_s + boot_s + guest + 180),
            "connection": timeout(guest),
        },
        "metadata": {
            "y2106.base": kv["base"],
            "y2106.target": kv["target"],
            "y2106.variant": kv["variant"],
        },
        "context": context,
        "actions": [
            {"deploy": deploy},
            {"boot": boot},
            {"test": {"timeout": timeout(guest), "monitors": [monitor]}},
        ],
    }
    with open(path, "w") as f:
        f.write("# y2106 LAVA job, made by tools/lava gen: see Documentation/lava.md\n")
        yaml.safe_dump(data, f, sort_keys=False, default_flow_style=False, width=1000)


def validate(paths):
    import voluptuous
    from lava_common.schemas import extra_checks, validate as schema

    bad = 0
    for path in paths:
        try:
            with open(path) as f:
                data = yaml.safe_load(f)
            schema(data, strict=True)
            extra_checks(data)
            print("PASS lava schema %s" % path)
        except (voluptuous.Invalid, yaml.YAMLError, KeyError, TypeError) as exc:
            msg = " ".join(str(exc).split())
            print("FAIL lava schema %s: %s" % (path, msg))
            bad = 1
    return bad


def device(types_dir, job_path, path):
    """The qemu device of a standalone dispatcher for one job: qemu.jinja2 with no_kvm (this
    machine kind has /dev/kvm but it cannot run guests), rendered with the job's context
    (arch, cpu, machine, memory, extra_options) as lava-server renders it for a job."""
    import jinja2
    import jinja2.sandbox
    from lava_common.schemas.device import validate as device_schema

    env = jinja2.sandbox.SandboxedEnvironment(
        autoescape=False, trim_blocks=True, loader=jinja2.FileSystemLoader([types_dir])
    )
    text = env.from_string(
        "{% extends 'qemu.jinja2' %}\n{% set no_kvm = True %}\n"
    ).render(**yaml.safe_load(open(job_path)).get("context", {}))
    device_schema(yaml.safe_load(text))
    with open(path, "w") as f:
        f.write(text)
    return 0


def log_entries(path):
    """lava-run logs one mapping per line: {"dt": ..., "lvl": ..., "msg": ...} (the
    server's job log has the same with '- ' before it)."""
    with open(path, errors="replace") as f:
        for line in f:
            line = line[2:] if line.startswith("- {") else line
            if not line.startswith("{"):
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                try:
                    entry = yaml.load(line, Loader=yaml.CSafeLoader)
                except yaml.YAMLError:
                    continue
            if isinstance(entry, dict):
                yield entry


def results(log, console):
    """The console as LAVA saw it (one 'target' entry per line) and the monitor's cases
    in log order, tab-separated: result, case (LAVA's name), test_case_id (the raw id)."""
    n = 0
    last = None
    with open(console, "w") as con:
        for e in log_entries(log):
            if e.get("lvl") in ("target", "feedback"):
                # LAVA's ShellLogger dropped the "\r"s and wrote '"' as '\\"'
                msg = e.get("msg")
                msg = msg.replace('\\"', '"') if isinstance(msg, str) else json.dumps(msg)
                # What the pty delivers after the monitor matched its end string (the end
                # line itself when it arrived in the same read) is logged as "feedback" by
                # the finalize action; a line logged both ways is the same line once.
                if e["lvl"] == "feedback" and msg == last:
                    continue
                last = msg if e["lvl"] == "target" else None
                con.write(msg + "\n")
            elif e.get("lvl") == "results":
                r = e.get("msg", {})
                if r.get("definition") == MONITOR:
                    raw = r.get("extra", {}).get("test_case_id", "")
                    print("%s\t%s\t%s" % (r["result"], r["case"], raw))
                    n += 1
    return 0 if n else 1


def console_lines(console):
    """Every ok/not ok line of the console, read as tools/ktap-summary reads it: the
    result, the description and whether it is a top-level line."""
    out = []
    for line in open(console, errors="replace"):
        line = re.sub(r"^\[ *[0-9]+\.[0-9]+\] ", "", line.rstrip("\r\n").rstrip("\r"))
        m = re.match(r"^( *)(not )?ok [0-9]+ *(?:- )?(.*)$", line)
        if not m:
            continue
        desc = m.group(3)
        res = "fail" if m.group(2) else ("skip" if re.search(r"# *SKIP", desc) else "pass")
        out.append((res, desc.strip(), m.group(1) == ""))
    return out


def compare(cases_path, console, ktap_path, label):
    """Case for case, in console order: each LAVA case is the console's next ok/not ok line
    (same description, case name = the description lowercased, non-word runs as "_") and
    tools/ktap-summary's next case for that line, with the same result (ktap-summary
    writes a subtest as 'SUITE: DESCRIPTION'). The only LAVA cases ktap-summary lacks
    must be top-level lines that pass or skip: summaries it counts through their subtests.
    A crash, a hang or a short plan that ktap-summary reports fails too."""
    norm = lambda s: re.sub(r"\W+", "_", s.strip().lower())
    lava = []
    for line in open(cases_path):
        res, case, raw = (line.rstrip("\n").split("\t") + ["", ""])[:3]
        lava.append((res, case, raw))
    lines = console_lines(console)
    word = {"PASS": "pass", "FAIL": "fail", "SKIP": "skip"}
    problem = re.compile(r"^(kernel: |guest: /init did not reach)|: plan 1\.\.[0-9]+ but only [0-9]+ results \(incomplete\)$")
    ktap, bad = [], []
    prefix = label + " "
    for line in open(ktap_path):
        line = line.rstrip("\n").rstrip("\r")
        st = line.split(" ", 1)[0]
        if st in word and line[len(st) + 1:].startswith(prefix):
            rest = line[len(st) + 1 + len(prefix):]
            if st == "FAIL" and problem.search(rest):
                bad.append("ktap-summary: " + rest)
            else:
                ktap.append((word[st], rest.rstrip()))
    li = kj = summaries = 0
    counts = {"pass": 0, "fail": 0, "skip": 0}
    for res, desc, top in lines:
        case = lava[li] if li < len(lava) and lava[li][2] == desc else None
        li += case is not None
        k = ktap[kj] if kj < len(ktap) and (ktap[kj][1] == desc or ktap[kj][1].endswith(": " + desc)) else None
        kj += k is not None
        if case is None:
            bad.append("console line %s '%s' has no LAVA case" % (res, desc))
            continue
        if case[1] != norm(desc):
            bad.append("LAVA case name %s for '%s'" % (case[1], desc))
        if k is not None:
            if case[0] == k[0]:
                counts[k[0]] += 1
            else:
                bad.append("LAVA %s %s, ktap-summary %s '%s'" % (case[0], case[1], k[0].upper(), k[1]))
        elif top and res in ("pass", "skip") and case[0] == res:
            summaries += 1
        else:
            bad.append("LAVA %s %s: no such case in ktap-summary" % (case[0], case[1]))
    for case in lava[li:]:
        bad.append("LAVA case %s %s ('%s'): no such line on the console after the last match" % case)
    for k in ktap[kj:]:
        bad.append("ktap-summary case %s '%s': no such line on the console after the last match" % (k[0].upper(), k[1]))
    tag = "lava %s" % label
    for b in bad:
        print("FAIL %s: %s" % (tag, b))
    if not bad:
        n = sum(counts.values())
        print(
            "PASS %s: %d cases agree with ktap-summary (%d pass, %d fail, %d skip);"
            " %d LAVA cases, the other %d top-level summaries"
            % (tag, n, counts["pass"], counts["fail"], counts["skip"], len(lava), summaries)
        )
    return 1 if bad else 0


def main(argv):
    cmd, args = argv[1], argv[2:]
    if cmd == "jobs":
        for line in sys.stdin:
            words = line.rstrip("\n").split("\t")
            job(words[0], dict(w.split("=", 1) for w in words[1:]))
        return 0
    if cmd == "validate":
        return validate(args)
    if cmd == "device":
        return device(*args)
    if cmd == "results":
        return results(args[0], args[1])
    if cmd == "compare":
        return compare(*args)
    print("lavatool.py: unknown command %s" % cmd, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
