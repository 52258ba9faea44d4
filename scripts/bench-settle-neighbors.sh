#!/bin/bash
# bench-settle-neighbors.sh DUMPDIR [WORKDIR] — flush-neighbors check (docs/benchmarks/settle-buffered.md): the card bed (100 write IOPS, 20 MB/s), the advised strict server for a load (pool holds
# it, 512M redo, io_capacity 100/100, innodb_flush_method = fsync: the page cache), writeback held (as
# bench-restore.sh --hold-writeback 1); innodb_flush_neighbors 0 (as advised) vs 1, interleaved, fresh datadir each
# run: loaded (myloader -t 8 exits), then a clean shutdown timed until the process is gone (settled = both).
# DUMPDIR: a mydumper dump (bench-restore.sh --keep DIR leaves the 152 MB sysbench one in DIR/dump); REPS=3.
# Needs root (beds, sysctls), mariadb-server, myloader. Results: WORKDIR/results.txt (default /var/tmp/settle-neighbors).
set -euo pipefail
[ $# -ge 1 ] && [ -f "$1/metadata" ] || { echo "usage: bench-settle-neighbors.sh DUMPDIR [WORKDIR] (DUMPDIR: a mydumper dump)" >&2; exit 2; }
TB=$(cd "$(dirname "$0")" && pwd)/testbed.sh
DUMP=$(cd "$1" && pwd)
WORK=${2:-/var/tmp/settle-neighbors}
OUT=$WORK/results.txt
REPS=${REPS:-3}
RUN=$WORK/run; mkdir -p $RUN
DIR=$($TB up nbr-card custom --write-iops 100 --write-bps 20000000 --size 3G | sed -n 's/^DIR=//p')
eval "$($TB info nbr-card | grep -E '^(CGROUP|MAJMIN)=')"
WB_KEYS="vm.dirty_writeback_centisecs vm.dirty_background_bytes vm.dirty_bytes vm.dirty_background_ratio vm.dirty_ratio"
OLD=$(for k in $WB_KEYS; do echo "$k=$(sysctl -n $k)"; done)
restore_wb() { for kv in $OLD; do case $kv in *_bytes=0) ;; *) sysctl -q "$kv" ;; esac; done; }
trap 'restore_wb; $TB down nbr-card >/dev/null 2>&1 || true' EXIT
sysctl -q vm.dirty_writeback_centisecs=0 vm.dirty_bytes=8589934592 vm.dirty_background_bytes=4294967296
alive() { kill -0 "$1" 2>/dev/null && ! grep -qs '^State:[[:space:]]*Z' "/proc/$1/status"; }
cgw() { awk -v d="$MAJMIN" '$1 == d && $2 == "Write" {print $3}' "$CGROUP/blkio.throttle.io_serviced"; }
sql() { mariadb --socket=$RUN/s.sock -u root -N -e "/* mytune bench */ $1"; }
one() { # NEIGHBORS REP
  rm -rf $DIR/data
  mariadb-install-db --no-defaults --datadir=$DIR/data --auth-root-authentication-method=normal >$RUN/install.log 2>&1
  $TB run nbr-card mariadbd --no-defaults --innodb-buffer-pool-size=4G --innodb-log-file-size=512M \
    --innodb-io-capacity=100 --innodb-io-capacity-max=100 --innodb-flush-method=fsync --innodb-flush-neighbors=$1 \
    --user=root --datadir=$DIR/data --socket=$RUN/s.sock --pid-file=$RUN/s.pid --skip-networking --skip-grant-tables --log-error=$RUN/s.err &
  local pid=$!
  for _ in $(seq 240); do mariadb-admin --socket=$RUN/s.sock -u root ping >/dev/null 2>&1 && break; sleep 0.5; done
  sync; sleep 2
  local w0 t0 t1 t2 w1 w2 dirty
  w0=$(cgw); t0=$(date +%s.%N)
  $TB run nbr-card myloader -S $RUN/s.sock -u root -d $DUMP -t 8 >/dev/null 2>$RUN/ml.err
  t1=$(date +%s.%N); w1=$(cgw)
  dirty=$(sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')
  mariadb-admin --socket=$RUN/s.sock -u root shutdown
  while alive $pid; do sleep 0.1; done; wait $pid 2>/dev/null || true
  t2=$(date +%s.%N); w2=$(cgw)
  echo "neighbors=$1 rep=$2 loaded $(echo "$t1 - $t0" | bc) settle $(echo "$t2 - $t1" | bc) dirty $dirty writes_load $((w1 - w0)) writes_settle $((w2 - w1)) load1 $(cut -d' ' -f1 /proc/loadavg) $(date +%T)" | tee -a $OUT
  sync
}
for rep in $(seq $REPS); do
  if [ $((rep % 2)) = 1 ]; then one 0 $rep; one 1 $rep; else one 1 $rep; one 0 $rep; fi
done
