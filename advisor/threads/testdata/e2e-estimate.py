#!/usr/bin/env python3
"""e2e-estimate.py: builds e2e-estimate.json from the end-to-end bench's run dirs
(make bench-restore, 2026-12-01: /var/tmp/e2e-wt-<bed>/ run 1, /var/tmp/e2e-wt-card2g|card1g/
the --mem-limit runs, /var/tmp/e2e-wt2-<bed>/ run 2, /var/tmp/e2e-s4/ run 3 (fast, bw),
/var/tmp/e2e-b4|b8/ the fast bed with 4 and 8 CPU burners (--cpu-burners), /var/tmp/e2e-r4-card|hdd/
run 4 (its second pass: results.txt; the first pass, beside other runs, is kept in results-pass1.txt; both passes
used one profile, probed at 06:57 under the 8-burner run's load), /var/tmp/e2e-r5-card|hdd/ run 5 (probed afresh). A run dir that is gone keeps its cells from the JSON given as the first argument
(runs 1, 2 and the --mem-limit runs: their dirs were not kept, nor their probes' load readings). Per bed and advice: the profile figures
the followed advice used (its JSON's profile: storage, dump, cores), the pool and redo log its
estimate assumed (from that estimate's basis), the threads and range it printed, and the timed
restores (results.txt "e2e <bed> <advice> <threads> <round> <seconds>"). Per run dir also the stock
restore (durability "stock": 4 threads, the 128M pool and 96M redo log of mariadbd --no-defaults, the
same probe; printed null: the bench printed no estimate for it)."""
import glob, json, os, re, sys

UNIT = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def size(txt):
    n, u = txt.split()
    return int(round(float(n) * UNIT[u]))


def rows(d, run):
    out = []
    for f in sorted(glob.glob(d + "/e2e-*-*.json")):
        bed, adv = re.match(r".*/e2e-(\w+)-(strict|relaxed)\.json$", f).groups()
        a = json.load(open(f))
        est = a["threads"]["estimated_load"]
        m = re.search(r"the (advised|grown|server|my\.cnf|default) ([\d.]+ [KMG]iB) buffer pool", est["basis"])
        r = re.search(r"the ([\d.]+ [KMG]iB) redo log", est["basis"])
        runs = [float(l.split()[5]) for l in open(d + "/results.txt")
                if l.split()[:3] == ["e2e", bed, adv]]
        st = a["profile"]["storage"]
        out.append({
            "bed": bed, "run": run, "durability": adv,
            "threads": a["threads"]["load"]["threads"],
            "cores": a["profile"]["host"]["cpu"]["logical"],
            "pool_from": m.group(1), "pool_bytes": size(m.group(2)),
            "redo_bytes": size(r.group(1)) if r else 0,
            "storage": {k: st[k] for k in ("seq_write", "fsync", "rand_write", "conditions") if k in st},
            "dump": a["profile"]["dump"],
            "printed": {"low_s": est["low_s"], "high_s": est["high_s"]},
            "runs_s": runs,
        })
        if adv == "strict":  # the stock restores: myloader's default 4 threads into --no-defaults MariaDB
            stock = dict(out[-1], durability="stock", threads=4, pool_from="server", pool_bytes=128 << 20,
                         redo_bytes=96 << 20, printed=None,
                         runs_s=[float(l.split()[5]) for l in open(d + "/results.txt")
                                 if l.split()[:3] == ["e2e", bed, "stock"]])
            out.append(stock)
    return out


def main():
    # (run dir, run label, its bed; None: every bed the dir has)
    dirs = [("/var/tmp/e2e-wt-%s" % b, "1", b) for b in ("card", "bw", "hdd", "fast")]
    dirs += [("/var/tmp/e2e-wt-card2g", "2G", "card"), ("/var/tmp/e2e-wt-card1g", "1G", "card")]
    dirs += [("/var/tmp/e2e-wt2-%s" % b, "2", b) for b in ("card", "bw", "hdd", "fast")]
    dirs += [("/var/tmp/e2e-s4", "3", None), ("/var/tmp/e2e-b4", "3 burners 4", None),
             ("/var/tmp/e2e-b8", "3 burners 8", None), ("/var/tmp/e2e-r4-card", "4", "card"),
             ("/var/tmp/e2e-r4-hdd", "4", "hdd"), ("/var/tmp/e2e-r5-card", "5", "card"), ("/var/tmp/e2e-r5-hdd", "5", "hdd")]
    old = json.load(open(sys.argv[1]))["cells"] if len(sys.argv) > 1 else []
    cells = []
    for d, run, bed in dirs:
        if os.path.isdir(d):
            cells += rows(d, run)
        else:
            cells += [c for c in old if c["run"] == run and bed in (None, c["bed"])]
    json.dump({"provenance": "advisor/threads/testdata/e2e-estimate.py from make bench-restore's run dirs of 2026-12-01 "
               "(docs/benchmarks/restore-e2e.md, 'End to end': runs 1-5, the --mem-limit 2G/1G card runs, the fast bed with 4 and 8 CPU "
               "burners); myloader 0.10 restoring "
               "a 152 MB 8-table mydumper dump into MariaDB 10.11.19 on testbed.sh beds, 2-core shared VM",
               "cells": cells}, sys.stdout, indent=1)
    print()


main()
