#!/bin/bash
# bench-stability.sh [-n RUNS] [-j LOADERS] [-o KEEPDIR] [DIR]
#
# Stability benchmark of the thread advice: RUNS (default 5) back-to-back
# `mytune advise --no-server` runs on DIR (default: a fresh temp dir under /var/tmp), first on
# the machine as it is ("quiet": on a shared machine, only relatively), then with the machine
# loaded by LOADERS (default 2, one per core) parallel loops of `go build -a` of mytune
# (CPU and some I/O, the load a build server or a busy neighbour puts on a host), which the
# script starts before and stops after. Prints per run the dump, load and copy threads, the
# load average and PSI io/cpu "some" avg10 the profile recorded just before the measurement,
# and whether all runs agreed ("same N/N").
#
# -o KEEPDIR keeps every run's advice JSON there (the profile with its curves is inside).
# mytune is bin/mytune if built, else built here (or MYTUNE=/path/to/mytune). Needs python3
# and go. Temp files are removed and the load loops stopped on exit, including Ctrl-C.
set -euo pipefail

runs=5 loaders=2 keep=""
while getopts "n:j:o:h" opt; do
  case $opt in
    n) runs=$OPTARG ;; j) loaders=$OPTARG ;; o) keep=$OPTARG ;;
    *) sed -n '2,17p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/bench-stability.XXXXXX)
made_dir=""
if [ $# -ge 1 ]; then dir=$1; else dir=$(mktemp -d /var/tmp/bench-stability.XXXXXX); made_dir=$dir; fi
loader_pids=()
stop_load() {
  local p
  for p in "${loader_pids[@]}"; do kill -- "-$p" 2>/dev/null || true; done
  for p in "${loader_pids[@]}"; do wait "$p" 2>/dev/null || true; done
  loader_pids=()
}
cleanup() { stop_load; rm -rf "$work"; [ -n "$made_dir" ] && rm -rf "$made_dir"; true; }
trap cleanup EXIT INT TERM

if [ -z "${MYTUNE:-}" ]; then
  MYTUNE=$work/mytune
  (cd "$repo" && go build -o "$MYTUNE" ./cmd/mytune)
fi

advise_runs() { # condition: RUNS advise runs into $work/<condition>-<i>.json
  local cond=$1 i
  for i in $(seq 1 "$runs"); do
    echo "$cond run $i/$runs ..." >&2
    "$MYTUNE" advise --no-server --format json --datadir "$dir" > "$work/$cond-$i.json" 2>/dev/null
  done
}

start_load() { # LOADERS loops of a full rebuild, each in its own process group (setsid) so it can be stopped whole
  local i
  for i in $(seq 1 "$loaders"); do
    mkdir -p "$work/gocache-$i"
    setsid bash -c "cd '$repo' && while :; do GOCACHE='$work/gocache-$i' go build -a -o /dev/null ./cmd/mytune >/dev/null 2>&1; done" &
    loader_pids+=($!)
  done
  sleep 5 # let the load average and PSI see the load before the first run
}

advise_runs quiet
start_load
advise_runs loaded
stop_load
if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$work"/quiet-*.json "$work"/loaded-*.json "$keep"/; fi

python3 - "$work" "$runs" <<'PY'
import json, sys
work, runs = sys.argv[1], int(sys.argv[2])
print(f"{'condition':<9} {'run':>3} {'dump':>5} {'load':>5} {'copy':>5} {'load1':>6} {'io psi':>7} {'cpu psi':>8}")
for cond in ("quiet", "loaded"):
    seen = []
    for i in range(1, runs + 1):
        a = json.load(open(f"{work}/{cond}-{i}.json"))
        th = a["threads"]
        row = tuple(th[k]["threads"] for k in ("dump", "load", "copy"))
        seen.append(row)
        before = ((a.get("profile") or {}).get("storage", {}).get("conditions") or {}).get("before", {})
        psi = lambda r: f"{before[r]['some_avg10']:.0f}%" if before.get(r) else "-"
        print(f"{cond:<9} {i:>3} {row[0]:>5} {row[1]:>5} {row[2]:>5} {before.get('load1', float('nan')):>6.2f} "
              f"{psi('io_pressure'):>7} {psi('cpu_pressure'):>8}")
    common = max(set(seen), key=seen.count)
    print(f"{cond}: dump/load/copy {common[0]}/{common[1]}/{common[2]} in {seen.count(common)}/{runs} runs")
PY
