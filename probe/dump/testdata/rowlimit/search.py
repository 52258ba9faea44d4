#!/usr/bin/env python3
"""search.py: for each shape and page size, the largest n a MariaDB 10.11.19 CREATE TABLE
(innodb_strict_mode=ON) accepts; writes the CREATE TABLE at n (accepted) and n+1 (refused)."""
import subprocess, sys, json

def run(ps, sql):
    p = subprocess.run(["mariadb", "-S", f"/var/tmp/r51/s{ps}.sock", "-uroot", "-N", "r51", "-e", sql],
                       capture_output=True, text=True)
    err = p.stderr.strip().splitlines()
    return p.returncode == 0, (err[-1] if err else "")

PK = "`id` int(11) NOT NULL PRIMARY KEY"
def rep(n, typ, first=PK):
    cols = ([first] if first else []) + [f"`c{i}` {typ}" for i in range(1, n + 1)]
    return cols

SHAPES = {
 # name: (row_format, builder(n), pk?, hi)
 "exact_char": ("DYNAMIC", None, True, 255),
 "exact_char_compact": ("COMPACT", None, True, 255),
 "exact_char_redundant": ("REDUNDANT", None, True, 255),
 "exact_char_nopk": ("DYNAMIC", None, False, 255),
 "exact_char_compressed": ("COMPRESSED", None, True, 255),
 "vc40_latin1": ("DYNAMIC", lambda n: rep(n, "varchar(40) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "vc40_utf8mb4": ("DYNAMIC", lambda n: rep(n, "varchar(40) CHARACTER SET utf8mb4 DEFAULT NULL"), True, 1000),
 "vc63_utf8mb4": ("DYNAMIC", lambda n: rep(n, "varchar(63) CHARACTER SET utf8mb4 DEFAULT NULL"), True, 1000),
 "vc64_utf8mb4": ("DYNAMIC", lambda n: rep(n, "varchar(64) CHARACTER SET utf8mb4 DEFAULT NULL"), True, 1000),
 "vc255_latin1": ("DYNAMIC", lambda n: rep(n, "varchar(255) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "vc256_latin1": ("DYNAMIC", lambda n: rep(n, "varchar(256) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "text": ("DYNAMIC", lambda n: rep(n, "text DEFAULT NULL"), True, 1000),
 "int_nopk": ("DYNAMIC", lambda n: rep(n, "int(11) NOT NULL", None), False, 1000),
 "char10_utf8mb4": ("DYNAMIC", lambda n: rep(n, "char(10) CHARACTER SET utf8mb4 NOT NULL"), True, 1000),
 "decimal20_2": ("DYNAMIC", lambda n: rep(n, "decimal(20,2) DEFAULT NULL"), True, 1000),
 "vc300_compact": ("COMPACT", lambda n: rep(n, "varchar(300) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "vc1000_compact": ("COMPACT", lambda n: rep(n, "varchar(1000) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "text_compact": ("COMPACT", lambda n: rep(n, "text DEFAULT NULL"), True, 1000),
 "vc40_compact": ("COMPACT", lambda n: rep(n, "varchar(40) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "vc40_redundant": ("REDUNDANT", lambda n: rep(n, "varchar(40) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "text_redundant": ("REDUNDANT", lambda n: rep(n, "text DEFAULT NULL"), True, 1000),
 "char10_utf8mb4_redundant": ("REDUNDANT", lambda n: rep(n, "char(10) CHARACTER SET utf8mb4 NOT NULL"), True, 1000),
 "vc300_redundant": ("REDUNDANT", lambda n: rep(n, "varchar(300) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
 "vc1000_redundant": ("REDUNDANT", lambda n: rep(n, "varchar(1000) CHARACTER SET latin1 DEFAULT NULL"), True, 1000),
}
FULL = {"4k": 7, "16k": 31, "64k": 128}
FULLFMT = {("64k", "REDUNDANT"): 63, ("4k", "COMPRESSED"): 7, ("16k", "COMPRESSED"): 30}  # CHAR(255) fillers before the searched CHAR(n)

def exact(ps, pk, fmt):
    def b(n):
        first = PK if pk else None
        cols = rep(FULLFMT.get((ps, fmt), FULL[ps]), "char(255) CHARACTER SET latin1 NOT NULL", first)
        return cols + [f"`x` char({max(n,1)}) CHARACTER SET latin1 NOT NULL"]
    return b

def ddl(cols, fmt):
    return "CREATE TABLE `t` (\n  " + ",\n  ".join(cols) + "\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 ROW_FORMAT=" + fmt

out = []
for ps in sys.argv[1].split(","):
    for name in sys.argv[2].split(",") if len(sys.argv) > 2 else SHAPES:
        fmt, build, pk, hi = SHAPES[name]
        if build is None:
            build = exact(ps, pk, fmt)
        def ok(n):
            good, err = run(ps, "DROP TABLE IF EXISTS t; SET SESSION innodb_strict_mode=ON; " + ddl(build(n), fmt))
            return good, err
        lo = 0
        good, err = ok(hi)
        if good:
            out.append(dict(page=ps, shape=name, max_n=hi, accepted=ddl(build(hi), fmt), refused="", error=""))
            print(ps, name, f"{hi}+", flush=True); continue
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if ok(mid)[0]: lo = mid
            else: hi = mid
        g, err = ok(hi)
        out.append(dict(page=ps, shape=name, max_n=lo, accepted=ddl(build(lo), fmt), refused=ddl(build(hi), fmt), error=err))
        print(ps, name, lo, err[:110], flush=True)
json.dump(out, open(sys.argv[3] if len(sys.argv) > 3 else f"/var/tmp/r51/shapes/out-{sys.argv[1]}.json", "w"), indent=1)
