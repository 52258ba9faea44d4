#!/bin/bash
# bench-workload.sh — does a server restarted with mytune's advised my.cnf serve an OLTP load better than stock?
#
# Per bed (scripts/testbed.sh, names workload-BED; the limits of scripts/bench-restore.sh) and data size:
#   1. a sysbench data set (--tables tables, rows per table from the size: --row-bytes per row of
#      data_length+index_length) prepared once into a datadir on the bed, by a server run OUTSIDE the bed's
#      throttle (the load is not what is measured); its real size is printed from information_schema
#      (after ANALYZE TABLE) and du, and kept in WORK/datasets.txt;
#   2. a stock server (mariadbd --no-defaults, inside the bed) on that datadir, warmed up, and
#      `mytune advise --datadir DIR -S SOCK -u root --durability strict|relaxed --format cnf` run inside the
#      bed against it: the cnf printed is kept as WORK/advice/BED-SIZE-strict.cnf (and -relaxed);
#   3. REPEAT reps; each rep runs every --configs entry once, in an order that alternates per rep (stock strict
#      relaxed, then relaxed strict stock, ...; with --order rotate each rep starts one config further on: stock
#      strict relaxed, strict relaxed stock, relaxed stock strict, so that over as many reps as configs every
#      config runs once in every position, where alternating keeps the middle one in the middle). Per config: the server stopped and its process gone (kill -0 on
#      its pid, and no process left with its --datadir), restarted stock (--no-defaults) or with the advised cnf
#      as its --defaults-file (the bench's socket, datadir, pid and log flags after it), the same warm-up (a full
#      scan of every table: SELECT COUNT(*), SUM(LENGTH(c)) FROM sbtestN), then `sysbench WORKLOAD run` for
#      --duration per workload × thread count, back to back in the order given (the same order for every
#      config: what a write run leaves dirty is flushed under the next run, alike for all). --restart run
#      restarts and warms up before every workload × thread count instead (hours longer on the slow beds).
#      An advised server that does not start is a result ("nostart"), never skipped; the next config
#      starts from a stopped server again.
#   While sysbench runs, SHOW GLOBAL STATUS is sampled every --interval seconds (WORK/samples.txt):
#   Innodb_checkpoint_age against the async flush point (7/8 of Innodb_checkpoint_max_age, MariaDB's
#   log_t::set_capacity: the age past which page flushing is forced), dirty pages against the pool, and the
#   pool's reads against read requests. Every run's sysbench output (per-second lines, histogram) is kept in
#   WORK/logs/BED-SIZE-WORKLOAD-THREADS-CONFIG-REP.log; samples.txt's lines are "BED SIZE WORKLOAD THREADS CONFIG
#   REP SECONDS CKPT_AGE CKPT_MAX_AGE DIRTY_PAGES POOL_PAGES POOL_READS POOL_READ_REQUESTS".
#
#   scripts/bench-workload.sh [--beds "fast card bw hdd" (also cardlat)] [--sizes "100M 400M"]
#       [--workloads "oltp_read_only oltp_read_write oltp_write_only"] [--threads "1 4 16"]
#       [--configs "stock strict relaxed"] [--order alternate|rotate] [--repeat 3] [--duration 60s] [--interval 5]
#       [--tables 8] [--row-bytes 270] [--bed-size 10G] [--sysbench-args "--rand-type=uniform"] [--restart config|run]
#       [--variant "NAME=BASE opt=val ..."]  one more config: BASE's cnf (stock, strict or relaxed; stock is an
#                               empty [mysqld]) with these options set (replacing the advised line for the same
#                               option), e.g. --variant "strict-io200=strict innodb_io_capacity=200
#                               innodb_io_capacity_max=2000" --configs "stock strict strict-io200": one setting
#                               measured against the advice it came from; repeat the flag for more variants
#       [--keep DIR]            keep WORK (results, advice, logs) and the beds with their data between
#                               invocations: a rerun reuses a prepared data set and appends to results.txt,
#                               its reps numbered on from the ones already there (the order keeps alternating);
#                               `scripts/testbed.sh down workload-BED` frees a bed afterwards
#   scripts/bench-workload.sh --report DIR   only print the table of DIR/results.txt
#
# Beds: fast (no throttle), card (100 write IOPS, 20 MB/s writes; 1600 read IOPS, 42 MB/s reads), bw (15 MB/s, 600 write IOPS),
# hdd (testbed.sh's hdd profile: 120 MB/s and 150 IOPS both ways).
# Results, WORK/results.txt, one line per run:
#   BED SIZE WORKLOAD THREADS CONFIG REP TPS P95_MS P99_MS HIT_RATIO CKPT_AGE_MAX_PCT LOAD1 DIRTY_MAX_PCT MIN_1S_TPS
# TPS "nostart" (the server did not start with that config), "noadvice" (mytune printed no cnf) or "failed"
# (sysbench failed) marks a failed run (the other fields "-"). P95/P99 from sysbench's latency histogram,
# HIT_RATIO 1 - Δreads/Δread_requests over the run, CKPT_AGE_MAX_PCT the largest sampled checkpoint age in % of
# the async point, DIRTY_MAX_PCT the most dirty pages sampled in % of the pool, MIN_1S_TPS the slowest
# second of the run (sysbench --report-interval=1: a stall shows as a second near 0), LOAD1 /proc/loadavg's
# first figure after the run. scripts/bench-workload-report.py prints the table (docs/benchmarks/workload.md).
# A benchmark, not a test: needs root, mariadb-server, sysbench, python3, go.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TB=$ROOT/scripts/testbed.sh
BEDS="fast card bw hdd" SIZES="100M 400M" WORKLOADS="oltp_read_only oltp_read_write oltp_write_only"
THREADS="1 4 16" CONFIGS="stock strict relaxed" REPEAT=3 DURATION=60 INTERVAL=5 TABLES=8 ROW_BYTES=270
BED_SIZE=10G SB_ARGS="" ORDER=alternate KEEP="" REPORT="" BP=workload RESTART=config BROKEN="" VARIANTS=()
START_TIMEOUT=600 STOP_TIMEOUT=1800 # seconds: a start may resize the redo log; a stop writes every dirty page
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "bench-workload.sh: $1 needs a value" >&2; exit 2; }
  case $1 in
    --beds) BEDS=$2 ;; --sizes) SIZES=$2 ;; --workloads) WORKLOADS=$2 ;; --threads) THREADS=$2 ;;
    --configs) CONFIGS=$2 ;; --repeat) REPEAT=$2 ;; --duration) DURATION=${2%s} ;; --interval) INTERVAL=${2%s} ;;
    --tables) TABLES=$2 ;; --row-bytes) ROW_BYTES=$2 ;; --bed-size) BED_SIZE=$2 ;; --sysbench-args) SB_ARGS=$2 ;;
    --keep) KEEP=$2 ;; --report) REPORT=$2 ;; --restart) RESTART=$2 ;; --variant) VARIANTS+=("$2") ;;
    --order) ORDER=$2 ;;
    *) echo "bench-workload.sh: unknown flag $1" >&2; exit 2 ;;
  esac
  shift 2
