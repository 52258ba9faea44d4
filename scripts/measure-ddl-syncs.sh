#!/usr/bin/env bash
# measure-ddl-syncs.sh: how many fsync/fdatasync calls each statement a mysqldump file runs around its rows costs
# the server: N statements of each kind through one session into a throw-away MariaDB (no bed: the count is the
# server's own), counted by strace -f -c attached to mariadbd over them, with the files synced (-y on one more run of
# each kind). Kinds: DROP TABLE IF EXISTS of an absent table (mysqldump's --add-drop-table, on by default, loading into
# an empty target), CREATE TABLE (a sysbench-like table with one secondary index), the two /*!40000 ALTER TABLE …
# DISABLE/ENABLE KEYS */ (mysqldump's --disable-keys, on by default), LOCK/UNLOCK TABLES, CREATE DATABASE, and DROP
# TABLE of an existing (empty) table, and ALTER TABLE … ADD KEY on a table of 2,000 rows (the key deferral's step,
# advisor/threads/keydefer.go).
#
# A measurement, not a test: needs root (strace attaches to mariadbd), mariadbd, mariadb-install-db, strace.
# Usage: [N=25] scripts/measure-ddl-syncs.sh [WORK]
set -euo pipefail
W=${1:-$(mktemp -d /tmp/ddl-syncs.XXXXXX)}
N=${N:-25}
SOCK=$W/s.sock PIDF=$W/s.pid
# shellcheck source=bench-lib.sh
source "$(dirname "$0")/bench-lib.sh"
trap 'pidfile_stop "$PIDF"' EXIT
throwaway_server "$W"
PID=$(cat "$PIDF")
sql() { mariadb --socket="$SOCK" -u root "$@"; }
sql -e "CREATE DATABASE d; CREATE DATABASE e"
for i in $(seq "$N"); do sql d -e "CREATE TABLE t$i (id INT PRIMARY KEY, k INT, c CHAR(120), KEY k_1(k)) ENGINE=InnoDB"; done
sql -e "CREATE DATABASE g"
for i in $(seq "$N"); do sql g -e "CREATE TABLE y$i (id INT PRIMARY KEY, k INT, c CHAR(120)) ENGINE=InnoDB; INSERT INTO y$i SELECT seq, seq * 7919 % 2003, MD5(seq) FROM seq_1_to_2000"; done
gen() { # KIND: N statements of it
  for i in $(seq "$N"); do
    case $1 in
      drop-absent) echo "USE e; DROP TABLE IF EXISTS \`x$i\`;" ;;
      create-table) echo "USE e; CREATE TABLE x$i (id INT PRIMARY KEY, k INT, c CHAR(120), KEY k_1(k)) ENGINE=InnoDB;" ;;
      alter-disable-keys) echo "USE d; /*!40000 ALTER TABLE \`t$i\` DISABLE KEYS */;" ;;
      alter-enable-keys) echo "USE d; /*!40000 ALTER TABLE \`t$i\` ENABLE KEYS */;" ;;
      lock-unlock) echo "USE d; LOCK TABLES \`t$i\` WRITE; UNLOCK TABLES;" ;;
      create-database) echo "CREATE DATABASE IF NOT EXISTS f$i;" ;;
      drop-existing) echo "USE e; DROP TABLE IF EXISTS \`x$i\`;" ;;
      alter-add-key) echo "USE g; ALTER TABLE \`y$i\` ADD KEY k_1 (k);" ;;
    esac
  done
}
echo "# $(sql -N -e 'SELECT VERSION()'), $N statements a kind through one session, strace -f -c on mariadbd"
echo "# kind syncs per_statement files"
for kind in ${KINDS:-drop-absent create-table alter-disable-keys alter-enable-keys lock-unlock create-database drop-existing alter-add-key}; do
  gen "$kind" >"$W/$kind.sql"
  strace -f -y -e trace=fsync,fdatasync -p "$PID" -o "$W/$kind.trace" 2>/dev/null &
  sp=$!; sleep 1.5 # attached to every thread
  sql <"$W/$kind.sql"
  sleep 1.5; kill -INT "$sp"; wait "$sp" 2>/dev/null || true
  n=$(grep -cE 'f(data)?sync\(' "$W/$kind.trace" || true)
  files=$({ grep -oE 'sync\([0-9]+<[^>]*>' "$W/$kind.trace" || true; } | sed 's/.*<//; s/>//; s#.*/##; s/^[xtf][0-9]*\./TABLE./; s/^[ef]$/DBDIR/' |
    sort | uniq -c | awk '{ printf "%s%s×%s", sep, $2, $1; sep = "," }')
  echo "$kind $n $(echo "scale=2; $n / $N" | bc) ${files:--}"
done
