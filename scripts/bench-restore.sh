#!/bin/bash
# bench-restore.sh — does following mytune's restore advice make a restore faster, on every kind of disk?
#
# A real mydumper 0.10 dump (sysbench, 8 tables, chunked so 16 loader threads have files) is restored
# with myloader 0.10 into a fresh MariaDB whose datadir is ON a throttled bed (scripts/testbed.sh; the
# server and myloader run inside the bed's cgroup). Beds (names restore-*):
#   fast  no throttle (this machine's disk through a loop device)
#   card  an IOPS-limited SD card: 100 write IOPS, 20 MB/s
#   bw    a bandwidth-limited disk: 15 MB/s, 600 write IOPS
#   hdd   testbed.sh's hdd profile: 120 MB/s, 150 IOPS
#
#   scripts/bench-restore.sh [e2e] [--beds "fast card bw hdd"] [--repeat 3]   (make bench-restore)
#       per bed: a stock server (mariadbd --no-defaults) restored with myloader's defaults, vs the same
#       server after following `mytune advise --task load --format cnf` (applied with a restart), the
#       printed during-load SET GLOBALs (and their undo after), and the printed myloader command run
#       verbatim with only -S/-u filled in; prints speedup, regret and the estimate per bed.
#   scripts/bench-restore.sh sweep --beds "card" [--pools "32M 512M"] [--durability "strict relaxed"]
#                                  [--threads "1 2 4 8 16"] [--repeat 3] [--first-rep 1] [--redo SIZE]
#       the thread-count matrix behind docs/benchmarks/restore-matrix.md: every bed × pool × durability cell
#       at every thread count, ≥3 runs alternating the order; one `mytune probe` per bed. --redo SIZE gives the
#       servers that innodb_log_file_size (default: the server's own, 96M on MariaDB 10.11). --server-opts "OPTS"
#       adds mariadbd options to the sweep's servers (word-split: e.g. "--innodb-sort-buffer-size=64K"). --first-rep N
#       numbers the runs from N (odd ascending, even descending), so one cell can be swept in several
#       calls with the order still alternating. --run-lock "CMD" runs each timed restore (only the load,
#       not the clean-up between runs) under the command prefix CMD (--tag T names the beds restore-sweepT-*,
#       so two cells of one bed kind run at once, with --keep dirs of their own). --nice N runs the sweep's
#       servers and myloader at that nice level (e.g. -10: a CPU-bound restore on a machine others share
#       then gets most of the cores, as on a host of its own). --rep-lock "CMD" holds CMD for a whole rep of a
#       cell instead (every count once, with the clean-up between them: "/work/wt/quiet.sh x"), so a sweep
#       waits for a shared lock once per rep, not once per restore; the wait is not timed. A --run-lock is e.g. a lock that keeps other
#       CPU-heavy work off the machine meanwhile ("flock -x /path/lock"); the wait for it is not timed.
#   scripts/bench-restore.sh settings --beds "card fast" [--pools 32M] [--repeat 3]
#       the during-load settings: each candidate SET GLOBAL (bigger redo log, io_capacity raised, pool
#       grown online, flushing once a second) against none, interleaved, myloader -t 4, on a server
#       with the first --pools as its pool (scripts/bench-restore-settings.sh); --candidates "base flush_log_2"
#       runs only those (names as in CANDIDATES there); --threads "4 16" times each candidate at each count (default: 4).
#   e2e also takes [--interleave 1]: every round restores stock and advised, each on a fresh datadir, in an
#   order alternating per round (load drifting over a run hits both), and after each restore times a clean
#   shutdown right away ([--free SIZE]: a filler file leaves SIZE free on the bed before the probe, e.g. 1.8G
#   and 2.6G on a 3G card bed so that the redo cap bites at one level; [--settle 1]: "settled" = loaded + that; --settle 0 runs and times the printed undo
#   instead); [--undo-timeout 900]: seconds the
#   printed undo may take (timed apart from the restore) before it is cut off; [--mem-limit 2G]: the servers
#   and mytune run in a memory cgroup of that size (a small host: the advice then grows the pool or the
#   redo log for the load with SET GLOBAL, and its undo is timed; beds restore-e2e-memSIZE-*).
#   [--cpu-burners N]: N busy loops (one process each, nice 0) run from a minute before the first probe to the
#   end, so the probe, the advice and every restore see the same busy host (the estimate reads the probe's load).
#   [--hold-writeback 1]: for the run, the kernel's flusher does no periodic or background writeback (vm.dirty_*
#   sysctls, restored at exit), so buffered writes reach the bed only through the writer's own fsync, which cgroup v1
#   charges to the bed's throttle (the flusher's would escape it): what a buffered variant (strict+fsync) needs to be
#   measured fairly; the e2e-io lines of results.txt show whether every write was charged.
#   Common: [--shape sysbench8|many25x5|big2m|few2|many32x4 (scripts/bench-shapes.sh)] [--rows 25000 (e2e: 100000)] [--tables 8]
#   [--schemas N] [--bed-size 3G] [--keep DIR] (DIR keeps the dump, profiles and results between
#   runs; results are appended to DIR/results.txt as "mode bed pool durability threads rep seconds load1 load5",
#   the load averages of /proc/loadavg when the run ended).
#
# The sweep's dump is small (about 40 MB of SQL, 110 MB once loaded) so that a card sweep fits in minutes;
# its 32M "small pool" cell scales the issue's 152 MB dump in a stock 128M pool (data 3.4x the pool) down.
# A benchmark, not a test: needs root, mariadb-server, mydumper, myloader, sysbench, python3.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TB=$ROOT/scripts/testbed.sh
MODE=e2e BEDS="fast card bw hdd" POOLS="32M 512M" DURS="strict relaxed" THREADS="1 2 4 8 16"
REDO="" THREADS_GIVEN=0 SERVER_OPTS="" CANDS="" FREE="" SETTLE=1 REPEAT=3 FIRST_REP=1 RUN_LOCK="" REP_LOCK="" REP_LOCK_PID="" TAG="" NICE="" ROWS="" TABLES="" SCHEMAS="" SHAPE=sysbench8 KEEP="" BED_SIZE=3G INTERLEAVE=0 UNDO_TIMEOUT=900 MEM_LIMIT="" BURNERS=0 HOLD_WB=0
if [ $# -gt 0 ] && [[ $1 != --* ]]; then MODE=$1; shift; fi
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "bench-restore.sh: $1 needs a value" >&2; exit 2; }
  case $1 in
    --beds) BEDS=$2 ;; --pools) POOLS=$2 ;; --durability) DURS=$2 ;; --threads) THREADS=$2 THREADS_GIVEN=1 ;;
    --redo) REDO=$2 ;; --server-opts) SERVER_OPTS=$2 ;; --candidates) CANDS=$2 ;; --repeat) REPEAT=$2 ;; --first-rep) FIRST_REP=$2 ;; --run-lock) RUN_LOCK=$2 ;; --rep-lock) REP_LOCK=$2 ;; --tag) TAG=$2 ;; --nice) NICE=$2 ;; --bed-size) BED_SIZE=$2 ;; --interleave) INTERLEAVE=$2 ;; --rows) ROWS=$2 ;; --tables) TABLES=$2 ;; --schemas) SCHEMAS=$2 ;; --shape) SHAPE=$2 ;; --keep) KEEP=$2 ;;
    --undo-timeout) UNDO_TIMEOUT=$2 ;; --settle) SETTLE=$2 ;; --free) FREE=$2 ;; --mem-limit) MEM_LIMIT=$2 ;; --cpu-burners) BURNERS=$2 ;; --hold-writeback) HOLD_WB=$2 ;;
    *) echo "bench-restore.sh: unknown flag $1" >&2; exit 2 ;;
  esac
  shift 2
