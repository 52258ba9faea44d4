#!/usr/bin/env python3
"""judge-query-cache.py: per thread count, the medians of measure-query-cache.sh's
ON and OFF runs, the cache's counters summed over the ON runs, the choice a
query cache rule makes from them, and whether that choice is within the bar
(its median TPS >= BAR x the better configuration's).

Usage: scripts/judge-query-cache.py [--min-hit R] [--max-prune R] [--cpus N] [--bar B] FILE...
The rule: off when hits / selects < --min-hit or lowmem_prunes / inserts >= --max-prune
(mytune's memory.query_cache_on, MariaDB's counters: Com_select counts the hits); with
--cpus, also off when the cell's max_used_connections - 1 (mytune's own) > N; with
--parallel as well, off instead when max_used_connections >= 2 and N > 1 (sessions can take
the cache's lock in parallel: mytune's rule since 2026-12-06 20:30).
"""
import argparse
import re
import statistics
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--min-hit", type=float, default=0.2)
    ap.add_argument("--max-prune", type=float, default=0.5)
    ap.add_argument("--bar", type=float, default=0.9)
    ap.add_argument("--cpus", type=float, default=0)
    ap.add_argument("--parallel", action="store_true")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    print("| shape | threads | ON TPS (runs) | OFF TPS (runs) | OFF ÷ ON | ON p95 / OFF p95 ms | hit ratio | pruned | max used | rule | within %.0f%% |" % ((1 - a.bar) * 100))
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    misses = 0
    for path in a.files:
        runs = {}
        for line in open(path):
            f = dict(re.findall(r"(\w+)=(\S+)", line))
            if "tps" not in f:
                continue
            runs.setdefault((int(f["threads"]), f["query_cache"]), []).append(f)
        for thr in sorted({t for t, _ in runs}):
            on, off = runs.get((thr, "ON"), []), runs.get((thr, "OFF"), [])
            if not on or not off:
                continue
            med = lambda rs, k: statistics.median(float(r[k]) for r in rs)
            ton, toff = med(on, "tps"), med(off, "tps")
            s = lambda k: sum(int(r[k]) for r in on)
            hit = s("hits") / s("selects") if s("selects") else 0
            pruned = s("lowmem_prunes") / s("inserts") if s("inserts") else 0
            used = max(int(r.get("max_used_connections", "-1")) for r in on)
            contended = a.cpus > 0 and used >= 0 and used - 1 > a.cpus
            if a.parallel:
                contended = a.cpus > 1 and used >= 2
            choice = "off" if contended or hit < a.min_hit or pruned >= a.max_prune else "on"
            ok = (toff if choice == "off" else ton) >= a.bar * max(ton, toff)
            misses += not ok
            print("| %s | %d | %.0f (%s) | %.0f (%s) | %.2f | %.2f / %.2f | %.1f%% | %.1f%% | %s | %s | %s |" % (
                path, thr, ton, ", ".join("%.0f" % float(r["tps"]) for r in on), toff,
                ", ".join("%.0f" % float(r["tps"]) for r in off), toff / ton,
                med(on, "p95_ms"), med(off, "p95_ms"), hit * 100, pruned * 100, used if used >= 0 else "?", choice, "yes" if ok else "**no**"))
    print("\nmisses: %d" % misses)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
