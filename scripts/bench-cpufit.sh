#!/bin/bash
# bench-cpufit.sh — one sitting of the CPU fit (advisor/threads/testdata/cpu-fit-*.json, TestCPUFit): CPU-bound
# restores on the fast bed, each rep after a `mytune probe` that reads the CPUs' speed and the memory's latency,
# so the fit's rates can be checked (and re-fitted) against the host's speed across sittings (issue 19).
#
#   scripts/bench-cpufit.sh [--shapes "sysbench8 few2 many32x4"] [--repeat 3] [--pool 4G] [--keep DIR] [--out FILE]
#
# Per rep, the cells (shape × CPUs) in an order that rotates by one every rep: `mytune probe --no-server
# --duration 2s` (its host.cpu.speed kept as DIR/SHAPE-cpusN/speed.REP.json), then `scripts/bench-restore.sh sweep
# --beds fast --pools POOL --durability strict --redo 1G --repeat 1 --first-rep REP --shape SHAPE` at threads
# "1 4 16" on both CPUs and at "1 4 8" with every process on CPU 0 (taskset -c 0: the probe too). One more probe
# after the last rep (speed.REP+1.json of the first cell). The shapes hold the same ~159 MB of mydumper SQL
# (sysbench8 at --rows 100000; few2 and many32x4 at their defaults; scripts/bench-shapes.sh). Then
# scripts/bench-cpufit-record.py writes --out (default advisor/threads/testdata/cpu-fit-DATE.json; the procedure
# of cpu-fit-tables.json, 2026-12-02 05:13). The data fits the pool (--pool, default 4G: the ~455 MiB loaded in a
# ninth of it, as the advice's pool holds it; sittings before 2026-12-02 14:40 used 512M, 89% full, which cost one
# CPU about a fifth: docs/benchmarks/estimate.md) and the load's redo fits (1G): the restores
# are bound by the CPUs, not the bed. A benchmark, not a test: root, mariadb-server, mydumper, sysbench, go, python3.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHAPES="sysbench8 few2 many32x4" REPEAT=3 KEEP="" OUT="" POOL=4G
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "bench-cpufit.sh: $1 needs a value" >&2; exit 2; }
  case $1 in
    --shapes) SHAPES=$2 ;; --repeat) REPEAT=$2 ;; --keep) KEEP=$2 ;; --out) OUT=$2 ;; --pool) POOL=$2 ;;
    *) echo "bench-cpufit.sh: unknown flag $1" >&2; exit 2 ;;
  esac
  shift 2
done
[[ $POOL =~ ^[1-9][0-9]*[MG]$ ]] || { echo "bench-cpufit.sh: --pool '$POOL' is not a size like 4G or 512M" >&2; exit 2; }
[[ $REPEAT =~ ^[1-9][0-9]*$ ]] || { echo "bench-cpufit.sh: --repeat '$REPEAT' is not a positive whole number" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "bench-cpufit.sh: needs root (test beds, cgroups)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "bench-cpufit.sh: taskset not found (util-linux)" >&2; exit 2; }
[ "$(nproc --all)" -ge 2 ] || { echo "bench-cpufit.sh: needs 2 CPUs (one-CPU cells run on CPU 0 of 2)" >&2; exit 2; }
STAMP=$(date -u +%Y%m%dT%H%MZ)
WORK=${KEEP:-/var/tmp/mytune-cpufit-$STAMP}
mkdir -p "$WORK"; WORK=$(cd "$WORK" && pwd)
OUT=${OUT:-$ROOT/advisor/threads/testdata/cpu-fit-$STAMP.json}
log() { echo "[$(date +%T)] $*" >&2; }

log "building mytune"
(cd "$ROOT" && CGO_ENABLED=0 go build -o "$WORK/mytune" ./cmd/mytune)
REV=$(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)
mkdir -p "$WORK/probe-dir"

CELLS=()
for s in $SHAPES; do
  case $s in sysbench8|few2|many32x4) ;; *) echo "bench-cpufit.sh: shape $s is not a fit shape (sysbench8 few2 many32x4)" >&2; exit 2 ;; esac
  CELLS+=("$s:2" "$s:1")
done

# cell SHAPE CPUS REP: the probe, then the sweep's one rep of that cell.
cell() {
  local shape=$1 cpus=$2 rep=$3 dir=$WORK/$1-cpus$2 threads="1 4 16" pin=() rows=()
  mkdir -p "$dir"
  [ "$cpus" = 1 ] && { pin=(taskset -c 0); threads="1 4 8"; }
  [ "$shape" = sysbench8 ] && rows=(--rows 100000)
  "${pin[@]}" "$WORK/mytune" probe --datadir "$WORK/probe-dir" --no-server --duration 2s --format json >"$dir/speed.$rep.json"
  log "$shape, $cpus CPU(s), rep $rep: probed"
  "${pin[@]}" bash "$ROOT/scripts/bench-restore.sh" sweep --beds fast --pools "$POOL" --durability strict --redo 1G \
    --threads "$threads" --repeat 1 --first-rep "$rep" --shape "$shape" "${rows[@]}" --tag cf --keep "$dir"
}

n=${#CELLS[@]}
for rep in $(seq 1 "$REPEAT"); do
  for i in $(seq 0 $((n - 1))); do
    c=${CELLS[$(( (i + rep - 1) % n ))]}
    cell "${c%:*}" "${c#*:}" "$rep"
  done
done
first=${CELLS[0]}
pin=(); [ "${first#*:}" = 1 ] && pin=(taskset -c 0)
"${pin[@]}" "$WORK/mytune" probe --datadir "$WORK/probe-dir" --no-server --duration 2s --format json \
  >"$WORK/${first%:*}-cpus${first#*:}/speed.$((REPEAT + 1)).json"

specs=()
for c in "${CELLS[@]}"; do specs+=("${c%:*}:${c#*:}:$WORK/${c%:*}-cpus${c#*:}"); done
python3 "$ROOT/scripts/bench-cpufit-record.py" --redo-bytes $((1 << 30)) --pool-bytes "$(numfmt --from=iec "$POOL")" --provenance "scripts/bench-cpufit.sh \
--shapes \"$SHAPES\" --repeat $REPEAT --pool $POOL (mytune $REV), $STAMP-$(date -u +%H%MZ), $(uname -n), $(nproc --all) CPUs \
($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)); each rep of each cell after a mytune probe \
(speed.REP.json: the CPUs' speed and the memory's latency); scripts/bench-restore.sh sweep --beds fast --pools $POOL \
--durability strict --redo 1G, threads 1 4 16 on 2 CPUs and 1 4 8 on CPU 0 (taskset -c 0); $(mariadbd --version | \
awk '{print $3}'), $(myloader --version 2>&1 | head -1). Raw data: $WORK" "${specs[@]}" >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
log "wrote $OUT"
