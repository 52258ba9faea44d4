#!/bin/bash
# bench-heldout.sh — a held-out restore sweep (issue 19, point 4): what `mytune advise --dump` printed for a
# restore (load threads, estimate), and the restore timed at every thread count, written as one file of
# testdata/heldout/ that test/heldout checks (the rule's regret, the printed range's containment). No constant
# is fitted to these files: adding one never goes with a change to a constant (testdata/heldout/README.md).
#
#   scripts/bench-heldout.sh --bed latency --write-latency 5ms --shape many25x5 [--cpus 1] [--binlog on]
#       [--mem-limits "2G none"] [--durability "strict relaxed"] [--threads "1 2 4 8 16"] [--repeat 3]
#       [--rows N] [--tables N] [--schemas N] [--bed-size 6G] [--keep DIR] [--out FILE] [--tag T] [--nice N]
#       [--rep-lock CMD] [--hold-writeback 1 (default) | 0] [--timed-opts "MARIADBD OPTIONS"] [--chunk-rows N]
#       [--partitions N] [--format mydumper (default) | mysqldump]
#
# One bed per run, on a fresh scripts/testbed.sh bed named heldout[TAG]-BED (fast, card, bw, hdd as
# bench-restore.sh makes them, or latency: every write and flush waits --write-latency). Per memory limit ×
# durability cell, the advice is followed as a user would (as bench-restore.sh e2e does): a fresh stock MariaDB
# (--no-defaults: 128M pool; innodb_flush_log_at_trx_commit 1 or 2) on the bed, in the bed's cgroup, with
# --mem-limits SIZE in a cgroup v1 memory group of that size ("none": the whole machine), and with --cpus N in a
# cgroup v1 cpuset of CPUs 0..N-1 (server, mytune and myloader alike); then
#   1. once the host is quiet (load average below the CPU count, PSI cpu some avg10 below 15%; at most 180 s),
#      `mytune advise --datadir DIR -S SOCK -u root --dump DUMP --task load --durability D --format json`, run
#      there: its profile, load threads, estimate, cnf, myloader line and settings are kept as printed;
#   2. the server restarted with the printed cnf as its only option file (the binary log options appended), and
#      the printed during-load SET GLOBAL / ALTER INSTANCE lines applied: what the printed estimate assumes;
#   3. the printed myloader line (connection filled in, --threads varied), and after it any printed line that runs
#      after the loader (mysqlcheck --analyze), timed together at every --threads count and the printed one, REPEAT times, ascending in odd reps and descending in even ones, each on dropped schemas
#      with the dirty pages written back first; a run lost to an InnoDB deadlock is rerun (up to 3 tries) and
#      counted. Printed lines before the loader's (mkdir/find/ln: the FULLTEXT deferral's directory of links) run as
#      printed before each run, untimed; the printed mysql lines after it (the deferral's ALTER TABLE … ADD) run with
#      mysqlcheck's, timed with the load. --threads "" times the printed count alone: the cell scores the printed range's containment,
#      not the rule's regret (test/heldout: a row "timed at the printed count only"), at a fifth of a sweep's time.
# --binlog on: log_bin ON with sync_binlog=1 and innodb_flush_log_at_trx_commit=1 (MySQL 8's defaults; durability
# strict only), and every cell is swept twice: the binary log skipped (myloader 0.10's default: it sets
# SQL_LOG_BIN=0, as the advice says) and written (myloader --enable-binlog); RESET MASTER before each run.
# Shapes: scripts/bench-shapes.sh (sysbench8, many25x5, big2m, skew1x20; --rows/--tables/--schemas scale one;
# --chunk-rows N dumps a chunked shape N rows a data file, in place of a quarter of a table's: --chunk-rows at
# least --rows gives one file a table, whose every row takes InnoDB's bulk-insert path; --partitions N: part8's
# partitions a table). --format mysqldump dumps the shape with `mariadb-dump --databases` into one .sql file (the
# most common dump there is) and times the printed `mysql … < FILE` line in place of myloader's (one session: the
# printed count only; with --binlog on, skipped as the printed line's --init-command says and written without it).
# WORK/binlog.txt: "CELL THREADS REP BYTES", the binary log each run left (the skip/written check). --keep DIR keeps
# the dump for the next run of the same shape; an earlier run's *.txt there are set aside (*.before-DATE.txt).
# Output: --out FILE (default testdata/heldout/DATE-BED-SHAPE-cpusN-binlogX.json, -2, -3 … when taken), written by
# scripts/bench-heldout-record.py; raw runs in DIR/results.txt ("CELL THREADS REP SECONDS LOAD1 LOAD5"), the host's
# CPU per run in DIR/cpu.txt ("CELL THREADS REP BUSY_PCT IOWAIT_PCT STEAL_PCT CPU_EPS": /proc/stat over the run,
# sysbench cpu events/s of one core just before it; bench-lib.sh cpu_span, cpu_speed), and what each run wrote in
# DIR/io.txt ("CELL THREADS REP WIOS WBYTES LOG_BYTES LOG_WRITES DATA_FSYNCS DATA_WRITES DATA_BYTES PAGES_FLUSHED
# DBLWR_PAGES": the bed's write I/Os and bytes, then InnoDB's counters, over the myloader run; io_counts).
# A benchmark, not a test: needs root, mariadb-server, mydumper, myloader, sysbench, go, python3; beds named
# heldout* only, so it never touches another bench's beds.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TB=$ROOT/scripts/testbed.sh
BED="" WLAT="" SHAPE=sysbench8 CPUS="" BINLOG=off MEMS="2G none" DURS="" THREADS="1 2 4 8 16" REPEAT=3
SH_ROWS="" SH_TABLES="" SH_SCHEMAS="" SH_CHUNK_ROWS="" SH_PARTS="" BED_SIZE="" KEEP="" OUT="" TAG="" NICE="" REP_LOCK="" HOLD_WB=1 TIMED_OPTS=""
FORMAT=mydumper
START_TIMEOUT=600 STOP_TIMEOUT=1800 SETTLE_MAX=180 # seconds: a start may resize the redo log; a stop writes every dirty page
ARGS=("$@")
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "bench-heldout.sh: $1 needs a value" >&2; exit 2; }
  case $1 in
    --bed) BED=$2 ;; --write-latency) WLAT=$2 ;; --shape) SHAPE=$2 ;; --cpus) CPUS=$2 ;; --binlog) BINLOG=$2 ;;
    --mem-limits) MEMS=$2 ;; --durability) DURS=$2 ;; --threads) THREADS=$2 ;; --repeat) REPEAT=$2 ;;
    --rows) SH_ROWS=$2 ;; --tables) SH_TABLES=$2 ;; --schemas) SH_SCHEMAS=$2 ;; --bed-size) BED_SIZE=$2 ;;
    --keep) KEEP=$2 ;; --out) OUT=$2 ;; --tag) TAG=$2 ;; --nice) NICE=$2 ;; --rep-lock) REP_LOCK=$2 ;;
    --hold-writeback) HOLD_WB=$2 ;; --timed-opts) TIMED_OPTS=$2 ;; --chunk-rows) SH_CHUNK_ROWS=$2 ;; --partitions) SH_PARTS=$2 ;;
    --format) FORMAT=$2 ;;
    *) echo "bench-heldout.sh: unknown flag $1" >&2; exit 2 ;;
  esac
  shift 2
