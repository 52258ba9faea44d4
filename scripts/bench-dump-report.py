#!/usr/bin/env python3
"""bench-dump-report.py WORK... — the table of scripts/bench-dump.sh from WORK/results.txt.

Per bed × mode (gzip, plain): the median dump time per thread count (seconds, until the files are on the bed),
the best count, the count `mytune advise --task dump` advised for that source and the regret
(median at the advised count / best median - 1), then every run.
Lines of results.txt: "dump BED MODE THREADS REP SECONDS MB [LOAD1 LOAD5]" and "dump-advised BED THREADS".
"""
import collections
import os
import statistics
import sys


def load(work):
    runs, advised, size = collections.defaultdict(list), {}, {}
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if len(f) >= 6 and f[0] == "dump":
            runs[(f[1], f[2], int(f[3]))].append(float(f[5]))
            if len(f) >= 7:
                size[(f[1], f[2])] = f[6]
        elif len(f) == 3 and f[0] == "dump-advised":
            advised[f[1]] = int(f[2])
    return runs, advised, size


def main():
    for work in sys.argv[1:]:
        runs, advised, size = load(work)
        counts = sorted({k[2] for k in runs})
        cells = sorted({k[:2] for k in runs})
        print("| bed | dump | " + " | ".join(str(t) for t in counts) + " | best | advised | regret |")
        print("|---" * (len(counts) + 5) + "|")
        for bed, mode in cells:
            med = {t: statistics.median(runs[(bed, mode, t)]) for t in counts if (bed, mode, t) in runs}
            best = min(med, key=med.get)
            adv = advised.get(bed)
            reg = f"{100 * (med[adv] / med[best] - 1):.1f}%" if adv in med else f"({adv} not swept)"
            cols = " | ".join(("**%.1f**" if t == best else "%.1f") % med[t] if t in med else "" for t in counts)
            print(f"| {bed} | {mode} ({size.get((bed, mode), '?')} MB) | {cols} | {best} | {adv} | {reg} |")
        print("\nruns (s):")
        for bed, mode in cells:
            print(f"- {bed} {mode}: " + "; ".join(f"{t}: " + " ".join(f"{x:.1f}" for x in runs[(bed, mode, t)])
                                                 for t in counts if (bed, mode, t) in runs))


if __name__ == "__main__":
    main()
