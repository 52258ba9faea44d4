#!/bin/bash
# mysqlcheck --analyze costs a table, on a server that loaded a dump with the statistics recalculation off (the
# advice's path, statsrecalc.go): on the fast bed (scripts/testbed.sh fast: this machine's disk through a loop
# device), the dumps in DUMPS (mydumper directories, default two tiny2k dumps in /var/tmp), 5 timed runs each.
# A measurement, not a test: needs root, mariadb-server, myloader.
set -euo pipefail
TB=$(cd "$(dirname "$0")" && pwd)/testbed.sh
BED=afit31
$TB up $BED fast --size 3G >/dev/null; D=$($TB info $BED | sed -n "s/^DIR=//p")
[ -n "$D" ] || { echo "no bed dir"; $TB info $BED; exit 1; }
for dump in ${DUMPS:-/var/tmp/sweep-tiny300/dump /var/tmp/exp31d/dump}; do
  rm -rf "$D/data"; mariadb-install-db --no-defaults --datadir="$D/data" --auth-root-authentication-method=normal >/dev/null 2>&1
  $TB run $BED mariadbd --no-defaults --user=root --datadir="$D/data" --socket=/tmp/afit31.sock --pid-file=/tmp/afit31.pid \
    --skip-networking --skip-grant-tables --innodb-buffer-pool-size=1G --innodb-log-file-size=640M --log-error=/tmp/afit31.err &
  pid=$!
  for _ in $(seq 120); do mariadb-admin --socket=/tmp/afit31.sock -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
  mariadb --socket=/tmp/afit31.sock -u root -e "SET GLOBAL innodb_stats_auto_recalc = OFF"
  s0=$(date +%s.%N); $TB run $BED myloader -S /tmp/afit31.sock -u root -d "$dump" -t 16 >/dev/null 2>&1; echo "load $(echo "$(date +%s.%N) - $s0" | bc) s"
  dbs=$(mariadb --socket=/tmp/afit31.sock -u root -N -e "SELECT GROUP_CONCAT(DISTINCT table_schema SEPARATOR ' ') FROM information_schema.tables WHERE table_schema NOT IN ('mysql','sys','performance_schema','information_schema')")
  n=$(mariadb --socket=/tmp/afit31.sock -u root -N -e "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema NOT IN ('mysql','sys','performance_schema','information_schema')")
  fs=$(cat /proc/loadavg | cut -d' ' -f1)
  for rep in 1 2 3 4 5; do
    s=$(date +%s.%N)
    mysqlcheck --socket=/tmp/afit31.sock --user root --analyze --databases $dbs >/dev/null
    e=$(date +%s.%N)
    echo "analyze $n tables rep $rep $(echo "$e - $s" | bc) s, load $(cut -d' ' -f1 /proc/loadavg)"
  done
  mariadb-admin --socket=/tmp/afit31.sock -u root shutdown; while kill -0 $pid 2>/dev/null; do sleep 0.2; done
done
rm -rf "$D/data"; $TB down $BED >/dev/null
