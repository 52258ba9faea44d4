# bench-lib.sh — helpers the benchmarks share (sourced by bench-restore.sh, bench-heldout.sh, bench-workload.sh).
# Each sourcing script sets RUN (its run directory), REP_LOCK (a command prefix or "") and REP_LOCK_PID="".

# alive PID: the process exists and is not a zombie (an exited child not yet reaped still answers kill -0).
alive() { kill -0 "$1" 2>/dev/null && ! grep -qs '^State:[[:space:]]*Z' "/proc/$1/status"; }
# left DATADIR: pids of any mariadbd still running on DATADIR (from this run or an earlier one)
left() { pgrep -f -- "mariadbd.*--datadir=$1( |$)" || true; }

# rep_lock_take: with --rep-lock, start "REP_LOCK bash -c <wait for release>" in the background and return once it
# holds the lock (the holder is a child of the lock command: nothing the bench starts inherits the lock).
rep_lock_take() {
  [ -n "$REP_LOCK" ] || return 0
  rm -f "$RUN/replock.held" "$RUN/replock.release"
  ${REP_LOCK} bash -c 'touch "$1.held"; while [ ! -e "$1.release" ]; do sleep 0.1; done' _ "$RUN/replock" &
  REP_LOCK_PID=$!
  until [ -e "$RUN/replock.held" ]; do
    kill -0 "$REP_LOCK_PID" 2>/dev/null || { echo "$(basename "$0"): --rep-lock $REP_LOCK exited" >&2; return 1; }
    sleep 0.1
  done
}
# rep_lock_drop: release the lock rep_lock_take holds (no-op without one).
rep_lock_drop() {
  [ -n "$REP_LOCK_PID" ] || return 0
  touch "$RUN/replock.release"; wait "$REP_LOCK_PID" 2>/dev/null || true; REP_LOCK_PID=""
}
