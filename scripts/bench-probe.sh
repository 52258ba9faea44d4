#!/bin/bash
# bench-probe.sh [-n REPEATS] [-s SIZE_MIB] [-r FIO_RUNTIME_S] [-d DURATION] [DIR] [REPEATS]
#
# Accuracy benchmark of mytune's disk engine (diskio) against fio, side by side on DIR
# (default: a fresh temp dir under /var/tmp), REPEATS times (default 3). Prints medians of:
# seq write MB/s, 16 KiB random write IOPS at 1 and 16 threads, fdatasync p50/p99 µs,
# seq read MB/s, for fio and for mytune, the mytune/fio ratio, and both wall times.
#
# The mytune side is `mytune probe --format json` (bin/mytune if built, else built here; or set
# MYTUNE=/path/to/mytune, or the whole command line as MYTUNE_BENCH_CMD with {dir} for the
# directory). fio jobs are the DESIGN.md equivalents, on one file of
# the same size the engine uses (its --max-bytes, shrunk to 5% of the free space like the engine).
# Needs: fio, python3. Temp files are removed on exit, including Ctrl-C.
set -euo pipefail

size_mib=256 fio_rt=2 duration=10s repeats=3
while getopts "n:s:r:d:h" opt; do
  case $opt in
    n) repeats=$OPTARG ;; s) size_mib=$OPTARG ;; r) fio_rt=$OPTARG ;; d) duration=$OPTARG ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/bench-probe.XXXXXX)
