# bench-restore-e2e.sh — the end-to-end half of scripts/bench-restore.sh (sourced; uses its helpers).
#
# e2e_bed BED: on a fresh bed, a stock MariaDB (mariadbd --no-defaults: 128M pool, flush at every
# commit) restored with myloader's defaults (4 threads), REPEAT times; then, per durability, the
# same datadir after following mytune's advice as printed:
#   1. `mytune advise --datadir DIR -S SOCK -u root --dump DUMP --task load --durability D --format json`
#      against the running stock server, inside the bed (so the disk measured is the bed's): its cnf,
#      threads, commands and settings come from that one run;
#   2. the cnf as the server's only option file, with a restart (a server that does not start is a
#      result: "e2e BED D-nostart"), plus the my.cnf line of any during-load setting applied with a restart
#      ("cnf" in threads.temporary: its undo is the restart after the load, which settle_time times);
#   3. per run: the printed SET GLOBAL / ALTER INSTANCE lines, any printed line before the loader's (the key
#      deferrals' directory of links, not timed), the printed myloader command verbatim with only the
#      connection filled in (--host TARGET → --socket, --user USER → root, --ask-password dropped: the bench
#      server skips grants), then the printed lines that run after the loader (the deferrals' ALTER TABLE line,
#      mysqlcheck --analyze; timed with the restore: the tables are not done before them), then the printed
#      undo lines.
# Result lines: "e2e BED stock|strict|relaxed THREADS REP SECONDS" (the restore, with any after-line) and
# "e2e-undo BED D REP SECONDS ok|timeout|failed LOAD1 LOAD5" (the printed undo, timed apart); the estimate of each advice is
# kept in $WORK/e2e-BED-D.estimate ("LOW_S HIGH_S"), the undo wait its warnings state in e2e-BED-D.undowait.

# advice BED D DIR: the advice as json, from mytune run inside the bed against the live server; its cnf
# is the json's "cnf" (one run: two runs can differ, e.g. with the memory other servers hold meanwhile).
advice() {
  if [[ $2 == *+* ]]; then variant "$@"; return; fi
  "$TB" run "$BP-$1" "${MEMWRAP[@]}" "$WORK/mytune" advise --datadir "$3" -S "$RUN/t-$1.sock" -u root --dump "$WORK/dump" \
    --task load --durability "$2" --format json >"$WORK/e2e-$1-$2.json" 2>"$RUN/advise.err" ||
    { cat "$RUN/advise.err" >&2; return 1; }
  python3 - "$WORK/e2e-$1-$2.json" "$WORK/e2e-$1-$2" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
t = a["threads"]
# a during-load setting the server reads only at start ("cnf": a my.cnf line, applied with a restart before the
# load, undone by the restart after it) goes into the cnf the server restarts with, after the advice's own lines
restart = [s["cnf"] for s in t.get("temporary", []) if s.get("cnf")]
cnf = a["cnf"] + ("\n[mysqld]\n# during the load (threads.temporary)\n" + "\n".join(restart) + "\n" if restart else "")
open(sys.argv[2] + ".cnf", "w").write(cnf)
e = t.get("estimated_load") or {}
open(sys.argv[2] + ".estimate", "w").write(f"{e.get('low_s', 0)} {e.get('high_s', 0)}\n")
open(sys.argv[2] + ".threads", "w").write(f"{t['load']['threads']}\n")
cmds = t["commands"]
at = next((i for i, c in enumerate(cmds) if c.startswith("myloader ")), -1)
open(sys.argv[2] + ".cmd", "w").write(cmds[at] + "\n" if at >= 0 else "")
# the printed lines before the loader's (a directory of links whose schema files leave out the keys added after the
# load: the key and FULLTEXT deferrals), run before each restore as printed
open(sys.argv[2] + ".pre", "w").write("".join(c + "\n" for c in cmds[:max(at, 0)] if c.startswith(("mkdir ", "find ", "ln "))))
# the printed lines to run after the loader, in the printed order (the deferrals' ALTER TABLE line, the mysqlcheck
# --analyze that pays for statistics not recalculated during the load): timed with the load, since the tables are
# not done before they have run
post = [c for c in cmds[at + 1:] if c.startswith(("mysqlcheck ", "mysql ", "mariadb ", "printf "))] if at >= 0 else []
open(sys.argv[2] + ".post", "w").write(" && ".join(post) + "\n" if post else "")
apply = [s["apply"] for s in t.get("temporary", []) if s["apply"].startswith(("SET GLOBAL", "ALTER INSTANCE"))]
undo = [s["undo"] for s in t.get("temporary", []) if s["apply"].startswith(("SET GLOBAL", "ALTER INSTANCE"))]
open(sys.argv[2] + ".apply.sql", "w").write("\n".join(apply) + "\n")
open(sys.argv[2] + ".undo.sql", "w").write("\n".join(reversed(undo)) + "\n")
# the wait the printed warnings state for their undo ("up to about 32s …, up to 6m56s …"), in seconds:
# LOW the first "up to" of each warning, HIGH its largest, summed over the undo lines (they run one after another);
# "floor" when a warning states its wait as "at least" (the text before 2026-12-01)
import re
def secs(d):
    return sum(float(n) * {"h": 3600, "m": 60, "s": 1}[u] for n, u in re.findall(r"([\d.]+)([hms])", d))
lo = hi = 0.0
floor = any("at least" in s.get("warning", "") for s in t.get("temporary", []))  # a wait stated as a floor
for s in t.get("temporary", []):
    ups = [secs(m) for m in re.findall(r"(?:up to|at least) (?:about )?((?:[\d.]+[hms])+)", s.get("warning", ""))]
    if ups:
        lo, hi = lo + ups[0], hi + max(ups)
open(sys.argv[2] + ".undowait", "w").write(f"{lo} {hi}" + (" floor" if floor else "") + "\n")
PY
}

