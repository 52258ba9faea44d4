#!/bin/bash
# bench-threads.sh — does mytune advise the right number of restore threads?
#
# Builds a sysbench dataset in a throwaway MariaDB, dumps it with mydumper, then restores it with
# myloader at several thread counts into a MariaDB whose datadir is (a) on this machine's disk and
# (b) on a throttled SD-card-like bed (scripts/testbed.sh, server process inside the bed's cgroup).
# Prints the median time per thread count, the fastest, what mytune advised (`mytune advise --from
# PROFILE --dump DIR --task load --format json`, .threads.load.threads, on a measured profile of that
# disk) and the regret
# (time at advised / best - 1). A benchmark, not a test: it needs root, mariadb-server, mydumper,
# sysbench, and about 10 minutes per bed.
#
# The dump sweep times mydumper dumping the disk bed's source database (on this machine's disk) into
# a fresh directory on the same disk at 1, 2, 4, 6 and 8 threads, with and without --compress (gzip:
# what makes a dump CPU-bound, and what mytune's own dump command uses), and compares with `mytune
# advise --task dump` (.threads.dump.threads) on the profile of that disk (the one of the load sweep).
#
#   scripts/bench-threads.sh [--only all|load|dump] [--beds "disk sd"] [--threads "1 2 3 4 6 8"]
#                            [--dump-threads "1 2 4 6 8"] [--dump-modes "compress plain"] [--repeat 2]
#                            [--rows-disk 375000] [--rows-sd 50000] [--tables 8] [--buffer-pool 1G]
#   scripts/bench-threads.sh --advise PROFILE DUMP   # only print what mytune advises (no servers,
#                                                    # no root): "THREADS LOW_S HIGH_S"
#
# Rows are per table. The servers get a 1G buffer pool (the 128M default makes any restore larger
# than it a test of buffer-pool misses, which mytune's memory rules flag separately). Everything it starts (servers, beds, files) is removed on exit.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TB=$ROOT/scripts/testbed.sh
BEDS="disk sd" THREADS="1 2 3 4 6 8" REPEAT=2 ROWS_DISK=375000 ROWS_SD=50000 TABLES=8 POOL=1G
ONLY=all DUMP_THREADS="1 2 4 6 8" DUMP_MODES="compress plain"
ADVISE_ONLY="" ADVISE_PROFILE="" ADVISE_DUMP=""
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "bench-threads.sh: $1 needs a value" >&2; exit 2; }
  if [ "$1" = --advise ]; then
    [ $# -ge 3 ] || { echo "bench-threads.sh: --advise needs PROFILE and DUMP" >&2; exit 2; }
    ADVISE_ONLY=1 ADVISE_PROFILE=$2 ADVISE_DUMP=$3; shift 3; continue
  fi
  case $1 in
    --beds) BEDS=$2 ;; --threads) THREADS=$2 ;; --repeat) REPEAT=$2 ;;
    --rows-disk) ROWS_DISK=$2 ;; --rows-sd) ROWS_SD=$2 ;; --tables) TABLES=$2 ;; --buffer-pool) POOL=$2 ;;
    --only) ONLY=$2 ;; --dump-threads) DUMP_THREADS=$2 ;; --dump-modes) DUMP_MODES=$2 ;;
    *) echo "bench-threads.sh: unknown flag $1" >&2; exit 2 ;;
  esac
  shift 2
done
case $ONLY in all|load|dump) ;; *) echo "bench-threads.sh: --only takes all, load or dump (not $ONLY)" >&2; exit 2 ;; esac
for m in $DUMP_MODES; do
  case $m in compress|plain) ;; *) echo "bench-threads.sh: --dump-modes takes compress and/or plain (not $m)" >&2; exit 2 ;; esac
done

# advise PROFILE DUMP MYTUNE [TASK]: "THREADS LOW_S HIGH_S", the TASK's (load or dump; default load)
# threads and the restore estimate of `mytune advise --format json` (the threads block;
# estimated_load is absent without an estimate, and for --task dump).
advise() {
  local task=${4:-load}
  "$3" advise --from "$1" --dump "$2" --task "$task" --format json |
    python3 -c 'import json,sys; t=json.load(sys.stdin)["threads"]; e=t.get("estimated_load") or {}
print(t[sys.argv[1]]["threads"], e.get("low_s", 0), e.get("high_s", 0))' "$task"
}

