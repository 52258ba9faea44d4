#!/bin/bash
# calib-sweep.sh — does `mytune calibrate --dump` pick the thread count a full myloader sweep finds best?
#
#   scripts/calib-sweep.sh setup              sysbench data (TABLES x ROWS) dumped by mydumper 0.10 (one file
#                                             per table), beds calib-fast and calib-card, a stock MariaDB on each
#   scripts/calib-sweep.sh sweep BED [REPEAT] [FIRST]  full myloader restores at THREADS, REPEAT rounds from
#                                             round FIRST (order alternating: even rounds descending)
#   scripts/calib-sweep.sh cell BED T ROUND   one of them
#   scripts/calib-sweep.sh calibrate BED [N]  N runs of `mytune calibrate --dump` on BED's server (JSON kept)
#   scripts/calib-sweep.sh down               stop the servers, remove the beds and the state
#
# Env: STATE dir (CALIB_STATE), PREFIX of the bed names (calib), BEDS to set up (fast card), MYTUNE binary.
# Beds (scripts/testbed.sh): calib-fast (no throttle), calib-card (custom: 100 write IOPS, 300 read IOPS,
# 20 MB/s write, 40 MB/s read: an IOPS-limited SD card). Servers: MariaDB with --no-defaults (stock 128M buffer pool, flush at every
# commit), socket only, no binary log; the server process runs inside the bed's cgroup. Results are
# appended to $STATE/results.txt as "BED THREADS ROUND SECONDS". Needs root.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TB=$ROOT/scripts/testbed.sh
STATE=${CALIB_STATE:-/var/tmp/calib-sweep}
TABLES=${TABLES:-8} ROWS=${ROWS:-100000} THREADS=${THREADS:-"1 2 4 8 16"}
# PREFIX names the beds (PREFIX-fast, PREFIX-card) so parallel worktrees never share one; BEDS picks which exist
PREFIX=${PREFIX:-calib} BEDS=${BEDS:-"fast card"}
# RUNLOCK prefixes every restore and calibration (one unit each), e.g. a lock shared with other benchmarks; give the
# card's units an exclusive one too: a MariaDB on a throttled card is not idle, it took 1.2 cores while calibrating
# (2026-12-01), enough to slow a fast-bed restore at 4 threads from 7.3 s to 11.8 s
RUNLOCK=${RUNLOCK:-}
mkdir -p "$STATE"

sql() { mariadb --socket="$STATE/$1.sock" -u root -N -e "$2"; }

start_server() { # NAME DATADIR [BED]
  local name=$1 dd=$2 bed=${3:-}
  [ -d "$dd/mysql" ] || mariadb-install-db --no-defaults --datadir="$dd" --auth-root-authentication-method=normal >"$STATE/$name.install.log" 2>&1
  local cmd=(mariadbd --no-defaults --user=root --datadir="$dd" --socket="$STATE/$name.sock" --pid-file="$STATE/$name.pid"
    --skip-networking --skip-log-bin --skip-grant-tables --log-error="$STATE/$name.err")
  # close every inherited descriptor above 2: a server started under a benchmark lock (flock) would hold it for life
  local fds; fds=$(ls /proc/$$/fd | awk '$1 > 2')
  local close=""; for fd in $fds; do close="$close $fd>&-"; done
  if [ -n "$bed" ]; then eval "setsid \"\$TB\" run \"\$bed\" \"\${cmd[@]}\" >/dev/null 2>&1 $close &"
  else eval "setsid \"\${cmd[@]}\" >/dev/null 2>&1 $close &"; fi
  for _ in $(seq 120); do
    mariadb-admin --socket="$STATE/$name.sock" -u root ping >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "server $name did not start" >&2; tail "$STATE/$name.err" >&2; return 1
}

stop_server() { # NAME
  [ -f "$STATE/$1.pid" ] || return 0
  mariadb-admin --socket="$STATE/$1.sock" -u root shutdown 2>/dev/null || kill "$(cat "$STATE/$1.pid")" 2>/dev/null || true
}

wait_clean() { # NAME: let InnoDB write back the previous run's dirty pages
  sql "$1" "SET GLOBAL innodb_max_dirty_pages_pct=0"
  for _ in $(seq 600); do
    local dirty; dirty=$(sql "$1" "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')
    [ "${dirty:-0}" -lt 50 ] && break
    sleep 0.5
  done
  sql "$1" "SET GLOBAL innodb_max_dirty_pages_pct=90"
}

case ${1:-} in
start) # restart the bed servers after setup (e.g. after `down` of the servers only)
  for b in $BEDS; do
    dir=$("$TB" info $PREFIX-$b | sed -n 's/^DIR=//p')
    start_server $b "$dir/data" $PREFIX-$b
  done ;;
