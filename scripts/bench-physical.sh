#!/usr/bin/env bash
# bench-physical.sh — a physical restore (mariadb-backup) done the stock way against mytune's plan followed as printed,
# per test bed: a throw-away MariaDB with sysbench data is backed up while sysbench writes (so the backup carries redo
# for --prepare to apply); then, per bed and rep, interleaved:
#   stock:   mariadb-backup --prepare (--use-memory default 100M), --copy-back (--parallel default 1)
#   advised: `mytune advise --dump BACKUP --datadir DIR --no-server --task load --format json`, run in the bed's
#            cgroup (it measures the bed), and its commands run as printed (its `sync` as an fsync of every file the
#            copy wrote, charged to the bed)
# both on a copy of the backup placed on the bed, into an empty datadir on the bed; "settled" is after every file of
# the prepare and the copy is fsynced. Writeback is held (bench-lib.sh hold_writeback) so buffered writes reach a bed
# only through fsyncs charged to its throttle. One row per run, then medians and worst:
#   bed variant rep prepare_s copy_s total_s use_memory parallel est_low est_high in_range
#
#   bench-physical.sh [--beds "sd fast"] [--repeat 3] [--tables 4] [--rows 200000] [--keep DIR]
# Needs root, mariadb-backup, sysbench, bc, jq-less python3. Leaves no server, bed or cgroup of its own behind.
set -euo pipefail
me=bench-physical
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench-lib.sh
. "$here/bench-lib.sh"
log() { echo "# $me: $*" >&2; }
MYTUNE=${MYTUNE:-$here/../bin/mytune}
BEDS="sd fast" REPEAT=3 TABLES=4 ROWS=200000 KEEP=""
while [ $# -gt 0 ]; do
  case $1 in
    --beds) BEDS=$2 ;; --repeat) REPEAT=$2 ;; --tables) TABLES=$2 ;; --rows) ROWS=$2 ;; --keep) KEEP=$2 ;;
    *) sed -n '13,14p' "$0" >&2; exit 2 ;;
  esac
  shift 2
done
RUN=${KEEP:-$(mktemp -d /var/tmp/bench-physical.XXXXXX)}
mkdir -p "$RUN"
MADE=()
cleanup() {
  pidfile_stop "$RUN/src/s.pid"
  release_writeback
  local b; for b in "${MADE[@]}"; do "$here/testbed.sh" down "pb-$b" >/dev/null 2>&1 || true; done
  [ -n "$KEEP" ] || rm -rf "$RUN"
}
trap cleanup EXIT

make_backup() { # a sysbench data set, backed up while sysbench writes
  local w=$RUN/src
  mkdir -p "$w/data"
  # not throwaway_server: mariadb-backup reads SHOW GRANTS, which --skip-grant-tables refuses
  mariadb-install-db --no-defaults --datadir="$w/data" --auth-root-authentication-method=normal >"$w/install.log" 2>&1
  mariadbd --no-defaults --user=root --datadir="$w/data" --socket="$w/s.sock" --pid-file="$w/s.pid" --skip-networking \
    --log-error="$w/server.err" --innodb-buffer-pool-size=512M --innodb-log-file-size=1G &
  for _ in $(seq 240); do mariadb-admin --socket="$w/s.sock" -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
  mariadb --socket="$RUN/src/s.sock" -u root -e "CREATE DATABASE sbtest"
  local sb=(sysbench --db-driver=mysql --mysql-socket="$RUN/src/s.sock" --mysql-user=root --tables="$TABLES" --table-size="$ROWS")
  "${sb[@]}" --threads=2 oltp_write_only prepare >"$RUN/prepare.log" 2>&1
  "${sb[@]}" --threads=2 --time=600 oltp_write_only run >"$RUN/writes.log" 2>&1 &
  local writer=$!
  sleep 3
  mariadb-backup --backup --target-dir="$RUN/backup" --socket="$RUN/src/s.sock" --user=root --throttle=4 >"$RUN/backup.log" 2>&1
  kill "$writer" 2>/dev/null || true; wait "$writer" 2>/dev/null || true
  pidfile_stop "$RUN/src/s.pid"
  log "backup: $(du -sb "$RUN/backup" | cut -f1) bytes, $(grep -o 'Redo log (from LSN [0-9]* to [0-9]*)' "$RUN/backup.log")"
}

now() { date +%s.%N; }
span() { echo "$2 - $1" | bc; }
# settle DIR BED: fsync every file under DIR from inside BED's cgroup
settle() { "$here/testbed.sh" run "$2" bash -c 'find "$1" -type f -print0 | xargs -0 -r sync --data' _ "$1"; }
# place BED: a fresh copy of the backup on the bed (on its disk), and an empty datadir beside it
place() {
  local dir=$1 bed=$2
  rm -rf "$dir"; mkdir -p "$dir/dd"; cp -a "$RUN/backup" "$dir/bk"; settle "$dir/bk" "$bed"
  sync; echo 3 > /proc/sys/vm/drop_caches
}