done
if [ -n "$REPORT" ]; then exec python3 "$ROOT/scripts/bench-workload-report.py" "$REPORT"; fi
for v in "$REPEAT" "$DURATION" "$INTERVAL" "$TABLES" "$ROW_BYTES"; do
  [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "bench-workload.sh: '$v' is not a positive whole number" >&2; exit 2; }
done
case $ORDER in alternate|rotate) ;; *) echo "bench-workload.sh: --order is alternate or rotate (not $ORDER)" >&2; exit 2 ;; esac
case $RESTART in config|run) ;; *) echo "bench-workload.sh: --restart is config or run (not $RESTART)" >&2; exit 2 ;; esac
# rep_order REP: the configs in REP's order (--order): alternate reverses every second rep; rotate starts rep
# REP at config (REP-1) mod n and wraps around
rep_order() {
  local -a c; read -r -a c <<<"$CONFIGS"; local n=${#c[@]} i
  if [ "$ORDER" = rotate ]; then for ((i = 0; i < n; i++)); do echo -n "${c[$(((i + $1 - 1) % n))]} "; done
  elif [ $(($1 % 2)) = 0 ]; then for ((i = n - 1; i >= 0; i--)); do echo -n "${c[$i]} "; done
  else echo -n "$CONFIGS"; fi
}
# variant_of NAME: "BASE opt=val ..." of the --variant called NAME (nothing if none is)
variant_of() {
  local v; for v in "${VARIANTS[@]}"; do [ "${v%%=*}" != "$1" ] || { echo "${v#*=}"; return; }; done
}
for v in "${VARIANTS[@]}"; do
  # names: letters, digits and "-" only (they end up in datadir paths that left() matches as a regex);
  # options as the server spells them (- or _); values without spaces or glob characters
  [[ $v =~ ^[a-z0-9][a-z0-9-]*=(stock|strict|relaxed)(\ [a-z][a-z0-9_-]*=[^][ =*?]+)+$ ]] ||
    { echo "bench-workload.sh: --variant '$v' is not like 'NAME=strict innodb_io_capacity=200'" >&2; exit 2; }
  case ${v%%=*} in stock|strict|relaxed) echo "bench-workload.sh: --variant may not be called ${v%%=*}" >&2; exit 2 ;; esac
  [ "$(printf '%s\n' "${VARIANTS[@]}" | grep -c "^${v%%=*}=")" = 1 ] || { echo "bench-workload.sh: two --variant ${v%%=*}" >&2; exit 2; }
