#!/bin/bash
# measure-table-cost-off.sh — what a load of small tables costs on the fast bed (scripts/testbed.sh fast: this
# machine's disk through a loop device) on the advice's path for MariaDB on a fast disk (statsrecalc.go: the
# statistics recalculation OFF during the load, `mysqlcheck --analyze` after it) against the stock path (the
# recalculation ON, nothing after), and what a load of one small table costs (the start-up every load pays:
# processes, connections, the schema). One server (pool 1G, redo 640M, as the advice gives this host), the
# dumps in DUMPS (mydumper directories), REPEAT rounds; each round runs every dump × path × thread count in an
# order alternating per round, each load into dropped schemas after the last one's pages are written back.
# Prints "dump tables threads path rep load_s analyze_s total_s load1" lines; with PROBE=FILE, first `mytune probe`
# of the bed with the server running (MYTUNE=path, default bin/mytune) into FILE, as the estimate's profile.
# A measurement, not a test: needs root, mariadb-server, myloader.
#   DUMPS="/var/tmp/x/dump ..." THREADS="4 16" REPEAT=5 scripts/measure-table-cost-off.sh
set -euo pipefail
TB=$(cd "$(dirname "$0")" && pwd)/testbed.sh
BED=tcoff32 SOCK=/tmp/tcoff32.sock
THREADS=${THREADS:-16} REPEAT=${REPEAT:-5}
$TB up $BED fast --size 3G >/dev/null; D=$($TB info $BED | sed -n "s/^DIR=//p")
[ -n "$D" ] || { echo "no bed dir"; $TB info $BED; exit 1; }
sql() { mariadb --socket=$SOCK -u root -N -e "/* mytune bench */ $1"; }
rm -rf "$D/data"; mariadb-install-db --no-defaults --datadir="$D/data" --auth-root-authentication-method=normal >/dev/null 2>&1
$TB run $BED mariadbd --no-defaults --user=root --datadir="$D/data" --socket=$SOCK --pid-file=/tmp/tcoff32.pid \
  --skip-networking --skip-grant-tables --innodb-buffer-pool-size=1G --innodb-log-file-size=640M --log-error=/tmp/tcoff32.err &
pid=$!
trap 'mariadb-admin --socket=$SOCK -u root shutdown 2>/dev/null || true; while kill -0 $pid 2>/dev/null; do sleep 0.2; done; rm -rf "$D/data"; $TB down $BED >/dev/null' EXIT
for _ in $(seq 120); do mariadb-admin --socket=$SOCK -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
[ -z "${PROBE:-}" ] || $TB run $BED "${MYTUNE:-$(dirname "$TB")/../bin/mytune}" probe --datadir "$D/data" -S $SOCK -u root --format json >"$PROBE"
# schemas DUMP: the schemas the dump creates (its NAME-schema-create.sql files)
schemas() { ls "$1" | sed -n 's/-schema-create\.sql$//p' | tr '\n' ' '; }
clean() { # drop the dump's schemas, then wait until InnoDB has written back every page it left dirty
  local db; for db in $(schemas "$1"); do sql "DROP DATABASE IF EXISTS \`$db\`"; done
  sql "SET GLOBAL innodb_max_dirty_pages_pct=0"
  for _ in $(seq 600); do [ "$(sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')" -lt 50 ] && break; sleep 0.5; done
  sql "SET GLOBAL innodb_max_dirty_pages_pct=90"; sync
}
runs=()
for dump in $DUMPS; do for t in $THREADS; do for path in on off; do runs+=("$dump $t $path"); done; done; done
for rep in $(seq "$REPEAT"); do
  order=("${runs[@]}"); [ $((rep % 2)) = 0 ] && mapfile -t order < <(printf '%s\n' "${runs[@]}" | tac)
  for r in "${order[@]}"; do
    read -r dump t path <<<"$r"
    clean "$dump"
    [ "$path" = off ] && sql "SET GLOBAL innodb_stats_auto_recalc = OFF" || sql "SET GLOBAL innodb_stats_auto_recalc = ON"
    s0=$(date +%s.%N); $TB run $BED myloader -S $SOCK -u root -d "$dump" -t "$t" >/dev/null 2>&1; s1=$(date +%s.%N)
    [ "$path" = off ] && mysqlcheck --socket=$SOCK --user root --analyze --databases $(schemas "$dump") >/dev/null
    s2=$(date +%s.%N)
    n=$(ls "$dump" | grep -c -- '-schema\.sql$' || true)
    echo "$(basename "$(dirname "$dump")") $n $t $path $rep $(echo "$s1 - $s0" | bc) $(echo "$s2 - $s1" | bc) $(echo "$s2 - $s0" | bc) $(cut -d' ' -f1 /proc/loadavg)"
  done
done
