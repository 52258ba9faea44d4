# bench-lib.sh — helpers the benchmarks share (sourced by bench-restore.sh, bench-heldout.sh, bench-workload.sh and
# the measure-*.sh scripts that start a throw-away server).
# Each sourcing script sets RUN (its run directory), REP_LOCK (a command prefix or "") and REP_LOCK_PID=""; for
# server_stop also SOCK, STOP_TIMEOUT (seconds) and SPID/SDD (the one server's pid and datadir, "" when none).

# alive PID: the process exists and is not a zombie (an exited child not yet reaped still answers kill -0).
alive() { kill -0 "$1" 2>/dev/null && ! grep -qs '^State:[[:space:]]*Z' "/proc/$1/status"; }
# pidfile_stop PIDFILE: stop the server whose pid PIDFILE holds and wait for the process itself to exit (not for its
# pid file: a server still flushing a deleted datadir competes with what runs next); nothing when PIDFILE is absent.
pidfile_stop() {
  local pid
  pid=$(cat "$1" 2>/dev/null) || return 0
  kill "$pid" 2>/dev/null || true
  while alive "$pid"; do sleep 0.5; done
}
# throwaway_server WORK OPTIONS...: a fresh MariaDB outside any bed for the measure-*.sh scripts, on WORK/data with
# its socket WORK/s.sock and pid file WORK/s.pid (networking and grants off, the error log WORK/server.err), the
# OPTIONS after --no-defaults; returns once it answers (at most 120 s). Stop it with pidfile_stop WORK/s.pid.
throwaway_server() {
  local w=$1; shift
  rm -rf "$w/data"; mkdir -p "$w/data"
  mariadb-install-db --no-defaults --datadir="$w/data" --auth-root-authentication-method=normal >"$w/install.log" 2>&1
  mariadbd --no-defaults --user=root --datadir="$w/data" --socket="$w/s.sock" --pid-file="$w/s.pid" --skip-networking \
    --skip-grant-tables --log-error="$w/server.err" "$@" &
  for _ in $(seq 240); do mariadb-admin --socket="$w/s.sock" -u root ping >/dev/null 2>&1 && return 0; sleep 0.5; done
  echo "throwaway_server: mariadbd on $w/data did not answer in 120 s ($w/server.err)" >&2; return 1
}
# cpu_speed: one core's `sysbench cpu --threads=1 --time=2` events per second ("-" without sysbench's figure): the
# host's speed at the time, recorded beside timed runs so that runs of different sessions can be compared
cpu_speed() { sysbench cpu --threads=1 --time=2 run 2>/dev/null | awk '/events per second/ { print $4; f = 1 } END { if (!f) print "-" }'; }
# cpu_ticks: "BUSY IOWAIT STEAL TOTAL" of /proc/stat's machine-wide cpu line (proc(5): user nice system idle
# iowait irq softirq steal; busy = user+nice+system+irq+softirq; USER_HZ ticks)
cpu_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $6, $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9; exit }' /proc/stat; }
# cpu_span "BUSY IOWAIT STEAL TOTAL" (cpu_ticks at the start): "BUSY_PCT IOWAIT_PCT STEAL_PCT" of the span to now
cpu_span() {
  local a b; read -r -a a <<<"$1"; read -r -a b < <(cpu_ticks)
  awk -v busy=$((b[0] - a[0])) -v iow=$((b[1] - a[1])) -v st=$((b[2] - a[2])) -v all=$((b[3] - a[3])) \
    'BEGIN { if (all > 0) printf "%.1f %.1f %.1f\n", 100 * busy / all, 100 * iow / all, 100 * st / all; else print "- - -" }'
}

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

# server_stop: shut the server down and wait until its PROCESS is gone (a clean shutdown writes every dirty page
# first: minutes on a slow bed after a write load), then check no process is left on its datadir. Never kills
# unless TERM_ON_TIMEOUT=1 (the clean-up at exit); a server that will not stop ends the bench.
server_stop() {
  [ -n "$SDD" ] || return 0
  local waited=0 p me; me=$(basename "$0")
  if [ -n "$SPID" ] && alive "$SPID"; then
    kill -TERM "$SPID" 2>/dev/null || mariadb-admin --socket="$SOCK" -u root shutdown >/dev/null 2>&1 || true # a clean shutdown; mariadb-admin waits in whole seconds
    while alive "$SPID" && [ $waited -lt $((STOP_TIMEOUT * 50)) ]; do sleep 0.02; waited=$((waited + 1)); done # 20 ms: a timed shutdown reads true
    if alive "$SPID"; then
      [ "${TERM_ON_TIMEOUT:-0}" = 1 ] || { echo "$me: mariadbd $SPID on $SDD still running ${STOP_TIMEOUT}s after shutdown" >&2; exit 1; }
      kill -9 "$SPID" 2>/dev/null || true; sleep 1
    fi
  fi
  [ -z "$SPID" ] || wait "$SPID" 2>/dev/null || true
  p=$(left "$SDD")
  [ -z "$p" ] || { echo "$me: mariadbd still running on $SDD (pid $p) after the stop" >&2; exit 1; }
  SPID="" SDD=""
}

# hold_writeback: the vm.dirty_* values of a bench's --hold-writeback (Documentation/admin-guide/sysctl/vm.rst): no periodic
# flusher wake-ups (dirty_writeback_centisecs 0), and background writeback / writer throttling only past 4 GiB /
# 8 GiB dirty (the bench dirties < 1 GiB); the old values go back with release_writeback (the caller's exit). Buffered
# writes then reach a bed only through the writer's own fsync, which cgroup v1 charges to the bed's throttle; the
# kernel's flusher, whose writeback cgroup v1 charges to the root (blkio-controller.rst), would escape it. Needs `log`.
WB_KEYS=(vm.dirty_writeback_centisecs vm.dirty_background_bytes vm.dirty_bytes vm.dirty_background_ratio vm.dirty_ratio)
WB_OLD=()
hold_writeback() {
  local k; for k in "${WB_KEYS[@]}"; do WB_OLD+=("$k=$(sysctl -n "$k")"); done
  sysctl -q vm.dirty_writeback_centisecs=0 vm.dirty_bytes=8589934592 vm.dirty_background_bytes=4294967296
  log "writeback held: ${WB_OLD[*]} saved"
}
release_writeback() {
  [ ${#WB_OLD[@]} -gt 0 ] || return 0
  local kv ratio=(); for kv in "${WB_OLD[@]}"; do
    case $kv in *_bytes=0) ;; *ratio=*) ratio+=("$kv") ;; *) sysctl -q "$kv" ;; esac
  done
  # a *_bytes of 0 means the *_ratio rules: writing the ratio back switches the bytes form off
  for kv in "${ratio[@]}"; do sysctl -q "$kv"; done
  for kv in "${WB_OLD[@]}"; do case $kv in *_bytes=[1-9]*) sysctl -q "$kv" ;; esac; done
  WB_OLD=()
}