done
# e2e restores the issue's 152 MB dump (100000 rows × 8 tables: ~455 MB of InnoDB data, over the stock 128M
# pool); sweep and settings a 40 MB one (25000 rows), with the pools scaled to match (32M: data 3.4x the pool).
[ -n "$ROWS" ] || [ "$SHAPE" != sysbench8 ] || { ROWS=25000; [ "$MODE" = e2e ] && ROWS=100000; }
source "$ROOT/scripts/bench-shapes.sh"
SH_ROWS=$ROWS SH_TABLES=$TABLES SH_SCHEMAS=$SCHEMAS
shape_init
BP=restore-$MODE$TAG   # bed names: restore-sweep-card, restore-e2e-card (a sweep and an e2e run at once); --tag 2: restore-sweep2-card
[ -z "$MEM_LIMIT" ] || BP=$BP-mem$MEM_LIMIT
case $MODE in e2e|sweep|settings) ;; *) echo "bench-restore.sh: mode is e2e, sweep or settings (not $MODE)" >&2; exit 2 ;; esac
[ "$(id -u)" = 0 ] || { echo "bench-restore.sh: needs root (test beds, cgroups)" >&2; exit 2; }
for t in mariadb-install-db mariadbd mariadb mariadb-admin mydumper myloader sysbench go python3; do
  command -v "$t" >/dev/null || { echo "bench-restore.sh: $t not found (make deps)" >&2; exit 2; }
