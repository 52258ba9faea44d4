#!/usr/bin/env python3
"""heldout-attribution.py — which term of the printed estimate decided each end of its range, on the held-out
sweeps, and where the measured time fell against it (docs/fitted-constants.md, "Held-out error").

    python3 scripts/heldout-attribution.py [testdata/heldout]

The restore estimate (advisor/threads/estimate.go, estimateLoad) is the slower of a CPU term (the dump's SQL at
"CPU Q MB/s on a quiet host" × "lo–hi% of that") and a disk term ("disk A–B MB/s of dump"), plus the tablespace
growth ("= G s", or "= G1–G2 s" since 2026-12-03: hidden at the fast end, added at the slow end) and the fixed cost per table ("plus F s fixed"),
with the write-I/O floor ("write I/Os: … = A–B s, the floor", since 2026-12-02 14:50) under the disk's time.
Each held-out cell keeps the basis text exactly as printed; this script reads those figures back from it,
rebuilds the two ends (checked against the printed low_s/high_s: a cell whose rebuild lands more than a rounding
step away is listed as unparsed, not guessed), names the term that decided each end, and scores the measured
median at the printed thread count against it. The disk term is named by the constant pair whose quotient matches
its rates: FitSeqAmp (sequential ÷ 1.4–2.3x of redo), FitHoldAmp or FitAmp (random 16K writes ÷ …x), SeqAmp or
PageAmp (the data outgrows the pool), "paced" when neither matches (the checkpoint's page flushing slowed it).

Reads the files only; prints a table per cell, then per deciding term: cells, inside, measured above the slow end
(by how much) and below the fast end; then per mytune commit that printed the ranges (the provenance's "mytune"):
cells and how many the range as printed contains, so a change to the estimate is judged by the cells after it. A record for the ledger, not a fit: nothing here changes a constant.
"""
import glob
import json
import os
import re
import statistics
import sys

NUM = r"([\d.]+)"


def parse(basis):
    """the figures of a printed basis, or None when it lacks the CPU or the SQL size"""
    basis = re.sub(r"^With the binary log written \([^)]*\): ", "", basis)  # the written range (since 2026-12-03 04:20)
    m = re.match(NUM + r" (KiB|MiB|GiB) of SQL", basis)
    cpu = re.search(r"CPU " + NUM + r" MB/s on a quiet host", basis)
    share = re.search(r"(\d+)–(\d+)% of that", basis)
    if not (m and cpu and share):
        return None
    unit = {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30}[m.group(2)]
    f = {"sql": float(m.group(1)) * unit, "cpu": float(cpu.group(1)) * 1e6,
         "share_lo": int(share.group(1)) / 100, "share_hi": int(share.group(2)) / 100}
    disk = re.search(r"disk " + NUM + "–" + NUM + " MB/s of dump", basis)
    f["disk_slow"], f["disk_fast"] = (float(disk.group(1)) * 1e6, float(disk.group(2)) * 1e6) if disk else (0, 0)
    g = re.search(r"= " + NUM + r"(?:–" + NUM + r")? s, overlapping", basis)  # one figure until 2026-12-03, fast–slow since
    f["growth"] = float(g.group(1)) if g else 0.0
    f["growth_slow"] = float(g.group(2) or g.group(1)) if g else 0.0
    x = re.search(r"plus " + NUM + r" s fixed", basis)
    f["fixed"] = float(x.group(1)) if x else 0.0
    f["disk_term"] = disk_term(basis, f) if disk else "none"
    io = re.search(r"write I/Os: .*? = " + NUM + "–" + NUM + r" s, the floor", basis)
    f["io_lo"], f["io_hi"] = (float(io.group(1)), float(io.group(2))) if io else (0.0, 0.0)
    return f


def disk_term(basis, f):
    """the constant pair the disk rates were divided by, read from the quotient that matches them"""
    seq = re.search(NUM + r" MB/s sequential ÷ " + NUM + "–" + NUM + "x", basis)
    rnd = re.search(NUM + r"(k?) random 16K writes/s( \(peak\))?[^÷]*÷ " + NUM + "–" + NUM + "x", basis)
    names = {("1.4", "2.3"): "FitSeqAmp", ("1.16", "2.3"): "FitSeqAmp", ("2.2", "4.4"): "SeqAmp", ("0.08", "0.16"): "FitHoldAmp",
             ("2.16", "3.3"): "FitSeqAmp+binlog", ("0.16", "0.32"): "FitHoldAmp+binlog", ("0.08", "0.32"): "FitHoldAmp+binlog",
             ("0.2", "0.3"): "FitAmp", ("0.9", "1.6"): "PageAmp"}
    cands = []
    if seq:
        s = float(seq.group(1)) * 1e6
        cands.append((names.get((seq.group(2), seq.group(3)), "seq"), s / float(seq.group(3))))
    if rnd:
        r = float(rnd.group(1)) * (1000 if rnd.group(2) else 1) * 16384
        cands.append((names.get((rnd.group(4), rnd.group(5)), "random"), r / float(rnd.group(5))))
    for name, slow in cands:
        if abs(slow - f["disk_slow"]) <= 0.06 * f["disk_slow"] + 0.1e6:
            return name
    return "paced"


