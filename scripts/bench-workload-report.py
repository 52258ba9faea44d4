#!/usr/bin/env python3
"""bench-workload-report.py WORK... — the table of scripts/bench-workload.sh from WORK/results.txt.

Per bed × data size × workload × threads (a cell), one row per config (stock, strict, relaxed):
the runs, the median and worst TPS (worst: the lowest) and p95 latency (worst: the highest), the ratio of the
config's median to stock's (TPS: >1 is better; p95: <1 is better), the median and worst p99, the spread of the
config's own reps ((max - min) / median, TPS and p95; stock's spread is the cell's noise), the median hit ratio,
the largest checkpoint age in % of the async flush point, the most dirty pages in % of the pool and the slowest
second's TPS (lowest of the runs). Then the noise over all cells and the issue's checks. Two readings of "worse
beyond noise": the ratio past stock's own spread (the first rule), and separation, a rank test that needs no
spread: every rep of the config worse than every stock rep (TPS below stock's lowest, p95 above stock's highest),
which two identical configs with n and m reps do by chance 1 in C(n+m, n) per direction (20 at 3+3, 70 at 4+4).
A config whose cnf is stock's (a --variant of stock, e.g. stock-b=stock innodb_buffer_pool_size=128M) is an A/A
control: its ratios to stock are what this host's noise does to two identical servers in the same run.
Lines of results.txt: "BED SIZE WORKLOAD THREADS CONFIG REP TPS P95_MS P99_MS HIT_RATIO CKPT_AGE_MAX_PCT LOAD1
DIRTY_MAX_PCT MIN_1S_TPS"; TPS nostart|noadvice|failed is a failed run; lines starting with # are comments.
"""
import collections
import math
import os
import statistics
import sys

CONFIG_ORDER = {"stock": 0, "strict": 1, "relaxed": 2}
FAILED = ("nostart", "noadvice", "failed")


def size_bytes(s):
    s = s.upper().rstrip("B")
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    try:
        return float(s[:-1]) * mult[s[-1]] if s[-1] in mult else float(s)
    except ValueError:
        return 0.0


def num(x):
    try:
        return float(x)
    except ValueError:
        return None


def load(work):
    runs = collections.defaultdict(list)  # (bed, size, wl, threads, config) -> [dict]
    order = {"bed": [], "wl": []}
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if not f or f[0].startswith("#") or len(f) < 12:
            continue
        f += ["-"] * (14 - len(f))
        bed, size, wl, t, cfg, rep = f[0], f[1], f[2], int(f[3]), f[4], int(f[5])
        for k, v in (("bed", bed), ("wl", wl)):
            if v not in order[k]:
                order[k].append(v)
        runs[(bed, size, wl, t, cfg)].append({
            "rep": rep, "failed": f[6] if f[6] in FAILED else None, "tps": num(f[6]), "p95": num(f[7]),
            "p99": num(f[8]), "hit": num(f[9]), "ckpt": num(f[10]), "load1": num(f[11]), "dirty": num(f[12]),
            "min1": num(f[13])})
    return runs, order


# STOCK_POOL_MIB: MariaDB 10.11's innodb_buffer_pool_size default (KB, InnoDB System Variables): a data set whose
# data+index is above it is "bigger than the pool" (the big set), else it fits (the small set).
STOCK_POOL_MIB = 128


def datasets(work):
    """(bed, size) -> (description, data+index MiB) from datasets.txt (the last line of a pair wins)."""
    p = os.path.join(work, "datasets.txt")
    out = {}
    for line in open(p) if os.path.exists(p) else []:
        f = line.split()
        if len(f) == 6:  # BED SIZE TABLES ROWS MIB_IS MIB_DU
            out[(f[0], f[1])] = (f"{f[4]} MiB ({f[2]}×{f[3]} rows, {f[5]} MiB of files)", float(f[4]))
    return out


def spread(xs):
    m = statistics.median(xs)
    return (max(xs) - min(xs)) / m if len(xs) > 1 and m else None


def pct(x):
    return "" if x is None else f"{100 * x:.0f}%"


def fmt(x, nd=1):
    return "" if x is None else f"{x:.{nd}f}"


def separated(s, st):
    """The worse-by-separation readings of config summary s against stock's st: a list of "TPS" and/or "p95"
    with the chance 1 in C(n+m, n) that identical configs separate so, or [] when they overlap."""
    out = []
    for k, worse in (("tps", lambda a, b: max(a) < min(b)), ("p95", lambda a, b: min(a) > max(b))):
        a, b = s.get(k) or [], st.get(k) or []
        if len(a) > 1 and len(b) > 1 and worse(a, b):
            out.append(f"{k.upper() if k == 'tps' else k} (1 in {math.comb(len(a) + len(b), len(a))} by chance)")
    return out