setup)
  mkdir -p "$STATE/src"
  start_server src "$STATE/src"
  sql src "CREATE DATABASE IF NOT EXISTS sb"
  sysbench oltp_read_write --db-driver=mysql --mysql-socket="$STATE/src.sock" --mysql-user=root --mysql-db=sb \
    --tables="$TABLES" --table-size="$ROWS" --threads=2 prepare >"$STATE/sysbench.log"
  rm -rf "$STATE/dump"; mydumper --socket "$STATE/src.sock" -u root -B sb -t 2 -o "$STATE/dump" >/dev/null
  stop_server src
  du -sb "$STATE/dump"
  case " $BEDS " in *" fast "*) "$TB" up "$PREFIX-fast" fast --size 3G >/dev/null ;; esac
  case " $BEDS " in *" card "*) "$TB" up "$PREFIX-card" custom --write-iops 100 --read-iops 300 --write-bps 20000000 --read-bps 40000000 --size 3G >/dev/null ;; esac
  for b in $BEDS; do
    dir=$("$TB" info $PREFIX-$b | sed -n 's/^DIR=//p')
    start_server $b "$dir/data" $PREFIX-$b
  done
  echo "setup done: dump $STATE/dump, servers $STATE/fast.sock and $STATE/card.sock" ;;
cell) # one full restore: cell BED THREADS ROUND
  bed=$2 t=$3 rep=$4
  sql "$bed" "DROP DATABASE IF EXISTS restored"; wait_clean "$bed"; sync
  t0=$(date +%s.%N)
  "$TB" run "$PREFIX-$bed" myloader --socket "$STATE/$bed.sock" -u root -d "$STATE/dump" -B restored -o -t "$t" >/dev/null 2>"$STATE/myloader.err" ||
    { cat "$STATE/myloader.err" >&2; exit 1; }
  t1=$(date +%s.%N)
  echo "$bed $t $rep $(echo "$t1 - $t0" | bc) load $(cut -d" " -f1 /proc/loadavg)" | tee -a "$STATE/results.txt"
  sql "$bed" "DROP DATABASE IF EXISTS restored" ;;
sweep)
  bed=$2 repeat=${3:-3} first=${4:-1}
  for rep in $(seq "$first" $((first + repeat - 1))); do
    list=$THREADS; [ $((rep % 2)) = 0 ] && list=$(echo "$THREADS" | tr ' ' '\n' | tac | tr '\n' ' ')
    for t in $list; do $RUNLOCK "$0" cell "$bed" "$t" "$rep"; done
  done ;;
calibrate)
  bed=$2 n=${3:-3}
  if [ -n "$RUNLOCK" ]; then for i in $(seq "$n"); do RUNLOCK='' $RUNLOCK "$0" calibrate "$bed" 1; done; exit 0; fi
  for i in $(seq "$n"); do
    sql "$bed" "DROP DATABASE IF EXISTS restored"; wait_clean "$bed"; sync
    out=$STATE/calibrate-$bed-$(date +%H%M%S).json l0=$(cut -d" " -f1 /proc/loadavg) t0=$(date +%s.%N)
    "$TB" run "$PREFIX-$bed" "${MYTUNE:-/tmp/calib/mytune}" calibrate --dump "$STATE/dump" --socket "$STATE/$bed.sock" --user root \
      --format json --out "$out"
    wall=$(echo "$(date +%s.%N) - $t0" | bc) l1=$(cut -d" " -f1 /proc/loadavg)
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); c=r["choice"]
print(sys.argv[2], "calibrate", c["threads"], " ".join("%d:%.2f" % (p["threads"], p["mb_per_s"]) for p in r["points"]), "wall", sys.argv[3],
      "cleanup", r.get("cleanup_s", 0), "load", sys.argv[4])' \
      "$out" "$bed" "$wall" "$l0/$l1" | tee -a "$STATE/results.txt"
  done ;;
down)
  for s in src $BEDS; do stop_server $s; done
  sleep 3
  for b in $BEDS; do "$TB" down $PREFIX-$b || true; done
  rm -rf "$STATE" ;;
*) sed -n 2,14p "$0" >&2; exit 2 ;;
esac
