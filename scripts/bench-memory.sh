#!/bin/bash
# bench-memory.sh — does the memory advice keep a small server alive? (QA 13: a MariaDB in a 512 MiB cgroup, 36
# sessions each building a GROUP BY temporary table, was OOM-killed under the settings mytune advised then.)
#
# For each config, alternating over --repeat rounds, on a fresh datadir (/var/tmp/mytune-bench-memory):
#   stock:   MariaDB's defaults;
#   advised: the same server after `mytune advise --format cnf` (run against it live, strict) appended and a restart;
#   noserver: the same with `mytune advise --no-server --target mariadb-MAJOR.MINOR --format cnf` (no server read:
#            which engines the tables use is not known; --configs "stock advised noserver" adds it);
# mariadbd runs in a cgroup v1 memory group limited to --limit; sysbench's sbtest1 (--rows) is loaded; then --sessions
# clients at once run a GROUP BY of 70,000 rows on (c, pad) held open 20 s (an in-memory temporary table each).
# Printed per run: the settings in effect, sessions that finished / were refused or cut, the group's OOM kills
# during the burst, mariadbd's peak RSS (VmHWM) and whether it still answers. A benchmark, not a test: needs root,
# cgroup v1 memory, mariadb-server, sysbench. Usage: bench-memory.sh [--limit 512M] [--sessions 36] [--rows 200000]
# [--repeat 2] [--port 38150] [--configs "stock advised"]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-lib.sh
LIMIT=512M SESSIONS=36 ROWS=200000 REPEAT=2 PORT=38150 CONFIGS="stock advised"
while [ $# -gt 0 ]; do
  case $1 in
    --limit) LIMIT=$2 ;; --sessions) SESSIONS=$2 ;; --rows) ROWS=$2 ;; --repeat) REPEAT=$2 ;; --port) PORT=$2 ;;
    --configs) CONFIGS=$2 ;;
    *) echo "bench-memory.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
[ -d /sys/fs/cgroup/memory ] || { echo "bench-memory.sh: needs cgroup v1's memory controller" >&2; exit 1; }
RUN=/var/tmp/mytune-bench-memory CG=/sys/fs/cgroup/memory/mytune-bench-memory-$$ SOCK="" SPID="" SDD="" STOP_TIMEOUT=120
MYTUNE=$PWD/bin/mytune
make -s build >/dev/null
rm -rf "$RUN"; mkdir -p "$RUN" "$CG"
LIMIT_BYTES=$(numfmt --from=iec "$LIMIT"); echo "$LIMIT_BYTES" > "$CG/memory.limit_in_bytes"
cleanup() { TERM_ON_TIMEOUT=1 server_stop || true; rmdir "$CG" 2>/dev/null || true; }
trap cleanup EXIT

# start_server CNF: mariadbd in the cgroup; SPID, SDD, SOCK set; waits until it answers
start_server() {
  SDD=$RUN/data SOCK=$RUN/sock
  bash -c "echo \$\$ > $CG/cgroup.procs; exec mariadbd --defaults-file=$1 --datadir=$SDD" </dev/null >"$RUN/mariadbd.out" 2>&1 &
  SPID=$!
  for _ in $(seq 120); do
    mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && return 0
    alive "$SPID" || { echo "bench-memory.sh: mariadbd did not start:" >&2; tail -5 "$RUN/err.log" >&2; exit 1; }
    sleep 0.5
  done
  echo "bench-memory.sh: mariadbd did not answer in 60 s" >&2; exit 1
}