done
for c in $CONFIGS; do case $c in stock|strict|relaxed) ;; *) [ -n "$(variant_of "$c")" ] ||
  { echo "bench-workload.sh: config is stock, strict, relaxed or a --variant's name (not $c)" >&2; exit 2; } ;; esac; done
# ADVISED: the durabilities mytune is asked for: the configs' and the variants' bases
ADVISED=$(for c in $CONFIGS; do b=$(variant_of "$c"); b=${b%% *}; echo "${b:-$c}"; done | { grep -vx stock || true; } | sort -u | tr '\n' ' ')
for w in $WORKLOADS; do case $w in oltp_read_only|oltp_read_write|oltp_write_only|oltp_point_select|oltp_update_index|oltp_update_non_index|oltp_insert|oltp_delete) ;;
  *) echo "bench-workload.sh: $w is not a sysbench oltp workload" >&2; exit 2 ;; esac; done
# bytes SIZE: 250M, 1G, 1.5G, 500000 -> bytes
bytes() {
  numfmt --from=iec "${1%B}" 2>/dev/null || { echo "bench-workload.sh: size $1 is not like 250M or 1G" >&2; return 2; }
}
for s in $SIZES; do bytes "$s" >/dev/null || exit 2; done
[ "$(id -u)" = 0 ] || { echo "bench-workload.sh: needs root (test beds, cgroups)" >&2; exit 2; }
for t in mariadb-install-db mariadbd mariadb mariadb-admin sysbench go python3 numfmt pgrep filefrag md5sum; do
  command -v "$t" >/dev/null || { echo "bench-workload.sh: $t not found (make deps)" >&2; exit 2; }
done

if [ -n "$KEEP" ]; then mkdir -p "$KEEP"; WORK=$(cd "$KEEP" && pwd); else WORK=$(mktemp -d /var/tmp/mytune-bench-workload.XXXXXX); fi
RUN=$(mktemp -d "$WORK/run.XXXXXX") # sockets, pid files, server logs: this invocation's only
SOCK=$RUN/s.sock PIDF=$RUN/s.pid
SPID="" SDD="" BED_UP="" SAMPLER="" WARM_S=0
log() { echo "[$(date +%T)] $*" >&2; }
sql() { mariadb --socket="$SOCK" -u root -N -B -e "/* mytune bench */ $1"; }

REP_LOCK="" REP_LOCK_PID=""
source "$ROOT/scripts/bench-lib.sh" # alive, left, server_stop


