#!/bin/bash
# bench-dump.sh — how many mydumper threads dump fastest, per kind of disk, and what does mytune advise?
#
# Per bed (scripts/testbed.sh, names e2e-dump-BED; same limits as scripts/bench-restore.sh): a MariaDB
# 10.11 source whose datadir is on the bed (its pool holds the data: a warm source), loaded with the
# sysbench dataset of bench-restore e2e (8 tables × 100000 rows, ~455 MB of InnoDB data). Then:
#   1. `mytune advise --datadir BEDDIR -S SOCK -u root --task dump --format json` inside the bed: the
#      advised thread count and the printed mydumper command;
#   2. that command run verbatim with only the connection filled in (--host SOURCE → --socket, --user
#      USER → root, --ask-password dropped) and --outputdir on the same bed, at every --threads count,
#      with its --compress (gzip: mydumper 0.10 has no zstd) and without it (plain), REPEAT rounds in
#      an order that alternates per round; timed until the dump's files are on the bed (an fsync of
#      each file, run inside the bed's throttle: see FSYNC_ALL).
# Result lines in DIR/results.txt: "dump BED gzip|plain THREADS REP SECONDS MB LOAD1 LOAD5", "dump-advised BED THREADS";
# scripts/bench-dump-report.py DIR prints medians, best, advised and regret.
#
#   scripts/bench-dump.sh [--beds "fast card hdd"] [--threads "1 2 4 8 16"] [--repeat 3]
#                         [--modes "gzip plain"] [--bed-size 3G] [--keep DIR] [--source-dump DIR]
#                         [--run-lock "CMD"]
#   --source-dump DIR: a mydumper dump to load the source from (myloader) instead of sysbench prepare.
#   --run-lock "CMD": each timed dump (mydumper and the fsyncs) runs under the command prefix CMD, the wait
#   for it untimed: gzip dumps and the fast bed are CPU-bound, so "/work/wt/quiet.sh x" on a shared machine.
#   --round-lock "GATE MAIN": each round (every mode and count once, a few minutes) holds quiet.sh's x lock
#   (flock GATE, then flock -x MAIN): one wait per round instead of one per dump on a busy lock.
# Result lines: "dump BED MODE THREADS REP SECONDS MB LOAD1 LOAD5" (the dump's size, /proc/loadavg after).
# A benchmark, not a test: needs root, mariadb-server, mydumper, myloader, sysbench, python3, go.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TB=$ROOT/scripts/testbed.sh
BEDS="fast card hdd" THREADS="1 2 4 8 16" REPEAT=3 MODES="gzip plain" BED_SIZE=3G KEEP="" SRC_DUMP="" RUN_LOCK="" ROUND_LOCK=""
ROWS=100000 TABLES=8 BP=e2e-dump
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "bench-dump.sh: $1 needs a value" >&2; exit 2; }
  case $1 in
    --beds) BEDS=$2 ;; --threads) THREADS=$2 ;; --repeat) REPEAT=$2 ;; --modes) MODES=$2 ;;
    --bed-size) BED_SIZE=$2 ;; --keep) KEEP=$2 ;; --source-dump) SRC_DUMP=$2 ;; --run-lock) RUN_LOCK=$2 ;; --round-lock) ROUND_LOCK=$2 ;;
    *) echo "bench-dump.sh: unknown flag $1" >&2; exit 2 ;;
  esac
  shift 2
done
[ "$(id -u)" = 0 ] || { echo "bench-dump.sh: needs root (test beds, cgroups)" >&2; exit 2; }
for t in mariadb-install-db mariadbd mariadb mariadb-admin mydumper myloader sysbench go python3; do
  command -v "$t" >/dev/null || { echo "bench-dump.sh: $t not found (make deps)" >&2; exit 2; }
done
if [ -n "$KEEP" ]; then mkdir -p "$KEEP"; WORK=$(cd "$KEEP" && pwd); else WORK=$(mktemp -d /var/tmp/mytune-bench-dump.XXXXXX); fi
RUN=$(mktemp -d "$WORK/run.XXXXXX")
SOCK=$RUN/src.sock PIDF=$RUN/src.pid BED_UP=""
log() { echo "[$(date +%T)] $*" >&2; }