done
source "$ROOT/scripts/bench-shapes.sh"
shape_init
case $BED in
  fast) BEDARGS=(fast) ;; hdd) BEDARGS=(hdd) ;;
  card) BEDARGS=(custom --write-iops 100 --write-bps 20000000) ;; # bench-restore.sh's beds, the same limits
  bw) BEDARGS=(custom --write-bps 15000000 --write-iops 600) ;;
  latency) [ -n "$WLAT" ] || { echo "bench-heldout.sh: --bed latency needs --write-latency (e.g. 5ms)" >&2; exit 2; }
    BEDARGS=(latency --write-latency "$WLAT") ;;
  *) echo "bench-heldout.sh: --bed is fast, card, bw, hdd or latency (not '$BED')" >&2; exit 2 ;;
esac
case $BINLOG in
  on) DURS=${DURS:-strict}; [ "$DURS" = strict ] || { echo "bench-heldout.sh: --binlog on runs strict only (sync_binlog=1, flush at every commit)" >&2; exit 2; }
    LOADS="skip written" ;;
  off) DURS=${DURS:-strict relaxed} LOADS=off ;;
  *) echo "bench-heldout.sh: --binlog is on or off (not $BINLOG)" >&2; exit 2 ;;
esac
case $FORMAT in
  mydumper) DUMPARG=dump ;;
  mysqldump) DUMPARG=dump/dump.sql
    [ -z "$THREADS" ] || { echo "bench-heldout.sh: --format mysqldump loads through one session: give --threads \"\"" >&2; exit 2; } ;;
  *) echo "bench-heldout.sh: --format is mydumper or mysqldump (not $FORMAT)" >&2; exit 2 ;;