# fresh CONFIG: a new datadir with sbtest1 loaded, the server up with CONFIG's settings
fresh() {
  local cnf=$RUN/my.cnf
  printf '[mysqld]\nport=%s\nsocket=%s\npid-file=%s\nuser=root\nlog-error=%s\nbind-address=127.0.0.1\nskip-log-bin\n' \
    "$PORT" "$RUN/sock" "$RUN/pid" "$RUN/err.log" > "$cnf"
  rm -rf "$RUN/data"
  mariadb-install-db --defaults-file="$cnf" --datadir="$RUN/data" --auth-root-authentication-method=normal >"$RUN/install.log" 2>&1
  start_server "$cnf"
  mariadb --socket="$SOCK" -u root -e "CREATE DATABASE sbtest"
  if [ ! -s "$RUN/sbtest.sql" ]; then
    sysbench oltp_read_write --mysql-socket="$SOCK" --mysql-user=root --mysql-db=sbtest --tables=1 --table-size="$ROWS" prepare >/dev/null
    mariadb-dump --socket="$SOCK" -u root sbtest > "$RUN/sbtest.sql"
  else
    mariadb --socket="$SOCK" -u root sbtest < "$RUN/sbtest.sql"
  fi
  if [ "$1" != stock ]; then
    local from=(-S "$SOCK" -u root)
    [ "$1" = noserver ] && from=(--no-server --target "mariadb-$(mariadbd --version | grep -oE '[0-9]+\.[0-9]+' | head -1)")
    # in the memory group, so that with no server to read mytune sees the limit as its own (a container's)
    bash -c 'echo $$ > "$1"/cgroup.procs; shift; exec "$@"' _ "$CG" "$MYTUNE" advise --datadir "$SDD" "${from[@]}" \
      --format cnf > "$RUN/$1.cnf" 2>"$RUN/advise.err"
    server_stop
    cat "$RUN/$1.cnf" >> "$cnf"
    start_server "$cnf"
  fi
}

# burst: SESSIONS clients at once; prints "OK CUT"
burst() {
  local q="SELECT SLEEP(20) FROM (SELECT c, pad, COUNT(*) n FROM sbtest1 WHERE id <= 70000 GROUP BY c, pad) t LIMIT 1" i
  for i in $(seq "$SESSIONS"); do
    (mariadb --socket="$SOCK" -u root sbtest -e "$q" >/dev/null 2>>"$RUN/burst.err" && echo ok || echo cut) > "$RUN/burst.$i" &
  done
  wait
  echo "$(cat "$RUN"/burst.[0-9]* | grep -c ok) $(cat "$RUN"/burst.[0-9]* | grep -c cut)"
  rm -f "$RUN"/burst.[0-9]*
}

oom_kills() { awk '/^oom_kill / { print $2 }' "$CG/memory.oom_control"; }
settings() {
  mariadb --socket="$SOCK" -u root -Nse "SELECT CONCAT_WS(' ', @@max_connections, @@tmp_table_size DIV 1048576,
    @@innodb_buffer_pool_size DIV 1048576, @@key_buffer_size DIV 1024, @@aria_pagecache_buffer_size DIV 1048576)"
}

printf '%-5s %-8s %15s %6s %8s %7s %9s %5s %6s %10s %s\n' round config max_connections tmp_M pool_M key_K aria_M ok cut oom_kills "peak RSS / after"
for round in $(seq "$REPEAT"); do
  order=$CONFIGS; [ $((round % 2)) = 0 ] && order=$(tr ' ' '\n' <<<"$CONFIGS" | tac | tr '\n' ' ')
  for config in $order; do
    fresh "$config"
    s=$(settings); before=$(oom_kills)
    read -r ok cut < <(burst)
    after=$(oom_kills)
    if mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1; then
      state="$(awk '/VmHWM/ { printf "%d MiB", $2 / 1024 }' "/proc/$SPID/status") / answers"
    else
      state="- / KILLED"
    fi
    read -r mc tmp pool key aria <<<"$s"
    printf '%-5s %-8s %15s %6s %8s %7s %9s %5s %6s %10s %s\n' "$round" "$config" "$mc" "$tmp" "$pool" "$key" "$aria" "$ok" "$cut" "$((after - before))" "$state"
    TERM_ON_TIMEOUT=1 server_stop
  done
done
echo "limit $LIMIT, $SESSIONS sessions, sbtest1 $ROWS rows; advice: $RUN/*.cnf (advised.cnf, noserver.cnf)"