cleanup() {
  [ -z "$SAMPLER" ] || kill "$SAMPLER" 2>/dev/null || true
  TERM_ON_TIMEOUT=1 server_stop
  if [ -z "$KEEP" ]; then
    [ -z "$BED_UP" ] || "$TB" down "$BED_UP" >/dev/null 2>&1 || true
    rm -rf "$WORK"
  else
    rm -rf "$RUN"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# server_start DATADIR BED|"" CONFIG-FILE|stock [EXTRA OPTIONS...]: mariadbd on $SOCK only, inside BED's throttle
# ("" outside it). SPID is mariadbd's own pid (testbed.sh run and nice exec it). Fails if the server does not
# answer within START_TIMEOUT or exits first (its log's tail is printed).
server_start() {
  local dd=$1 bed=$2 cfg=$3 first; shift 3
  [ -z "$(left "$dd")" ] || { echo "bench-workload.sh: a mariadbd already runs on $dd: $(left "$dd")" >&2; exit 1; }
  if [ "$cfg" = stock ]; then first=--no-defaults; else first=--defaults-file=$cfg; fi
  local cmd=(mariadbd "$first" "$@" --user=root --datadir="$dd" --socket="$SOCK" --pid-file="$PIDF"
    --skip-networking --skip-grant-tables --log-error="$RUN/server.err")
  : >"$RUN/server.err"
  # its stdout/stderr (warnings before the error log opens, e.g. max_open_files) go to server.out
  if [ -n "$bed" ]; then "$TB" run "$bed" "${cmd[@]}" >>"$RUN/server.out" 2>&1 & else "${cmd[@]}" >>"$RUN/server.out" 2>&1 & fi
  SPID=$! SDD=$dd
  local i
  for i in $(seq $((START_TIMEOUT * 2))); do
    mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && return 0
    alive "$SPID" || break
    sleep 0.5
  done
  echo "bench-workload.sh: mariadbd ($first) on $dd did not start; its log:" >&2; tail -15 "$RUN/server.err" >&2
  cp "$RUN/server.err" "$WORK/nostart-$(date +%s).err"
  TERM_ON_TIMEOUT=1 server_stop
  return 1
}

# warm_up: the same for every config after every start: the server's own buffer-pool load at start-up (on by
# default: innodb_buffer_pool_load_at_startup reads the pages ib_buffer_pool names, in the background) waited for,
# so that it does not run into the timed load, then a full scan of every table (its clustered index).
warm_up() {
  local i q="" st t0=$SECONDS
  if [ "$(sql "SELECT @@innodb_buffer_pool_load_at_startup")" = 1 ]; then
    for i in $(seq $((START_TIMEOUT * 2))); do
      st=$(sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_load_status'" | cut -f2)
      case $st in *completed*|*aborted*|Cannot*|*rror*) break ;; esac
      sleep 0.5
    done
  fi
  for i in $(seq "$TABLES"); do q="$q SELECT COUNT(*), SUM(LENGTH(c)) FROM sbtest.sbtest$i;"; done
  sql "$q" >/dev/null || return 1
  WARM_S=$((SECONDS - t0))
}

# bed_up BED: the bed workload-BED with bench-restore.sh's limits; prints its directory (an existing bed is kept).
bed_up() {
  local args
  case $1 in
    fast) args=(fast) ;; hdd) args=(hdd) ;;
    # card: bench-restore.sh's writes (100 IOPS, 20 MB/s: a cheap card's 4K random writes, 0.2-1.5 MB/s on a Pi 4)
    # plus a card's reads, which a workload bigger than the pool reads from the card (O_DIRECT: no page cache):
    # 1600 IOPS and 42 MB/s, a SanDisk Ultra 16GB on a Raspberry Pi 4 (4K random read 6.57 MB/s = 1604 IOPS,
    # hdparm buffered 42.30 MB/s; pidramble.com/wiki/benchmarks/microsd-cards). 16 KiB reads are slower per I/O
    # than 4K ones on a card, so 1600 IOPS is generous to the stock server's misses.
    card) args=(custom --write-iops 100 --write-bps 20000000 --read-iops 1600 --read-bps 42000000) ;;
    bw) args=(custom --write-bps 15000000 --write-iops 600) ;;
    # cardlat: the card's limits as a wait per operation instead of a per-second budget: every write waits 10 ms
    # (the card bed's 100 write IOPS at one at a time), one at a time (--queue 1: a card serves one command), a
    # flush waits nothing (an SD card whose queue/write_cache says "write through" is sent none), through
    # latencyfs (testbed.sh's latency profile); reads and bandwidth as the card bed's. Measured on a fresh bed
    # (2026-12-07 17:55 UTC): fio 16K random writes QD1 95/s, p50 10.4 ms; 8 KiB O_DIRECT writes + fdatasync on
    # written extents 91/s (the card bed: 50/s, blk-throttle charging the flush and waiting out 100 ms slices).
    cardlat) args=(latency --write-latency 10ms --sync-latency 0ms --queue 1 --write-bps 20000000 --read-iops 1600
      --read-bps 42000000) ;;
    *) echo "bench-workload.sh: unknown bed $1 (fast card cardlat bw hdd)" >&2; return 2 ;;
  esac
  "$TB" up "$BP-$1" "${args[@]}" --size "$BED_SIZE" | sed -n 's/^DIR=//p'
}

# rows SIZE: rows per table for SIZE bytes of data+index over TABLES tables
rows() { echo $(( $(bytes "$1") / TABLES / ROW_BYTES )); }

