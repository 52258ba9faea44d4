#!/usr/bin/env python3
"""bench-heldout-record.py — the files of scripts/bench-heldout.sh.

  split ADVICE.json PREFIX   the parts of one `mytune advise --format json` the sweep follows: PREFIX.cnf,
                             PREFIX.threads, PREFIX.estimate ("LOW_S HIGH_S"), PREFIX.cmd (the printed
                             myloader line), PREFIX.apply.sql (the printed SET GLOBAL / ALTER INSTANCE lines),
                             PREFIX.post (the printed line run after the loader, "" when none)
  record WORK OUT KEY=VALUE  one held-out sweep file (testdata/heldout/README.md) from WORK's cells.txt,
                             results.txt, failures.txt and c*.advice.json; KEY=VALUE pairs are its provenance
"""
import json
import os
import re
import statistics
import sys


def split(advice_path, prefix):
    a = json.load(open(advice_path))
    t = a["threads"]
    e = t.get("estimated_load") or {}
    # a during-load setting read only at start (threads.temporary[].cnf, e.g. the data files through the page cache)
    # goes into the cnf the server restarts with, as the advice says: its restart comes before the SET GLOBALs
    restart = [s["cnf"] for s in t.get("temporary", []) if s.get("cnf")]
    cnf = a["cnf"] + ("\n[mysqld]\n# during the load (threads.temporary)\n" + "\n".join(restart) + "\n" if restart else "")
    open(prefix + ".cnf", "w").write(cnf)
    open(prefix + ".threads", "w").write(f"{t['load']['threads']}\n")
    open(prefix + ".estimate", "w").write(f"{e.get('low_s', 0)} {e.get('high_s', 0)}\n")
    # the loader's line: myloader's, or for a mysqldump file the mysql client's (bench-heldout.sh --format mysqldump)
    cmds = t["commands"]
    at = loader_index(cmds)
    if at < 0:
        sys.exit(f"{advice_path}: mytune printed no myloader or mysql line: {cmds}")
    open(prefix + ".cmd", "w").write(cmds[at] + "\n")
    # the printed lines before the loader's (a directory of links with the FULLTEXT keys taken out of its schema
    # files: the FULLTEXT deferral), run before each timed load as printed
    open(prefix + ".pre", "w").write("".join(c + "\n" for c in cmds[:at] if c.startswith(("mkdir ", "find ", "ln "))))
    apply = [s["apply"] for s in t.get("temporary", []) if s["apply"].startswith(("SET GLOBAL", "ALTER INSTANCE"))]
    open(prefix + ".apply.sql", "w").write("".join(line + "\n" for line in apply))
    # a printed line that runs after the loader (mysqlcheck --analyze: statistics not recalculated during the load)
    # and the FULLTEXT deferral's ALTER TABLE … ADD line, in the printed order
    post = [c for c in cmds[at + 1:] if c.startswith(("mysqlcheck ", "mysql ", "mariadb ", "printf "))]
    open(prefix + ".post", "w").write(" && ".join(post) + "\n" if post else "")


def loader_index(cmds):
    """The index of the loader's line among the printed commands: myloader's, or for a mysqldump file the client
    reading the file (its line has a < or a | before the client); -1 when none."""
    for i, c in enumerate(cmds):
        if c.startswith("myloader "):
            return i
    for i, c in enumerate(cmds):
        if (c.startswith(("mysql ", "mariadb ")) and " < " in c) or (" | " in c and (" mysql " in c or " mariadb " in c)):
            return i
    for i, c in enumerate(cmds):
        if c.startswith(("mysql ", "mariadb ")):
            return i
    return -1


def runs(work):
    """results.txt: "CELL THREADS REP SECONDS LOAD1 LOAD5" -> {cell: {threads: [(rep, s, load1)]}}"""
    out = {}
    for line in open(os.path.join(work, "results.txt")):
        f = line.split()
        if len(f) != 6:
            continue
        out.setdefault(f[0], {}).setdefault(f[1], []).append((int(f[2]), float(f[3]), float(f[4])))
    return out


def deadlocks(work):
    out = {}
    path = os.path.join(work, "failures.txt")
    for line in open(path) if os.path.exists(path) else []:
        m = re.match(r"(\S+) (\d+) \d+ try \d+ .*Deadlock", line)
        if m:
            d = out.setdefault(m.group(1), {})
            d[m.group(2)] = d.get(m.group(2), 0) + 1
    return out


