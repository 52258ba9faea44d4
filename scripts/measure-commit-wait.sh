#!/usr/bin/env bash
# measure-commit-wait.sh: a mysqldump file whose every INSERT is its own
# transaction (mariadb-dump --skip-extended-insert, loaded by the mysql
# client with autocommit), loaded into a MariaDB on a throttled test bed
# with innodb_flush_log_at_trx_commit = 1 (strict), with 2 and (MariaDB)
# innodb_log_file_buffering = ON set for the load as the relaxed advice has
# them (relaxed), and with 2 alone (relaxed-2only, not the advice), interleaved; mytune's printed estimate for each beside the
# measured time (docs/benchmarks/commit-wait.md).
#
# A measurement, not a test: needs root (the bed), mariadbd,
# mariadb-install-db, mariadb-dump, and bin/mytune (make build). Usage:
#   nice scripts/measure-commit-wait.sh   (env: PROFILE=sd ROWS=20000 REPS=3 BED=cwait,
#   BEDFLAGS="--write-iops 300 --write-bps 20000000" with PROFILE=custom)
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE=${PROFILE:-sd} ROWS=${ROWS:-20000} REPS=${REPS:-3} BED=${BED:-cwait}
MYTUNE=${MYTUNE:-$PWD/bin/mytune} TB="bash scripts/testbed.sh"
WORK=$(mktemp -d /var/tmp/commit-wait.XXXXXX)
SOCK=$WORK/s.sock
log() { echo "[$(date +%T)] $*" >&2; }
sql() { mariadb --socket="$SOCK" -u root -N -e "/* mytune bench */ $1"; }
PID=""
stop() { # wait for the process, not its pid file
  if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; while kill -0 "$PID" 2>/dev/null; do sleep 0.5; done; fi
  PID=""
}
cleanup() { stop; $TB down "$BED" >/dev/null 2>&1 || true; rm -rf "$WORK"; }
trap cleanup EXIT

$TB up "$BED" "$PROFILE" --size 2G ${BEDFLAGS:-} >/dev/null
DIR=$($TB info "$BED" | sed -n 's/^DIR=//p')
DD=$DIR/data
mariadb-install-db --no-defaults --datadir="$DD" --auth-root-authentication-method=normal >"$WORK/install.log" 2>&1
$TB run "$BED" mariadbd --no-defaults --user=root --datadir="$DD" --socket="$SOCK" --skip-networking \
  --skip-grant-tables --skip-log-bin --log-error="$WORK/server.err" &
PID=$!
for _ in $(seq 240); do mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
PID=$(pgrep -f -- "--socket=$SOCK" | head -1)
log "server $(sql 'SELECT VERSION()') on the $PROFILE bed, log buffering $(sql 'SELECT @@innodb_log_file_buffering' 2>/dev/null || echo n/a)"

sql "CREATE DATABASE src"
sql "CREATE TABLE src.t (id INT PRIMARY KEY, k INT NOT NULL, c CHAR(120) NOT NULL, KEY (k)) ENGINE=InnoDB"
sql "INSERT INTO src.t SELECT seq, seq % 1000, LPAD(seq, 120, '7') FROM src.seq_1_to_$ROWS"
mariadb-dump --socket="$SOCK" -u root --skip-extended-insert --databases src >"$WORK/dump.sql"
sql "DROP DATABASE src"
log "dump: $(grep -c '^INSERT' "$WORK/dump.sql") INSERT statements, $(wc -c <"$WORK/dump.sql") bytes"

# estimate MODE: mytune's printed load range for the dump, "low high"
estimate() {
  # inside the bed's throttle, as mariadbd: outside it the probe measures the loop device unthrottled
  $TB run "$BED" "$MYTUNE" advise --datadir "$DD" -S "$SOCK" -u root --dump "$WORK/dump.sql" --task load --durability "$1" \
    --format json 2>/dev/null | python3 -c 'import json,sys; e=json.load(sys.stdin)["threads"]["estimated_load"]; print("%.1f %.1f" % (e["low_s"], e["high_s"]))'
}
# load MODE: one load into a fresh src; prints seconds
load() {
  sql "DROP DATABASE IF EXISTS src"
  sql "SET GLOBAL innodb_max_dirty_pages_pct=0"; sleep 3; sql "SET GLOBAL innodb_max_dirty_pages_pct=90"
  case $1 in
    relaxed) # as the relaxed advice has it: 2, and the log through the page cache where MariaDB has the switch
      sql "SET GLOBAL innodb_flush_log_at_trx_commit = 2"
      [ -n "$(sql "SHOW GLOBAL VARIABLES LIKE 'innodb_log_file_buffering'")" ] && sql "SET GLOBAL innodb_log_file_buffering = ON" ;;
    relaxed-2only) sql "SET GLOBAL innodb_flush_log_at_trx_commit = 2" ;; # not the advice: 2 alone
  esac
  local t0 t1; t0=$(date +%s.%N)
  mariadb --socket="$SOCK" -u root <"$WORK/dump.sql"
  t1=$(date +%s.%N)
  sql "SET GLOBAL innodb_flush_log_at_trx_commit = 1"
  [ -n "$(sql "SHOW GLOBAL VARIABLES LIKE 'innodb_log_file_buffering'")" ] && sql "SET GLOBAL innodb_log_file_buffering = OFF"
  python3 -c "print('%.1f' % ($t1 - $t0))"
}

printf '%-8s %-4s %-10s %-16s %s\n' mode rep measured_s estimate_s inside
for rep in $(seq "$REPS"); do
  for mode in strict relaxed relaxed-2only; do
    read -r lo hi < <(estimate "${mode%-2only}")
    s=$(load "$mode")
    in=$(python3 -c "print('yes' if $lo <= $s <= $hi else 'no')")
    printf '%-8s %-4s %-10s %-16s %s\n' "$mode" "$rep" "$s" "$lo-$hi" "$in"
  done
done
