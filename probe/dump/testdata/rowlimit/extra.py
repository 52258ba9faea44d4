#!/usr/bin/env python3
"""extra.py: more shapes, each a head of columns + FILL x CHAR(255) latin1 + CHAR(x) latin1, x searched 1..255:
the largest x a MariaDB 10.11.19 CREATE TABLE (innodb_strict_mode=ON) accepts on the r51 4K server, and x+1."""
import subprocess, json
def run(ps, sql):
    p = subprocess.run(["mariadb", "-S", f"/var/tmp/r51/s{ps}.sock", "-uroot", "-N", "r51", "-e", sql], capture_output=True, text=True)
    err = p.stderr.strip().splitlines()
    return p.returncode == 0, (err[-1] if err else "")
def ddl(head, fill, x, fmt):
    cols = head + [f"`f{i}` char(255) CHARACTER SET latin1 NOT NULL" for i in range(fill)] + [f"`x` char({x}) CHARACTER SET latin1 NOT NULL"]
    return "CREATE TABLE `t` (\n  " + ",\n  ".join(cols) + "\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 ROW_FORMAT=" + fmt
SHAPES = [
 ("head_none", "DYNAMIC", 7, []),
 ("head_bigint_pk", "DYNAMIC", 7, ["`id` bigint(20) NOT NULL PRIMARY KEY"]),
 ("head_tinyint_pk", "DYNAMIC", 7, ["`id` tinyint(4) NOT NULL PRIMARY KEY"]),
 ("head_unique_not_null", "DYNAMIC", 7, ["`id` int(11) NOT NULL", "UNIQUE KEY `u` (`id`)"]),
 ("head_int_null", "DYNAMIC", 7, ["`id` int(11) DEFAULT NULL"]),
 ("head_two_int_null", "DYNAMIC", 7, ["`a` int(11) DEFAULT NULL", "`b` int(11) DEFAULT NULL"]),
 ("head_composite_pk", "DYNAMIC", 7, ["`id` int(11) NOT NULL", "`y` int(11) NOT NULL", "PRIMARY KEY (`id`,`y`)"]),
 ("head_char30_pk", "DYNAMIC", 7, ["`id` char(30) CHARACTER SET latin1 NOT NULL PRIMARY KEY"]),
 ("head_varchar30_pk", "DYNAMIC", 7, ["`id` varchar(30) CHARACTER SET latin1 NOT NULL PRIMARY KEY"]),
 ("head_varchar500_pk", "DYNAMIC", 7, ["`id` varchar(500) CHARACTER SET latin1 NOT NULL PRIMARY KEY"]),
 ("head_varchar500_pk_compact", "COMPACT", 5, ["`id` varchar(500) CHARACTER SET latin1 NOT NULL PRIMARY KEY"]),
 ("head_prefix_pk_500", "DYNAMIC", 7, ["`id` varchar(500) CHARACTER SET latin1 NOT NULL", "PRIMARY KEY (`id`(10))"]),
 ("head_prefix_pk_50", "DYNAMIC", 7, ["`id` varchar(50) CHARACTER SET latin1 NOT NULL", "PRIMARY KEY (`id`(10))"]),
 ("head_varchar41_100", "DYNAMIC", 7, ["`id` int(11) NOT NULL PRIMARY KEY", "`a` varchar(41) CHARACTER SET latin1 NOT NULL", "`b` varchar(100) CHARACTER SET latin1 NOT NULL"]),
 ("head_blob_vb256_tinytext", "DYNAMIC", 7, ["`id` int(11) NOT NULL PRIMARY KEY", "`a` blob NOT NULL", "`b` varbinary(256) NOT NULL", "`c` tinytext NOT NULL"]),
 ("head_tinytext_compact", "COMPACT", 4, ["`id` int(11) NOT NULL PRIMARY KEY", "`a` tinytext NOT NULL"]),
 ("head_two_vc1000_compact", "COMPACT", 1, ["`id` int(11) NOT NULL PRIMARY KEY", "`a` varchar(1000) CHARACTER SET latin1 NOT NULL", "`b` varchar(1000) CHARACTER SET latin1 NOT NULL"]),
 ("head_two_vc788_compact", "COMPACT", 1, ["`id` int(11) NOT NULL PRIMARY KEY", "`a` varchar(788) CHARACTER SET latin1 NOT NULL", "`b` varchar(788) CHARACTER SET latin1 NOT NULL"]),
 ("head_two_text_redundant", "REDUNDANT", 1, ["`id` int(11) NOT NULL PRIMARY KEY", "`a` text NOT NULL", "`b` text NOT NULL"]),
 ("head_virtual_stored", "DYNAMIC", 7, ["`id` int(11) NOT NULL PRIMARY KEY", "`v` int(11) GENERATED ALWAYS AS (`id` + 1) VIRTUAL", "`s` bigint(20) GENERATED ALWAYS AS (`id` + 2) STORED"]),
]
out = []
for name, fmt, fill, head in SHAPES:
    ok = lambda x: run("4k", "DROP TABLE IF EXISTS t; SET SESSION innodb_strict_mode=ON; " + ddl(head, fill, x, fmt))
    if not ok(1)[0]:
        print("4k", name, "refuses x=1:", ok(1)[1]); continue
    lo, hi = 1, 256
    if ok(255)[0]:
        print("4k", name, "takes x=255; more fill needed"); continue
    while hi - lo > 1:
        m = (lo + hi) // 2
        if ok(m)[0]: lo = m
        else: hi = m
    err = ok(hi)[1]
    out.append(dict(page="4k", shape=name, max_n=lo, accepted=ddl(head, fill, lo, fmt), refused=ddl(head, fill, hi, fmt), error=err))
    print("4k", name, lo, err[:80])
json.dump(out, open("/var/tmp/r51/shapes/extra-4k.json", "w"), indent=1)