done

if [ -n "$KEEP" ]; then mkdir -p "$KEEP"; WORK=$(cd "$KEEP" && pwd); else WORK=$(mktemp -d /var/tmp/mytune-bench-restore.XXXXXX); fi
RUN=$(mktemp -d "$WORK/run.XXXXXX")   # sockets, logs: this invocation's only
SERVERS=() BEDS_UP=() MEMWRAP=() MEMCG="" BURNER_PIDS=()
# --mem-limit: a cgroup v1 memory group that start_server's servers and e2e's mytune join (MEMWRAP prefixes them)
if [ -n "$MEM_LIMIT" ]; then
  MEMCG=/sys/fs/cgroup/memory/mytune-$BP-$$
  mkdir "$MEMCG" && echo "$MEM_LIMIT" >"$MEMCG/memory.limit_in_bytes" ||
    { echo "bench-restore.sh: --mem-limit needs the cgroup v1 memory controller at /sys/fs/cgroup/memory" >&2; exit 2; }
  MEMWRAP=(bash -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$MEMCG")
fi
log() { echo "[$(date +%T)] $*" >&2; }

STOP_TIMEOUT=1800 # seconds a clean shutdown may take: it writes every dirty page first (minutes on a card bed; bench-workload.sh)
declare -A SPID=() # socket -> mariadbd's pid (start_server's $!: testbed.sh run, the memory wrapper and nice exec it)
source "$ROOT/scripts/bench-lib.sh" # alive, left, rep_lock_take, rep_lock_drop
# stop_server SOCKET PIDFILE: shut the server down and wait until its PROCESS is gone (not its pid file), however
# long its dirty pages take, up to STOP_TIMEOUT; kills only with TERM_ON_TIMEOUT=1 (the clean-up at exit): a server
# that will not stop ends the bench (as bench-workload.sh's server_stop).
stop_server() {
  local pid=${SPID[$1]:-} waited=0
  [ -n "$pid" ] || pid=$(cat "$2" 2>/dev/null || true)
  [ -n "$pid" ] || return 0
  if alive "$pid"; then
    # SIGTERM is a clean shutdown (as SHUTDOWN); mariadb-admin shutdown, used until 2026-12-05 02:00, waits for the pid
    # file in whole seconds (mysqladmin.cc wait_pidfile: sleep(1)), so every timed shutdown (settle_time) read a whole
    # second plus ~0.05 s (1.04, 8.04, 15.05 s). The process is polled every 20 ms.
    kill -TERM "$pid" 2>/dev/null || mariadb-admin --socket="$1" -u root shutdown >/dev/null 2>&1 || true
    while alive "$pid" && [ $waited -lt $((STOP_TIMEOUT * 50)) ]; do sleep 0.02; waited=$((waited + 1)); done
    if alive "$pid"; then
      [ "${TERM_ON_TIMEOUT:-0}" = 1 ] || { echo "bench-restore.sh: mariadbd $pid ($1) still running ${STOP_TIMEOUT}s after shutdown" >&2; exit 1; }
      kill -9 "$pid" 2>/dev/null || true; sleep 1
    fi
  fi
  wait "$pid" 2>/dev/null || true
  unset "SPID[$1]"
}
# wipe DIR: remove a datadir, never under a live server.
wipe() {
  [ -z "$(left "$1")" ] || { echo "bench-restore.sh: not removing $1: mariadbd $(left "$1") runs on it" >&2; exit 1; }
  rm -rf "$1"
}
cleanup() {
  local s b
  rep_lock_drop
  [ ${#BURNER_PIDS[@]} -eq 0 ] || kill "${BURNER_PIDS[@]}" 2>/dev/null || true
  for s in "${SERVERS[@]}"; do TERM_ON_TIMEOUT=1 stop_server ${s}; done
  for b in "${BEDS_UP[@]}"; do "$TB" down "$b" >/dev/null 2>&1 || true; done
  rm -rf "$RUN"; [ -n "$KEEP" ] || rm -rf "$WORK"
  [ -z "$MEMCG" ] || rmdir "$MEMCG" 2>/dev/null || true
  release_writeback
}
trap cleanup EXIT
trap 'exit 130' INT TERM
[[ $BURNERS =~ ^[0-9]+$ ]] || { echo "bench-restore.sh: --cpu-burners takes a count (not $BURNERS)" >&2; exit 2; }
[ "$HOLD_WB" = 1 ] && hold_writeback
for _ in $(seq "$BURNERS"); do bash -c 'while :; do :; done' & BURNER_PIDS+=($!); done
# a minute before anything is probed: /proc/loadavg's 1-minute figure (what the probe records) has then caught up
[ "$BURNERS" = 0 ] || { log "$BURNERS CPU burners running (pids ${BURNER_PIDS[*]}); 60 s for the load average to see them"; sleep 60; }

# start_server NAME DATADIR BED [OPTIONS...]: MariaDB on a socket only; BED "" runs it outside any bed.
# The datadir is made by mariadb-install-db when empty. Options go before --datadir so a
# --defaults-file stays the first one.
start_server() {
  local name=$1 dd=$2 bed=$3 sock=$RUN/$1.sock pidf=$RUN/$1.pid; shift 3
  local try
  for try in 1 2; do # on a machine at load 40 mariadb-install-db once failed half-way ("Unknown table mysql.tmp_proxies_priv")
    [ -d "$dd/mysql" ] && break
    mariadb-install-db --no-defaults --datadir="$dd" --auth-root-authentication-method=normal >"$RUN/$name.install.log" 2>&1 && break
    wipe "$dd"; [ "$try" = 2 ] && { cat "$RUN/$name.install.log" >&2; return 1; }
  done
  local cmd=(${NICE:+nice -n "$NICE"} mariadbd "$@" --user=root --datadir="$dd" --socket="$sock" --pid-file="$pidf"
    --skip-networking --skip-grant-tables --log-error="$RUN/$name.err")
  if [ -n "$bed" ]; then "$TB" run "$bed" "${MEMWRAP[@]}" "${cmd[@]}" & else "${cmd[@]}" & fi
  SPID[$sock]=$!
  SERVERS+=("$sock $pidf")
  for _ in $(seq 240); do
    mariadb-admin --socket="$sock" -u root ping >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "bench-restore.sh: server $name did not start; see its log:" >&2; tail -20 "$RUN/$name.err" >&2; return 1
}
sql() { mariadb --socket="$RUN/$1.sock" -u root -N -e "/* mytune bench */ $2"; }

# wait_clean NAME: write back the previous run's dirty pages so runs do not overlap.
wait_clean() {
  local pct; pct=$(sql "$1" "SELECT @@innodb_max_dirty_pages_pct")
  sql "$1" "SET GLOBAL innodb_max_dirty_pages_pct=0"
  for _ in $(seq 600); do
    local dirty; dirty=$(sql "$1" "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')
    [ "${dirty:-0}" -lt 50 ] && break
    sleep 0.5
  done
  sql "$1" "SET GLOBAL innodb_max_dirty_pages_pct=$pct"
}

# make_dump: the shape's dataset (scripts/bench-shapes.sh), dumped once by mydumper into $WORK/dump (kept with
# --keep; a kept dump of another shape is refused: dump.shape says which it is).
make_dump() {
  if [ -f "$WORK/dump/metadata" ]; then
    [ "$(cat "$WORK/dump.shape" 2>/dev/null || shape_describe)" = "$(shape_describe)" ] ||
      { echo "bench-restore.sh: $WORK/dump is $(cat "$WORK/dump.shape"), not $(shape_describe)" >&2; exit 2; }
    log "dump: reusing $WORK/dump"; return
  fi
  log "dump: $(shape_describe)"
  start_server src "$RUN/src-data" ""
  shape_fill "$RUN/src.sock" "$RUN/sysbench.log"
  rm -rf "$WORK/dump.tmp"
  shape_dump "$RUN/src.sock" "$WORK/dump.tmp"
  mv "$WORK/dump.tmp" "$WORK/dump"; shape_describe >"$WORK/dump.shape"
  stop_server "$RUN/src.sock" "$RUN/src.pid"; wipe "$RUN/src-data"
}

# bed_up BED: the bed $BP-BED with this script's limits; prints its directory (run in $(...): the
# caller adds the bed to BEDS_UP, so that clean-up takes it down).
bed_up() {
  local args
  case $1 in
    fast) args=(fast) ;; hdd) args=(hdd) ;;
    card) args=(custom --write-iops 100 --write-bps 20000000) ;;
    bw) args=(custom --write-bps 15000000 --write-iops 600) ;;
    *) echo "bench-restore.sh: unknown bed $1 (fast card bw hdd)" >&2; return 2 ;;
  esac
  "$TB" up "$BP-$1" "${args[@]}" --size "$BED_SIZE" | sed -n 's/^DIR=//p'
}

