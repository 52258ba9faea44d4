#!/usr/bin/env bash
# measure-loaded-model.sh: the restore plan's loaded size (the row model,
# threads.loaded_innodb_bytes) against what loading really fills, on shapes
# no constant was fitted to (docs/benchmarks/loaded-model.md).
#
# For each scripts/loaded-shapes/NAME.sql (tables built from MariaDB's
# seq_1_to_N): the schema is built in a throw-away MariaDB (no test bed: the
# datadir is in $WORK), dumped by mydumper (--rows a quarter of the largest
# table) and by mariadb-dump, dropped, and loaded back from the mydumper dump
# by myloader; then ANALYZE TABLE and information_schema DATA_LENGTH +
# INDEX_LENGTH (the pages the buffer pool would hold). mytune reads both dumps
# (advise --from a --no-measure profile --task load --dump … --format json) and
# its loaded_innodb_bytes are printed beside the measurement.
#
# A measurement, not a test: needs mariadbd, mariadb-install-db, mydumper,
# myloader, jq and a built mytune (MYTUNE, default bin/mytune).
# Usage: nice -n 19 scripts/measure-loaded-model.sh [WORK] (env SHAPEDIR=scripts/loaded-shapes,
# SHAPES="name …" from it, THREADS=4, POOL=2G)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${1:-$(mktemp -d /tmp/loaded-model.XXXXXX)}
MYTUNE=${MYTUNE:-$HERE/../bin/mytune} THREADS=${THREADS:-4} POOL=${POOL:-2G}
SHAPEDIR=${SHAPEDIR:-$HERE/loaded-shapes}
SHAPES=${SHAPES:-$(cd "$SHAPEDIR" && ls *.sql | sed "s/\.sql$//")}
SOCK=$WORK/s.sock PIDF=$WORK/s.pid DD=$WORK/data
log() { echo "[$(date +%T)] $*" >&2; }
sql() { mariadb --socket="$SOCK" -u root --default-character-set=utf8mb4 -N -e "/* mytune bench */ $1"; }
# shellcheck source=bench-lib.sh
source "$(dirname "$0")/bench-lib.sh"
stop() { pidfile_stop "$PIDF"; }
trap stop EXIT

mkdir -p "$WORK"
mariadb-install-db --no-defaults --datadir="$DD" --auth-root-authentication-method=normal >"$WORK/install.log" 2>&1
mariadbd --no-defaults --user=root --datadir="$DD" --socket="$SOCK" --pid-file="$PIDF" --skip-networking \
  --skip-grant-tables --innodb-buffer-pool-size="$POOL" --log-error="$WORK/server.err" &
for _ in $(seq 240); do mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
log "server: $(sql 'SELECT VERSION()'), pool $POOL; mytune $("$MYTUNE" version | head -1)"
MYTUNE_DISCOVERY=off "$MYTUNE" probe --datadir "$WORK" --no-measure --format json --out "$WORK/profile.json"
predict() { # the loaded_innodb_bytes mytune plans for dump $1
  MYTUNE_DISCOVERY=off "$MYTUNE" advise --from "$WORK/profile.json" --task load --dump "$1" --format json | jq -r '.threads.loaded_innodb_bytes'
}
echo "shape	sql_bytes	measured_is_bytes	model_mydumper	err_mydumper	model_mysqldump	err_mysqldump"
for shape in $SHAPES; do
  dump=$WORK/dump-$shape file=$WORK/$shape.sql
  sql "DROP DATABASE IF EXISTS shape"; sql "CREATE DATABASE shape"
  log "$shape: build"
  mariadb --socket="$SOCK" -u root --default-character-set=utf8mb4 shape <"$SHAPEDIR/$shape.sql"
  rows=$(sql "SELECT MAX(TABLE_ROWS) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shape'")
  rm -rf "$dump"
  mydumper --socket "$SOCK" -u root -B shape --rows $(( (rows + 3) / 4 )) -t 2 -o "$dump" >/dev/null
  mariadb-dump --socket="$SOCK" -u root --databases shape >"$file"
  sql "DROP DATABASE shape"
  log "$shape: myloader -t $THREADS"
  myloader --socket "$SOCK" -u root -d "$dump" -t "$THREADS" >"$WORK/myloader-$shape.log" 2>&1
  for t in $(sql "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shape'"); do
    sql "ANALYZE TABLE shape.\`$t\`" >/dev/null
  done
  data=$(find "$dump" -name 'shape.*.sql' ! -name '*-schema*' -exec cat {} + | wc -c)
  is=$(sql "SELECT SUM(DATA_LENGTH + INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shape'")
  md=$(predict "$dump") mf=$(predict "$file")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$shape" "$data" "$is" "$md" "$(echo "scale=3; ($md - $is) * 100 / $is" | bc)%" \
    "$mf" "$(echo "scale=3; ($mf - $is) * 100 / $is" | bc)%"
done
sql "DROP DATABASE IF EXISTS shape"