# VARIANT_CNF: the lines a variant "D+NAME" (--durability "strict strict+fsync") adds to D's advised cnf, so that a
# candidate for issue 19's point 2 (what cuts the page writes of "settled") runs beside the advice as printed.
declare -A VARIANT_CNF=(
  [fsync]="innodb_flush_method = fsync" # buffered data-file writes: the kernel writes contiguous pages as one I/O
  [direct]="innodb_flush_method = O_DIRECT" # the advice without its page-cache setting (the last line wins)
  [neighbors]="innodb_flush_neighbors = 1"
  [nodoublewrite]="innodb_doublewrite = 0"
  # stock's page-cleaner rates (MariaDB 10.11's defaults): on a CPU-bound load the advice's higher
  # innodb_io_capacity may spend the load's CPU on flushing pages the pool could hold (restore-e2e.md)
  [iostock]=$'innodb_io_capacity = 200\ninnodb_io_capacity_max = 2000'
  # the page cleaner flushing during the load: with innodb_max_dirty_pages_pct = 0 it never goes idle while a page
  # is dirty and writes a batch of about innodb_io_capacity pages a second (MariaDB buf0flu.cc,
  # buf_flush_page_cleaner: idle only while dirty_pct < srv_max_buf_pool_modified_pct;
  # page_cleaner_flush_pages_recommendation), so that a disk idle during a CPU-bound load writes the pages then
  # rather than at the shutdown (issue 19, point 2)
  [dirty0]="innodb_max_dirty_pages_pct = 0"
  # and those batches at 400 pages (the bw bed's advised innodb_io_capacity_max), not the default 200
  [dirty0io400]=$'innodb_max_dirty_pages_pct = 0\ninnodb_io_capacity = 400'
  # MariaDB's thread pool (thread_handling; thread_pool_size defaults to the CPUs): on a CPU-bound load of 16
  # sessions on 2 CPUs, a few threads run at a time rather than 16 contending for InnoDB's latches (MariaDB KB,
  # "Thread Pool in MariaDB"); a session waiting on a commit's log write lets another of its group run
  [threadpool]="thread_handling = pool-of-threads"
  # stock's pool size under the advice: on a host where fresh memory is slow to back (the probe's
  # host.memory.first_touch; this VM 11-16 µs a 4 KiB page), the advised pool's first load faults in every page
  # the data takes (~455 MiB for the 152 MB dump) where stock's 128M pool reuses its own (estimate.md, "Fresh
  # memory on this VM"); on a fast disk the evicted pages' writes may cost less than those faults
  [pool128m]="innodb_buffer_pool_size = 128M"
  # no spinning on InnoDB's latches: 16 sessions on 2 CPUs oversubscribe them, and a session spinning for a latch
  # (innodb_sync_spin_loops rounds of up to innodb_spin_wait_delay × 50 PAUSEs, MariaDB 10.11's defaults 30 and 4:
  # MariaDB KB, the two system variables; MySQL manual, "Configuring Spin Lock Polling") burns the CPU the holder
  # needs; with both 0 a waiter sleeps at once
  [nospin]=$'innodb_sync_spin_loops = 0\ninnodb_spin_wait_delay = 0'
)

