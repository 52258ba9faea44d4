# bench-restore-settings.sh — the during-load settings half of scripts/bench-restore.sh (sourced).
#
# settings_bed BED: one server (--no-defaults, the first of --pools as its buffer pool, flushing at
# every commit) restored with myloader -t 4, REPEAT rounds; each round runs every candidate in turn,
# applied with SET GLOBAL just before the timed load and undone just after (so one candidate never
# leaks into the next), the shape's schemas dropped before it (untimed, since 2026-12-04 19:00): the rounds interleave them, so the machine's noise hits all alike.
# Result lines: "settings BED CANDIDATE THREADS REP SECONDS" (--threads given: each candidate at each
# count, the order of the counts alternating per round; else 4). A candidate's fourth field, when set,
# is SQL run after the load inside the timed region (the work the candidate leaves for after it), with
# SCHEMAS in it replaced by the shape's schema names. A fifth field, when set, is added to myloader's words
# (word-split: e.g. "-q 1"), a candidate of the loader's own rather than the server's.
CANDIDATES=(
  "base||"
  "redo_1g|SET GLOBAL innodb_log_file_size = 1073741824|SET GLOBAL innodb_log_file_size = 100663296"
  "io_capacity_2000|SET GLOBAL innodb_io_capacity_max = 4000; SET GLOBAL innodb_io_capacity = 2000|SET GLOBAL innodb_io_capacity = 200; SET GLOBAL innodb_io_capacity_max = 2000"
  "pool_1g|SET GLOBAL innodb_buffer_pool_size = 1073741824|SET GLOBAL innodb_buffer_pool_size = @@GLOBAL.innodb_buffer_pool_size"
  "flush_log_2|SET GLOBAL innodb_flush_log_at_trx_commit = 2|SET GLOBAL innodb_flush_log_at_trx_commit = 1"
  # InnoDB queues a background statistics recalculation for a table once a second row is inserted
  # (dict_stats_update_if_needed: modified rows > 10% of rows); with it off, no recalculation runs during the
  # load, and the _analyze variant pays for the statistics afterwards (mariadb-check --analyze, timed)
  "stats_recalc_off|SET GLOBAL innodb_stats_auto_recalc = OFF|SET GLOBAL innodb_stats_auto_recalc = ON"
  "stats_recalc_off_analyze|SET GLOBAL innodb_stats_auto_recalc = OFF|SET GLOBAL innodb_stats_auto_recalc = ON|SCHEMAS"
  # and no persistent statistics either: a table created meanwhile writes no rows to mysql.innodb_table_stats and
  # innodb_index_stats (each a transaction of its own, a log flush each at strict durability), which on a disk that
  # takes few writes a second may be part of what a table's creation costs (issue 19, point 3: many small tables)
  "stats_persistent_off|SET GLOBAL innodb_stats_auto_recalc = OFF; SET GLOBAL innodb_stats_persistent = OFF|SET GLOBAL innodb_stats_persistent = ON; SET GLOBAL innodb_stats_auto_recalc = ON"
  # myloader commits every --queries-per-transaction statements (default 1000: a whole chunk file). MariaDB 10.6+
  # sends a transaction's first insert into an empty table, with unique_checks and foreign_key_checks off (myloader
  # sets both), down InnoDB's bulk-insert path (MDEV-24621) under a table lock held to its commit: the whole first
  # chunk of each table, which cost CPU on the fast bed (during-load-settings.md, 2026-12-03). Committing every
  # statement (-q 1) or every 10 leaves only the first statement or ten on that path, for more commits.
  "qpt_1||||-q 1"
  "qpt_10||||-q 10"
)

settings_bed() {
  local bed=$1 dir rep c name apply undo pool0 extra
  for name in $CANDS; do
    printf '%s\n' "${CANDIDATES[@]}" | grep -q "^$name|" || { echo "bench-restore.sh: unknown candidate $name" >&2; return 2; }
  done
  dir=$(bed_up "$bed"); BEDS_UP+=("$BP-$bed"); profile "$bed" "$dir"
  wipe "$dir/data"
  pool0=${POOLS%% *}
  start_server "t-$bed" "$dir/data" "$BP-$bed" --no-defaults --innodb-buffer-pool-size="$pool0" \
    ${REDO:+--innodb-log-file-size=$REDO} $SERVER_OPTS
  pool0=$(sql "t-$bed" "SELECT @@innodb_buffer_pool_size")
  local counts=4 t list post
  [ "$THREADS_GIVEN" = 1 ] && counts=$THREADS
  for rep in $(seq "$REPEAT"); do
    list=$counts; [ $((rep % 2)) = 0 ] && list=$(echo "$counts" | tr ' ' '\n' | tac | tr '\n' ' ')
    for t in $list; do
    for c in "${CANDIDATES[@]}"; do
      IFS='|' read -r name apply undo post extra <<<"$c"
      [ -z "$CANDS" ] || [[ " $CANDS " == *" $name "* ]] || continue
      undo=${undo//@@GLOBAL.innodb_buffer_pool_size/$pool0}
      [ -n "$apply" ] && { sql "t-$bed" "$apply"; settle "t-$bed"; }
      shape_drop "$RUN/t-$bed.sock" # untimed: myloader -o would time dropping the last round's tables
      RESTORE_POST=""
      [ "$post" = SCHEMAS ] && RESTORE_POST="mariadb-check --socket=$RUN/t-$bed.sock -u root --analyze --silent --databases $(shape_schemas | tr '\n' ' ')"
      export RESTORE_POST
      restore "t-$bed" "settings $bed $name $t $rep" -S "$RUN/t-$bed.sock" -u root -d "$WORK/dump" -o -t "$t" $extra
      [ -n "$undo" ] && { sql "t-$bed" "$undo"; settle "t-$bed"; }
    done
    done
  done
  RESTORE_POST=""
  stop_server "$RUN/t-$bed.sock" "$RUN/t-$bed.pid"
  wipe "$dir/data"; "$TB" down "$BP-$bed" >/dev/null
}

# settle NAME: wait until an online redo-log or buffer-pool resize is over (MariaDB resizes both in
# the background), so that the resize itself is not timed as part of the load.
settle() {
  for _ in $(seq 240); do
    local busy
    busy=$(sql "$1" "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_resize_status')" | cut -f2 | grep -vic '^ *$\|completed' || true)
    [ "$busy" = 0 ] && [ ! -e "$(sql "$1" "SELECT @@datadir")/ib_logfile101" ] && return 0
    sleep 0.5
  done
}