if [ -n "$ADVISE_ONLY" ]; then
  command -v go >/dev/null || { echo "bench-threads.sh: go not found" >&2; exit 2; }
  BIN=$(mktemp -d); trap 'rm -rf "$BIN"' EXIT
  (cd "$ROOT" && go build -o "$BIN/mytune" ./cmd/mytune) || { echo "bench-threads.sh: cmd/mytune does not build" >&2; exit 1; }
  advise "$ADVISE_PROFILE" "$ADVISE_DUMP" "$BIN/mytune"
  exit
fi
[ "$(id -u)" = 0 ] || { echo "bench-threads.sh: needs root (test beds, cgroups)" >&2; exit 2; }
for t in mariadb-install-db mariadbd mariadb mariadb-admin mydumper myloader sysbench go python3 /usr/bin/time; do
  command -v "$t" >/dev/null || { echo "bench-threads.sh: $t not found" >&2; exit 2; }
done

WORK=$(mktemp -d /var/tmp/mytune-bench-threads.XXXXXX)
BED=bt$$
SERVERS=()   # "pidfile socket" of every server started
BED_UP=""

log() { echo "[$(date +%T)] $*" >&2; }

stop_server() { # socket pidfile
  mariadb-admin --socket="$1" -u root shutdown 2>/dev/null || true
  local pid; pid=$(cat "$2" 2>/dev/null || true)
  for _ in $(seq 60); do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
}
cleanup() {
  local s
  for s in "${SERVERS[@]}"; do stop_server ${s}; done
  [ -n "$BED_UP" ] && "$TB" down "$BED" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# start_server NAME DATADIR [BED]: a throwaway MariaDB on a socket only (no TCP port to collide).
start_server() {
  local name=$1 dd=$2 bed=${3:-} sock=$WORK/$1.sock pidf=$WORK/$1.pid
  mariadb-install-db --no-defaults --datadir="$dd" --auth-root-authentication-method=normal >"$WORK/$name.install.log" 2>&1 ||
    { cat "$WORK/$name.install.log" >&2; return 1; }
  local cmd=(mariadbd --no-defaults --user=root --datadir="$dd" --socket="$sock" --pid-file="$pidf"
    --skip-networking --skip-log-bin --skip-grant-tables --innodb-buffer-pool-size="$POOL" --log-error="$WORK/$name.err")
  if [ -n "$bed" ]; then "$TB" run "$bed" "${cmd[@]}" & else "${cmd[@]}" & fi
  SERVERS+=("$sock $pidf")
  for _ in $(seq 120); do
    mariadb-admin --socket="$sock" -u root ping >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "bench-threads.sh: server $name did not start; see its log:" >&2; tail -20 "$WORK/$name.err" >&2; return 1
}

sql() { mariadb --socket="$WORK/$1.sock" -u root -N -e "$2"; }

# wait_clean NAME: let InnoDB write back the previous run's dirty pages so runs do not overlap.
wait_clean() {
  sql "$1" "SET GLOBAL innodb_max_dirty_pages_pct=0"
  for _ in $(seq 240); do
    local dirty; dirty=$(sql "$1" "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')
    [ "${dirty:-0}" -lt 50 ] && break
    sleep 0.5
  done
  sql "$1" "SET GLOBAL innodb_max_dirty_pages_pct=90"
}

make_dump() { # DB ROWS -> dump dir
  local db=$1 rows=$2 out=$WORK/dump-$1
  sql src "CREATE DATABASE $db"
  sysbench oltp_read_write --db-driver=mysql --mysql-socket="$WORK/src.sock" --mysql-user=root --mysql-db="$db" \
    --tables="$TABLES" --table-size="$rows" --threads=2 prepare >"$WORK/sysbench-$db.log"
  # 4 chunks per table: enough files for 8 loader threads (myloader 0.10 loads one file per thread).
  mydumper --socket "$WORK/src.sock" -u root -B "$db" --rows $(( (rows + 3) / 4 )) -t 2 -o "$out" >/dev/null
  echo "$out"
}

# profile_disk DIR [BED] -> profile JSON path, measured by `mytune probe`.
profile_disk() {
  local dir=$1 bed=${2:-} out=$WORK/profile-$(basename "$1").json run=()
  [ -n "$bed" ] && run=("$TB" run "$bed")
  if ! "${run[@]}" "$WORK/mytune" probe --datadir "$dir" --format json >"$out" 2>"$out.err" ||
     ! python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))["storage"]["rand_write"] else 1)' "$out" 2>/dev/null; then
    echo "bench-threads.sh: mytune probe failed on $dir:" >&2; cat "$out.err" >&2; return 1
  fi
  log "profiled $dir with mytune probe"
  echo "$out"
}

