#!/bin/bash
# check-hermetic.sh [COMMAND...]
#
# Proves the tests are hermetic: it starts a MariaDB of "the machine's own" on the default socket
# /run/mysqld/mysqld.sock (and on 127.0.0.1:3306 when that port is free), makes a spare loop
# device with an ext4 mounted on /mnt/hermetic-spare, records what each has seen, runs COMMAND
# (default: go test -count=1 ./...), and then checks that no test connected to that server
# (Connections, from its own status, grows only by this script's own two queries) and nothing
# wrote to the loop device or its mount (sectors written in /sys/block/loopN/stat, the file
# listing). To keep other users of the machine away from that server, run it in a private mount
# and network namespace: unshare -m -n bash -c 'ip link set lo up; mount -t tmpfs tmpfs
# /run/mysqld; bash scripts/check-hermetic.sh' (make test-hermetic does). Everything it made is
# removed on exit, including Ctrl-C. Needs root, mariadbd, mariadb-install-db, the mariadb
# client, losetup, mkfs.ext4. Refuses to run when something already listens on
# /run/mysqld/mysqld.sock.
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "check-hermetic: needs root" >&2; exit 2; }
sock=/run/mysqld/mysqld.sock
[ -S "$sock" ] && { echo "check-hermetic: $sock exists: a server runs there already; stop it or run elsewhere" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /var/tmp/check-hermetic.XXXXXX)
mnt=/mnt/hermetic-spare
pid="" loop=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  mountpoint -q "$mnt" 2>/dev/null && umount "$mnt"
  rmdir "$mnt" 2>/dev/null || true
  [ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
  rm -rf "$work"
  true
}
trap cleanup EXIT INT TERM

find_bin() { command -v "$1" 2>/dev/null || { [ -x "/usr/sbin/$1" ] && echo "/usr/sbin/$1"; } || true; }
mariadbd=$(find_bin mariadbd) install_db=$(find_bin mariadb-install-db)
mkdir -p /run/mysqld "$work/tmp"
net=(--skip-networking) port_note="no TCP (3306 is taken)"
if ! ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ':3306$'; then
  net=(--port=3306 --bind-address=127.0.0.1) port_note="127.0.0.1:3306"
fi
"$install_db" --no-defaults --auth-root-authentication-method=normal --datadir="$work/data" --tmpdir="$work/tmp" \
  --skip-test-db --innodb-use-native-aio=0 --user=root > "$work/install.log" 2>&1
"$mariadbd" --no-defaults --datadir="$work/data" --tmpdir="$work/tmp" --socket="$sock" "${net[@]}" --skip-log-bin \
  --innodb-buffer-pool-size=64M --innodb-use-native-aio=0 --log-error="$work/error.log" --user=root \
  --general-log=1 --general-log-file="$work/general.log" &
pid=$!
for _ in $(seq 1 300); do [ -S "$sock" ] && break; sleep 0.1; done
[ -S "$sock" ] || { echo "check-hermetic: mariadbd did not start" >&2; tail -5 "$work/error.log" >&2; exit 1; }
connections() { mariadb -S "$sock" -u root -N -B -e "SHOW GLOBAL STATUS LIKE 'Connections'" | awk '{print $2}'; }

truncate -s 256M "$work/spare.img"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$work/spare.img"
loop=$(losetup -f --show "$work/spare.img")
mkdir -p "$mnt" && mount -o noatime "$loop" "$mnt"
echo "machine's own data" > "$mnt/keep.txt" && sync && sleep 1
dev=$(basename "$loop")
# Sectors written (field 7 of /sys/block/DEV/stat, Documentation/block/stat.rst). Not the write
# count (field 5): a sync(2) anywhere on the machine sends the mount empty flushes, which the
# loop device counts as writes of 0 sectors.
writes() { awk '{print $7}' "/sys/block/$dev/stat"; }
listing() { ls -lA --time-style=+%s "$mnt"; }

c0=$(connections) w0=$(writes) l0=$(listing)
echo "check-hermetic: MariaDB on $sock and $port_note (Connections=$c0); spare $loop on $mnt (sectors written: $w0)" >&2
cd "$repo"
status=0
if [ $# -gt 0 ]; then "$@" || status=$?; else go test -count=1 ./... || status=$?; fi
c1=$(connections) w1=$(writes) l1=$(listing)
echo "check-hermetic: tests exit $status; Connections $c0 -> $c1 (this script's own check adds 1); sectors written to $loop $w0 -> $w1" >&2
bad=0
[ "$c1" -eq $((c0 + 1)) ] || { echo "check-hermetic: something connected to the server on $sock:" >&2; grep -i connect "$work/general.log" >&2; bad=1; }
[ "$w0" = "$w1" ] || { echo "check-hermetic: something wrote to $loop" >&2; bad=1; }
[ "$l0" = "$l1" ] || { echo "check-hermetic: $mnt changed:" >&2; diff <(echo "$l0") <(echo "$l1") >&2; bad=1; }
[ $bad = 0 ] && echo "check-hermetic: the server, $loop and $mnt were not touched" >&2
[ $status = 0 ] && [ $bad = 0 ]
