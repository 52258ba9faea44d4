#!/usr/bin/env bash
# measure-key-defer-card.sh: the key deferral (scripts/measure-key-defer.sh) on a card bed (100 write IOPS, 20 MB/s,
# bench-restore.sh's card), where the load waits for the disk: the dump and its keyless links that
# measure-key-defer.sh left in WORK (WORK/dump, WORK/nokeys), each rep a fresh server inside the bed (4G pool, 512M
# redo, innodb_flush_method = fsync with the kernel's writeback held, as the advice's card cnf), myloader -t 8
# inline against the keys left out and added two ALTER TABLEs at a time; then the clean shutdown, timed (settled).
#
# A measurement, not a test: needs root (the bed), and what measure-key-defer.sh needs.
# Usage: [REPS=2] scripts/measure-key-defer-card.sh WORK
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd) TB=$ROOT/scripts/testbed.sh
W=${1:?WORK: the directory measure-key-defer.sh used}
RUN=$W/card REP_LOCK="" REP_LOCK_PID=""; mkdir -p "$RUN"
log() { echo "# $*"; }
source "$ROOT/scripts/bench-lib.sh"
DUMP=$W/dump NOKEYS=$W/nokeys
DIR=$("$TB" up s57card custom --write-iops 100 --write-bps 20000000 --size 3G | sed -n 's/^DIR=//p')
cleanup() { [ -f "$DIR/s.pid" ] && pidfile_stop "$DIR/s.pid"; release_writeback; "$TB" down s57card >/dev/null; }
trap cleanup EXIT
hold_writeback
SOCK=$DIR/s.sock
alters() { for f in "$DUMP"/*-schema.sql; do b=$(basename "$f" -schema.sql); k=$(grep -E '^\s*KEY ' "$f" | sed 's/,\s*$//; s/^\s*/ADD /' | paste -sd, -); [ -n "$k" ] && echo "ALTER TABLE ${b%%.*}.\`${b#*.}\` $k;"; done; }
rep() {
  rm -rf "$DIR/data"; mkdir -p "$DIR/data"
  mariadb-install-db --no-defaults --datadir="$DIR/data" --auth-root-authentication-method=normal >/dev/null 2>&1
  sync
  "$TB" run s57card mariadbd --no-defaults --user=root --datadir="$DIR/data" --socket="$SOCK" --pid-file="$DIR/s.pid" --skip-networking \
    --skip-grant-tables --log-error="$DIR/server.err" --innodb-buffer-pool-size=4G --innodb-log-file-size=512M \
    --innodb-flush-method=fsync --innodb-io-capacity=100 --innodb-stats-auto-recalc=0 --max-connections=200 &
  for _ in $(seq 240); do mariadb-admin --socket="$SOCK" -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
  local pid s m e x; pid=$(cat "$DIR/s.pid")
  s=$(date +%s.%N)
  if [ "$1" = inline ]; then myloader --socket "$SOCK" -u root -d "$DUMP" -t 8; else myloader --socket "$SOCK" -u root -d "$NOKEYS" -t 8; fi
  m=$(date +%s.%N)
  [ "$1" = inline ] || alters | xargs -P 2 -I{} mariadb --socket "$SOCK" -u root -e "{}"
  e=$(date +%s.%N)
  dirty=$(mariadb --socket="$SOCK" -u root -N -e "show global status like 'Innodb_buffer_pool_pages_dirty'" | cut -f2)
  redo=$(mariadb --socket="$SOCK" -u root -N -e "show global status like 'Innodb_os_log_written'" | cut -f2)
  kill "$pid"; while alive "$pid"; do sleep 0.05; done
  x=$(date +%s.%N)
  printf '%s load %.1f keys %.1f loaded %.1f shutdown %.1f settled %.1f dirty %s redo %s MB load1 %s\n' "$1" "$(echo "$m-$s"|bc)" "$(echo "$e-$m"|bc)" \
    "$(echo "$e-$s"|bc)" "$(echo "$x-$e"|bc)" "$(echo "$x-$s"|bc)" "$dirty" "$((redo/1000000))" "$(cut -d' ' -f1 /proc/loadavg)"
}
for r in $(seq "${REPS:-2}"); do
  if [ $((r % 2)) = 1 ]; then rep inline; rep par2; else rep par2; rep inline; fi
done