esac
for d in $DURS; do case $d in strict|relaxed) ;; *) echo "bench-heldout.sh: durability is strict or relaxed (not $d)" >&2; exit 2 ;; esac; done
for v in $THREADS $REPEAT $CPUS; do [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "bench-heldout.sh: '$v' is not a positive whole number" >&2; exit 2; }; done
[ -z "$CPUS" ] || [ "$CPUS" -le "$(nproc --all)" ] || { echo "bench-heldout.sh: --cpus $CPUS: this machine has $(nproc --all)" >&2; exit 2; }
# the loaded data is about 3x the dump's SQL (InnoDBBytesPerDumpByte), and the binary log written holds the SQL once more
[ -n "$BED_SIZE" ] || BED_SIZE=$(( ($(shape_total_rows) * 190 * 5 / 1000000000) + 3 ))G
[ "$(id -u)" = 0 ] || { echo "bench-heldout.sh: needs root (test beds, cgroups)" >&2; exit 2; }
for t in mariadb-install-db mariadbd mariadb mariadb-admin mydumper myloader sysbench go python3 pgrep; do
  command -v "$t" >/dev/null || { echo "bench-heldout.sh: $t not found (make deps)" >&2; exit 2; }
done

BEDNAME=heldout$TAG-$BED
if [ -n "$KEEP" ]; then mkdir -p "$KEEP"; WORK=$(cd "$KEEP" && pwd); else WORK=$(mktemp -d /var/tmp/mytune-bench-heldout.XXXXXX); fi
RUN=$(mktemp -d "$WORK/run.XXXXXX") # sockets, pid files, server logs: this invocation's only
SOCK=$RUN/s.sock PIDF=$RUN/s.pid
SPID="" SDD="" BED_UP="" CPUCG="" MEMCG="" REP_LOCK_PID=""
# WRAP prefixes the server, mytune and myloader: join the cpuset and the cell's memory group (either may be "")
WRAP=(bash -c 'for g in ${0//:/ }; do echo $$ >"$g/cgroup.procs" || exit 1; done; exec "$@"')
wrap() { "$TB" run "$BEDNAME" "${WRAP[@]}" "$CPUCG:$MEMCG" "$@"; }
STAMP=$(date -u +%Y%m%dT%H%MZ)
if [ -z "$OUT" ]; then # never over another sweep's file: two sweeps of a bed and shape may start in one minute
  OUT=$ROOT/testdata/heldout/$STAMP-$BED${WLAT:+$WLAT}-$SHAPE-cpus${CPUS:-all}-binlog$BINLOG.json n=2
  while [ -e "$OUT" ]; do OUT=${OUT%.json}; OUT=${OUT%-[0-9]*}-$n.json n=$((n + 1)); done
fi
log() { echo "[$(date +%T)] $*" >&2; }
sql() { mariadb --socket="$SOCK" -u root -N -B -e "/* mytune bench */ $1"; }
source "$ROOT/scripts/bench-lib.sh" # alive, left, rep_lock_take, rep_lock_drop, server_stop


