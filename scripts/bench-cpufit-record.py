#!/usr/bin/env python3
"""bench-cpufit-record.py — one CPU-fit file (advisor/threads/testdata/cpu-fit-*.json) from kept sweep dirs.

    scripts/bench-cpufit-record.py --provenance TEXT --redo-bytes N [--pool-bytes N] SHAPE:CPUS:DIR [SHAPE:CPUS:DIR ...] > out.json

Each DIR is a `scripts/bench-restore.sh sweep --keep DIR` directory of one shape on one CPU count, with the
probe's `speed.REP.json` (`mytune probe --no-server --format json`, read before rep REP; one more after the last
rep is kept as REP+1), its `profile-fast.json` (the sweep's own probe), its `dump/` and `results.txt` (the lines
"sweep bed pool durability threads rep seconds load1 load5"). The file is what TestCPUFit reads: per cell the
dump's SQL bytes, tables and data files, the profile, the CPU speed before each rep and every run.
"""
import argparse
import glob
import json
import os
import re
import sys


def dump_facts(d):
    """dump_facts: the SQL bytes (every file of the dump), the tables and the data files (chunks)."""
    files = os.listdir(d)
    total = sum(os.path.getsize(os.path.join(d, f)) for f in files)
    tables = [f for f in files if f.endswith("-schema.sql") and f.count(".") == 2]
    chunks = [f for f in files if re.search(r"\.\d+\.sql$", f)]
    return total, len(tables), len(chunks)


def speeds(d):
    """speeds: the probe's CPU speed read before each rep (speed.REP.json)."""
    out = []
    for f in sorted(glob.glob(os.path.join(d, "speed.*.json"))):
        rep = int(f.rsplit(".", 2)[1])
        s = json.load(open(f))["host"]["cpu"]["speed"]
        out.append({"before_rep": rep, "single_ops_per_s": round(s["single_ops_per_s"]),
                    "single_ops_per_cpu_s": round(s["single_ops_per_cpu_s"]),
                    "all_ops_per_s": round(s["all_ops_per_s"]), "all_cpu_share": round(s["all_cpu_share"], 3),
                    "steal_pct": s.get("steal_pct", 0), "workers": s["workers"],
                    "mem_load_ns": round(s.get("mem_load_ns", 0), 1)})
    return sorted(out, key=lambda s: s["before_rep"])


def runs(d):
    """runs: the timed restores of results.txt."""
    out = []
    for line in open(os.path.join(d, "results.txt")):
        f = line.split()
        if len(f) >= 8 and f[0] == "sweep":
            out.append({"threads": int(f[4]), "rep": int(f[5]), "seconds": round(float(f[6]), 3),
                        "load1_at_end": float(f[7])})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--provenance", required=True)
    ap.add_argument("--redo-bytes", type=int, required=True)
    ap.add_argument("--pool-bytes", type=int, default=512 << 20, help="the servers' buffer pool (sittings before 2026-12-02 14:40: 512M)")
    ap.add_argument("cells", nargs="+", metavar="SHAPE:CPUS:DIR")
    a = ap.parse_args()
    cells = []
    for spec in a.cells:
        shape, cpus, d = spec.split(":", 2)
        total, tables, chunks = dump_facts(os.path.join(d, "dump"))
        prof = json.load(open(os.path.join(d, "profile-fast.json")))
        cells.append({"shape": shape, "cpus": int(cpus), "dump_bytes": total, "dump_tables": tables,
                      "dump_chunks": chunks, "profile": {"host": prof["host"], "storage": prof["storage"]},
                      "speeds": speeds(d), "runs": runs(d)})
    json.dump({"provenance": a.provenance, "redo_bytes": a.redo_bytes, "pool_bytes": a.pool_bytes, "cells": cells}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