stop_server() {
  mariadb-admin --socket="$SOCK" -u root shutdown 2>/dev/null || true
  local pid; pid=$(cat "$PIDF" 2>/dev/null || true)
  for _ in $(seq 120); do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
}
cleanup() {
  stop_server
  [ -z "$BED_UP" ] || "$TB" down "$BED_UP" >/dev/null 2>&1 || true
  rm -rf "$RUN"; [ -n "$KEEP" ] || rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
sql() { mariadb --socket="$SOCK" -u root -N -e "/* mytune bench */ $1"; }

# source_up BED DIR: a fresh source server on the bed, 1G pool (the ~455 MB of data fits; its redo flushed
# once a second, which only speeds up loading it: a dump only reads), loaded.
source_up() {
  local bed=$1 dir=$2
  rm -rf "$dir/data"
  mariadb-install-db --no-defaults --datadir="$dir/data" --auth-root-authentication-method=normal >"$RUN/install.log" 2>&1 ||
    { cat "$RUN/install.log" >&2; return 1; }
  "$TB" run "$BP-$bed" mariadbd --no-defaults --innodb-buffer-pool-size=1G --innodb-flush-log-at-trx-commit=2 --user=root --datadir="$dir/data" \
    --socket="$SOCK" --pid-file="$PIDF" --skip-networking --skip-grant-tables --log-error="$RUN/src.err" &
  for _ in $(seq 240); do mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
  mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 || { tail -20 "$RUN/src.err" >&2; return 1; }
  if [ -n "$SRC_DUMP" ]; then
    local try # myloader 0.10 stops on an InnoDB deadlock (2-4% of 4-thread loads, advisor/threads/deadlock.go): reload
    for try in 1 2 3; do
      "$TB" run "$BP-$bed" myloader -S "$SOCK" -u root -d "$SRC_DUMP" -t 4 --overwrite-tables >/dev/null 2>"$RUN/src-load.err" && break
      log "$bed: source load $try failed ($(grep -m1 -o 'Deadlock[^;]*' "$RUN/src-load.err" || tail -1 "$RUN/src-load.err")); again"
      [ "$try" = 3 ] && { cat "$RUN/src-load.err" >&2; return 1; }
    done
  else
    sql "CREATE DATABASE sbtest"
    sysbench oltp_read_write --db-driver=mysql --mysql-socket="$SOCK" --mysql-user=root --mysql-db=sbtest \
      --tables="$TABLES" --table-size="$ROWS" --threads=2 prepare >"$RUN/sysbench.log"
  fi
  log "$bed: source loaded ($(sql "SELECT ROUND(SUM(data_length+index_length)/1048576) FROM information_schema.tables WHERE table_schema='sbtest'") MiB)"
}

# advice BED DIR: mytune's dump advice for this source, inside the bed: threads and the printed command.
advice() {
  "$TB" run "$BP-$1" "$WORK/mytune" advise --datadir "$2" -S "$SOCK" -u root --task dump --format json \
    >"$WORK/dump-$1.json" 2>"$RUN/advise.err" || { cat "$RUN/advise.err" >&2; return 1; }
  python3 - "$WORK/dump-$1.json" "$WORK/dump-$1" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["threads"]
open(sys.argv[2] + ".threads", "w").write(f"{t['dump']['threads']}\n")
cmd = [c for c in t["commands"] if c.startswith("mydumper ")]
open(sys.argv[2] + ".cmd", "w").write(cmd[0] + "\n" if cmd else "")
PY
  [ -s "$WORK/dump-$1.cmd" ] || { echo "bench-dump.sh: mytune printed no mydumper command for $1" >&2; return 1; }
  echo "dump-advised $1 $(cat "$WORK/dump-$1.threads")" >>"$WORK/results.txt"
}

# words BED MODE THREADS OUT: the printed command's words, connection filled in, --threads and
# --outputdir replaced, --compress dropped for plain. The command is parsed by the shell (eval of
# `set --`), as a user's shell would parse the pasted line (its --regex is single-quoted).
words() {
  local cmd t=$3 o=$4; cmd=$(cat "$WORK/dump-$1.cmd")
  cmd=${cmd/--host SOURCE/--socket $SOCK}
  cmd=${cmd/--user USER/--user root}
  cmd=${cmd/ --ask-password/}
  [ "$2" = plain ] && cmd=${cmd/ --compress/}
  eval "set -- $cmd"
  local out=() skip=""
  for w in "$@"; do
    if [ -n "$skip" ]; then out+=("$skip"); skip=""; continue; fi
    case $w in --threads) out+=("$w"); skip=$t ;; --outputdir) out+=("$w"); skip=$o ;; *) out+=("$w") ;; esac
  done
  printf '%s\n' "${out[@]}"
}