# profile BED DIR: `mytune probe` of the bed's disk (kept in $WORK/profile-BED.json), under RUN_LOCK: once per
# --keep dir for a sweep; every e2e run probes afresh (the advice's estimate reads the host's load from the probe,
# so a profile kept from another hour would speak for another host; the previous one is kept as profile-BED.prev.json).
profile() {
  local out=$WORK/profile-$1.json
  if [ -s "$out" ]; then
    [ "$MODE" = e2e ] || return 0
    mv "$out" "$WORK/profile-$1.prev.json"
  fi
  ${RUN_LOCK} "$TB" run "$BP-$1" "$WORK/mytune" probe --datadir "$2" --no-server --format json >"$out.tmp" 2>"$RUN/probe.err" ||
    { cat "$RUN/probe.err" >&2; return 1; }
  mv "$out.tmp" "$out"; log "$1: profiled with mytune probe"
}

# restore SERVER LABEL MYLOADER-ARGS...: one timed restore into a fresh schema; appends "LABEL SECONDS" to
# results.txt. myloader 0.10 does not retry a transaction InnoDB chose as a deadlock victim (seen at 8
# threads on tables in several chunk files): such a run is logged to failures.txt and run again, up to 3 times.
restore() {
  local server=$1 label=$2 try t0 t1; shift 2
  for try in 1 2 3; do
    shape_drop "$RUN/$server.sock"; wait_clean "$server"; sync
    # timed inside RUN_LOCK (word-split on purpose: a command prefix), so the wait for the lock is not timed
    # RESTORE_POST (settings mode): a command run after myloader inside the timed region (the work a
    # candidate leaves for after the load, e.g. ANALYZE TABLE), so the time is until that is done too
    if ${RUN_LOCK} bash -c 's=$(date +%s.%N); "${@:2}"; rc=$?; [ $rc = 0 ] && [ -n "${RESTORE_POST:-}" ] && { bash -c "$RESTORE_POST"; rc=$?; }; echo "$s $(date +%s.%N)" >"$1"; exit $rc' _ "$RUN/t" \
      "$TB" run "$BP-${server#t-}" ${NICE:+nice -n "$NICE"} myloader "$@" >/dev/null 2>"$RUN/myloader.err"; then
      read -r t0 t1 <"$RUN/t"
      local rows
      # a run that did not load every row is no result: the bench stops rather than record it (shape_check)
      rows=$(shape_check "$RUN/$server.sock") || { echo "$label: $rows" | tee -a "$WORK/failures.txt" >&2; exit 1; }
      echo "$label $(echo "$t1 - $t0" | bc) $(cut -d' ' -f1,2 /proc/loadavg)" | tee -a "$WORK/results.txt" >&2
      return 0
    fi
    echo "$label try $try [$(date +%T) load $(cut -d' ' -f1 /proc/loadavg)]: $(grep -m1 -o 'Error.*' "$RUN/myloader.err")" | tee -a "$WORK/failures.txt" >&2
  done
  return 1
}