# prepare BED SIZE DD: the data set in DD (kept when DD/.prepared names the same tables and rows). Loaded by a
# server outside the bed's throttle, flushing the redo once a second, with a 1G pool (faster; stopped after).
prepare() {
  local bed=$1 size=$2 dd=$3 n; n=$(rows "$size")
  if [ "$(cat "$dd/.prepared" 2>/dev/null)" = "$TABLES $n" ]; then log "$bed $size: reusing the data set in $dd"; return; fi
  [ -z "$(left "$dd")" ] || { echo "bench-workload.sh: a mariadbd runs on $dd: not removing it" >&2; exit 1; }
  rm -rf "$dd"
  mariadb-install-db --no-defaults --datadir="$dd" --auth-root-authentication-method=normal >"$RUN/install.log" 2>&1 ||
    { cat "$RUN/install.log" >&2; return 1; }
  server_start "$dd" "" stock --innodb-buffer-pool-size=1G --innodb-flush-log-at-trx-commit=2
  sql "CREATE DATABASE sbtest"
  log "$bed $size: sysbench prepare, $TABLES tables × $n rows"
  local t0=$SECONDS
  sysbench oltp_read_only --db-driver=mysql --mysql-socket="$SOCK" --mysql-user=root --mysql-db=sbtest \
    --tables="$TABLES" --table-size="$n" --threads=$((TABLES < 4 ? TABLES : 4)) prepare >"$RUN/prepare.log" 2>&1 ||
    { tail -5 "$RUN/prepare.log" >&2; return 1; }
  local i q=""; for i in $(seq "$TABLES"); do q="$q sbtest.sbtest$i,"; done
  sql "ANALYZE TABLE ${q%,}" >/dev/null
  local mib du
  mib=$(sql "SELECT ROUND(SUM(data_length+index_length)/1048576) FROM information_schema.tables WHERE table_schema='sbtest'")
  server_stop
  du=$(du -sm "$dd/sbtest" | cut -f1)
  log "$bed $size: prepared in $((SECONDS - t0)) s: $mib MiB of data+index (information_schema), $du MiB of files"
  echo "$bed $size $TABLES $n $mib $du" >>"$WORK/datasets.txt"
  echo "$TABLES $n" >"$dd/.prepared"
}

# cfg_dd DD CONFIG: the datadir CONFIG runs on: the prepared one for stock, a copy of it for every other config.
# One datadir per config because MariaDB resizes the redo log at a start whose innodb_log_file_size differs from
# the file's, and writes the new file preallocated but unwritten (fallocate: ext4 unwritten extents, filefrag -v);
# every synced write into it then also marks an extent written (a journal commit), 1.57x and 1.75x slower per 4 KiB
# O_DIRECT+fdatasync write on the fast bed (fio, 2026-12-02 00:18: 1519/2385 and 1001/1756 IOPS fresh/written),
# until the log has been written once through. On one shared datadir every switch between stock's 96M and an
# advised 512M resized the log, and the configs were timed on fresh logs (docs/benchmarks/workload.md).
cfg_dd() { if [ "$2" = stock ]; then echo "$1"; else echo "$1-$2"; fi; }

# config_dir BED SIZE DD CONFIG: CONFIG's datadir ready: copied from DD (when missing or prepared from another
# data set; every byte written: --sparse=never), started once outside the bed's throttle with CONFIG's cnf (the
# redo log is resized then) and stopped, and its ib_logfile0 rewritten byte for byte (cp --sparse=never, the
# server stopped cleanly: the same content, every extent written), so the timed runs find the redo log as a
# server has it after its first pass through it. Redone when CONFIG's cnf changes (DIR/.logready holds its sum).
config_dir() {
  local bed=$1 size=$2 dd=$3 cfg=$4 cd cf=stock mark fresh
  cd=$(cfg_dd "$dd" "$cfg")
  if [ "$cfg" != stock ]; then cf=$WORK/advice/$bed-$size-$cfg.cnf; [ -s "$cf" ] || return 0; fi
  [ -z "$(left "$cd")" ] || { echo "bench-workload.sh: a mariadbd runs on $cd: not touching it" >&2; exit 1; }
  if [ "$cd" != "$dd" ] && [ "$(cat "$cd/.prepared" 2>/dev/null)" != "$(cat "$dd/.prepared")" ]; then
    # copied under another name and renamed when whole: a copy cut short is never taken for a prepared one
    rm -rf "$cd" "$cd.tmp"
    cp -a --sparse=never "$dd" "$cd.tmp" || { rm -rf "$cd.tmp"; echo "bench-workload.sh: copying $dd failed" >&2; exit 1; }
    rm -f "$cd.tmp/.logready"; mv "$cd.tmp" "$cd"
  fi
  # the cnf's settings, not mytune's comments, decide whether the log is made again
  mark=$( { if [ "$cf" = stock ]; then echo stock; else grep -v '^[[:space:]]*#' "$cf"; fi; } | md5sum | cut -c1-32)
  [ "$(cat "$cd/.logready" 2>/dev/null)" != "$mark" ] || return 0
  rm -f "$cd/.logready"
  # no buffer-pool load or dump: a start and stop this quick would cut the pool's dump short
  server_start "$cd" "" "$cf" --innodb-buffer-pool-load-at-startup=0 --innodb-buffer-pool-dump-at-shutdown=0 ||
    { log "$bed $size $cfg: does not start (its runs record nostart)"; return 0; }
  server_stop
  if ! { cp -p --sparse=never "$cd/ib_logfile0" "$cd/ib_logfile0.w" && sync "$cd/ib_logfile0.w" && mv "$cd/ib_logfile0.w" "$cd/ib_logfile0"; }; then
    rm -f "$cd/ib_logfile0.w"; echo "bench-workload.sh: rewriting $cd/ib_logfile0 failed" >&2; exit 1
  fi
  fresh=$(filefrag -v "$cd/ib_logfile0" | grep -c unwritten || true)
  log "$bed $size $cfg: datadir $cd, redo log $(du -h --apparent-size "$cd/ib_logfile0" | cut -f1), rewritten: $fresh unwritten extents left"
  [ "$fresh" = 0 ] || { echo "bench-workload.sh: $cd/ib_logfile0 still has $fresh unwritten extents" >&2; exit 1; }
  echo "$mark" >"$cd/.logready"
}