# FSYNC_ALL DIR: fsync every file of DIR. Run inside the bed, its writes go through the bed's throttle:
# on cgroup v1 (this machine) a syncfs or the kernel's own writeback is not throttled (a 152 MB plain
# dump was "on the 20 MB/s card bed" 2.6 s after mydumper started), an fsync by the throttled process is.
FSYNC_ALL='import os, sys
d = sys.argv[1]
for f in sorted(os.listdir(d)):
    fd = os.open(os.path.join(d, f), os.O_RDONLY)
    os.fsync(fd)
    os.close(fd)
fd = os.open(d, os.O_RDONLY)
os.fsync(fd)'

# one BED MODE THREADS REP OUT: one timed dump into OUT (removed first), until its files are on the bed.
one() {
  local bed=$1 mode=$2 t=$3 rep=$4 out=$5 t0 t1
  rm -rf "$out"; sync
  mapfile -t cmd < <(words "$bed" "$mode" "$t" "$out")
  # timed inside RUN_LOCK (word-split on purpose: a command prefix), so the wait for the lock is not timed
  ${RUN_LOCK} bash -c 's=$(date +%s.%N); "$2" run "$3" "${@:6}" >/dev/null 2>"$1.err" && "$2" run "$3" python3 -c "$4" "$5"; rc=$?
    echo "$s $(date +%s.%N)" >"$1"; exit $rc' _ "$RUN/t" "$TB" "$BP-$bed" "$FSYNC_ALL" "$out" "${cmd[@]}" ||
    { cat "$RUN/t.err" >&2; return 1; }
  read -r t0 t1 <"$RUN/t"
  echo "dump $bed $mode $t $rep $(echo "$t1 - $t0" | bc) $(du -sm "$out" | cut -f1) $(cut -d' ' -f1,2 /proc/loadavg)" | tee -a "$WORK/results.txt" >&2
}

# lock_round / unlock_round: quiet.sh's x protocol around one round (--round-lock "GATE MAIN").
lock_round() {
  [ -n "$ROUND_LOCK" ] || return 0
  local gate main; read -r gate main <<<"$ROUND_LOCK"
  exec 8>"$gate" 9>"$main"; flock 8; flock -x 9
  log "round lock held"
}
unlock_round() {
  [ -n "$ROUND_LOCK" ] || return 0
  flock -u 9; flock -u 8; exec 8>&- 9>&-
}

bed_args() {
  case $1 in
    fast) echo fast ;; hdd) echo hdd ;;
    card) echo custom --write-iops 100 --write-bps 20000000 ;;
    bw) echo custom --write-bps 15000000 --write-iops 600 ;;
    *) echo "bench-dump.sh: unknown bed $1 (fast card bw hdd)" >&2; return 2 ;;
  esac
}

log "building mytune"
(cd "$ROOT" && go build -o "$WORK/mytune" ./cmd/mytune) || { echo "bench-dump.sh: cmd/mytune does not build" >&2; exit 1; }
touch "$WORK/results.txt"
for bed in $BEDS; do
  # shellcheck disable=SC2046
  dir=$("$TB" up "$BP-$bed" $(bed_args "$bed") --size "$BED_SIZE" | sed -n 's/^DIR=//p'); BED_UP=$BP-$bed
  source_up "$bed" "$dir"
  advice "$bed" "$dir"
  log "$bed: advised $(cat "$WORK/dump-$bed.threads") threads: $(cat "$WORK/dump-$bed.cmd")"
  for rep in $(seq "$REPEAT"); do
    list=$THREADS; [ $((rep % 2)) = 0 ] && list=$(echo "$THREADS" | tr ' ' '\n' | tac | tr '\n' ' ')
    lock_round
    for mode in $MODES; do for t in $list; do one "$bed" "$mode" "$t" "$rep" "$dir/out"; done; done
    unlock_round
  done
  rm -rf "$dir/out"; stop_server; rm -rf "$dir/data"; "$TB" down "$BED_UP" >/dev/null; BED_UP=""
done
python3 "$ROOT/scripts/bench-dump-report.py" "$WORK"