# server_start DATADIR BED|"" FIRST [OPTIONS...]: mariadbd FIRST (--no-defaults or --defaults-file=CNF) on $SOCK
# only, inside BED's cgroup, the cpuset and the memory group ("" outside all); the datadir is made first. SPID is
# mariadbd's own pid (testbed.sh run, the wrapper and nice exec it).
server_start() {
  local dd=$1 bed=$2 try; shift 2
  [ -z "$(left "$dd")" ] || { echo "bench-heldout.sh: a mariadbd already runs on $dd: $(left "$dd")" >&2; exit 1; }
  for try in 1 2; do # on a machine at load 40 mariadb-install-db once failed half-way (bench-restore.sh)
    [ -d "$dd/mysql" ] && break
    mariadb-install-db --no-defaults --datadir="$dd" --auth-root-authentication-method=normal >"$RUN/install.log" 2>&1 && break
    rm -rf "$dd"; [ "$try" = 2 ] && { cat "$RUN/install.log" >&2; return 1; }
  done
  local cmd=(${NICE:+nice -n "$NICE"} mariadbd "$@" --user=root --datadir="$dd" --socket="$SOCK"
    --pid-file="$PIDF" --skip-networking --skip-grant-tables --log-error="$RUN/server.err")
  : >"$RUN/server.err"
  # "$TB" itself, not the wrap function: a function run with & is a subshell whose pid is not mariadbd's, and
  # server_stop's SIGTERM would end that subshell and leave the server running (sweep 179, 2026-12-05 03:00)
  if [ -n "$bed" ]; then "$TB" run "$BEDNAME" "${WRAP[@]}" "$CPUCG:$MEMCG" "${cmd[@]}" >>"$RUN/server.out" 2>&1 &
  else "${cmd[@]}" >>"$RUN/server.out" 2>&1 & fi
  SPID=$! SDD=$dd
  for _ in $(seq $((START_TIMEOUT * 2))); do
    mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && return 0
    alive "$SPID" || break
    sleep 0.5
  done
  echo "bench-heldout.sh: mariadbd on $dd did not start; its log:" >&2; tail -20 "$RUN/server.err" >&2
  TERM_ON_TIMEOUT=1 server_stop
  return 1
}

# wipe DATADIR: remove a datadir, never under a live server.
wipe() {
  [ -z "$(left "$1")" ] || { echo "bench-heldout.sh: not removing $1: mariadbd $(left "$1") runs on it" >&2; exit 1; }
  rm -rf "$1"
}

