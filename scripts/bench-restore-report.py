#!/usr/bin/env python3
"""bench-restore-report.py sweep|e2e|testdata WORK... — the tables of scripts/bench-restore.sh from WORK/results.txt.

testdata [--merge OLD.json] [--swept LABEL] [--provenance TEXT] WORK...: the cells as advisor/threads'
testdata/restore-matrix.json; with --merge they replace OLD's cells of the same bed, pool and durability (the
others are kept), --swept labels them, --provenance is appended to OLD's provenance line.

sweep: per bed × pool × durability cell, the median restore time per thread count (≥3 runs), the best
count, what `mytune advise --from WORK/profile-BED.json --dump WORK/dump --mycnf CELL.cnf --task load`
advises for that cell (the offline model: the bed's probe, the cell's pool and flushing in a my.cnf)
and the regret (time at advised / best - 1), plus the estimate against the advised count's median.
e2e: per bed, stock vs advised medians, speedup, regret against the sweep's best (when swept), estimate.
Lines of results.txt: "sweep BED POOL DUR THREADS REP SECONDS", "e2e BED stock|strict|relaxed THREADS REP SECONDS"
or "e2e-undo BED D REP SECONDS STATUS"; e2e also prints the printed undo's measured wait against the wait its
warning stated (WORK/e2e-BED-D.undowait: LOW HIGH seconds).
"""
import collections
import json
import os
import statistics
import subprocess
import sys

RUNS = []  # sweep: the runs lines of every WORK dir, printed after the one table
MYTUNE = os.environ.get("MYTUNE")  # the mytune to ask (default: the one the bench built in WORK)


def complete_reps(work):
    """Per sweep cell, the reps in which every thread count of the cell ran: a cell's runs are those reps only,
    so that every count has the same number of runs, taken alike early and late (a rep cut short, e.g. by a
    stopped sweep, would weigh the counts it reached with the load of its moment)."""
    seen, counts = collections.defaultdict(set), collections.defaultdict(set)
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if f and f[0] == "sweep" and len(f) in (7, 9):
            seen[(f[1], f[2], f[3], f[5])].add(int(f[4]))
            counts[(f[1], f[2], f[3])].add(int(f[4]))
    return {k for k, v in seen.items() if v == counts[k[:3]]}


def load(work):
    runs = collections.defaultdict(list)
    full = complete_reps(work)
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if f and f[0] == "sweep" and len(f) in (7, 9):  # 9: with load1 load5 after the seconds
            if (f[1], f[2], f[3], f[5]) in full:
                runs[("sweep", f[1], f[2], f[3], int(f[4]))].append(float(f[6]))
        elif f and f[0] == "e2e" and len(f) in (6, 8):  # 8: with load1 load5
            runs[("e2e", f[1], f[2], int(f[3]))].append(float(f[5]))
        elif f and f[0] == "e2e-undo" and len(f) in (6, 8):  # e2e-undo BED D REP SECONDS ok|timeout|failed [load1 load5]
            runs[("undo", f[1], f[2], f[5])].append(float(f[4]))
    return runs


def sweep_extras(work):
    """Per sweep cell and thread count: the load1 beside each run (results.txt lines of 9 fields) and the
    runs myloader lost to an InnoDB deadlock (failures.txt: "sweep BED POOL DUR THREADS REP try N ...: Error ... Deadlock")."""
    loads, deadlocks = collections.defaultdict(list), collections.Counter()
    full = complete_reps(work)
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if f and f[0] == "sweep" and len(f) == 9 and (f[1], f[2], f[3], f[5]) in full:
            loads[(f[1], f[2], f[3], int(f[4]))].append(float(f[7]))
    p = os.path.join(work, "failures.txt")
    for line in open(p) if os.path.exists(p) else []:
        f = line.split()
        if f and f[0] == "sweep" and "Deadlock" in line:
            deadlocks[(f[1], f[2], f[3], int(f[4]))] += 1
    return loads, deadlocks