def controls(work):
    """Config names whose cnf is a --variant of stock (an A/A control), from WORK/advice/*.cnf."""
    adv, out = os.path.join(work, "advice"), set()
    for f in os.listdir(adv) if os.path.isdir(adv) else []:
        for line in open(os.path.join(adv, f)) if f.endswith(".cnf") else []:
            if line.startswith("# --variant ") and line.split()[2].split("=")[1:2] == ["stock"]:
                out.add(line.split()[2].split("=")[0])
    return out


def summary(rs):
    ok = [r for r in rs if not r["failed"] and r["tps"] is not None]
    s = {"n": len(rs), "ok": len(ok), "failed": collections.Counter(r["failed"] for r in rs if r["failed"])}
    if not ok:
        return s
    tps = [r["tps"] for r in ok]
    p95 = [r["p95"] for r in ok if r["p95"] is not None]
    p99 = [r["p99"] for r in ok if r["p99"] is not None]
    s.update(tps=tps, p95=p95, tps_med=statistics.median(tps), tps_worst=min(tps), tps_spread=spread(tps))
    if p95:
        s.update(p95_med=statistics.median(p95), p95_worst=max(p95), p95_spread=spread(p95))
    if p99:
        s.update(p99_med=statistics.median(p99), p99_worst=max(p99))
    for k, agg in (("hit", statistics.median), ("ckpt", max), ("dirty", max), ("min1", min)):
        v = [r[k] for r in ok if r[k] is not None]
        s[k] = agg(v) if v else None
    return s


