#!/bin/bash
# measure-replica-lag.sh T [RATE] [SECS] — one run of review r49's replica-lag
# measurement (docs/benchmarks/live-server.md, "A lagging replica"): set
# slave_parallel_threads = T online on the replica (STOP SLAVE SQL_THREAD; SET
# GLOBAL ...; START SLAVE SQL_THREAD), drive sysbench oltp_write_only with 8
# threads at RATE tx/s (default 150) for SECS seconds (default 20) on the source,
# sample Seconds_Behind_Master each second, and time how long after the load the
# replica's gtid_slave_pos reaches the source's gtid_binlog_pos (one domain).
#
# Environment: SRC_SOCK, REP_SOCK (the two servers' sockets), SB_PORT (the
# source's TCP port for sysbench), SB_USER/SB_PASS, SB_DB (default sbtest,
# prepared with --tables=4 --table-size=20000).
set -euo pipefail
T=${1:?usage: measure-replica-lag.sh THREADS [RATE] [SECS]} RATE=${2:-150} SECS=${3:-20}
R="mariadb -uroot -S ${REP_SOCK:?set REP_SOCK} -N"
S="mariadb -uroot -S ${SRC_SOCK:?set SRC_SOCK} -N"
sbm() { mariadb -uroot -S "$REP_SOCK" -e "SHOW SLAVE STATUS\G" | awk '/Seconds_Behind_Master/{print $2}'; }
$R -e "STOP SLAVE SQL_THREAD; SET GLOBAL slave_parallel_threads=$T; START SLAVE SQL_THREAD"
seq0=$($S -e "select @@gtid_binlog_pos" | cut -d- -f3)
t0=$(date +%s.%N)
sysbench oltp_write_only --mysql-host=127.0.0.1 --mysql-port="${SB_PORT:?set SB_PORT}" --mysql-user="${SB_USER:-sb}" \
  --mysql-password="${SB_PASS:-sb}" --mysql-db="${SB_DB:-sbtest}" --tables=4 --table-size=20000 --threads=8 \
  --time="$SECS" --rate="$RATE" run >/dev/null 2>&1 &
sbp=$!
maxsbm=0 endsbm=-
while kill -0 $sbp 2>/dev/null; do
  s=$(sbm); if [[ $s =~ ^[0-9]+$ ]] && [ "$s" -gt "$maxsbm" ]; then maxsbm=$s; fi
  endsbm=$s; sleep 1
done
t1=$(date +%s.%N)
target=$($S -e "select @@gtid_binlog_pos" | cut -d- -f3)
while :; do
  cur=$($R -e "select @@gtid_slave_pos" | cut -d- -f3)
  s=$(sbm); if [[ $s =~ ^[0-9]+$ ]] && [ "$s" -gt "$maxsbm" ]; then maxsbm=$s; fi
  [ "$cur" -ge "$target" ] && break
  if [ "$(echo "$(date +%s.%N) - $t1 > 300" | bc)" = 1 ]; then echo "T=$T timeout cur=$cur target=$target"; break; fi
  sleep 0.5
done
t2=$(date +%s.%N)
printf "T=%s txns=%d sbm_end_of_load=%s sbm_max=%s catchup_after_load_s=%.1f total_s=%.1f apply_tps=%.0f\n" \
  "$T" $((target - seq0)) "$endsbm" "$maxsbm" "$(echo "$t2-$t1" | bc)" "$(echo "$t2-$t0" | bc)" \
  "$(echo "($target-$seq0)/($t2-$t0)" | bc)"