# sweep BED_LABEL TARGET DUMP: times every thread count REPEAT times, alternating the order.
sweep() {
  local label=$1 target=$2 dump=$3 rep t list
  for rep in $(seq "$REPEAT"); do
    list=$THREADS; [ $((rep % 2)) = 0 ] && list=$(echo "$THREADS" | tr ' ' '\n' | tac | tr '\n' ' ')
    for t in $list; do
      sql "$target" "DROP DATABASE IF EXISTS restored"; wait_clean "$target"; sync
      local t0 t1; t0=$(date +%s.%N)
      myloader --socket "$WORK/$target.sock" -u root -d "$dump" -B restored -o -t "$t" >/dev/null 2>"$WORK/myloader.err" ||
        { cat "$WORK/myloader.err" >&2; return 1; }
      t1=$(date +%s.%N)
      echo "$label $t $rep $(echo "$t1 - $t0" | bc)" | tee -a "$WORK/results.txt" >&2
    done
  done
}

# dump_sweep: times mydumper dumping sb_disk (the disk bed's source, made here if the load sweep did
# not) at every DUMP_THREADS count, per DUMP_MODES, REPEAT times alternating the order, each into a
# fresh directory on this machine's disk; the time includes a sync, so the dump is on the disk.
# mydumper's own CPU seconds (user + system) are kept too: wall ≈ CPU / cores used tells a dump
# short of threads from one short of CPU.
dump_sweep() {
  local dump=$DISK_DUMP prof=$DISK_PROF out=$WORK/dumpsweep threads=$DUMP_THREADS mode advised
  [ -n "$dump" ] || dump=$(make_dump sb_disk "$ROWS_DISK")
  [ -n "$prof" ] || { mkdir -p "$WORK/disk-target"; prof=$(profile_disk "$WORK/disk-target"); }
  read -r advised _ < <(advise "$prof" "$dump" "$WORK/mytune" dump) || true
  [ -n "${advised:-}" ] || { echo "bench-threads.sh: mytune advise gave no dump threads for $prof" >&2; return 1; }
  case " $threads " in *" $advised "*) ;; *) threads="$threads $advised" ;; esac
  log "dump: mytune advises $advised dump threads; mydumper of sb_disk ($(du -sh "$dump" | cut -f1) as SQL) at $threads"
  wait_clean src
  for mode in $DUMP_MODES; do
    echo "disk-dump-$mode $advised 0 0" >>"$WORK/advised.txt"
    dump_mode "disk-dump-$mode" "$mode" "$threads" "$out"
  done
  rm -rf "$out"
}

# dump_mode LABEL MODE THREADS OUT: the timed mydumper runs of one mode (compress or plain).
dump_mode() {
  local label=$1 flags=() rep t list t0 t1
  [ "$2" = compress ] && flags=(--compress)
  for rep in $(seq "$REPEAT"); do
    list=$3; [ $((rep % 2)) = 0 ] && list=$(echo "$3" | tr ' ' '\n' | tac | tr '\n' ' ')
    for t in $list; do
      rm -rf "$4"; sync
      t0=$(date +%s.%N)
      /usr/bin/time -f "%U %S" -o "$WORK/cpu.time" mydumper --socket "$WORK/src.sock" -u root -B sb_disk \
        --rows $(( (ROWS_DISK + 3) / 4 )) -t "$t" "${flags[@]}" -o "$4" >/dev/null 2>"$WORK/mydumper.err" ||
        { cat "$WORK/mydumper.err" >&2; return 1; }
      sync
      t1=$(date +%s.%N)
      echo "$label $t $rep $(echo "$t1 - $t0" | bc)" | tee -a "$WORK/results.txt" >&2
      echo "$label $t $rep $(awk '{print $1 + $2}' "$WORK/cpu.time")" >>"$WORK/cpu.txt"
      [ -s "$WORK/sizes.txt" ] && grep -q "^$label " "$WORK/sizes.txt" || echo "$label $(du -sb "$4" | cut -f1)" >>"$WORK/sizes.txt"
    done
  done
}

log "building mytune"
(cd "$ROOT" && go build -o "$WORK/mytune" ./cmd/mytune) || { echo "bench-threads.sh: cmd/mytune does not build" >&2; exit 1; }

