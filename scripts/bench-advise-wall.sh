#!/bin/bash
# bench-advise-wall.sh [-n REPEATS] [-d DURATION] [-b BASE_MYTUNE] [DIR]
#
# Wall time of a default `mytune advise` with a live server, against the same advise with
# --no-server, interleaved REPEATS times (default 5) on DIR (default: a fresh temp dir under
# /var/tmp, the machine's own disk). It starts a private MariaDB (mariadb-install-db + mariadbd,
# its own temp datadir, a socket in that dir, no TCP) and stops it on exit, including Ctrl-C;
# it never touches a server the machine runs for itself. With -b, a second (older) mytune binary
# is timed the same way, side by side, e.g. one built from main before the server read ran
# beside the measurement. Prints each run, then the median and spread (max - min) per variant,
# and exits 1 when the median with a server exceeds the bound (LIMIT_S, default 10.5, issue 12).
#
# The mytune is bin/mytune if built, else built here; or set MYTUNE=/path/to/mytune.
# Needs: mariadbd and mariadb-install-db (apt-get install mariadb-server), python3. Run as root
# or as a user who may run mariadbd.
set -euo pipefail

repeats=5 duration=10s base="" limit=${LIMIT_S:-10.5}
while getopts "n:d:b:h" opt; do
  case $opt in
    n) repeats=$OPTARG ;; d) duration=$OPTARG ;; b) base=$OPTARG ;;
    *) sed -n '2,16p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /var/tmp/bench-wall.XXXXXX)
made_dir=""
if [ $# -ge 1 ]; then dir=$1; else dir=$work/probe; mkdir -p "$dir"; made_dir=$dir; fi
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  true
}
trap cleanup EXIT INT TERM

find_bin() { command -v "$1" 2>/dev/null || { [ -x "/usr/sbin/$1" ] && echo "/usr/sbin/$1"; } || true; }
mariadbd=$(find_bin mariadbd) install_db=$(find_bin mariadb-install-db)
[ -n "$mariadbd" ] && [ -n "$install_db" ] || { echo "bench-wall: mariadbd not found; apt-get install mariadb-server" >&2; exit 2; }
if [ -z "${MYTUNE:-}" ]; then
  MYTUNE=$repo/bin/mytune
  [ -x "$MYTUNE" ] || { MYTUNE=$work/mytune; (cd "$repo" && go build -o "$MYTUNE" ./cmd/mytune); }
fi

# A private server: the flags testmariadb uses (internal/testmariadb), socket only.
user=(); [ "$(id -u)" = 0 ] && user=(--user=root)
mkdir -p "$work/tmp"
sock=$work/mysqld.sock
"$install_db" --no-defaults --auth-root-authentication-method=normal --datadir="$work/data" \
  --tmpdir="$work/tmp" --skip-test-db --innodb-use-native-aio=0 "${user[@]}" > "$work/install.log" 2>&1 ||
  { echo "bench-wall: mariadb-install-db failed:" >&2; tail -5 "$work/install.log" >&2; exit 1; }
"$mariadbd" --no-defaults --datadir="$work/data" --tmpdir="$work/tmp" --socket="$sock" --skip-networking \
  --skip-log-bin --innodb-buffer-pool-size=64M --innodb-use-native-aio=0 --pid-file="$work/mysqld.pid" \
  --log-error="$work/error.log" "${user[@]}" &
pid=$!
for _ in $(seq 1 300); do [ -S "$sock" ] && break; sleep 0.1; done
[ -S "$sock" ] || { echo "bench-wall: mariadbd did not start:" >&2; tail -5 "$work/error.log" >&2; exit 1; }

# time_run LABEL BIN ARGS... appends "LABEL seconds" to $work/times and prints it.
time_run() {
  local label=$1 bin=$2; shift 2
  local t0 t1
  t0=$(date +%s.%N)
  "$bin" advise --datadir "$dir" --duration "$duration" --format json "$@" > "$work/out.json" 2> "$work/err.txt" ||
    { echo "bench-wall: $label failed:" >&2; cat "$work/err.txt" >&2; exit 1; }
  t1=$(date +%s.%N)
  python3 - "$label" "$t0" "$t1" "$work/out.json" <<'PY' | tee -a "$work/times"
import json, sys
label, t0, t1, path = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
srv = json.load(open(path))["profile"].get("server") or {}
print(f"{label}\t{t1 - t0:.2f}\t{srv.get('reachable', '-')}\t{srv.get('redo_rate_basis', '-')}")
PY
}

echo -e "variant\twall_s\tserver_reachable\tredo_basis"
for rep in $(seq 1 "$repeats"); do
  echo "repeat $rep/$repeats" >&2
  time_run "server" "$MYTUNE" -S "$sock" -u root
  time_run "no-server" "$MYTUNE" --no-server
  [ -n "$base" ] && time_run "base-server" "$base" -S "$sock" -u root
done

python3 - "$work/times" "$limit" "$duration" <<'PY'
import statistics, sys
rows = [l.split("\t") for l in open(sys.argv[1]) if l.strip()]
limit = float(sys.argv[2])
by = {}
for r in rows:
    by.setdefault(r[0], []).append(float(r[1]))
print(f"\nmytune advise --duration {sys.argv[3]}, wall seconds (median of {len(by['server'])}, spread = max - min):")
print("| variant | median s | spread s | runs |")
print("|---|---|---|---|")
for k, v in by.items():
    print(f"| {k} | {statistics.median(v):.2f} | {max(v) - min(v):.2f} | {' '.join(f'{x:.2f}' for x in v)} |")
m = statistics.median(by["server"])
verdict = "within" if m <= limit else "ABOVE"
print(f"\nwith a live server: median {m:.2f} s, {verdict} the {limit} s bound")
sys.exit(0 if m <= limit else 1)
PY