def advise(work, bed, pool, dur):
    """Threads and estimate mytune advises offline for one cell."""
    cnf = os.path.join(work, f"cell-{pool}-{dur}.cnf")
    with open(cnf, "w") as f:
        f.write("[mysqld]\ninnodb_buffer_pool_size = %s\ninnodb_flush_log_at_trx_commit = %s\n"
                % (pool, 2 if dur == "relaxed" else 1))
    out = subprocess.run([MYTUNE or os.path.join(work, "mytune"), "advise", "--from", os.path.join(work, f"profile-{bed}.json"),
                          "--mycnf", cnf, "--target", "mariadb-10.11", "--dump", os.path.join(work, "dump"),
                          "--task", "load", "--durability", dur, "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    t = json.loads(out)["threads"]
    e = t.get("estimated_load") or {}
    return t["load"]["threads"], e.get("low_s", 0), e.get("high_s", 0)


def sweep(work, runs, first=True, last=True):
    cells = collections.OrderedDict()
    for (mode, bed, pool, dur, t), v in sorted(runs.items(), key=lambda kv: (kv[0][1], kv[0][2], kv[0][3], kv[0][4])):
        if mode == "sweep":
            cells.setdefault((bed, pool, dur), {})[t] = v
    counts = [1, 2, 4, 8, 16]  # the sweep's thread counts, one column each (tables of several WORK dirs join up)
    if first:
        print("| bed | pool | durability | " + " | ".join(str(t) for t in counts) + " | best | advised | regret | estimate (s) | est. vs measured |")
        print("|---" * (len(counts) + 8) + "|")
    for (bed, pool, dur), c in cells.items():
        med = {t: statistics.median(v) for t, v in c.items()}
        best = min(med, key=med.get)
        adv, lo, hi = advise(work, bed, pool, dur)
        at = med.get(adv)
        regret = f"{100 * (at / med[best] - 1):.1f}%" if at else f"({adv} not swept)"
        fit = ""
        if at and hi:
            fit = "inside" if lo <= at <= hi else f"{100 * ((lo if at < lo else hi) / at - 1):+.0f}%"
        cols = " | ".join(("**%.1f**" if t == best else "%.1f") % med[t] if t in med else "" for t in counts)
        print(f"| {bed} | {pool} | {dur} | {cols} | {best} | {adv} | {regret} | {lo:.0f}–{hi:.0f} | {fit} |")
    loads, deadlocks = sweep_extras(work)
    RUNS.append("")
    if last:
        print("\nruns (s), the load average (1 min) when each ended, runs lost to a deadlock:")
    for (bed, pool, dur), c in cells.items():
        ld = [x for t in c for x in loads.get((bed, pool, dur, t), [])]
        dl = ", ".join(f"{deadlocks[(bed, pool, dur, t)]} at {t}" for t in sorted(c) if deadlocks[(bed, pool, dur, t)])
        RUNS.append(f"- {bed} {pool} {dur}" + (f" (load {min(ld):.0f}-{max(ld):.0f})" if ld else "") + ": "
                    + "; ".join(f"{t}: " + " ".join(f"{x:.1f}" for x in v) for t, v in sorted(c.items()))
                    + (f"; deadlocks: {dl}" if dl else ""))
    if last:
        print("\n".join(r for r in RUNS if r))


def e2e(work, runs):
    print(f"{work}:\n")
    print("| bed | stock: myloader -t 4 (s) | advice | threads | advised (s) | speedup | estimate (s) | est. vs measured | mid vs measured |")
    print("|---|---|---|---|---|---|---|---|---|")
    for bed in sorted({k[1] for k in runs if k[0] == "e2e"}):
        stock = [v for k, v in runs.items() if k[:3] == ("e2e", bed, "stock")]
        if not stock:
            continue
        s = statistics.median(stock[0])
        for d in configs(k[2] for k in runs if k[0] == "e2e" and k[1] == bed):
            if ("e2e", bed, d + "-nostart", 0) in runs:
                print(f"| {bed} | {s:.1f} | {d} | | the server did not start with the advised cnf | | | |")
            for (_, b, kind, t), v in sorted((k, v) for k, v in runs.items() if k[0] == "e2e"):
                if b != bed or kind != d:
                    continue
                a = statistics.median(v)
                lo, hi = estimate(work, bed, d)
                fit = "inside" if lo <= a <= hi else f"{100 * ((lo if a < lo else hi) / a - 1):+.0f}%"
                mid = f"{100 * ((lo * hi) ** 0.5 / a - 1):+.0f}%" if lo > 0 else ""  # the range's geometric middle
                print(f"| {bed} | {s:.1f} ({' '.join(f'{x:.1f}' for x in stock[0])}) | {d} | {t} | "
                      f"{a:.1f} ({' '.join(f'{x:.1f}' for x in v)}) | {s / a:.2f}x | {lo:.0f}–{hi:.0f} | {fit} | {mid} |")
    undos = sorted((k, v) for k, v in runs.items() if k[0] == "undo")
    if not undos:
        return
    print("\n| bed | advice | printed undo (s) | status | stated wait (s) | measured vs stated |")
    print("|---|---|---|---|---|---|")
    for (_, bed, d, status), v in undos:
        p = os.path.join(work, f"e2e-{bed}-{d}.undowait")
        w = open(p).read().split() if os.path.exists(p) else ["0", "0"]
        lo, hi, floor = float(w[0]), float(w[1]), w[2:] == ["floor"]
        m = statistics.median(v)
        verdict = "no wait stated" if not hi else ("within" if max(v) <= hi else f"over by {100 * (max(v) / hi - 1):.0f}%")
        if floor and min(v) < lo:
            verdict = f"under the stated floor by {100 * (1 - min(v) / lo):.0f}%"
        said = f"at least {lo:.0f}" + (f", up to {hi:.0f}" if hi > lo else "") if floor else f"up to {lo:.0f}–{hi:.0f}"
        print(f"| {bed} | {d} | {m:.1f} ({' '.join(f'{x:.1f}' for x in v)}) | {status} | {said} | {verdict} |")


def settled_est(work, bed, d):
    """The settled range the followed advice printed (threads.estimated_settled of WORK/e2e-BED-D.json)."""
    p = os.path.join(work, f"e2e-{bed}-{d}.json")
    try:
        e = json.load(open(p))["threads"].get("estimated_settled") or {}
    except (OSError, ValueError, KeyError):
        return 0.0, 0.0
    return e.get("low_s", 0.0), e.get("high_s", 0.0)


def two_times(work):
    """Per bed: loaded (the loader exits) and settled (loaded + the clean shutdown right after) per config, median
    and worst, and issue 19's checks: every advised rep loaded faster than stock's median, the printed ranges
    containing >= 80% of the advised reps (loaded and settled)."""
    loaded, settle, dirty = collections.defaultdict(dict), collections.defaultdict(dict), collections.defaultdict(dict)
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if f and f[0] == "e2e" and len(f) in (6, 8) and not f[2].endswith("-nostart"):
            loaded[(f[1], f[2])][int(f[4])] = float(f[5])
        elif f and f[0] == "e2e-settle" and len(f) >= 6:  # e2e-settle BED D REP SECONDS DIRTY [load1 load5]
            settle[(f[1], f[2])][int(f[3])] = float(f[4])
            dirty[(f[1], f[2])][int(f[3])] = f[5]
    if not settle:
        return
    print("\n| bed | config | reps | loaded med (s) | loaded worst | settled med (s) | settled worst | dirty pages at exit (med) "
          "| loaded range | loaded inside | settled range | settled inside |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    checks = []
    for bed in sorted({b for b, _ in settle}):
        stock = loaded.get((bed, "stock"), {})
        smed = statistics.median(stock.values()) if stock else None
        for d in ["stock"] + configs(k[1] for k in loaded if k[0] == bed):
            reps = sorted(set(loaded.get((bed, d), {})) & set(settle.get((bed, d), {})))
            if not reps:
                continue
            ld = [loaded[(bed, d)][r] for r in reps]
            st = [loaded[(bed, d)][r] + settle[(bed, d)][r] for r in reps]
            dp = [float(dirty[(bed, d)][r]) for r in reps if dirty[(bed, d)][r] != "-"]
            cells = [bed, d, str(len(reps)), f"{statistics.median(ld):.1f}", f"{max(ld):.1f}",
                     f"{statistics.median(st):.1f}", f"{max(st):.1f}", f"{statistics.median(dp):.0f}" if dp else "-"]
            if d == "stock":
                cells += ["", "", "", ""]
            else:
                lo, hi = estimate(work, bed, d)
                slo, shi = settled_est(work, bed, d)
                lin = sum(lo <= x <= hi for x in ld)
                sin = sum(slo <= x <= shi for x in st)
                cells += [f"{lo:.0f}–{hi:.0f}", f"{lin} of {len(ld)}", f"{slo:.0f}–{shi:.0f}" if shi else "none printed",
                          f"{sin} of {len(st)}"]
                if smed is not None:
                    checks.append(f"{bed} {d}: worst loaded {max(ld):.1f} s vs stock's median {smed:.1f} s: "
                                  + ("faster" if max(ld) < smed else "NOT faster"))
                    ssm = statistics.median(stock[r] + settle[(bed, "stock")][r] for r in stock if r in settle.get((bed, "stock"), {}))
                    checks.append(f"{bed} {d}: settled median {statistics.median(st):.1f} s vs stock's {ssm:.1f} s: "
                                  f"{ssm / statistics.median(st):.2f}x")
                checks.append(f"{bed} {d}: ranges contain {lin} of {len(ld)} loaded and {sin} of {len(st)} settled reps"
                              + ("" if lin >= 0.8 * len(ld) and sin >= 0.8 * len(st) else " (below 80% of either)"))
            print("| " + " | ".join(cells) + " |")
    for c in checks:
        print("check: " + c)
    io_lines(work)
    cpu_lines(work)


def configs(names):
    """The advised configs among NAMES: strict, relaxed, then variants (strict+fsync, ...) by name; no stock."""
    names = {n.removesuffix("-nostart") for n in names} - {"stock"}
    return sorted(names, key=lambda n: (n.split("+")[0] != "strict", n.split("+")[0] != "relaxed", n))


def io_lines(work):
    """Per bed and config, the median write I/Os and MB of a restore and its settling, as the bed's cgroup was charged
    and as its loop device completed them (e2e-io lines): where the device did more than the cgroup was charged,
    writes escaped the throttle (the kernel's flusher under cgroup v1) and the config's times are not the bed's."""
    io = collections.defaultdict(list)
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if f and f[0] == "e2e-io" and len(f) == 8:  # e2e-io BED D REP CG_WRITES LOOP_WRITES CG_WBYTES LOOP_WBYTES
            io[(f[1], f[2])].append(tuple(int(x) for x in f[4:]))
    if not io:
        return
    print("\n| bed | config | write I/Os charged (med) | requests done | MB charged | MB done | KiB per charged I/O | all charged |")
    print("|---|---|---|---|---|---|---|---|")
    for (bed, d), v in sorted(io.items()):
        m = [statistics.median(x[i] for x in v) for i in range(4)]
        # the device merges adjacent bios into one request, so it completes fewer I/Os than the cgroup was charged;
        # bytes are comparable: the ext4 journal (jbd2, a kernel thread) adds a few % uncharged (3.5% measured)
        ok = all(x[3] <= x[2] * 1.10 + 8e6 for x in v)
        per = m[2] / 1024 / m[0] if m[0] else 0
        print(f"| {bed} | {d} | {m[0]:.0f} | {m[1]:.0f} | {m[2] / 1e6:.0f} | {m[3] / 1e6:.0f} | {per:.0f} | "
              + ("yes" if ok else "NO: writes escaped the throttle") + " |")


def cpu_lines(work):
    """Per bed and config, the machine's CPU time over a restore and its settling (e2e-cpu lines: /proc/stat's
    machine-wide counters over the same span as e2e-io): median and largest busy, I/O wait and steal, in % of all
    CPUs' time. Steal is time the hypervisor gave to another guest while this one had work; a CPU-bound restore
    lost about steal / (busy + steal) of the CPU time it would have had, whatever mytune advised."""
    cpu = collections.defaultdict(list)
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if f and f[0] == "e2e-cpu" and len(f) in (7, 8):  # e2e-cpu BED D REP BUSY_PCT IOWAIT_PCT STEAL_PCT [CPU_EPS]
            eps = float(f[7]) if len(f) == 8 and f[7] != "-" else None
            cpu[(f[1], f[2])].append(tuple(float(x) for x in f[4:7]) + (eps,))
    if not cpu:
        return
    print("\n| bed | config | reps | busy % med | busy % max | I/O wait % med | steal % med | steal % max | "
          "sysbench cpu eps med (min) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (bed, d), v in sorted(cpu.items()):
        col = lambda i: [x[i] for x in v if x[i] is not None]
        eps = f"{statistics.median(col(3)):.0f} ({min(col(3)):.0f})" if col(3) else "-"
        print(f"| {bed} | {d} | {len(v)} | {statistics.median(col(0)):.0f} | {max(col(0)):.0f} | "
              f"{statistics.median(col(1)):.0f} | {statistics.median(col(2)):.1f} | {max(col(2)):.1f} | {eps} |")


def estimate(work, bed, d):
    """The load estimate the followed advice printed (or, with MYTUNE and REESTIMATE set, what that mytune
    estimates from the followed advice's profile)."""
    p = os.path.join(work, f"e2e-{bed}-{d}.estimate")
    if MYTUNE and os.environ.get("REESTIMATE"):
        out = subprocess.run([MYTUNE, "advise", "--from", os.path.join(work, f"e2e-{bed}-{d}.json"), "--dump",
                              os.path.join(work, "dump"), "--task", "load", "--durability", d, "--format", "json"],
                             capture_output=True, text=True, check=True).stdout
        e = json.loads(out)["threads"].get("estimated_load") or {}
        return e.get("low_s", 0), e.get("high_s", 0)
    if os.path.exists(p):
        lo, hi = map(float, open(p).read().split())
        return lo, hi
    return 0.0, 0.0


def testdata(work, runs):
    """The sweep's cells as JSON for advisor/threads (matrix_test.go): each with the bed's probed storage,
    cores and dump as mytune read them, the cell's pool and durability, and every run per thread count."""
    cells = collections.OrderedDict()
    for (mode, bed, pool, dur, t), v in sorted(runs.items(), key=lambda kv: (kv[0][1], kv[0][2], kv[0][3], kv[0][4])):
        if mode == "sweep":
            cells.setdefault((bed, pool, dur), {})[str(t)] = [round(x, 2) for x in v]
    out = []
    loads, deadlocks = sweep_extras(work)
    for (bed, pool, dur), c in cells.items():
        if min(len(v) for v in c.values()) < 3:
            print(f"testdata: {bed} {pool} {dur} left out: fewer than 3 runs of some count", file=sys.stderr)
            continue
        prof = json.load(open(os.path.join(work, f"profile-{bed}.json")))
        adv = json.loads(subprocess.run([MYTUNE or os.path.join(work, "mytune"), "advise", "--from", os.path.join(work, f"profile-{bed}.json"),
                                         "--dump", os.path.join(work, "dump"), "--task", "load", "--format", "json"],
                                        capture_output=True, text=True, check=True).stdout)
        dump = adv["profile"]["dump"]
        dump["path"] = "/bench/dump"
        st = prof["storage"]
        cell = {"bed": bed, "pool": pool, "durability": dur, "cores": prof["host"]["cpu"]["logical"],
                "storage": {k: st[k] for k in ("seq_write", "fsync", "rand_write", "conditions") if k in st},
                "dump": dump, "runs_s": c}
        ld = {str(t): v for (b, p, d, t), v in loads.items() if (b, p, d) == (bed, pool, dur)}
        if ld:
            cell["load1"] = ld  # /proc/loadavg's 1-minute load when each run ended, in the order of runs_s
        cell["deadlocks"] = {t: deadlocks[(bed, pool, dur, int(t))] for t in c}  # runs lost, rerun
        out.append(cell)
    return out


def main():
    mode, works = sys.argv[1], sys.argv[2:]
    if mode == "testdata":
        opts = {}
        while works and works[0] in ("--merge", "--swept", "--provenance"):
            opts[works[0]], works = works[1], works[2:]
        cells = [c for work in works for c in testdata(work, load(work))]
        for c in cells:
            if "--swept" in opts:
                c["swept"] = opts["--swept"]
        prov = ("scripts/bench-restore.sh sweep (myloader 0.10 into MariaDB 10.11.19 on testbed.sh beds, "
                "2-core shared VM), scripts/bench-restore-report.py testdata")
        if "--merge" in opts:  # the new cells replace the same bed × pool × durability cells of the old file
            old = json.load(open(opts["--merge"]))
            key = lambda c: (c["bed"], c["pool"], c["durability"])
            fresh = {key(c): c for c in cells}
            cells = [fresh.pop(key(c), c) for c in old["cells"]] + list(fresh.values())
            prov = old["provenance"]
        if "--provenance" in opts:
            prov += "; " + opts["--provenance"]
        json.dump({"provenance": prov, "cells": cells}, sys.stdout, indent=1)
        print()
        return
    if mode == "sweep":  # one table for all WORK dirs (e.g. one per bed or cell run at once), then every run
        for i, work in enumerate(works):
            sweep(work, load(work), i == 0, i == len(works) - 1)
        return
    for work in works:
        e2e(work, load(work))
        two_times(work)


if __name__ == "__main__":
    main()