def ends(f):
    """(fast s, slow s, term deciding the fast end, term deciding the slow end), as estimateLoad builds them"""
    cf, cs = f["sql"] / (f["cpu"] * f["share_hi"]), f["sql"] / (f["cpu"] * f["share_lo"])
    df, ds = (f["sql"] / f["disk_fast"], f["sql"] / f["disk_slow"]) if f["disk_fast"] else (0, 0)
    fast, slow = max(cf, df), max(cs, ds)
    tf = "cpu" if cf >= df else "disk:" + f["disk_term"]
    ts = "cpu" if cs >= ds else "disk:" + f["disk_term"]
    if f["io_lo"] > fast:  # the write-I/O floor (iobudget.go), printed since 2026-12-02 14:50
        fast, tf = f["io_lo"], "write-I/O floor"
    if f["io_hi"] > slow:
        slow, ts = f["io_hi"], "write-I/O floor"
    if f["growth"] > fast:
        fast, tf = f["growth"], "growth"
    slow += f["growth_slow"]
    return fast + f["fixed"], slow + f["fixed"], tf, ts


def rule_branch(why, threads, cores):
    """the part of the load-thread rule that set the printed count, read from its why text"""
    if "the end of the load runs on its chunks alone" in why:
        return "chunk cap (the largest table's chunks)"
    if "capped at 8" in why:
        return "LoadDiskCap (random writes below 500 IOPS)"
    if "load threads per core" in why and threads == 8 * cores:
        return "FitThreadsPerCore (the data fits the pool)"
    return "other"


def regret(c, p):
    """the rule's regret on a swept cell (median at the printed count against the best median), or None"""
    med = {int(k): statistics.median(v) for k, v in c["runs_s"].items() if v}
    if len(med) < 2 or p["threads"] not in med:
        return None
    return med[p["threads"]] / min(med.values()) - 1


def cells(root):
    for path in sorted(glob.glob(os.path.join(root, "*.json"))):
        d = json.load(open(path))
        for c in d["cells"]:
            p = c["printed"]
            runs = c["runs_s"].get(str(p["threads"]))
            if runs:
                yield os.path.basename(path)[:-5], c, p, statistics.median(runs), d["provenance"]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "testdata/heldout"
    by_term = {}
    print("| sweep | cell | printed | measured | fast end | slow end | growth + fixed s | where |")
    print("|---|---|---|---|---|---|---|---|")
    rules, versions = {}, {}
    for name, c, p, m, prov in cells(root):
        v = versions.setdefault(prov.get("mytune", "?")[:7], [prov.get("date", ""), 0, 0])
        v[1] += 1
        v[2] += p["low_s"] <= m <= p["high_s"]
        cell, cores = c["cell"], c["profile"]["host"]["cpu"].get("allowed_cpus") or c["profile"]["host"]["cpu"]["logical"]
        r = regret(c, p)
        if r is not None:
            rules.setdefault(rule_branch(p["why"], p["threads"], cores), []).append(r)
        f = parse(p["basis"])
        lo, hi = p["low_s"], p["high_s"]
        if f is None:
            print(f"| {name} | {cell} | {lo}–{hi} s | {m:.1f} s | unparsed | | | |")
            continue
        fast, slow, tf, ts = ends(f)
        top = max(slow, 1.2 * fast)  # rangeOf: the slow end at least 1.2x the fast end
        # printed ends are rounded (to 0.1 s below 10 s, else to 1 s: the fast end down, the slow end up; before
        # 2026-12-02 to the nearest) and the basis's shares are whole percents
        if abs(lo - fast) > max(1.05, 0.05 * fast) or abs(hi - top) > max(1.05, 0.05 * top):
            print(f"| {name} | {cell} | {lo}–{hi} s | {m:.1f} s | unparsed (rebuilt {fast:.1f}–{slow:.1f}) | | | |")
            continue
        if m > hi:
            where, term, err = f"above by {100 * (m / hi - 1):.0f}%", ts, m / hi - 1
        elif m < lo:
            where, term, err = f"below by {100 * (1 - m / lo):.0f}%", tf, m / lo - 1
        else:
            where, term, err = "inside", None, 0.0
        for t in {tf, ts}:
            by_term.setdefault(t, []).append((name, cell, err, t == term))
        print(f"| {name} | {cell} | {lo}–{hi} s | {m:.1f} s | {tf} | {ts} | {f['growth']:.1f} + {f['fixed']:.1f} | {where} |")
    print()
    print("| term | cells it decided an end of | inside | measured above the slow end it decided | below the fast end |")
    print("|---|---|---|---|---|")
    for t, v in sorted(by_term.items()):
        above = sorted(100 * e for _, _, e, own in v if own and e > 0)
        below = sorted(-100 * e for _, _, e, own in v if own and e < 0)
        inside = sum(1 for _, _, e, _ in v if e == 0)
        fmt = lambda xs: f"{len(xs)} (by {xs[0]:.0f}–{xs[-1]:.0f}%)" if xs else "0"
        print(f"| {t} | {len(v)} | {inside} | {fmt(above)} | {fmt(below)} |")
    print()
    print("| mytune that printed the ranges | first sweep | cells | inside (as printed) |")
    print("|---|---|---|---|")
    for ver, (date, n, ins) in sorted(versions.items(), key=lambda kv: kv[1][0]):
        print(f"| {ver} | {date} | {n} | {ins} |")
    print()
    print("| load-thread rule: what set the count | swept cells | regret median | worst |")
    print("|---|---|---|---|")
    for b, v in sorted(rules.items()):
        print(f"| {b} | {len(v)} | {100 * statistics.median(v):.1f}% | {100 * max(v):.1f}% |")


if __name__ == "__main__":
    main()
