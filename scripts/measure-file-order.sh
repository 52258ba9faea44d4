#!/usr/bin/env bash
# measure-file-order.sh: does the order a table's data files are loaded in change how many pages its tablespace
# takes? (advisor/threads/testdata/growth-sync-fit/boundaries.txt; growthrules.go, BoundaryPages.) A throw-away
# MariaDB; a table of sysbench's columns (id INT PK, k INT random, c CHAR(120), pad CHAR(60), KEY k_1 (k)), 8 HASH
# partitions of 4,000 rows or one table of 1,000, split into FILES contiguous id ranges, each range one multi-row
# INSERT in its own transaction (as myloader runs a data file: UNIQUE_CHECKS=0, FOREIGN_KEY_CHECKS=0), one session,
# the ranges in the ORDER given; prints the .ibd files' sizes in pages (count × size) for each order.
#
# A measurement, not a test: needs mariadbd, mariadb-install-db and python3.
# Usage: nice -n 19 scripts/measure-file-order.sh [WORK]
set -euo pipefail
W=${1:-$(mktemp -d /tmp/file-order.XXXXXX)}
SOCK=$W/s.sock PIDF=$W/s.pid DD=$W/data
# shellcheck source=bench-lib.sh
source "$(dirname "$0")/bench-lib.sh"
trap 'pidfile_stop "$PIDF"' EXIT
throwaway_server "$W" --innodb-buffer-pool-size=1G --innodb-log-file-size=256M --innodb-stats-auto-recalc=0
echo "# $(mariadb --socket="$SOCK" -u root -N -B -e 'SELECT VERSION()'), one session, a transaction a range"
SOCK=$SOCK DD=$DD python3 - <<'PY'
import collections, glob, os, random, subprocess, time
sock, dd = os.environ["SOCK"], os.environ["DD"]
def q(sql):
    subprocess.run(["mariadb", "--socket=" + sock, "-u", "root", "-N", "-B"], input=sql.encode(), check=True)
def load(label, order, parts, rows):
    q("DROP DATABASE IF EXISTS t; CREATE DATABASE t; CREATE TABLE t.a (id INT NOT NULL PRIMARY KEY, k INT NOT NULL,"
      " c CHAR(120) NOT NULL, pad CHAR(60) NOT NULL, KEY k_1 (k)) ENGINE=InnoDB %s;" % parts)
    per = rows // len(order)
    random.seed(1)
    for f in order:
        vals = ",".join("(%d,%d,'%s','%s')" % (i, random.randint(1, 100000), "c" * 120, "p" * 60)
                        for i in range(f * per + 1, (f + 1) * per + 1))
        q("SET UNIQUE_CHECKS=0, FOREIGN_KEY_CHECKS=0; USE t; BEGIN; INSERT INTO a VALUES %s; COMMIT;" % vals)
    time.sleep(0.3)
    sizes = collections.Counter(os.path.getsize(x) // 16384 for x in glob.glob(dd + "/t/*.ibd"))
    print("%s, order %s: .ibd pages %s" % (label, ",".join(map(str, order)),
          " ".join("%d×%d" % (n, s) for s, n in sorted(sizes.items()))), flush=True)
p8 = "PARTITION BY HASH (id) PARTITIONS 8"
for order in [(0,), (0, 1, 2, 3), (0, 2, 1, 3), (3, 2, 1, 0), (1, 3, 0, 2)]:
    load("8 partitions of 500 rows, %d range(s)" % len(order), order, p8, 4000)
for order in [(0, 1, 2, 3, 4, 5, 6, 7), (7, 6, 5, 4, 3, 2, 1, 0), (3, 6, 0, 7, 2, 5, 1, 4)]:
    load("8 partitions of 500 rows, 8 ranges", order, p8, 4000)
for order in [(0,), (0, 1, 2, 3, 4, 5, 6, 7), (7, 6, 5, 4, 3, 2, 1, 0), (3, 6, 0, 7, 2, 5, 1, 4)]:
    load("one table of 1,000 rows, %d range(s)" % len(order), order, "", 1000)
PY