def binlog_bytes(work):
    """binlog.txt: "CELL THREADS REP BYTES" -> {cell: {threads: [bytes in rep order]}}"""
    out = {}
    path = os.path.join(work, "binlog.txt")
    for line in open(path) if os.path.exists(path) else []:
        f = line.split()
        if len(f) == 4:
            out.setdefault(f[0], {}).setdefault(f[1], []).append((int(f[2]), int(f[3])))
    return {c: {k: [b for _, b in sorted(v)] for k, v in t.items()} for c, t in out.items()}


def cpu(work):
    """cpu.txt: "CELL THREADS REP BUSY_PCT IOWAIT_PCT STEAL_PCT CPU_EPS" -> {cell: {threads: [{busy_pct, iowait_pct,
    steal_pct, cpu_eps} in rep order]}}: the host's CPU over each run (absent in sweeps before 2026-12-02)"""
    out = {}
    path = os.path.join(work, "cpu.txt")
    num = lambda x: None if x == "-" else float(x)
    for line in open(path) if os.path.exists(path) else []:
        f = line.split()
        if len(f) == 7:
            v = dict(zip(("busy_pct", "iowait_pct", "steal_pct", "cpu_eps"), map(num, f[3:])))
            out.setdefault(f[0], {}).setdefault(f[1], []).append((int(f[2]), v))
    return {c: {k: [v for _, v in sorted(x, key=lambda r: r[0])] for k, x in t.items()} for c, t in out.items()}


IO_FIELDS = ("wios", "wbytes", "log_bytes", "log_writes", "data_fsyncs", "data_writes", "data_bytes",
             "pages_flushed", "dblwr_pages")


def io(work):
    """io.txt: "CELL THREADS REP" and the IO_FIELDS -> {cell: {threads: [{field: count} in rep order]}}: what each
    run wrote (the bed's write I/Os and bytes, InnoDB's counters; absent in sweeps before 2026-12-02 14:00)"""
    out = {}
    path = os.path.join(work, "io.txt")
    num = lambda x: None if x == "-" else int(x)
    for line in open(path) if os.path.exists(path) else []:
        f = line.split()
        if len(f) == 3 + len(IO_FIELDS):
            v = dict(zip(IO_FIELDS, map(num, f[3:])))
            out.setdefault(f[0], {}).setdefault(f[1], []).append((int(f[2]), v))
    return {c: {k: [v for _, v in sorted(x, key=lambda r: r[0])] for k, x in t.items()} for c, t in out.items()}


def cell(work, line, measured, lost):
    name, mem, dur, mode, *opts = line.split()
    base = name.rsplit("-", 1)[0]
    a = json.load(open(os.path.join(work, base + ".advice.json")))
    t = a["threads"]
    # a load that writes the binary log is scored against the range printed for it (mytune 2026-12-03 on)
    e = (t.get("estimated_load_binlog_written") if mode == "written" else None) or t.get("estimated_load") or {}
    m = measured.get(name, {})
    by_threads = {k: [s for _, s, _ in sorted(v)] for k, v in sorted(m.items(), key=lambda kv: int(kv[0]))}
    return {
        "cell": name, "mem_limit": mem, "durability": dur, "binlog": mode,
        "server": " ".join(opts),
        "printed": {
            "threads": t["load"]["threads"], "why": t["load"].get("why", ""),
            "low_s": e.get("low_s", 0), "high_s": e.get("high_s", 0), "basis": e.get("basis", ""),
            "commands": t["commands"], "temporary": t.get("temporary", []), "cnf": a["cnf"],
        },
        "runs_s": by_threads,
        "median_s": {k: statistics.median(v) for k, v in by_threads.items()},
        "load1": {k: [l for _, _, l in sorted(v)] for k, v in m.items()},
        "deadlocks": lost.get(name, {}),
        "binlog_bytes": binlog_bytes(work).get(name, {}),
        "cpu": cpu(work).get(name, {}),
        "io": io(work).get(name, {}),
        "profile": a["profile"],
    }


def record(work, out, pairs):
    prov = dict(p.split("=", 1) for p in pairs)
    measured, lost = runs(work), deadlocks(work)
    cells = [cell(work, line, measured, lost) for line in open(os.path.join(work, "cells.txt")) if line.strip()]
    doc = {"schema": "mytune.heldout/v1", "provenance": prov, "cells": cells}
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(tmp, out)
    for c in cells:
        p, med = c["printed"], c["median_s"]
        at = med.get(str(p["threads"]))
        best = min(med.values()) if med else None
        print(f"{c['cell']}: printed {p['threads']} threads, {p['low_s']:.0f}-{p['high_s']:.0f} s; "
              f"measured {at} s there, best {best} s; medians {med}", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "split":
        split(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