cleanup() {
  rep_lock_drop
  TERM_ON_TIMEOUT=1 server_stop
  [ -z "$BED_UP" ] || "$TB" down "$BED_UP" >/dev/null 2>&1 || true
  local g
  for g in $CPUCG $MEMCG; do rmdir "$g" 2>/dev/null || echo "bench-heldout.sh: cannot remove $g" >&2; done
  rm -rf "$RUN"; [ -n "$KEEP" ] || rm -rf "$WORK"
  release_writeback
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# --timed-opts "OPTS": mariadbd options after the advised cnf on the timed server's command line (a fit sitting's knob,
# e.g. --innodb-log-buffer-size=64M; never a held-out sweep's), recorded in the provenance's command.
# --hold-writeback 1 (the default since 2026-12-05): the kernel's flusher writes nothing for the run (bench-lib.sh
# hold_writeback), so that a relaxed cell's redo, written to the page cache and synced once a second, is charged to
# the bed's throttle when InnoDB syncs it; without it session 35's sweep 216 (relaxed, 15 MB/s) wrote 31 MB of redo
# and the bed was charged 0.7-11.3 MB of it (docs/benchmarks/heldout.md)
[ "$HOLD_WB" = 1 ] && hold_writeback

# cpuset_up: a cgroup v1 cpuset of CPUs 0..CPUS-1 (the parent's memory nodes), CPUCG, that WRAP joins. Documentation/admin-guide/cgroup-v1/cpusets.rst: cpus and mems must be set before a task joins.
cpuset_up() {
  [ -n "$CPUS" ] || return 0
  local root=/sys/fs/cgroup/cpuset
  [ -e "$root/cpuset.cpus" ] || { echo "bench-heldout.sh: --cpus needs the cgroup v1 cpuset controller at $root" >&2; exit 2; }
  CPUCG=$root/mytune-$BEDNAME-$$
  mkdir "$CPUCG"
  echo "0-$((CPUS - 1))" >"$CPUCG/cpuset.cpus"
  cat "$root/cpuset.mems" >"$CPUCG/cpuset.mems"
  log "cpuset $CPUCG: CPUs $(cat "$CPUCG/cpuset.cpus")"
}

# dump_describe: the shape and, for --format mysqldump, how it was dumped (dump.shape; the record's provenance).
dump_describe() {
  if [ "$FORMAT" = mysqldump ]; then echo "$(shape_describe); dumped instead by mariadb-dump --databases into one file"; else shape_describe; fi
}

# make_dump: the shape's data in a server outside any bed, dumped by mydumper into $WORK/dump (kept with --keep), or
# with --format mysqldump by mariadb-dump --databases into $WORK/dump/dump.sql.
make_dump() {
  if [ -f "$WORK/dump/metadata" ] || [ -f "$WORK/dump/dump.sql" ]; then # a kept dump of another shape is refused
    [ "$(cat "$WORK/dump.shape" 2>/dev/null)" = "$(dump_describe)" ] ||
      { echo "bench-heldout.sh: $WORK/dump is not $(dump_describe) (dump.shape)" >&2; exit 2; }
    log "dump: reusing $WORK/dump"; return
  fi
  log "dump: $(dump_describe)"
  server_start "$RUN/src-data" "" --no-defaults
  shape_fill "$SOCK" "$RUN/sysbench.log"
  rm -rf "$WORK/dump.tmp"
  if [ "$FORMAT" = mysqldump ]; then
    mkdir "$WORK/dump.tmp"
    # shellcheck disable=SC2046 # one word a schema
    mariadb-dump --socket "$SOCK" -u root --databases $(shape_schemas) >"$WORK/dump.tmp/dump.sql"
  else
    shape_dump "$SOCK" "$WORK/dump.tmp"
  fi
  mv "$WORK/dump.tmp" "$WORK/dump"; dump_describe >"$WORK/dump.shape"
  server_stop; wipe "$RUN/src-data"
}

# wait_clean: write back the previous run's dirty pages so runs do not overlap (as bench-restore.sh).
wait_clean() {
  local pct dirty; pct=$(sql "SELECT @@innodb_max_dirty_pages_pct")
  sql "SET GLOBAL innodb_max_dirty_pages_pct=0"
  for _ in $(seq 600); do
    dirty=$(sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')
    [ "${dirty:-0}" -lt 50 ] && break
    sleep 0.5
  done
  sql "SET GLOBAL innodb_max_dirty_pages_pct=$pct"
}

# advise CELL DIR DUR: mytune's advice as json, run inside the bed and the cpuset against the live server; the
# parts the sweep follows are split out by the record script (CELL.threads, CELL.cmd, CELL.apply.sql).
advise() {
  wrap "$WORK/mytune" advise --datadir "$2" -S "$SOCK" -u root --dump "$WORK/$DUMPARG" \
    --task load --durability "$3" --format json >"$WORK/$1.advice.json" 2>"$RUN/advise.err" ||
    { cat "$RUN/advise.err" >&2; return 1; }
  python3 "$ROOT/scripts/bench-heldout-record.py" split "$WORK/$1.advice.json" "$WORK/$1"
}

# io_counts: what the bed's disk and the server have written so far, as one line: the bed cgroup's write I/Os and
# bytes to its loop device (cgroup v1 blkio.throttle.io_serviced / io_service_bytes "Write", v2 io.stat wios /
# wbytes), then SHOW GLOBAL STATUS's Innodb_os_log_written, Innodb_log_writes, Innodb_data_fsyncs,
# Innodb_data_writes, Innodb_data_written, Innodb_buffer_pool_pages_flushed, Innodb_dblwr_pages_written ("-" for
# any the server lacks). A run's difference says where its writes went (redo, page flushes, syncs) and how many
# I/Os the bed's limit charged for them.
io_counts() {
  local cg ver mm wios wbytes
  cg=$("$TB" info "$BEDNAME" | sed -n 's/^CGROUP=//p'); ver=$("$TB" info "$BEDNAME" | sed -n 's/^CGVER=//p')
  mm=$("$TB" info "$BEDNAME" | sed -n 's/^MAJMIN=//p')
  if [ "$ver" = 2 ]; then
    read -r wios wbytes < <(awk -v d="$mm" '$1 == d { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      print v["wios"] + 0, v["wbytes"] + 0 }' "$cg/io.stat" 2>/dev/null)
  else
    wios=$(awk -v d="$mm" '$1 == d && $2 == "Write" { print $3 }' "$cg/blkio.throttle.io_serviced" 2>/dev/null)
    wbytes=$(awk -v d="$mm" '$1 == d && $2 == "Write" { print $3 }' "$cg/blkio.throttle.io_service_bytes" 2>/dev/null)
  fi
  local st; st=$(sql "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_os_log_written', 'Innodb_log_writes',
    'Innodb_data_fsyncs', 'Innodb_data_writes', 'Innodb_data_written', 'Innodb_buffer_pool_pages_flushed',
    'Innodb_dblwr_pages_written')")
  echo "${wios:-0} ${wbytes:-0} $(for k in Innodb_os_log_written Innodb_log_writes Innodb_data_fsyncs Innodb_data_writes \
    Innodb_data_written Innodb_buffer_pool_pages_flushed Innodb_dblwr_pages_written; do
    awk -v k="$k" '$1 == k { v = $2 } END { printf "%s ", (v == "" ? "-" : v) }' <<<"$st"; done)"
}

# io_delta BEFORE AFTER: the field-by-field difference of two io_counts lines ("-" where either lacks one).
io_delta() {
  awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, " "); split(b, y, " ")
    for (i = 1; i <= n; i++) printf "%s%s", (i > 1 ? " " : ""), (x[i] == "-" || y[i] == "-" ? "-" : sprintf("%.0f", y[i] - x[i])); print "" }'
}

