#!/usr/bin/env bash
# measure-query-cache.sh: MariaDB's query cache ON (64M) against OFF, set at
# run time as mytune's memory.query_cache_on line does, on sysbench
# oltp_read_only; the two interleaved (order alternated per rep), 1, 4 and
# 16 threads, 20 s a run. Prints one line per run: TPS, p95 ms, the load
# average and the query cache counters of the run, each the run's delta
# (MariaDB's Com_select counts the hits: hit ratio = hits / selects; the
# share pruned = lowmem_prunes / inserts).
# Usage: scripts/measure-query-cache.sh [DIR] [PORT] [TABLE_ROWS] [REPS]
# Environment: QC_SIZE (64M), TEST (oltp_read_only), TABLES (2), THREADS
# ("1 4 16"), PIN (a CPU list: the server runs under taskset -c PIN), MODES
# (the query_cache_type values compared, "ON OFF"; rotated one place a rep).
# max_used_connections is the run's (FLUSH STATUS resets it before).
set -euo pipefail
dir=${1:-/var/tmp/mytune-qc} port=${2:-3600} rows=${3:-50000} reps=${4:-3}
sock=$dir/sock
rm -rf "$dir" && mkdir -p "$dir"
mariadb-install-db --no-defaults --datadir="$dir/data" --user=root --auth-root-authentication-method=normal >/dev/null
cat > "$dir/my.cnf" <<CNF
[mysqld]
datadir=$dir/data
port=$port
socket=$sock
user=root
query_cache_type=1
query_cache_size=${QC_SIZE:-64M}
innodb_buffer_pool_size=256M
skip-log-bin
CNF
pin=(); [ -n "${PIN:-}" ] && pin=(taskset -c "$PIN")
"${pin[@]}" mariadbd --defaults-file="$dir/my.cnf" >"$dir/err.log" 2>&1 &
pid=$!
trap 'mariadb-admin -S "$sock" -uroot shutdown 2>/dev/null || kill "$pid"; while kill -0 "$pid" 2>/dev/null; do sleep 0.5; done' EXIT
for _ in $(seq 60); do mariadb-admin -S "$sock" -uroot ping >/dev/null 2>&1 && break; sleep 0.5; done
mariadb -S "$sock" -uroot -e "CREATE DATABASE sbtest"
sb=(sysbench "${TEST:-oltp_read_only}" --db-driver=mysql --mysql-socket="$sock" --mysql-user=root --tables="${TABLES:-2}" --table-size="$rows")
"${sb[@]}" prepare >/dev/null
sel() { mariadb -S "$sock" -uroot -N -e "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME='$1'"; }
for rep in $(seq "$reps"); do
  for thr in ${THREADS:-1 4 16}; do
    read -ra modes <<<"${MODES:-ON OFF}"
    k=$(( (rep - 1) % ${#modes[@]} ))
    order="${modes[*]:k} ${modes[*]:0:k}"
    for qc in $order; do
      mariadb -S "$sock" -uroot -e "SET GLOBAL query_cache_type=$qc; RESET QUERY CACHE; FLUSH STATUS"
      sel0=$(sel COM_SELECT) hits0=$(sel QCACHE_HITS) ins0=$(sel QCACHE_INSERTS) pr0=$(sel QCACHE_LOWMEM_PRUNES)
      r=$("${sb[@]}" --threads="$thr" --time=20 --percentile=95 run 2>&1)
      tps=$(awk '/transactions:/ {gsub(/\(/,"",$3); print $3}' <<<"$r")
      p95=$(awk '/95th percentile:/ {print $3}' <<<"$r")
      hits=$(( $(sel QCACHE_HITS) - hits0 )) ins=$(( $(sel QCACHE_INSERTS) - ins0 ))
      pr=$(( $(sel QCACHE_LOWMEM_PRUNES) - pr0 )) sels=$(( $(sel COM_SELECT) - sel0 ))
      echo "rep=$rep threads=$thr query_cache=$qc tps=$tps p95_ms=$p95 load=$(cut -d' ' -f1 /proc/loadavg)" \
        "hits=$hits selects=$sels inserts=$ins lowmem_prunes=$pr max_used_connections=$(sel MAX_USED_CONNECTIONS)"
    done
  done
done
