#!/usr/bin/env bash
# measure-bulk-growth.sh: does InnoDB's bulk-insert path into an empty table order a table's tablespace growth?
# (docs/benchmarks/estimate.md, "The bulk-insert path orders a table's growth"; advisor/threads/growthrules.go,
# bulkShare). For each SHAPE:ROWS of SPECS (scripts/bench-shapes.sh's shapes, 8 tables unless TABLES): the shape
# is filled, dumped by mydumper (a quarter of the rows a file, as the benches dump), and loaded back by myloader
# at THREADS sessions twice into a throw-away MariaDB (no test bed: the count is the tables' own,
# advisor/threads/testdata/growth-sync-fit/); then, with ROWPATH=1, with `SET UNIQUE_CHECKS=1;` prepended to
# every data file, which keeps every row on the row-by-row path. Prints per load: Innodb_data_fsyncs over it, a
# table, and the .ibd files' sizes in pages (count × size); then one table's index sizes (innodb_index_stats).
#
# A measurement, not a test: needs mariadbd, mariadb-install-db, mydumper, myloader, sysbench.
# (CHUNK=N: mydumper --rows N, a data file every N rows, in place of a quarter of a table's; PARTS=N: part8's
# partitions a table; MYSQLDUMP=1: dumped by mariadb-dump --databases into one file and loaded by the mysql client
# through one session, ROWPATH=1 then turning the file's own UNIQUE_CHECKS=0 into 1.)
# Usage: SPECS="narrow8:100000" [ROWPATH=1] [THREADS=8] [CHUNK=N] [PARTS=N] nice -n 19 scripts/measure-bulk-growth.sh [WORK]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench-shapes.sh
source "$ROOT/scripts/bench-shapes.sh"
W=${1:-$(mktemp -d /tmp/bulk-growth.XXXXXX)}
SOCK=$W/s.sock PIDF=$W/s.pid DD=$W/data
sql() { mariadb --socket="$SOCK" -u root -N -B -e "/* mytune bench */ $1"; }
# shellcheck source=bench-lib.sh
source "$(dirname "$0")/bench-lib.sh"
stop() { pidfile_stop "$PIDF"; }
trap stop EXIT
# the advised cnf's load settings that matter here: a pool that holds the load, a redo that holds it, no recalculation
throwaway_server "$W" --innodb-buffer-pool-size=2G --innodb-log-file-size=512M --innodb-stats-auto-recalc=0
echo "# $(sql 'SELECT VERSION()'), $(myloader --version 2>&1 | head -1), threads ${THREADS:-8}, row path only: ${ROWPATH:-no}"
fsyncs() { sql "SHOW GLOBAL STATUS LIKE 'Innodb_data_fsyncs'" | awk '{print $2}'; }
for spec in ${SPECS:?SPECS=\"SHAPE:ROWS ...\"}; do
  SHAPE=${spec%:*} SH_ROWS=${spec#*:} SH_TABLES=${TABLES:-8} SH_SCHEMAS="" SH_CHUNK_ROWS=${CHUNK:-} SH_PARTS=${PARTS:-}
  shape_init
  shape_drop "$SOCK"; shape_fill "$SOCK" "$W/fill.log"; rm -rf "$W/dump"
  if [ -n "${MYSQLDUMP:-}" ]; then
    mkdir "$W/dump"
    # shellcheck disable=SC2046 # one word a schema
    mariadb-dump --socket "$SOCK" -u root --databases $(shape_schemas) >"$W/dump/dump.sql"
    [ -z "${ROWPATH:-}" ] || sed -i 's/UNIQUE_CHECKS=0 \*\//UNIQUE_CHECKS=1 *\//' "$W/dump/dump.sql"
  else
    shape_dump "$SOCK" "$W/dump"
    if [ -n "${ROWPATH:-}" ]; then for f in "$W"/dump/*.[0-9]*.sql; do sed -i '1i SET UNIQUE_CHECKS=1;' "$f"; done; fi
  fi
  for rep in 1 2; do
    shape_drop "$SOCK"; sync
    a=$(fsyncs)
    if [ -n "${MYSQLDUMP:-}" ]; then mariadb --socket "$SOCK" -u root <"$W/dump/dump.sql"
    else myloader --socket "$SOCK" -u root -d "$W/dump" -t "${THREADS:-8}" >/dev/null 2>&1; fi
    b=$(fsyncs)
    sizes=$(for db in $(shape_schemas); do for f in "$DD/$db"/*.ibd; do echo $(($(stat -c %s "$f") / 16384)); done; done |
      sort -n | uniq -c | awk '{printf "%s×%s ", $1, $2}')
    echo "$spec rep $rep: data fsyncs $((b - a)), $(echo "scale=1; ($b - $a) / $SH_TABLES" | bc) a table; .ibd pages $sizes"
  done
  db=$(shape_schemas | head -1)
  sql "ANALYZE TABLE $db.sbtest1" >/dev/null
  echo "  $db.sbtest1 pages: $(sql "SELECT index_name, stat_value FROM mysql.innodb_index_stats WHERE database_name = '$db'
    AND table_name = 'sbtest1' AND stat_name = 'size'" | awk '{printf "%s %s ", $1, $2}')"
done