log "source server and datasets ($TABLES tables; rows per table: disk $ROWS_DISK, sd $ROWS_SD)"
start_server src "$WORK/src-data"
: >"$WORK/advised.txt"; : >"$WORK/results.txt"; : >"$WORK/sizes.txt"; : >"$WORK/cpu.txt"
DISK_PROF="" DISK_DUMP=""
[ "$ONLY" = dump ] && BEDS=""
for bed in $BEDS; do
  case $bed in
    disk) rows=$ROWS_DISK; dir=$WORK/disk-target; mkdir -p "$dir"; inbed="" ;;
    sd) rows=$ROWS_SD; BED_UP=1; dir=$("$TB" up "$BED" sd --size 3G | sed -n 's/^DIR=//p'); inbed=$BED ;;
    *) echo "bench-threads.sh: unknown bed $bed (disk or sd)" >&2; exit 2 ;;
  esac
  dump=$(make_dump "sb_$bed" "$rows")
  log "$bed: dump of $(du -sh "$dump" | cut -f1) in $(ls "$dump" | grep -vc -- '-schema') files; profiling $dir"
  prof=$(profile_disk "$dir" "$inbed")
  read -r advised est_low est_high < <(advise "$prof" "$dump" "$WORK/mytune") || true
  [ -n "${advised:-}" ] || { echo "bench-threads.sh: mytune advise gave no load threads for $prof" >&2; exit 1; }
  log "$bed: mytune advises $advised load threads (restore estimate $est_low-$est_high s)"
  echo "$bed $advised $est_low $est_high" >>"$WORK/advised.txt"
  [ "$bed" = disk ] && DISK_PROF=$prof DISK_DUMP=$dump
  case " $THREADS " in *" $advised "*) ;; *) THREADS="$THREADS $advised" ;; esac
  start_server "target-$bed" "$dir/data" "$inbed"
  sweep "$bed" "target-$bed" "$dump"
  stop_server "$WORK/target-$bed.sock" "$WORK/target-$bed.pid"
  [ "$bed" = sd ] && { "$TB" down "$BED" >/dev/null; BED_UP=""; }
done
if [ "$ONLY" != load ]; then dump_sweep; fi

python3 - "$WORK/results.txt" "$WORK/advised.txt" "$WORK/sizes.txt" "$WORK/cpu.txt" <<'PY'
import sys, statistics, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    bed, t, rep, s = line.split()
    runs[(bed, int(t))].append(float(s))
advised = {l.split()[0]: l.split()[1:] for l in open(sys.argv[2])}
sizes = {l.split()[0]: int(l.split()[1]) for l in open(sys.argv[3])}
cpu = collections.defaultdict(list)  # mydumper CPU seconds (dump sweep only)
for line in open(sys.argv[4]):
    bed, t, rep, s = line.split()
    cpu[(bed, int(t))].append(float(s))
for bed in dict.fromkeys(b for b, _ in runs):
    adv, lo, hi = int(advised[bed][0]), float(advised[bed][1]), float(advised[bed][2])
    med = {t: statistics.median(v) for (b, t), v in sorted(runs.items()) if b == bed}
    best = min(med, key=med.get)
    dump = "-dump-" in bed
    what = "mydumper dump time (s)" if dump else "myloader restore time (s)"
    size = f", {sizes[bed] / 1e6:.0f} MB written" if bed in sizes else ""
    print(f"\n## {bed}: {what}, median of {len(runs[(bed, best)])} runs{size}")
    col = " mydumper CPU (s) |" if dump else ""
    print(f"| threads | runs (s) | median (s) |{col}  |")
    print("|---|---|---|---|" + ("---|" if dump else ""))
    for t in sorted(med):
        mark = " ".join(m for m, c in (("best", t == best), ("advised", t == adv)) if c)
        c = f" {statistics.median(cpu[(bed, t)]):.1f} |" if dump and cpu[(bed, t)] else (" |" if dump else "")
        print(f"| {t} | {' '.join(f'{x:.1f}' for x in runs[(bed, t)])} | {med[t]:.1f} |{c} {mark} |")
    est = "" if dump else f"; estimated load {lo:.0f}-{hi:.0f} s"
    print(f"best {best} threads {med[best]:.1f} s; mytune advised {adv} threads {med[adv]:.1f} s; "
          f"regret {100 * (med[adv] / med[best] - 1):.1f}%{est}")
PY
