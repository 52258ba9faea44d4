#!/usr/bin/env bash
# measure-key-defer.sh: does a load gain from leaving the plain secondary keys (KEY/INDEX) out of the CREATE TABLEs
# and adding them after the rows? (advisor/threads/keydefer.go). On a throw-away MariaDB outside any bed (4G pool,
# 1G redo, statistics recalculation off: the advised cnf's load settings that matter on a CPU-bound host), the shape
# SHAPE of scripts/bench-shapes.sh (SH_TABLES/SH_ROWS to scale it) is dumped by mydumper, and loaded by myloader at
# 16 threads into dropped schemas, REPS rounds (5) in an order alternating per round, MODES of (default all three):
#   inline  the dump as it is
#   serial  the dump's links with the KEY lines taken out of the -schema.sql files (the printed perl filter's
#           rule), then one ALTER TABLE … ADD KEY … a table, one after another in one session (what the advice prints)
#   par2    the same with the ALTER TABLEs two at a time (xargs -P 2)
# Prints per load: wall and server CPU seconds (/proc/PID/stat) of the load and of the key step, the indexes found
# after (information_schema.STATISTICS, non-PRIMARY) and the 1-minute load average.
#
# A measurement, not a test: needs mariadbd, mariadb-install-db, mydumper, myloader, sysbench, perl.
# Usage: SHAPE=sysbench8 [SH_TABLES=8] [SH_ROWS=100000] [MODES="inline serial"] [REPS=5] scripts/measure-key-defer.sh [WORK]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/bench-shapes.sh"
W=${1:-$(mktemp -d /tmp/key-defer.XXXXXX)}; mkdir -p "$W"
SOCK=$W/s.sock PIDF=$W/s.pid RUN=$W REP_LOCK="" REP_LOCK_PID=""
source "$ROOT/scripts/bench-lib.sh"
trap 'pidfile_stop "$PIDF"' EXIT
throwaway_server "$W" --innodb-buffer-pool-size=4G --innodb-log-file-size=1G --innodb-stats-auto-recalc=0 --max-connections=200
PID=$(cat "$PIDF"); hz=$(getconf CLK_TCK)
cpu() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }
SHAPE=${SHAPE:-sysbench8} SH_TABLES=${SH_TABLES:-} SH_SCHEMAS="" SH_ROWS=${SH_ROWS:-} SH_CHUNK_ROWS="" SH_PARTS=""
shape_init
if [ ! -d "$W/dump" ]; then
  shape_drop "$SOCK"; shape_fill "$SOCK" "$W/fill.log"
  shape_dump "$SOCK" "$W/dump"
fi
rm -rf "$W/nokeys"; mkdir "$W/nokeys"
find "$W/dump" -maxdepth 1 -type f -exec ln -sf -t "$W/nokeys" {} +
find "$W/nokeys" -name '*-schema.sql' -exec perl -ni -e '$c=1 if /^CREATE TABLE/; if ($c && /^\s*KEY /) { $h =~ s/,(\s*)$/$1/ if !/,\s*$/ } else { print $h; $h = $_ } $c=0 if /^\)/; if (eof) { print $h; $h = "" }' {} +
cat "$W/nokeys/sbtest.sbtest1-schema.sql"
echo "# $(mariadb --socket=$SOCK -u root -N -e 'select version()'), dump $(du -sb $W/dump | cut -f1) bytes, $(ls $W/dump | wc -l) files, sysbench cpu $(cpu_speed)"
alters() { for f in "$W"/dump/*-schema.sql; do b=$(basename "$f" -schema.sql); k=$(grep -E '^\s*KEY ' "$f" | sed 's/,\s*$//; s/^\s*/ADD /' | paste -sd, -); [ -n "$k" ] && echo "ALTER TABLE ${b%%.*}.\`${b#*.}\` $k;"; done; }
alters | head -n 2 || true
run() { # how
  local s m e c0 c1 c2
  shape_drop "$SOCK"; sync; sleep 2
  c0=$(cpu); s=$(date +%s.%N)
  case $1 in
    inline) myloader --socket "$SOCK" -u root -d "$W/dump" -t 16 ;;
    *) myloader --socket "$SOCK" -u root -d "$W/nokeys" -t 16 ;;
  esac
  m=$(date +%s.%N); c1=$(cpu)
  case $1 in
    serial) alters | mariadb --socket "$SOCK" -u root ;;
    par2) alters | xargs -P 2 -I{} mariadb --socket "$SOCK" -u root -e "{}" ;;
  esac
  e=$(date +%s.%N); c2=$(cpu)
  shape_check "$SOCK" >/dev/null || echo "ROWS WRONG"
  n=$(mariadb --socket=$SOCK -u root -N -e "select count(*) from information_schema.statistics where table_schema like 'sbtest' and index_name <> 'PRIMARY'")
  printf '%s load %.2f s cpu %.2f, keys %.2f s cpu %.2f, total %.2f s cpu %.2f, k_1 on %s tables, load1 %s\n' "$1" \
    "$(echo "$m - $s" | bc)" "$(echo "scale=2; ($c1 - $c0) / $hz" | bc)" "$(echo "$e - $m" | bc)" "$(echo "scale=2; ($c2 - $c1) / $hz" | bc)" \
    "$(echo "$e - $s" | bc)" "$(echo "scale=2; ($c2 - $c0) / $hz" | bc)" "$n" "$(cut -d' ' -f1 /proc/loadavg)"
}
run inline >/dev/null # warm the server's first load
for r in $(seq "${REPS:-5}"); do
  order=${MODES:-inline serial par2}; [ $((r % 2)) = 0 ] && order=$(echo $order | tr " " "\n" | tac | paste -sd" " -)
  for h in $order; do run "$h"; done
done
