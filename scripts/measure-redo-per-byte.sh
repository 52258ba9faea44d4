#!/usr/bin/env bash
# measure-redo-per-byte.sh: how many bytes of redo InnoDB writes per byte of
# dump SQL, and MariaDB's checkpoint limit for a few redo log sizes
# (docs/benchmarks/redo-per-byte.md).
#
# A sysbench dataset (TABLES × ROWS, secondary index k) is dumped once by
# mydumper; the dump is then loaded by myloader into a fresh database of a
# throw-away MariaDB (no test bed: the datadir is in $WORK), with and
# without the secondary index k (the schema files' KEY line removed), and
# Innodb_lsn_current is read before and after each load. Finally the redo
# log is resized online to each of SIZES and Innodb_checkpoint_max_age read.
#
# A measurement, not a test: needs mariadbd, mariadb-install-db, mydumper,
# myloader, sysbench. Usage: nice -n 19 scripts/measure-redo-per-byte.sh
# [WORK] (env: TABLES=8 ROWS=100000 THREADS=4 POOL=2G SIZES="96M 128M 256M 512M").
set -euo pipefail
WORK=${1:-$(mktemp -d /tmp/redo-per-byte.XXXXXX)}
TABLES=${TABLES:-8} ROWS=${ROWS:-100000} THREADS=${THREADS:-4} POOL=${POOL:-2G}
SIZES=${SIZES:-96M 128M 256M 512M}
SOCK=$WORK/s.sock PIDF=$WORK/s.pid DD=$WORK/data
log() { echo "[$(date +%T)] $*" >&2; }
sql() { mariadb --socket="$SOCK" -u root -N -e "/* mytune bench */ $1"; }
stat() { sql "SHOW GLOBAL STATUS LIKE '$1'" | awk '{print $2}'; }
stop() { [ -f "$PIDF" ] && kill "$(cat "$PIDF")" 2>/dev/null; for _ in $(seq 120); do [ -f "$PIDF" ] || break; sleep 0.5; done; }
trap stop EXIT

mkdir -p "$WORK"
mariadb-install-db --no-defaults --datadir="$DD" --auth-root-authentication-method=normal >"$WORK/install.log" 2>&1
mariadbd --no-defaults --user=root --datadir="$DD" --socket="$SOCK" --pid-file="$PIDF" --skip-networking \
  --skip-grant-tables --innodb-buffer-pool-size="$POOL" --log-error="$WORK/server.err" &
for _ in $(seq 240); do mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
log "server: $(sql 'SELECT VERSION()'), pool $POOL, redo $(sql 'SELECT @@innodb_log_file_size')"

if [ ! -f "$WORK/dump/metadata" ]; then
  log "dump: sysbench $TABLES tables × $ROWS rows, mydumper --rows $(( (ROWS + 3) / 4 ))"
  sql "CREATE DATABASE sbtest"
  sysbench oltp_read_write --db-driver=mysql --mysql-socket="$SOCK" --mysql-user=root --mysql-db=sbtest \
    --tables="$TABLES" --table-size="$ROWS" --threads=2 prepare >"$WORK/sysbench.log"
  mydumper --socket "$SOCK" -u root -B sbtest --rows $(( (ROWS + 3) / 4 )) -t 2 -o "$WORK/dump" >/dev/null
  sql "DROP DATABASE sbtest"
fi
rm -rf "$WORK/dump-nok"; cp -r "$WORK/dump" "$WORK/dump-nok"
for f in "$WORK"/dump-nok/*-schema.sql; do # drop the secondary index: "KEY `k_1` (`k`)" and the comma before it
  python3 - "$f" <<'EOF'
import re, sys
p = sys.argv[1]; s = open(p).read()
s = re.sub(r",\s*KEY `k_\d+` \(`k`\)", "", s)
open(p, "w").write(s)
EOF
done
grep -l 'KEY `k_' "$WORK"/dump-nok/*-schema.sql && { echo "the index is still there" >&2; exit 1; }
data=$(cat "$WORK"/dump/sbtest.sbtest*.sql | wc -c); all=$(du -cb "$WORK"/dump/* | tail -1 | cut -f1)
log "dump: $data bytes of data SQL, $all bytes in all"

# load NAME DIR: one myloader run into a fresh sbtest; prints redo bytes and the ratio
load() {
  local name=$1 dir=$2 before after secs t0
  sql "DROP DATABASE IF EXISTS sbtest"
  sql "SET GLOBAL innodb_max_dirty_pages_pct=0"; sleep 5; sql "SET GLOBAL innodb_max_dirty_pages_pct=90"
  before=$(stat Innodb_lsn_current); t0=$(date +%s.%N)
  myloader --socket "$SOCK" -u root -d "$dir" -t "$THREADS" >"$WORK/myloader-$name.log" 2>&1
  secs=$(echo "$(date +%s.%N) - $t0" | bc); after=$(stat Innodb_lsn_current)
  echo "$name: threads $THREADS, $(printf %.1f "$secs") s, redo $((after - before)) bytes, $(echo "scale=3; ($after - $before) / $data" | bc) per data SQL byte, $(echo "scale=3; ($after - $before) / $all" | bc) per dump byte; tablespace $(du -cb "$DD"/sbtest/*.ibd | tail -1 | cut -f1) bytes"
}
load with-k "$WORK/dump"
load without-k "$WORK/dump-nok"
load with-k-2 "$WORK/dump"
sql "DROP DATABASE IF EXISTS sbtest"

for s in $SIZES; do
  sql "SET GLOBAL innodb_log_file_size = $(numfmt --from=iec "$s")"
  echo "innodb_log_file_size $s ($(sql 'SELECT @@innodb_log_file_size')): Innodb_checkpoint_max_age $(stat Innodb_checkpoint_max_age)"
done
