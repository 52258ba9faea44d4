#!/usr/bin/env bash
# measure-loaded-size.sh: how many bytes of InnoDB a byte of dump SQL becomes
# once loaded (docs/benchmarks/loaded-size.md), for the restore plan's
# "does the loaded data fit the pool" and "what the load adds to the disk".
#
# For each shape TABLESxROWS of SHAPES: a sysbench dataset (secondary index k)
# is dumped by mydumper (--rows ROWS/4, as the other benches), dropped, and
# loaded back by myloader into a throw-away MariaDB (no test bed: the datadir
# is in $WORK); then ANALYZE TABLE, and the loaded size read two ways:
# information_schema DATA_LENGTH + INDEX_LENGTH (the pages the buffer pool
# would hold) and the .ibd files' bytes (what the disk holds).
#
# A measurement, not a test: needs mariadbd, mariadb-install-db, mydumper,
# myloader, sysbench. Usage: nice -n 19 scripts/measure-loaded-size.sh [WORK]
# (env: SHAPES="8x25000 8x100000 4x400000 32x10000" THREADS=4 POOL=2G).
set -euo pipefail
WORK=${1:-$(mktemp -d /tmp/loaded-size.XXXXXX)}
SHAPES=${SHAPES:-8x25000 8x100000 4x400000 32x10000} THREADS=${THREADS:-4} POOL=${POOL:-2G}
SOCK=$WORK/s.sock PIDF=$WORK/s.pid DD=$WORK/data
log() { echo "[$(date +%T)] $*" >&2; }
sql() { mariadb --socket="$SOCK" -u root -N -e "/* mytune bench */ $1"; }
# shellcheck source=bench-lib.sh
source "$(dirname "$0")/bench-lib.sh"
stop() { pidfile_stop "$PIDF"; }
trap stop EXIT

mkdir -p "$WORK"
mariadb-install-db --no-defaults --datadir="$DD" --auth-root-authentication-method=normal >"$WORK/install.log" 2>&1
mariadbd --no-defaults --user=root --datadir="$DD" --socket="$SOCK" --pid-file="$PIDF" --skip-networking \
  --skip-grant-tables --innodb-buffer-pool-size="$POOL" --log-error="$WORK/server.err" &
for _ in $(seq 240); do mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
log "server: $(sql 'SELECT VERSION()'), pool $POOL"
echo "shape	data_sql_bytes	dump_bytes	is_bytes	ibd_bytes	is_per_sql	ibd_per_sql"
for shape in $SHAPES; do
  tables=${shape%x*} rows=${shape#*x} dump=$WORK/dump-$shape
  sql "DROP DATABASE IF EXISTS sbtest"; sql "CREATE DATABASE sbtest"
  log "$shape: sysbench prepare"
  sysbench oltp_read_write --db-driver=mysql --mysql-socket="$SOCK" --mysql-user=root --mysql-db=sbtest \
    --tables="$tables" --table-size="$rows" --threads=2 prepare >"$WORK/sysbench-$shape.log"
  rm -rf "$dump"
  mydumper --socket "$SOCK" -u root -B sbtest --rows $(( (rows + 3) / 4 )) -t 2 -o "$dump" >/dev/null
  sql "DROP DATABASE sbtest"
  log "$shape: myloader -t $THREADS"
  myloader --socket "$SOCK" -u root -d "$dump" -t "$THREADS" >"$WORK/myloader-$shape.log" 2>&1
  for i in $(seq 1 "$tables"); do sql "ANALYZE TABLE sbtest.sbtest$i" >/dev/null; done
  data=$(cat "$dump"/sbtest.sbtest*.sql | wc -c); all=$(du -cb "$dump"/* | tail -1 | cut -f1)
  is=$(sql "SELECT SUM(DATA_LENGTH + INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sbtest'")
  ibd=$(du -cb "$DD"/sbtest/*.ibd | tail -1 | cut -f1)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$shape" "$data" "$all" "$is" "$ibd" \
    "$(echo "scale=3; $is / $data" | bc)" "$(echo "scale=3; $ibd / $data" | bc)"
done
sql "DROP DATABASE IF EXISTS sbtest"