# advise BED SIZE DIR DD: per advised config, the cnf `mytune advise` prints against the stock server on the bed
# (run inside the bed, so the disk it measures is the bed's). An empty or failed advice leaves no cnf: its runs are
# recorded as "noadvice".
advise() {
  local bed=$1 size=$2 dir=$3 dd=$4 d out
  mkdir -p "$WORK/advice"
  server_start "$dd" "$BP-$bed" stock || return 1
  warm_up
  for d in $ADVISED; do
    out=$WORK/advice/$bed-$size-$d.cnf
    [ ! -e "$out" ] || mv "$out" "$out.prev"
    if "$TB" run "$BP-$bed" "$WORK/mytune" advise --datadir "$dd" -S "$SOCK" -u root --durability "$d" --format cnf \
      >"$out.tmp" 2>"$RUN/advise.err" && grep -q '^\[mysqld\]' "$out.tmp"; then
      mv "$out.tmp" "$out"
      log "$bed $size $d: advised $(grep -v '^#' "$out" | grep -v '^\[' | tr '\n' ' ' | tr -s ' ')"
    else
      log "$bed $size $d: mytune advise failed: $(tail -3 "$RUN/advise.err" | tr '\n' ' ')"; rm -f "$out.tmp"
    fi
  done
  server_stop
  make_variants "$bed" "$size"
}

# make_variants BED SIZE: each --variant's cnf, WORK/advice/BED-SIZE-NAME.cnf: its base's advised cnf (stock: an
# empty [mysqld]) without the lines for the variant's options (- and _ alike), then those options under [mysqld]
# (the advised cnfs have that one group). No base cnf (mytune printed none): no variant cnf ("noadvice").
make_variants() {
  local bed=$1 size=$2 c spec base out kv pat
  for c in $CONFIGS; do
    spec=$(variant_of "$c"); [ -n "$spec" ] || continue
    base=${spec%% *} out=$WORK/advice/$bed-$size-$c.cnf
    rm -f "$out"
    if [ "$base" = stock ]; then echo "[mysqld]" >"$out.tmp"
    else [ -s "$WORK/advice/$bed-$size-$base.cnf" ] || continue; cp "$WORK/advice/$bed-$size-$base.cnf" "$out.tmp" || exit 1; fi
    echo "# --variant $c=$spec" >>"$out.tmp"
    local kvs; read -r -a kvs <<<"${spec#* }" # the regex above allows no glob characters or spaces in a value
    for kv in "${kvs[@]}"; do
      pat=$(echo "${kv%%=*}" | sed 's/[-_]/[-_]/g')
      sed -i "/^[[:space:]]*$pat[[:space:]]*=/d" "$out.tmp" || exit 1
      echo "${kv%%=*} = ${kv#*=}" >>"$out.tmp"
    done
    mv "$out.tmp" "$out" || exit 1
    log "$bed $size $c: $(grep -v '^#' "$out" | grep -v '^\[' | tr '\n' ' ' | tr -s ' ')"
  done
}

