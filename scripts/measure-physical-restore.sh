#!/usr/bin/env bash
# measure-physical-restore.sh — how long a physical restore (mariadb-backup --copy-back) takes on a test bed,
# until the tool exits ("copied") and until every file is on the disk ("settled": an fsync of each file, run
# in the bed's cgroup), for --parallel values interleaved over reps; and, with --prepare, how long
# mariadb-backup --prepare takes at --use-memory values on a copy of the backup placed on the bed.
#
#   measure-physical-restore.sh --bed NAME --backup DIR [--parallel "1 4"] [--memory "100M 1G"] [--repeat 3]
#                               [--what copy|prepare|both]
#
# The bed is made with scripts/testbed.sh (up NAME sd|hdd|fast). The backup is a mariadb-backup directory,
# prepared for --what copy. Writeback is held (bench-lib.sh hold_writeback) so buffered writes reach the bed only
# through fsyncs charged to its throttle; the old vm.dirty_* values come back at exit. One line per run:
#   run WHAT PARAM REP copied_s settled_s bytes
# Needs root. Leaves nothing on the bed but its own scratch directory, removed at exit.
set -euo pipefail
me=measure-physical-restore
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench-lib.sh
. "$here/bench-lib.sh"
log() { echo "# $me: $*" >&2; }

BED="" BACKUP="" PARALLEL="1 4" MEMORY="100M 1G" REPEAT=3 WHAT=copy
while [ $# -gt 0 ]; do
  case $1 in
    --bed) BED=$2 ;; --backup) BACKUP=$(cd "$2" && pwd) ;; --parallel) PARALLEL=$2 ;; --memory) MEMORY=$2 ;;
    --repeat) REPEAT=$2 ;; --what) WHAT=$2 ;;
    *) sed -n '6,8p' "$0" >&2; exit 2 ;;
  esac
  shift 2
done
[ -n "$BED" ] && [ -n "$BACKUP" ] || { sed -n '6,8p' "$0" >&2; exit 2; }
eval "$("$here/testbed.sh" info "$BED" | grep -E '^(DIR|LOOP)=')"
SCRATCH="$DIR/physical-restore.$$"
cleanup() { rm -rf "$SCRATCH"; release_writeback; }
trap cleanup EXIT
hold_writeback

now() { date +%s.%N; }
# settle DIR: fsync every file under DIR from inside the bed's cgroup
settle() { "$here/testbed.sh" run "$BED" bash -c 'find "$1" -type f -print0 | xargs -0 -r sync --data' _ "$1"; }

copy_run() { # copy_run PARALLEL REP
  rm -rf "$SCRATCH"; mkdir -p "$SCRATCH"; sync; echo 3 > /proc/sys/vm/drop_caches
  local t0 t1 t2
  t0=$(now)
  "$here/testbed.sh" run "$BED" mariadb-backup --copy-back --target-dir="$BACKUP" --datadir="$SCRATCH/dd" \
    --parallel="$1" >"$SCRATCH.log" 2>&1 || { log "copy-back failed: $(tail -2 "$SCRATCH.log")"; exit 1; }
  t1=$(now); settle "$SCRATCH/dd"; t2=$(now)
  echo "run copy parallel=$1 $2 $(echo "$t1 - $t0" | bc) $(echo "$t2 - $t0" | bc) $(du -sb "$SCRATCH/dd" | cut -f1)"
}

prepare_run() { # prepare_run MEMORY REP
  rm -rf "$SCRATCH"; mkdir -p "$SCRATCH"; cp -a "$BACKUP" "$SCRATCH/bk"; settle "$SCRATCH/bk"
  sync; echo 3 > /proc/sys/vm/drop_caches
  local t0 t1 t2
  t0=$(now)
  "$here/testbed.sh" run "$BED" mariadb-backup --prepare --target-dir="$SCRATCH/bk" --use-memory="$1" \
    >"$SCRATCH.log" 2>&1 || { log "prepare failed: $(tail -2 "$SCRATCH.log")"; exit 1; }
  t1=$(now); settle "$SCRATCH/bk"; t2=$(now)
  echo "run prepare use-memory=$1 $2 $(echo "$t1 - $t0" | bc) $(echo "$t2 - $t0" | bc) $(grep -o 'To recover: [0-9]* pages' "$SCRATCH.log" | head -1 | tr ' ' _)"
}

for rep in $(seq 1 "$REPEAT"); do
  if [ "$WHAT" != prepare ]; then for p in $PARALLEL; do copy_run "$p" "$rep"; done; fi
  if [ "$WHAT" != copy ]; then for m in $MEMORY; do prepare_run "$m" "$rep"; done; fi
done
rm -f "$SCRATCH.log"
