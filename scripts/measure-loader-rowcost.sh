#!/usr/bin/env bash
# measure-loader-rowcost.sh: does a row cost the server the same CPU whichever loader sends it? (the row-width
# fit's cost a row, advisor/threads: measured with myloader, whose sessions run SET NAMES binary; a mysqldump file
# sets utf8mb4 for the mysql client). For each SHAPE:ROWS of SPECS (scripts/bench-shapes.sh's shapes, TABLES tables,
# 4 unless set): the shape is filled, dumped by mydumper (one file a table: --rows above the table's) and by
# mariadb-dump --databases (one file), and loaded into dropped schemas through ONE session each way, REPS rounds
# (3 unless set) in alternating order: myloader -t 1; mysql < the file; and mysql --default-character-set=binary
# < the file (the client's charset as myloader's, the file's own SET NAMES stripped). Prints per load: wall
# seconds and the server's CPU seconds (/proc/PID/stat utime+stime, USER_HZ) over it.
#
# A measurement, not a test: needs mariadbd, mariadb-install-db, mydumper, myloader, sysbench.
# Usage: SPECS="narrow8:60000 sysbench8:25000" [TABLES=4] [REPS=3] nice -n 19 scripts/measure-loader-rowcost.sh [WORK]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench-shapes.sh
source "$ROOT/scripts/bench-shapes.sh"
W=${1:-$(mktemp -d /tmp/loader-rowcost.XXXXXX)}
SOCK=$W/s.sock PIDF=$W/s.pid
sql() { mariadb --socket="$SOCK" -u root -N -B -e "/* mytune bench */ $1"; }
# shellcheck source=bench-lib.sh
source "$(dirname "$0")/bench-lib.sh"
trap 'pidfile_stop "$PIDF"' EXIT
# the advised cnf's load settings that matter here: a pool and a redo that hold the load, no recalculation
throwaway_server "$W" --innodb-buffer-pool-size=2G --innodb-log-file-size=1G --innodb-stats-auto-recalc=0
PID=$(cat "$PIDF")
cpu() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }
hz=$(getconf CLK_TCK)
echo "# $(sql 'SELECT VERSION()'), $(myloader --version 2>&1 | head -1), one session a load, $(nproc) CPUs"
timed() { # LABEL CMD...: one load into dropped schemas, wall and server CPU seconds
  local s e c0 c1
  shape_drop "$SOCK"; sync
  c0=$(cpu); s=$(date +%s.%N)
  "${@:2}"
  e=$(date +%s.%N); c1=$(cpu)
  echo "$spec $1: wall $(echo "$e - $s" | bc) s, server CPU $(echo "scale=2; ($c1 - $c0) / $hz" | bc) s"
}
for spec in ${SPECS:?SPECS=\"SHAPE:ROWS ...\"}; do
  SHAPE=${spec%:*} SH_ROWS=${spec#*:} SH_TABLES=${TABLES:-4} SH_SCHEMAS="" SH_CHUNK_ROWS=$((${spec#*:} + 1)) SH_PARTS=""
  shape_init
  shape_drop "$SOCK"; shape_fill "$SOCK" "$W/fill.log"
  rm -rf "$W/dump"; shape_dump "$SOCK" "$W/dump"
  # shellcheck disable=SC2046 # one word a schema
  mariadb-dump --socket "$SOCK" -u root --databases $(shape_schemas) >"$W/file.sql"
  grep -v '^/\*!40101 SET NAMES' "$W/file.sql" | sed 's/^\/\*!40101 SET character_set_client = utf8mb4 \*\/;//' >"$W/file-bin.sql"
  echo "# $spec: mydumper $(du -sb "$W/dump" | cut -f1) bytes, mariadb-dump $(stat -c %s "$W/file.sql") bytes"
  for r in $(seq "${REPS:-3}"); do
    order="myloader mysql binary"; [ $((r % 2)) = 0 ] && order="binary mysql myloader"
    for how in $order; do
      case $how in
        myloader) timed myloader myloader --socket "$SOCK" -u root -d "$W/dump" -t 1 ;;
        mysql) timed "mysql (utf8mb4)" bash -c "mariadb --socket '$SOCK' -u root < '$W/file.sql'" ;;
        binary) timed "mysql (binary)" bash -c "mariadb --socket '$SOCK' -u root --default-character-set=binary < '$W/file-bin.sql'" ;;
      esac
    done
  done
done