made_dir=""
if [ $# -ge 1 ]; then dir=$1; else dir=$(mktemp -d /var/tmp/bench-probe.XXXXXX); made_dir=$dir; fi
repeats=${2:-$repeats}
cleanup() { rm -rf "$work"; rm -f "$dir/.bench-probe-fio.tmp"; [ -n "$made_dir" ] && rm -rf "$made_dir"; true; }
trap cleanup EXIT INT TERM
command -v fio >/dev/null || { echo "bench-probe: fio not found; install it (apt-get install fio)" >&2; exit 2; }

if [ -z "${MYTUNE_BENCH_CMD:-}" ]; then
  if [ -z "${MYTUNE:-}" ]; then
    MYTUNE=$work/mytune
    (cd "$repo" && go build -o "$MYTUNE" ./cmd/mytune)
  fi
  MYTUNE_BENCH_CMD="$MYTUNE probe --no-server --format json --datadir {dir} --duration $duration --max-bytes ${size_mib}MiB"
fi

# The same file size the engine will use: --max-bytes, at most 5% of the free space (diskio.Budget).
free_mib=$(( $(df -Pk "$dir" | awk 'NR==2 {print $4}') / 1024 ))
fio_size=$(( free_mib * 5 / 100 < size_mib ? free_mib * 5 / 100 : size_mib ))
fio_file=$dir/.bench-probe-fio.tmp
fio_common=(--filename="$fio_file" --output-format=json --group_reporting)

run_fio() { # name args... ; prints fio JSON to $work/fio-$rep-name.json
  local name=$1; shift
  fio --name="$name" "${fio_common[@]}" "$@" > "$work/fio-$rep-$name.json"
}

bench_fio() { # times the five fio jobs into $work/wall-fio-$rep
  echo "repeat $rep/$repeats: fio (file ${fio_size} MiB) ..." >&2
  rm -f "$fio_file"
  local t0; t0=$(date +%s.%N)
  # Time-based like the engine's sequential write: lay the file out, then overwrite it until the deadline.
  run_fio seqwrite --size="${fio_size}M" --rw=write --bs=1M --direct=1 --ioengine=psync --runtime="$fio_rt" --time_based
  # Like the engine, run the later jobs over what the sequential write laid out: a larger --size
  # would make fio lay out the rest with buffered writes whose write-back then competes with them.
  local laid
  laid=$(python3 -c 'import json,sys; print(min(json.load(open(sys.argv[1]))["jobs"][0]["write"]["io_bytes"] >> 20, int(sys.argv[2])))' "$work/fio-$rep-seqwrite.json" "$fio_size")
  set -- --size="${laid}M"
  run_fio sync "$@" --rw=write --bs=16k --ioengine=sync --fdatasync=1 --overwrite=1 --runtime="$fio_rt" --time_based
  run_fio randwrite1 "$@" --rw=randwrite --bs=16k --direct=1 --ioengine=psync --numjobs=1 --runtime="$fio_rt" --time_based
  run_fio randwrite16 "$@" --rw=randwrite --bs=16k --direct=1 --ioengine=psync --numjobs=16 --runtime="$fio_rt" --time_based
  run_fio seqread "$@" --rw=read --bs=1M --direct=1 --ioengine=psync --runtime="$fio_rt" --time_based
  awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN { print a - b }' > "$work/wall-fio-$rep"
  rm -f "$fio_file"
}
bench_mytune() { # runs the engine into $work/mytune-$rep.json, timed into $work/wall-mytune-$rep
  echo "repeat $rep/$repeats: mytune ..." >&2
  local t0; t0=$(date +%s.%N)
  ${MYTUNE_BENCH_CMD//\{dir\}/$dir} > "$work/mytune-$rep.json"
  awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN { print a - b }' > "$work/wall-mytune-$rep"
}
# Alternate which tool goes first, and pause between them, so neither always
# inherits the other's after-effects (ext4 online discard of the removed file,
# device write-back).
for rep in $(seq 1 "$repeats"); do
  if [ $((rep % 2)) = 1 ]; then bench_fio; sleep 1; bench_mytune; else bench_mytune; sleep 1; bench_fio; fi
  sleep 1
done

python3 - "$work" "$repeats" <<'PY'
import json, statistics, sys
work, repeats = sys.argv[1], int(sys.argv[2])

def fio(rep, name):
    return json.load(open(f"{work}/fio-{rep}-{name}.json"))["jobs"][0]

def fio_row(rep):
    s = fio(rep, "sync")
    w = s["write"]["clat_ns"]["percentile"]; sy = s["sync"]["lat_ns"]["percentile"]
    return {"seq_write": fio(rep, "seqwrite")["write"]["bw_bytes"] / 1e6,
            "rw1": fio(rep, "randwrite1")["write"]["iops"], "rw16": fio(rep, "randwrite16")["write"]["iops"],
            "fds_p50": sy["50.000000"] / 1e3, "fds_p99": sy["99.000000"] / 1e3,
            "wsync_p50": (w["50.000000"] + sy["50.000000"]) / 1e3,
            "seq_read": fio(rep, "seqread")["read"]["bw_bytes"] / 1e6}

def iops_at(curve, n):
    return next(p["iops"] for p in curve if p["threads"] == n)

def mytune_row(rep):
    st = json.load(open(f"{work}/mytune-{rep}.json"))["storage"]
    return {"seq_write": st["seq_write"]["mb_per_s"], "rw1": iops_at(st["rand_write"], 1),
            "rw16": iops_at(st["rand_write"], 16), "fds_p50": st["fsync"].get("fdatasync_p50_us"),
            "fds_p99": st["fsync"].get("fdatasync_p99_us"), "wsync_p50": st["fsync"]["p50_us"],
            "seq_read": st["seq_read"]["mb_per_s"]}

def med(rows, key):
    vals = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(vals) if vals else None

f = [fio_row(r) for r in range(1, repeats + 1)]
m = [mytune_row(r) for r in range(1, repeats + 1)]
def wall(tool, r):
    return float(open(f"{work}/wall-{tool}-{r}").read())
rows = [("seq write MB/s", "seq_write"), ("16K rand write IOPS, 1 thread", "rw1"),
        ("16K rand write IOPS, 16 threads", "rw16"), ("fdatasync p50 us", "fds_p50"),
        ("fdatasync p99 us", "fds_p99"), ("16K write+fdatasync p50 us (fio: sum of p50s)", "wsync_p50"),
        ("seq read MB/s", "seq_read")]
print(f"medians over {repeats} repeats")
print(f"{'metric':<46} {'fio':>10} {'mytune':>10} {'ratio':>7}")
for label, key in rows:
    a, b = med(f, key), med(m, key)
    if a is None or b is None:
        print(f"{label:<46} {'-' if a is None else f'{a:10.1f}':>10} {'-' if b is None else f'{b:10.1f}':>10} {'-':>7}")
        continue
    print(f"{label:<46} {a:10.1f} {b:10.1f} {b / a if a else float('nan'):7.2f}")
fw = statistics.median(wall("fio", r) for r in range(1, repeats + 1))
mw = statistics.median(wall("mytune", r) for r in range(1, repeats + 1))
print(f"{'wall time s (fio: 5 jobs; mytune: all phases)':<46} {fw:10.1f} {mw:10.1f} {mw / fw:7.2f}")
PY