stock_run() { # stock_run BED REP
  local bed=pb-$1 dir=$BEDDIR/run t0 t1 t2
  place "$dir" "$bed"
  t0=$(now)
  "$here/testbed.sh" run "$bed" mariadb-backup --prepare --target-dir="$dir/bk" >"$RUN/run.log" 2>&1
  settle "$dir/bk" "$bed"; t1=$(now)
  "$here/testbed.sh" run "$bed" mariadb-backup --copy-back --target-dir="$dir/bk" --datadir="$dir/dd" >>"$RUN/run.log" 2>&1
  settle "$dir/dd" "$bed"; t2=$(now)
  echo "$1 stock $2 $(span "$t0" "$t1") $(span "$t1" "$t2") $(span "$t0" "$t2") 100M 1 - - -"
}

advised_run() { # advised_run BED REP
  local bed=pb-$1 dir=$BEDDIR/run t0 t1 t2 plan
  place "$dir" "$bed"
  "$here/testbed.sh" run "$bed" "$MYTUNE" advise --dump "$dir/bk" --datadir "$dir/dd" --no-server --task load --format json \
    >"$RUN/advice-$1-$2.json" 2>"$RUN/advice.err"
  plan=$(python3 - "$RUN/advice-$1-$2.json" <<'EOF'
import json, sys
a = json.load(open(sys.argv[1])); th = a["threads"]; e = th.get("estimated_load") or {}
ns = lambda k: "%.1f" % e[k] if k in e else "-"
for c in th["commands"]:
    print("cmd\t" + c)
print("est\t%s\t%s" % (ns("low_s"), ns("high_s")))
EOF
)
  local prep copy mem par
  prep=$(grep -P '^cmd\t.*--prepare ' <<<"$plan" | cut -f2-) copy=$(grep -P '^cmd\t.*--copy-back ' <<<"$plan" | cut -f2-)
  mem=$(grep -o 'use-memory=[0-9]*M' <<<"$prep" | cut -d= -f2) par=$(grep -o 'parallel=[0-9]*' <<<"$copy" | cut -d= -f2)
  t0=$(now)
  "$here/testbed.sh" run "$bed" bash -c "$prep" >"$RUN/run.log" 2>&1
  settle "$dir/bk" "$bed"; t1=$(now)
  "$here/testbed.sh" run "$bed" bash -c "$copy" >>"$RUN/run.log" 2>&1
  settle "$dir/dd" "$bed"; t2=$(now)
  local total lo hi; total=$(span "$t0" "$t2"); read -r lo hi < <(grep -P '^est\t' <<<"$plan" | cut -f2,3 | tr '\t' ' ')
  echo "$1 advised $2 $(span "$t0" "$t1") $(span "$t1" "$t2") $total $mem $par $lo $hi $(echo "$lo <= $total && $total <= $hi" | bc)"
}

summary() {
  python3 - "$RUN/rows.txt" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
print("\n| bed | variant | reps | prepare med (s) | copy+settle med (s) | total med (s) | total worst (s) | estimate in range |")
print("|---|---|---|---|---|---|---|---|")
for key in sorted({(r[0], r[1]) for r in rows}):
    rs = [r for r in rows if (r[0], r[1]) == key]
    med = lambda i: statistics.median(float(r[i]) for r in rs)
    inr = [r[10] for r in rs if r[10] != "-"]
    print("| %s | %s | %d | %.1f | %.1f | %.1f | %.1f | %s |" % (key[0], key[1], len(rs), med(3), med(4), med(5),
          max(float(r[5]) for r in rs), ("%d of %d" % (inr.count("1"), len(inr))) if inr else "-"))
EOF
}

make_backup
hold_writeback
: >"$RUN/rows.txt"
echo "bed variant rep prepare_s copy_s total_s use_memory parallel est_low est_high in_range"
for bed in $BEDS; do
  if ! "$here/testbed.sh" info "pb-$bed" >/dev/null 2>&1; then
    "$here/testbed.sh" up "pb-$bed" "$bed" --size 4G >/dev/null; MADE+=("$bed")
  fi
  BEDDIR=$("$here/testbed.sh" info "pb-$bed" | sed -n 's/^DIR=//p')
  for rep in $(seq 1 "$REPEAT"); do
    if [ $((rep % 2)) -eq 1 ]; then order="stock advised"; else order="advised stock"; fi
    for v in $order; do "${v}_run" "$bed" "$rep" | tee -a "$RUN/rows.txt"; done
  done
  rm -rf "$BEDDIR/run"
done
summary