STATUS_VARS="'Innodb_checkpoint_age','Innodb_checkpoint_max_age','Innodb_buffer_pool_pages_dirty','Innodb_buffer_pool_pages_total','Innodb_buffer_pool_reads','Innodb_buffer_pool_read_requests'"
# status: one line "age max dirty total reads read_requests" of SHOW GLOBAL STATUS
status() {
  sql "SHOW GLOBAL STATUS WHERE Variable_name IN ($STATUS_VARS)" | awk '
    {v[$1]=$2} END {print v["Innodb_checkpoint_age"]+0, v["Innodb_checkpoint_max_age"]+0, v["Innodb_buffer_pool_pages_dirty"]+0,
      v["Innodb_buffer_pool_pages_total"]+0, v["Innodb_buffer_pool_reads"]+0, v["Innodb_buffer_pool_read_requests"]+0}'
}
# sampler OUT: "SECONDS-SINCE-START age max dirty total reads read_requests" every INTERVAL s until killed
sampler() {
  local t0=$SECONDS
  while :; do echo "$((SECONDS - t0)) $(status 2>/dev/null || echo -)" >>"$1"; sleep "$INTERVAL"; done
}

# start_config BED DD SIZE CONFIG: one restart with CONFIG and the warm-up; BROKEN is "" when the server serves,
# else the word every run on this start records (noadvice, nostart, failed). Not in a subshell: SPID is global.
start_config() {
  local bed=$1 dd=$2 size=$3 cfg=$4 cf=stock
  BROKEN=""
  server_stop
  if [ "$cfg" != stock ]; then
    cf=$WORK/advice/$bed-$size-$cfg.cnf
    [ -s "$cf" ] || { BROKEN=noadvice; return 0; }
  fi
  server_start "$(cfg_dd "$dd" "$cfg")" "$BP-$bed" "$cf" || { BROKEN=nostart; return 0; }
  if ! warm_up; then
    log "$bed $size $cfg: the warm-up failed; the server log: $(tail -3 "$RUN/server.err" | tr '\n' ' ')"
    BROKEN=failed; return 0
  fi
  log "$bed $size $cfg: started and warmed up in ${WARM_S}s (pool load: $(sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_load_status'" | cut -f2))"
}

# run_one BED SIZE WORKLOAD THREADS CONFIG REP BROKEN: one timed sysbench run on the server start_config left
# running (BROKEN, when not empty, is the word start_config gave: the run is recorded as failed with it).
run_one() {
  local bed=$1 size=$2 wl=$3 t=$4 cfg=$5 rep=$6 broken=$7 n label
  n=$(rows "$size"); label="$bed $size $wl $t $cfg $rep"
  if [ -n "$broken" ]; then
    echo "$label $broken - - - - $(cut -d' ' -f1 /proc/loadavg) - -" | tee -a "$WORK/results.txt" >&2
    return 0
  fi
  local smp=$RUN/samples.cur before after
  if ! before=$(status); then
    echo "$label failed - - - - $(cut -d' ' -f1 /proc/loadavg) - -" | tee -a "$WORK/results.txt" >&2
    return 0
  fi
  : >"$smp"
  sampler "$smp" & SAMPLER=$!
  local rc=0
  # shellcheck disable=SC2086
  sysbench "$wl" --db-driver=mysql --mysql-socket="$SOCK" --mysql-user=root --mysql-db=sbtest --tables="$TABLES" \
    --table-size="$n" --threads="$t" --time="$DURATION" --report-interval=1 --histogram=on --percentile=95 $SB_ARGS \
    run >"$RUN/sysbench.log" 2>&1 || rc=$?
  kill "$SAMPLER" 2>/dev/null || true; wait "$SAMPLER" 2>/dev/null || true; SAMPLER=""
  after=$(status 2>/dev/null || echo "")
  sed "s|^|$label |" "$smp" >>"$WORK/samples.txt"
  mkdir -p "$WORK/logs"; cp "$RUN/sysbench.log" "$WORK/logs/$(echo "$label" | tr ' ' '-').log"
  if [ "$rc" != 0 ] || ! grep -q 'transactions:' "$RUN/sysbench.log"; then
    echo "$label failed - - - - $(cut -d' ' -f1 /proc/loadavg) - -" | tee -a "$WORK/results.txt" >&2
    return 0
  fi
  # TPS, p95 and p99 from the histogram (the bucket where the cumulative count first reaches 95% / 99%, as
  # sysbench computes its own percentile line), the slowest second; hit ratio, checkpoint age, dirty pages
  awk -v label="$label" -v before="$before" -v after="$after" -v load1="$(cut -d' ' -f1 /proc/loadavg)" -v smp="$smp" '
    /transactions:/ { gsub(/[()]/, "", $3); tps = $3 }
    /^Latency histogram/ { hist = 1; next }
    hist && /^ *[0-9.]+ +\|/ { nb++; val[nb] = $1; cnt[nb] = $NF; total += $NF; next }
    hist && /^ *$/ && nb { hist = 0 }
    /^\[ *[0-9]+s *\].* tps: / { for (i = 1; i <= NF; i++) if ($i == "tps:") { s = $(i+1) + 0; if (min1 == "" || s < min1) min1 = s } }
    END {
      c = 0; p95 = p99 = "-"
      for (i = 1; i <= nb; i++) { c += cnt[i]; if (p95 == "-" && c >= 0.95 * total) p95 = val[i]; if (p99 == "-" && c >= 0.99 * total) { p99 = val[i]; break } }
      split(before, b, " "); split(after, a, " ")
      hit = "-"; if (a[6] > b[6]) hit = sprintf("%.4f", 1 - (a[5] - b[5]) / (a[6] - b[6]))
      agemax = 0; lim = 0; dmax = 0
      while ((getline line < smp) > 0) { split(line, f, " "); if (f[2] == "-") continue
        if (f[2] > agemax) agemax = f[2]; if (f[3] > 0) lim = f[3] * 7 / 8; if (f[5] > 0 && f[4] / f[5] > dmax) dmax = f[4] / f[5] }
      ck = lim > 0 ? sprintf("%.1f", 100 * agemax / lim) : "-"
      printf "%s %s %s %s %s %s %s %.1f %s\n", label, tps, p95, p99, hit, ck, load1, 100 * dmax, (min1 == "" ? "-" : min1)
    }' "$RUN/sysbench.log" | tee -a "$WORK/results.txt" >&2
}