# restore CELL N REP MODE: the printed myloader line at N threads, timed (the wait for a lock is not), into dropped
# schemas; "CELL N REP SECONDS LOAD1 LOAD5" to results.txt. A deadlock victim's run is rerun (failures.txt). With
# --format mysqldump, the printed mysql line (its connection filled in) through bash, N being its one session.
restore() {
  local cell=$1 n=$2 rep=$3 mode=$4 try t0 t1 words
  read -r -a words <<<"$(cat "$WORK/${cell%-*}.cmd")" # the printed line; its placeholders are filled below
  local args=() i=1 loader=myloader
  while [ $i -lt ${#words[@]} ]; do
    case ${words[$i]} in
      --host) args+=(--socket "$SOCK"); i=$((i + 1)) ;; --user) args+=(--user root); i=$((i + 1)) ;;
      --ask-password | -p) ;; --threads) args+=(--threads "$n"); i=$((i + 1)) ;; *) args+=("${words[$i]}") ;;
    esac
    i=$((i + 1))
  done
  [ "$mode" = written ] && args+=(--enable-binlog)
  if [ "$FORMAT" = mysqldump ]; then # "mysql … < FILE" as printed (FILE quoted for a shell), through bash
    local line; line=$(cat "$WORK/${cell%-*}.cmd")
    line=${line/--host TARGET/--socket $SOCK}; line=${line/--user USER -p/--user root}
    # written: the binary log the printed line skips (--init-command … sql_log_bin=0), as a load without it writes
    [ "$mode" = written ] && line=${line/ --init-command=\'SET SESSION sql_log_bin=0\'/}
    loader=bash args=(-c "$line")
  fi
  # the printed line that runs after the loader (mysqlcheck --analyze), timed with the load: the tables are not
  # done before it has run; the connection filled in (root has no password on the bench server)
  local post; post=$(cat "$WORK/${cell%-*}.post" 2>/dev/null || true)
  post=${post//--host TARGET/--socket $SOCK}; post=${post//--user USER -p/--user root}
  export POST=$post
  # the printed lines before the loader's (the FULLTEXT deferral's directory of links), as printed, before each run
  local pre; pre=$(cat "$WORK/${cell%-*}.pre" 2>/dev/null || true)
  local eps ticks io0
  for try in 1 2 3; do
    shape_drop "$SOCK"; [ "$BINLOG" = off ] || sql "RESET MASTER"; wait_clean; sync
    [ -z "$pre" ] || bash -c "$pre" || { echo "$cell $n $rep: the printed line before the load failed: $pre" | tee -a "$WORK/failures.txt" >&2; exit 1; }
    eps=$(cpu_speed); ticks=$(cpu_ticks); io0=$(io_counts)
    if bash -c 's=$(date +%s.%N); "${@:2}"; rc=$?; [ $rc = 0 ] && [ -n "$POST" ] && { bash -c "$POST" >/dev/null; rc=$?; }; echo "$s $(date +%s.%N)" >"$1"; exit $rc' _ "$RUN/t" \
      "$TB" run "$BEDNAME" "${WRAP[@]}" "$CPUCG:$MEMCG" ${NICE:+nice -n "$NICE"} "$loader" "${args[@]}" >/dev/null 2>"$RUN/myloader.err"; then
      read -r t0 t1 <"$RUN/t"
      local io1 rows; io1=$(io_counts)
      # a run that did not load every row is no result: the bench stops rather than record it (shape_check)
      rows=$(shape_check "$SOCK") || { echo "$cell $n $rep: $rows" | tee -a "$WORK/failures.txt" >&2; exit 1; }
      echo "$cell $n $rep $(echo "$t1 - $t0" | bc) $(cut -d' ' -f1,2 /proc/loadavg)" | tee -a "$WORK/results.txt" >&2
      # the host's CPU over the run (machine-wide busy, I/O wait, steal %) and one core's speed just before it
      echo "$cell $n $rep $(cpu_span "$ticks") $eps" >>"$WORK/cpu.txt"
      echo "$cell $n $rep $(io_delta "$io0" "$io1")" >>"$WORK/io.txt"
      # the binary log the run wrote (RESET MASTER before it): a few KiB skipped, about the dump's size written
      [ "$BINLOG" = off ] || echo "$cell $n $rep $(sql "SHOW BINARY LOGS" | awk '{ s += $2 } END { print s + 0 }')" >>"$WORK/binlog.txt"
      return 0
    fi
    echo "$cell $n $rep try $try [$(date +%T) load $(cut -d' ' -f1 /proc/loadavg)]: $(grep -m1 -o 'Error.*' "$RUN/myloader.err")" |
      tee -a "$WORK/failures.txt" >&2
    grep -q Error "$RUN/myloader.err" || { tail -5 "$RUN/myloader.err" >&2; return 1; } # not myloader's own error
  done
  return 1
}


# sweep_cell CELL MODE: every count of THREADS and the printed one, REPEAT times, the order alternating.
sweep_cell() {
  local cell=$1 mode=$2 rep t asc list
  asc=$(printf '%s\n' $THREADS "$(cat "$WORK/${cell%-*}.threads")" | sort -n -u)
  for rep in $(seq "$REPEAT"); do
    list=$asc; [ $((rep % 2)) = 0 ] && list=$(echo "$asc" | tac)
    rep_lock_take
    for t in $list; do restore "$cell" "$t" "$rep" "$mode"; done
    rep_lock_drop
  done
}

# memcg_up SIZE: the cell's cgroup v1 memory group of SIZE as MEMCG ("none": no group), as bench-restore.sh --mem-limit.
memcg_up() {
  MEMCG=""
  [ "$1" = none ] && return 0
  MEMCG=/sys/fs/cgroup/memory/mytune-$BEDNAME-$$-$1
  mkdir "$MEMCG" && echo "$1" >"$MEMCG/memory.limit_in_bytes" ||
    { echo "bench-heldout.sh: --mem-limits needs the cgroup v1 memory controller at /sys/fs/cgroup/memory" >&2; exit 2; }
}

# host_settle: before a cell's advice, wait (at most SETTLE_MAX seconds) until the host's CPU is as quiet as a user's
# would be before running mytune: the 1-minute load average below the CPU count and PSI cpu some avg10 below 15%.
# The previous cell's 16-thread restores leave the load average at ~4 for a minute after they end, which the
# probe would read as competing load (2026-12-02 05:42: a relaxed cell probed at load 4.2 printed 6.4-9.9 s for a
# restore that ran 5.5 s on the quiet machine). Logs what it waited for.
host_settle() {
  local t=0 l p
  while :; do
    l=$(cut -d' ' -f1 /proc/loadavg)
    p=$(awk '/^some/ { sub("avg10=", "", $2); print $2 }' /proc/pressure/cpu 2>/dev/null || echo 0)
    awk -v l="$l" -v p="$p" -v n="$(nproc)" 'BEGIN { exit !(l < n && p < 15) }' && break
    [ $t -lt "$SETTLE_MAX" ] || { log "host not quiet after ${t} s (load $l, cpu pressure $p%): advising anyway"; return 0; }
    sleep 5; t=$((t + 5))
  done
  [ $t -eq 0 ] || log "waited ${t} s for a quiet host (load $l, cpu pressure $p%)"
}

# cell_run CELL MEM DUR DIR: one cell: the stock server, the advice, the server on the printed cnf with the printed
# settings, and a sweep per load mode (cells.txt: "CELL-MODE MEM DUR MODE SERVER-OPTIONS...").
cell_run() {
  local c=$1 mem=$2 dur=$3 dir=$4 flush=1 mode bl=()
  [ "$dur" = relaxed ] && flush=2
  # MySQL 8's shipped binary log: on, synced at every commit (sync_binlog=1), with flushing at every commit
  [ "$BINLOG" = on ] && bl=(--log-bin="$dir/data/binlog" --server-id=1 --sync-binlog=1)
  memcg_up "$mem"
  wipe "$dir/data"
  server_start "$dir/data" "$BEDNAME" --no-defaults --innodb-flush-log-at-trx-commit=$flush "${bl[@]}"
  host_settle
  advise "$c" "$dir/data" "$dur"
  server_stop
  # the printed cnf is what to add to the server's own settings, not all of them: the cell's durability stays
  # unless the advice changes it (later lines win). Until 2026-12-04 the server restarted on the printed cnf alone,
  # so every relaxed cell timed innodb_flush_log_at_trx_commit=1 (heldout.md, session 27).
  printf '[mysqld]\n# the cell'"'"'s own setting (%s), before the advice\ninnodb_flush_log_at_trx_commit = %s\n' "$dur" "$flush" >"$WORK/$c.full.cnf"
  cat "$WORK/$c.cnf" >>"$WORK/$c.full.cnf"
  local extra=(); read -r -a extra <<<"$TIMED_OPTS" # a fit sitting's server options after the advice (--timed-opts)
  server_start "$dir/data" "$BEDNAME" --defaults-file="$WORK/$c.full.cnf" "${bl[@]}" "${extra[@]}"
  log "cell $c: the timed server runs innodb_flush_log_at_trx_commit=$(mariadb --socket="$SOCK" -u root -N -B -e 'SELECT @@innodb_flush_log_at_trx_commit')"
  log "cell $c (memory $mem, $dur): mytune printed $(cat "$WORK/$c.threads") threads, $(cat "$WORK/$c.estimate") s"
  ! grep -q . "$WORK/$c.apply.sql" || mariadb --socket="$SOCK" -u root <"$WORK/$c.apply.sql"
  for mode in $LOADS; do
    echo "$c-$mode $mem $dur $mode --defaults-file=$c.full.cnf ${bl[*]} ${extra[*]}" >>"$WORK/cells.txt"
    sweep_cell "$c-$mode" "$mode"
  done
  server_stop
  [ -z "$MEMCG" ] || { rmdir "$MEMCG"; MEMCG=""; }
}

main() {
  log "building mytune"
  # the commit the binary is built from, read now: the checkout may move on while the sweep runs
  MYTUNE_REV="$(cd "$ROOT" && git rev-parse --short=12 HEAD)$(cd "$ROOT" && git diff --quiet HEAD -- . ':!testdata' || echo -dirty)"
  (cd "$ROOT" && go build -o "$WORK/mytune" ./cmd/mytune) || { echo "bench-heldout.sh: cmd/mytune does not build" >&2; exit 1; }
  local f # one sweep per run: a kept dir's earlier runs are set aside, never mixed into this sweep's file
  for f in results failures binlog cpu io; do [ ! -s "$WORK/$f.txt" ] || mv "$WORK/$f.txt" "$WORK/$f.before-$STAMP.txt"; done
  touch "$WORK/results.txt" "$WORK/failures.txt"
  make_dump
  log "dump: $(du -sh "$WORK/dump" | cut -f1) in $(ls "$WORK/dump" | grep -c '\.sql$') files"
  cpuset_up
  local dir mem dur cell=0
  dir=$("$TB" up "$BEDNAME" "${BEDARGS[@]}" --size "$BED_SIZE" | sed -n 's/^DIR=//p'); BED_UP=$BEDNAME
  : >"$WORK/cells.txt"
  for mem in $MEMS; do for dur in $DURS; do
    cell=$((cell + 1))
    cell_run "c$cell" "$mem" "$dur" "$dir"
  done; done
  wipe "$dir/data"
  python3 "$ROOT/scripts/bench-heldout-record.py" record "$WORK" "$OUT" \
    "date=$STAMP" "machine=$(hostname) $(nproc --all) CPUs $(uname -r)" "bed=$BED: testbed.sh up NAME ${BEDARGS[*]}" \
    "shape=$(dump_describe)" "server=$(mariadbd --version)" "myloader=$(myloader --version)" "format=$FORMAT" \
    "cpus=${CPUS:-all ($(nproc --all))}" "binlog=$BINLOG" \
    "mytune=$MYTUNE_REV" \
    "command=scripts/bench-heldout.sh ${ARGS[*]}" "repeat=$REPEAT" "threads=$THREADS" "hold_writeback=$HOLD_WB" \
    "dump=$(du -sb "$WORK/dump" | cut -f1) bytes in $(ls "$WORK/dump" | grep -c '\.sql$') files"
  log "wrote $OUT"
}
main
