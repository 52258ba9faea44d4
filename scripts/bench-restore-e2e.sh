# bench-restore-e2e.sh — the end-to-end half of scripts/bench-restore.sh (sourced; uses its helpers).
#
# e2e_bed BED: on a fresh bed, a stock MariaDB (mariadbd --no-defaults: 128M pool, flush at every
# commit) restored with myloader's defaults (4 threads), REPEAT times; then, per durability, the
# same datadir after following mytune's advice as printed:
#   1. `mytune advise --datadir DIR -S SOCK -u root --dump DUMP --task load --durability D --format json`
#      against the running stock server, inside the bed (so the disk measured is the bed's): its cnf,
#      threads, commands and settings come from that one run;
#   2. the cnf as the server's only option file, with a restart (a server that does not start is a
#      result: "e2e BED D-nostart");
#   3. per run: the printed SET GLOBAL / ALTER INSTANCE lines, the printed myloader command verbatim
#      with only the connection filled in (--host TARGET → --socket, --user USER → root,
#      --ask-password dropped: the bench server skips grants), then the printed undo lines.
# Result lines: "e2e BED stock|strict|relaxed THREADS REP SECONDS"; the estimate of each advice is kept in
# $WORK/e2e-BED-D.estimate ("LOW_S HIGH_S").

# advice BED D DIR: the advice as json, from mytune run inside the bed against the live server; its cnf
# is the json's "cnf" (one run: two runs can differ, e.g. with the memory other servers hold meanwhile).
advice() {
  "$TB" run "$BP-$1" "$WORK/mytune" advise --datadir "$3" -S "$RUN/t-$1.sock" -u root --dump "$WORK/dump" \
    --task load --durability "$2" --format json >"$WORK/e2e-$1-$2.json" 2>"$RUN/advise.err" ||
    { cat "$RUN/advise.err" >&2; return 1; }
  python3 - "$WORK/e2e-$1-$2.json" "$WORK/e2e-$1-$2" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
open(sys.argv[2] + ".cnf", "w").write(a["cnf"])
t = a["threads"]
e = t.get("estimated_load") or {}
open(sys.argv[2] + ".estimate", "w").write(f"{e.get('low_s', 0)} {e.get('high_s', 0)}\n")
open(sys.argv[2] + ".threads", "w").write(f"{t['load']['threads']}\n")
cmd = [c for c in t["commands"] if c.startswith("myloader ")]
open(sys.argv[2] + ".cmd", "w").write(cmd[0] + "\n" if cmd else "")
apply = [s["apply"] for s in t.get("temporary", []) if s["apply"].startswith(("SET GLOBAL", "ALTER INSTANCE"))]
undo = [s["undo"] for s in t.get("temporary", []) if s["apply"].startswith(("SET GLOBAL", "ALTER INSTANCE"))]
open(sys.argv[2] + ".apply.sql", "w").write("\n".join(apply) + "\n")
open(sys.argv[2] + ".undo.sql", "w").write("\n".join(reversed(undo)) + "\n")
PY
}

# filled BED D: the printed myloader command's words, with the connection filled in.
filled() {
  local cmd; cmd=$(cat "$WORK/e2e-$1-$2.cmd")
  [ -n "$cmd" ] || { echo "bench-restore.sh: mytune printed no myloader command for $1 $2" >&2; return 1; }
  cmd=${cmd/--host TARGET/--socket $RUN/t-$1.sock}
  cmd=${cmd/--user USER/--user root}
  cmd=${cmd/ --ask-password/}
  echo "$cmd"
}

# undo BED D: the printed undo lines. Shrinking the buffer pool back can fail ("innodb_buffer_pool_size
# change aborted", MariaDB 10.11) while the loaded pages are dirty; mytune's warning says to run it again
# once they are written, which is what this does (logged to failures.txt).
undo() {
  local try
  for try in 1 2 3; do
    mariadb --socket="$RUN/t-$1.sock" -u root <"$WORK/e2e-$1-$2.undo.sql" 2>"$RUN/undo.err" && return 0
    echo "e2e $1 $2 undo try $try: $(tr '\n' ' ' <"$RUN/undo.err")" >>"$WORK/failures.txt"
    wait_clean "t-$1"
  done
  cat "$RUN/undo.err" >&2; return 1
}

# e2e_interleaved BED DIR: like e2e_bed, but each round restarts the server as stock, then with each
# durability's cnf, so that a machine whose load drifts over the run hits stock and advice alike
# (scripts/bench-restore.sh --interleave 1; the advice is taken once, against the stock server).
e2e_interleaved() {
  local bed=$1 dir=$2 rep d n
  for d in $DURS; do advice "$bed" "$d" "$dir"; done
  for rep in $(seq "$REPEAT"); do
    stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
    start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults
    restore "t-$bed" "e2e $bed stock 4 $rep" -S "$RUN/t-$bed.sock" -u root -d "$WORK/dump"
    for d in $DURS; do
      stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
      start_server "t-$bed" "$dir/data" "$BP-$bed" --defaults-file="$WORK/e2e-$bed-$d.cnf" ||
        { echo "e2e $bed $d-nostart 0 0 0" >>"$WORK/results.txt"; return 1; }
      n=$(cat "$WORK/e2e-$bed-$d.threads")
      read -r -a words <<<"$(filled "$bed" "$d")"
      mariadb --socket="$RUN/t-$bed.sock" -u root <"$WORK/e2e-$bed-$d.apply.sql"
      restore "t-$bed" "e2e $bed $d $n $rep" "${words[@]:1}"
      undo "$bed" "$d"
    done
  done
  stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  rm -rf "$dir/data"; "$TB" down "$BP-$bed" >/dev/null
}

e2e_bed() {
  local bed=$1 dir rep d n
  dir=$(bed_up "$bed"); BEDS_UP+=("$BP-$bed"); profile "$bed" "$dir"
  rm -rf "$dir/data"
  start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults
  [ "$INTERLEAVE" = 1 ] && { e2e_interleaved "$bed" "$dir"; return; }
  # stock runs already in results.txt (a rerun with --keep after a change to mytune) are not repeated
  for rep in $(seq "$(grep -c "^e2e $bed stock " "$WORK/results.txt")" "$((REPEAT - 1))"); do
    restore "t-$bed" "e2e $bed stock 4 $((rep + 1))" -S "$RUN/t-$bed.sock" -u root -d "$WORK/dump"
  done
  for d in $DURS; do
    advice "$bed" "$d" "$dir"
    stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
    if ! start_server "t-$bed" "$dir/data" "$BP-$bed" --defaults-file="$WORK/e2e-$bed-$d.cnf"; then
      echo "e2e $bed $d-nostart 0 0 0" >>"$WORK/results.txt"; log "$bed $d: the advised cnf did not start the server"
      stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"; rm -rf "$dir/data"
      start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults; continue
    fi
    n=$(cat "$WORK/e2e-$bed-$d.threads"); log "$bed $d: $(filled "$bed" "$d")"
    read -r -a words <<<"$(filled "$bed" "$d")"
    for rep in $(seq "$REPEAT"); do
      mariadb --socket="$RUN/t-$bed.sock" -u root <"$WORK/e2e-$bed-$d.apply.sql"
      restore "t-$bed" "e2e $bed $d $n $rep" "${words[@]:1}"
      undo "$bed" "$d"
    done
    stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
    start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults
  done
  stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  rm -rf "$dir/data"; "$TB" down "$BP-$bed" >/dev/null
}