log "building mytune"
(cd "$ROOT" && go build -o "$WORK/mytune" ./cmd/mytune) || { echo "bench-workload.sh: cmd/mytune does not build" >&2; exit 1; }
touch "$WORK/results.txt" "$WORK/datasets.txt"
grep -q '^#' "$WORK/results.txt" ||
  echo "# bed size workload threads config rep tps p95_ms p99_ms hit_ratio ckpt_age_max_pct load1 dirty_max_pct min_1s_tps" >>"$WORK/results.txt"
T0=$SECONDS
for bed in $BEDS; do
  dir=$(bed_up "$bed"); BED_UP=$BP-$bed
  [ -n "$dir" ] || { echo "bench-workload.sh: bed $bed did not come up" >&2; exit 1; }
  for size in $SIZES; do
    dd=$dir/data-$size
    prepare "$bed" "$size" "$dd"
    advise "$bed" "$size" "$dir" "$dd" || { echo "bench-workload.sh: the stock server on $bed $size did not start" >&2; exit 1; }
    for cfg in $CONFIGS; do config_dir "$bed" "$size" "$dd" "$cfg"; done
    # reps numbered on from those of this bed and size already in results.txt (--keep): the order keeps alternating
    rep0=$(awk -v k="$bed $size" '$1" "$2 == k && $6 > m {m = $6} END {print m + 0}' "$WORK/results.txt")
    for rep in $(seq $((rep0 + 1)) $((rep0 + REPEAT))); do
      order=$(rep_order "$rep")
      for cfg in $order; do
        [ "$RESTART" = run ] || start_config "$bed" "$dd" "$size" "$cfg"
        for wl in $WORKLOADS; do for t in $THREADS; do
          [ "$RESTART" = config ] || start_config "$bed" "$dd" "$size" "$cfg"
          run_one "$bed" "$size" "$wl" "$t" "$cfg" "$rep" "$BROKEN"
        done; done
      done
    done
    server_stop
    [ -n "$KEEP" ] || { rm -rf "$dd"; for cfg in $CONFIGS; do rm -rf "$(cfg_dd "$dd" "$cfg")"; done; }
  done
  if [ -z "$KEEP" ]; then "$TB" down "$BED_UP" >/dev/null; BED_UP=""; fi
done
log "done in $((SECONDS - T0)) s; results in $WORK/results.txt"
python3 "$ROOT/scripts/bench-workload-report.py" "$WORK"