# variant BED D+NAME DIR: D's advice (taken first when not yet), its files copied to D+NAME's with VARIANT_CNF[NAME]
# appended to the cnf under [mysqld]; threads, commands, settings and estimates are D's as printed.
variant() {
  local base=${2%%+*} name=${2#*+} f
  [ -n "${VARIANT_CNF[$name]:-}" ] || { echo "bench-restore.sh: unknown variant $name (${!VARIANT_CNF[*]})" >&2; return 2; }
  [ -s "$WORK/e2e-$1-$base.json" ] || advice "$1" "$base" "$3"
  for f in "$WORK/e2e-$1-$base".*; do cp "$f" "$WORK/e2e-$1-$2.${f##*/e2e-$1-$base.}"; done
  printf '\n[mysqld]\n# bench variant %s\n%s\n' "$name" "${VARIANT_CNF[$name]}" >>"$WORK/e2e-$1-$2.cnf"
}

# io_mark BED / io_note BED D REP: the bed's write I/Os and bytes charged to its cgroup against those its loop device
# completed, from the mark to the note: "e2e-io BED D REP CG_WRITES LOOP_WRITES CG_WBYTES LOOP_WBYTES" in results.txt.
# Equal bytes say every write of the run went through the throttle (the device merges bios, so it counts fewer I/Os); writeback the kernel's flusher does for
# buffered writes is charged to the root cgroup under cgroup v1 (blkio-controller.rst), so it shows as LOOP_WBYTES > CG_WBYTES.
# The same span's CPU time from /proc/stat's "cpu" line (proc(5); all CPUs, USER_HZ ticks), in % of the span's ticks:
# "e2e-cpu BED D REP BUSY_PCT IOWAIT_PCT STEAL_PCT CPU_EPS": busy = user+nice+system+irq+softirq; steal = the time the
# hypervisor ran something else while this VM had work (machine-wide: a CPU-bound restore lost about
# steal / (busy + steal) of the CPU time it would have had). CPU_EPS: `sysbench cpu --threads=1 --time=2` events
# per second just before the span (one core's speed at the time: a record to relate restore times to the host's
# speed across sessions, not used by mytune).
io_mark() { cpu_speed >"$RUN/speed.$1"; io_count "$1" >"$RUN/io.$1"; cpu_ticks >"$RUN/cpu.$1"; }
io_note() {
  local a b; read -r -a a <"$RUN/io.$1"; read -r -a b < <(io_count "$1")
  echo "e2e-io $1 $2 $3 $((b[0] - a[0])) $((b[1] - a[1])) $((b[2] - a[2])) $((b[3] - a[3]))" | tee -a "$WORK/results.txt" >&2
  read -r -a a <"$RUN/cpu.$1"; read -r -a b < <(cpu_ticks)
  awk -v l="e2e-cpu $1 $2 $3" -v busy=$((b[0] - a[0])) -v iow=$((b[1] - a[1])) -v st=$((b[2] - a[2])) -v all=$((b[3] - a[3])) \
    -v eps="$(cat "$RUN/speed.$1")" \
    'BEGIN { if (all > 0) printf "%s %.1f %.1f %.1f %s\n", l, 100 * busy / all, 100 * iow / all, 100 * st / all, eps }' | tee -a "$WORK/results.txt" >&2
}
# cpu_speed, cpu_ticks: scripts/bench-lib.sh
io_count() {
  local info loop majmin cg cgw=0 cgb=0
  info=$("$TB" info "$BP-$1"); loop=$(sed -n 's/^LOOP=//p' <<<"$info"); majmin=$(sed -n 's/^MAJMIN=//p' <<<"$info")
  cg=$(sed -n 's/^CGROUP=//p' <<<"$info")
  if [ -f "$cg/blkio.throttle.io_serviced" ]; then
    cgw=$(awk -v d="$majmin" '$1 == d && $2 == "Write" {print $3}' "$cg/blkio.throttle.io_serviced")
    cgb=$(awk -v d="$majmin" '$1 == d && $2 == "Write" {print $3}' "$cg/blkio.throttle.io_service_bytes")
  elif [ -f "$cg/io.stat" ]; then
    read -r cgb cgw < <(awk -v d="$majmin" '$1 == d {for (i = 2; i <= NF; i++) {split($i, kv, "="); v[kv[1]] = kv[2]}; print v["wbytes"]+0, v["wios"]+0}' "$cg/io.stat")
  fi
  awk -v w="${cgw:-0}" -v b="${cgb:-0}" '{print w, $5, b, $7 * 512}' "/sys/block/${loop#/dev/}/stat"
}

# filled BED D: the printed myloader command's words, with the connection filled in.
filled() {
  local cmd; cmd=$(cat "$WORK/e2e-$1-$2.cmd")
  [ -n "$cmd" ] || { echo "bench-restore.sh: mytune printed no myloader command for $1 $2" >&2; return 1; }
  cmd=${cmd/--host TARGET/--socket $RUN/t-$1.sock}
  cmd=${cmd/--user USER/--user root}
  cmd=${cmd/ --ask-password/}
  echo "$cmd"
}

# filled_post BED D: the printed lines that run after the loader (the deferrals' ALTER TABLE line, mysqlcheck
# --analyze), joined by &&, connection filled in (the root account has no password here, so -p, which would prompt,
# goes); "" when none was printed.
filled_post() {
  local cmd; cmd=$(cat "$WORK/e2e-$1-$2.post" 2>/dev/null || true)
  [ -n "$cmd" ] || return 0
  cmd=${cmd//--host TARGET/--socket $RUN/t-$1.sock}
  cmd=${cmd//--user USER -p/--user root}
  echo "$cmd"
}

# index_check BED D REP: the restored tables' index columns (information_schema.STATISTICS), kept in indexes.txt;
# the bench stops when an advised restore's differ from stock's (a deferral that lost a key is no faster restore).
index_check() {
  local n first; n=$(mariadb --socket="$RUN/t-$1.sock" -u root -N -B -e "/* mytune bench */ SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA NOT IN ('mysql', 'sys', 'performance_schema', 'information_schema')")
  echo "$1 $2 $3 $n" >>"$WORK/indexes.txt"
  first=$(awk -v b="$1" '$1 == b && $2 == "stock" { print $4; exit }' "$WORK/indexes.txt")
  [ -z "$first" ] || [ "$first" = "$n" ] || { echo "bench-restore.sh: $1 $2 rep $3 restored $n index columns, stock $first" >&2; exit 1; }
}

# run_pre BED D: the printed lines before the loader's (the deferrals' directory of links), as printed, before a
# restore (not timed: links and a perl pass over the schema files, milliseconds); a failure ends the bench.
run_pre() {
  local pre; pre=$(cat "$WORK/e2e-$1-$2.pre" 2>/dev/null || true)
  [ -z "$pre" ] || bash -c "$pre" || { echo "bench-restore.sh: the printed line before the load failed ($1 $2): $pre" >&2; exit 1; }
}

# wait_written BED: poll until the server's dirty pages are written (under 50, as wait_clean), without
# changing any setting: what the printed warning of a pool shrink says to do before running the undo again.
wait_written() {
  local dirty
  for _ in $(seq $((UNDO_TIMEOUT * 2))); do
    dirty=$(sql "t-$1" "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')
    [ "${dirty:-0}" -lt 50 ] && return 0
    sleep 0.5
  done
}

# undo BED D REP: the printed undo lines, timed apart from the restore: "e2e-undo BED D REP SECONDS ok|timeout|failed"
# in results.txt. Shrinking the redo log back waits until the loaded pages are written (minutes at 100 IOPS);
# shrinking the pool back can fail ("innodb_buffer_pool_size change aborted", MariaDB 10.11) while they are
# dirty, and the warning says to run it again once they are written: that is what this does (failures.txt).
# An undo still running after --undo-timeout is cut off; the next run starts on a fresh datadir (e2e_round).
undo() {
  local bed=$1 d=$2 rep=$3 try rc st=failed t0
  grep -q . "$WORK/e2e-$bed-$d.undo.sql" || return 0
  t0=$(date +%s.%N)
  for try in 1 2 3; do
    rc=0; timeout "$UNDO_TIMEOUT" mariadb --socket="$RUN/t-$bed.sock" -u root <"$WORK/e2e-$bed-$d.undo.sql" 2>"$RUN/undo.err" || rc=$?
    [ "$rc" = 0 ] && { st=ok; break; }
    [ "$rc" = 124 ] && { st=timeout; break; }
    echo "e2e $bed $d undo try $try: $(tr '\n' ' ' <"$RUN/undo.err")" >>"$WORK/failures.txt"
    wait_written "$bed"
  done
  echo "e2e-undo $bed $d $rep $(echo "$(date +%s.%N) - $t0" | bc) $st $(cut -d' ' -f1,2 /proc/loadavg)" | tee -a "$WORK/results.txt" >&2
}

# fresh BED DIR VARIANT: stop the server, give it a fresh datadir (mariadb-install-db) and start it stock
# (--no-defaults) or with VARIANT's cnf as its only option file. Every restore starts from a fresh datadir,
# so an undo cut off by --undo-timeout (or a grown log, a pool still shrinking) cannot reach the next run.
fresh() {
  local bed=$1 dir=$2 v=$3
  stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  wipe "$dir/data"
  if [ "$v" = stock ]; then
    start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults
  else
    start_server "t-$bed" "$dir/data" "$BP-$bed" --defaults-file="$WORK/e2e-$bed-$v.cnf"
  fi
}

# settle_time BED D REP: right after the loader exits, the dirty pages left (Innodb_buffer_pool_pages_dirty) and a
# timed clean shutdown (it writes every one of them at the disk's full rate: MariaDB's slow shutdown flushes the
# pool) until the server's PROCESS is gone. "settled" = loaded + this; a line "e2e-settle BED D REP SECONDS
# DIRTY_PAGES LOAD1 LOAD5" in results.txt (issue 19, point 2: the second time, until every page is written).
settle_time() {
  local bed=$1 d=$2 rep=$3 dirty t0
  dirty=$(mariadb --socket="$RUN/t-$bed.sock" -u root -N -B -e \
    "/* mytune bench */ SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" 2>/dev/null | cut -f2)
  t0=$(date +%s.%N)
  stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  echo "e2e-settle $bed $d $rep $(echo "$(date +%s.%N) - $t0" | bc) ${dirty:--} $(cut -d' ' -f1,2 /proc/loadavg)" | tee -a "$WORK/results.txt" >&2
}

# e2e_interleaved BED DIR: REPEAT rounds; each round restores stock and after each durability's advice,
# on a fresh datadir each, in an order that alternates per round (stock first, then last), so that a
# machine whose load drifts over the run hits stock and advice alike (scripts/bench-restore.sh
# --interleave 1; the advice is taken once, against the stock server).
e2e_interleaved() {
  local bed=$1 dir=$2 rep d n order
  for d in $DURS; do advice "$bed" "$d" "$dir"; log "$bed $d: $(filled "$bed" "$d")"; done
  for rep in $(seq "$REPEAT"); do
    order="stock $DURS"; [ $((rep % 2)) = 0 ] && order=$(echo "$order" | tr ' ' '\n' | tac | tr '\n' ' ')
    for d in $order; do
      if [ "$d" = stock ]; then
        fresh "$bed" "$dir" stock; sync; io_mark "$bed"
        restore "t-$bed" "e2e $bed stock 4 $rep" -S "$RUN/t-$bed.sock" -u root -d "$WORK/dump"
        index_check "$bed" stock "$rep"
        [ "$SETTLE" = 1 ] && settle_time "$bed" stock "$rep"
        io_note "$bed" stock "$rep"
        continue
      fi
      fresh "$bed" "$dir" "$d" || { echo "e2e $bed $d-nostart 0 $rep 0" >>"$WORK/results.txt"; log "$bed $d: the advised cnf did not start the server"; continue; }
      n=$(cat "$WORK/e2e-$bed-$d.threads")
      read -r -a words <<<"$(filled "$bed" "$d")"
      mariadb --socket="$RUN/t-$bed.sock" -u root <"$WORK/e2e-$bed-$d.apply.sql"
      sync; io_mark "$bed"
      run_pre "$bed" "$d"
      RESTORE_POST=$(filled_post "$bed" "$d"); export RESTORE_POST
      restore "t-$bed" "e2e $bed $d $n $rep" "${words[@]:1}"
      RESTORE_POST=""
      index_check "$bed" "$d" "$rep"
      if [ "$SETTLE" = 1 ]; then settle_time "$bed" "$d" "$rep"; else undo "$bed" "$d" "$rep"; fi
      io_note "$bed" "$d" "$rep"
    done
  done
  stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  wipe "$dir/data"; "$TB" down "$BP-$bed" >/dev/null
}

# fill_to DIR: with --free SIZE, a file DIR/filler (fallocate) that leaves SIZE free on the bed before the probe,
# so the advice sees a fuller disk (issue 19, point 3: the redo log is held to a quarter of the free space, so at
# one level the cap bites). Fails when the bed has less than SIZE free to begin with.
fill_to() {
  [ -n "$FREE" ] || return 0
  local want avail; want=$(numfmt --from=iec "${FREE%B}")
  avail=$(df -B1 --output=avail "$1" | tail -1 | tr -d ' ')
  [ "$avail" -gt "$want" ] || { echo "bench-restore.sh: the bed has $avail bytes free, not more than --free $FREE" >&2; exit 2; }
  fallocate -l $((avail - want)) "$1/filler"
  log "$(basename "$1"): filled to leave $FREE free ($(df -h --output=avail "$1" | tail -1 | tr -d ' ') by df)"
}

e2e_bed() {
  local bed=$1 dir rep d n
  dir=$(bed_up "$bed"); BEDS_UP+=("$BP-$bed"); fill_to "$dir"; profile "$bed" "$dir"
  wipe "$dir/data"
  start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults
  [ "$INTERLEAVE" = 1 ] && { e2e_interleaved "$bed" "$dir"; return; }
  # stock runs already in results.txt (a rerun with --keep after a change to mytune) are not repeated
  for rep in $(seq "$(grep -c "^e2e $bed stock " "$WORK/results.txt")" "$((REPEAT - 1))"); do
    restore "t-$bed" "e2e $bed stock 4 $((rep + 1))" -S "$RUN/t-$bed.sock" -u root -d "$WORK/dump"
  done
  for d in $DURS; do
    advice "$bed" "$d" "$dir"
    stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
    if ! start_server "t-$bed" "$dir/data" "$BP-$bed" --defaults-file="$WORK/e2e-$bed-$d.cnf"; then
      echo "e2e $bed $d-nostart 0 0 0" >>"$WORK/results.txt"; log "$bed $d: the advised cnf did not start the server"
      stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"; wipe "$dir/data"
      start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults; continue
    fi
    n=$(cat "$WORK/e2e-$bed-$d.threads"); log "$bed $d: $(filled "$bed" "$d")"
    read -r -a words <<<"$(filled "$bed" "$d")"
    for rep in $(seq "$REPEAT"); do
      mariadb --socket="$RUN/t-$bed.sock" -u root <"$WORK/e2e-$bed-$d.apply.sql"
      run_pre "$bed" "$d"
      RESTORE_POST=$(filled_post "$bed" "$d"); export RESTORE_POST
      restore "t-$bed" "e2e $bed $d $n $rep" "${words[@]:1}"
      RESTORE_POST=""
      undo "$bed" "$d" "$rep"
    done
    stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
    start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults
  done
  stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  wipe "$dir/data"; "$TB" down "$BP-$bed" >/dev/null
}