# sweep_bed BED: every pool × durability cell at every thread count, REPEAT times, order alternating.
sweep_bed() {
  local bed=$1 dir pool dur rep t list
  dir=$(bed_up "$bed"); BEDS_UP+=("$BP-$bed"); profile "$bed" "$dir"
  for pool in $POOLS; do for dur in $DURS; do
    local flush=1; [ "$dur" = relaxed ] && flush=2
    wipe "$dir/data"
    start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults --innodb-buffer-pool-size="$pool" \
      --innodb-flush-log-at-trx-commit=$flush ${REDO:+--innodb-log-file-size=$REDO} $SERVER_OPTS
    for rep in $(seq "$FIRST_REP" $((FIRST_REP + REPEAT - 1))); do
      list=$THREADS; [ $((rep % 2)) = 0 ] && list=$(echo "$THREADS" | tr ' ' '\n' | tac | tr '\n' ' ')
      rep_lock_take
      for t in $list; do
        restore "t-$bed" "sweep $bed $pool $dur $t $rep" -S "$RUN/t-$bed.sock" -u root -d "$WORK/dump" -o -t "$t"
      done
      rep_lock_drop
    done
    stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  done; done
  wipe "$dir/data"; "$TB" down "$BP-$bed" >/dev/null
}

source "$ROOT/scripts/bench-restore-e2e.sh"
source "$ROOT/scripts/bench-restore-settings.sh"

log "building mytune"
(cd "$ROOT" && go build -o "$WORK/mytune" ./cmd/mytune) || { echo "bench-restore.sh: cmd/mytune does not build" >&2; exit 1; }
touch "$WORK/results.txt"
make_dump
log "dump: $(du -sh "$WORK/dump" | cut -f1) in $(ls "$WORK/dump" | grep -c '\.sql$') files"
for bed in $BEDS; do
  case $MODE in sweep) sweep_bed "$bed" ;; settings) settings_bed "$bed" ;; *) e2e_bed "$bed" ;; esac
done
python3 "$ROOT/scripts/bench-restore-report.py" "$MODE" "$WORK"