def main():
    for work in sys.argv[1:]:
        runs, order = load(work)
        ds = datasets(work)
        if not runs:
            print(f"{work}: no runs in results.txt")
            continue
        cells = sorted({k[:4] for k in runs}, key=lambda k: (order["bed"].index(k[0]), size_bytes(k[1]),
                                                             order["wl"].index(k[2]), k[3]))
        sizes = collections.defaultdict(set)
        for bed, size, _, _ in cells:
            sizes[bed].add(size)
        print("| bed | size | workload | thr | config | runs | TPS med | TPS worst | TPS ×stock | p95 ms med | p95 worst "
              "| p95 ×stock | p99 ms med | p99 worst | TPS spread | p95 spread | hit | ckpt age % async max | dirty % max "
              "| slowest s TPS |")
        print("|---" * 20 + "|")
        noise_tps, noise_p95, worse_p95, small_worse, checks = [], [], [], [], []
        sep, aa, ctl = [], [], controls(work)
        for cell in cells:
            bed, size, wl, t = cell
            cfgs = sorted({k[4] for k in runs if k[:4] == cell}, key=lambda c: CONFIG_ORDER.get(c, 9))
            st = summary(runs[cell + ("stock",)]) if "stock" in cfgs else {}
            if st.get("tps_spread") is not None:
                noise_tps.append((st["tps_spread"], cell))
            if st.get("p95_spread") is not None:
                noise_p95.append((st["p95_spread"], cell))
            mib = ds.get((bed, size), ("", size_bytes(size) / 2**20))[1]
            big = mib > STOCK_POOL_MIB
            for cfg in cfgs:
                s = summary(runs[cell + (cfg,)])
                nruns = f"{s['ok']}" if s["ok"] == s["n"] else f"{s['ok']} of {s['n']} (" + ", ".join(
                    f"{k} ×{v}" for k, v in s["failed"].items()) + ")"
                if s["failed"]:
                    checks.append(f"FAILED runs: {bed} {size} {wl} {t} {cfg}: {nruns}")
                if not s["ok"]:
                    print(f"| {bed} | {size} | {wl} | {t} | {cfg} | **FAILED** {nruns} |" + " |" * 14)
                    continue
                rt = rp = None
                if cfg != "stock" and st.get("tps_med"):
                    rt = s["tps_med"] / st["tps_med"]
                    how = separated(s, st)
                    if how:
                        sep.append(f"{bed} {size} {wl} {t} {cfg}{' (A/A control)' if cfg in ctl else ''}: " + ", ".join(how))
                    if cfg in ctl:
                        aa.append((rt, s["p95_med"] / st["p95_med"] if st.get("p95_med") and s.get("p95_med") else None, cell, cfg))
                    if st.get("p95_med") and s.get("p95_med") is not None:
                        rp = s["p95_med"] / st["p95_med"]
                        if rp > 1:
                            sp = st.get("p95_spread")
                            within = "n/a: one stock rep" if sp is None else (
                                "within stock's own spread" if rp - 1 <= sp else "BEYOND stock's own spread")
                            worse_p95.append(f"{bed} {size} {wl} {t} {cfg}: p95 {s['p95_med']:.2f} vs stock "
                                             f"{st['p95_med']:.2f} ms (×{rp:.2f}; stock's spread {pct(sp) or '-'}: {within})")
                    if not big:
                        nt, np95 = st.get("tps_spread") or 0, st.get("p95_spread") or 0
                        if rt < 1 - nt or (rp is not None and rp > 1 + np95):
                            small_worse.append(f"{bed} {size} {wl} {t} {cfg}: TPS ×{rt:.2f}, p95 ×{fmt(rp, 2)} "
                                               f"(stock's spread: TPS {pct(nt)}, p95 {pct(np95)})")
                hit = "" if s["hit"] is None else f"{100 * s['hit']:.2f}%"
                print(f"| {bed} | {size} | {wl} | {t} | {cfg} | {nruns} | {fmt(s['tps_med'])} | {fmt(s['tps_worst'])} | "
                      f"{fmt(rt, 2)} | {fmt(s.get('p95_med'), 2)} | {fmt(s.get('p95_worst'), 2)} | {fmt(rp, 2)} | "
                      f"{fmt(s.get('p99_med'), 2)} | {fmt(s.get('p99_worst'), 2)} | {pct(s.get('tps_spread'))} | "
                      f"{pct(s.get('p95_spread'))} | {hit} | "
                      f"{fmt(s['ckpt'], 0)} | {fmt(s['dirty'], 0)} | {fmt(s['min1'], 0)} |")
                if big and bed in ("hdd", "card") and wl == "oltp_read_only" and t == 4 and cfg == "strict" and rt:
                    checks.append(f"{bed} {size} oltp_read_only 4 threads: strict ×{rt:.3f} stock TPS "
                                  f"({'meets' if rt >= 1.5 else 'below'} the 1.5x of issue 20)")

        print()
        for (bed, size), (d, mib) in sorted(ds.items(), key=lambda kv: (kv[0][0], size_bytes(kv[0][1]))):
            print(f"data set {bed} {size}: {d}, {'bigger than' if mib > STOCK_POOL_MIB else 'fits'} the stock {STOCK_POOL_MIB} MiB pool")
        for name, xs in (("TPS", noise_tps), ("p95", noise_p95)):
            if xs:
                xs.sort()
                print(f"noise (stock reps, (max-min)/median) of {name}: median {pct(statistics.median(x for x, _ in xs))}"
                      f" over {len(xs)} cells, largest {pct(xs[-1][0])} ({' '.join(map(str, xs[-1][1]))})")
        adv = os.path.join(work, "advice")
        for f in sorted(os.listdir(adv)) if os.path.isdir(adv) else []:
            if f.endswith(".cnf"):
                lines = [ln.strip() for ln in open(os.path.join(adv, f)) if ln.strip() and ln[0] not in "#["]
                print(f"advised {f[:-4]}: {'; '.join(lines) or '(nothing to change)'}")
        for c in checks:
            print("check: " + c)
        beyond = sum("BEYOND" in w for w in worse_p95)
        print("check: median p95 worse than stock in " + (f"{len(worse_p95)} cells ({beyond} beyond stock's own spread):"
                                                          if worse_p95 else "no cell"))
        for w in worse_p95:
            print("  - " + w)
        if aa:
            print(f"check: A/A control ({', '.join(sorted(ctl))}: stock's cnf as its own config) against stock, {len(aa)} cells: TPS ×"
                  f"{min(r for r, _, _, _ in aa):.2f}-{max(r for r, _, _, _ in aa):.2f}, p95 ×"
                  f"{fmt(min((p for _, p, _, _ in aa if p), default=None), 2)}-{fmt(max((p for _, p, _, _ in aa if p), default=None), 2)}")
            for r, p, cell, cfg in aa:
                print(f"  - {' '.join(map(str, cell))} {cfg}: TPS ×{r:.2f}, p95 ×{fmt(p, 2)}")
        print("check: worse than stock by separation (every rep worse than every stock rep) in " +
              (f"{len(sep)} cells:" if sep else "no cell"))
        for w in sep:
            print("  - " + w)
        if small_worse or any(ds.get((b, s), ("", size_bytes(s) / 2**20))[1] <= STOCK_POOL_MIB for b, s, _, _ in cells):
            print(f"check: data sets that fit the stock {STOCK_POOL_MIB} MiB pool worse than stock beyond the cell's noise in " +
                  (f"{len(small_worse)} cells:" if small_worse else "no cell"))
            for w in small_worse:
                print("  - " + w)


if __name__ == "__main__":
    main()
