# bench-shapes.sh — the dump shapes the restore benches make (sourced by bench-restore.sh and bench-heldout.sh).
#
#   sysbench8  8 sysbench tables in one schema (sbtest): the fit data of docs/benchmarks/restore-matrix.md
#   many25x5   25 tables in 5 schemas (hs1..hs5, 5 tables each), 100000 rows each by default: a dump of many
#              tables as MySQL Shell's dumpInstance makes of a whole server (issue 19, point 4)
#   big2m      one table of 2000000 rows by default (sbtest.sbtest1) with its secondary index (issue 19, point 4)
#   few2       2 tables of 400000 rows in one schema (sbtest): a fit shape of few, big tables, the same bytes as
#              sysbench8 at --rows 100000 (the CPU fit's table term; kept apart from the held-out big2m)
#   many32x4   32 tables in 4 schemas (ms1..ms4, 8 tables each) of 25000 rows: a fit shape of many small tables,
#              the same bytes again (kept apart from the held-out many25x5)
#   skew1x20   one table of 400000 rows (sk1.sbtest1) beside 20 tables of a fortieth of that (sk2.sbtest1..20),
#              dumped without --rows: one file a table, so the big table loads on one session however many the
#              restore runs (advisor/threads/tabletail.go; --rows sets the big table's, --tables the small ones')
#   tiny2k     2000 tables of 10 rows in 4 schemas (ts1..ts4, 500 each), one file a table: a fit shape of what a
#              restore pays per table and per file whatever its rows (the per-table costs of the estimate)
#   tiny5k1    5000 tables of 1 row in 10 schemas (tz1..tz10, 500 each), one file a table: held out from
#              TableCreateSec's fit (heldout.md, session 27)
#   chunk20k   one table of 100000 rows (sbtest.sbtest1) dumped in chunks of 5 rows (--rows 5: 20,000 files): a fit
#              shape of what a restore pays per file (a transaction each) whatever its bytes
#   chunk4x50k 4 tables of 50000 rows in one schema (sbtest) dumped in chunks of 4 rows (--rows 4: 50,000 files):
#              held out from FileCPUBytes' fit (heldout.md, session 27)
#   narrow8    8 tables of 300000 narrow rows in one schema (sbtest): id, k, a INT and b BIGINT (about 35 bytes of
#              SQL a row), secondary index k_1 on k, filled by SQL (MariaDB's Sequence engine), not sysbench: a row
#              shape no sweep before 2026-12-04 23:40 had (data/envelope.json: 190-200.5 bytes a row)
#   wide4      4 tables of 20000 wide rows in one schema (sbtest): id, k, a VARCHAR(200) title, a TEXT body of 1280
#              characters and a DATETIME (about 1.4 KB of SQL a row), three secondary indexes (k_1, a prefix of the
#              title, the DATETIME), filled by SQL: wide rows and more indexes than any sweep before
#   narrowix   narrow8's rows with three secondary indexes (k_1, a_1, b_1): the index count apart from the width
#   mid4       4 tables of 35000 rows in one schema (sbtest): id, k and a VARCHAR(600) of 544 characters (about 570
#              bytes of SQL a row), secondary index k_1: a width between sysbench's and wide4's
#   w100ix2    6 tables of 150000 rows in one schema (sbtest): id, k, a INT and a name VARCHAR(80) of 65 characters
#              (about 90 bytes of SQL a row), secondary indexes k_1 and a_1: held out from the row-width fit
#   w900       4 tables of 25000 rows in one schema (sbtest): id, k and a VARCHAR(1000) of 864 characters (about 890
#              bytes of SQL a row), secondary index k_1: held out from the row-width fit
#   ft4        4 tables of 50000 rows in one schema (sbtest): id, k, a title of 8 words and a TEXT body of 40 words
#              (about 400 bytes of SQL a row; words 'w' + base 36 of a skewed draw from 60,000, as real text reuses
#              its words), secondary index k_1 and FULLTEXT KEY ft_1 (title, body): a fit shape of what a FULLTEXT
#              index costs a load (no sweep before 2026-12-07 had one; review r54 timed one 3.1x over the estimate)
#   ft4w       ft4's columns with a body of 200 words (about 1.5 KB of SQL a row), 4 tables of 15000 rows: the
#              FULLTEXT cost per word apart from its cost per row
#   sp4        4 tables of 100000 rows in one schema (sbtest): id, k, a POINT pt, secondary index k_1 and SPATIAL
#              KEY sp_1 (pt): a fit shape of what an R-tree index costs a load
#   sp4x2      sp4's rows with a POLYGON area (a unit square around pt, spread over 1000 × 1000 by multiplicative hashing) and a second SPATIAL KEY sp_2 (area): the cost
#              of each further SPATIAL index
#   fth2       2 tables of 60000 rows in one schema (sbtest): id, k, a name VARCHAR(64) and a TEXT doc of 80 words
#              drawn otherwise than ft4's ('x' + hex of RAND()^2 × 20000), secondary indexes k_1 and name_1 (name(16)),
#              FULLTEXT KEY ft_doc (doc) on one column: held out from the index-kind fit
#   spl1       1 table of 300000 rows (sbtest.sbtest1): id, k, a LINESTRING route of 3 points, secondary index k_1,
#              SPATIAL KEY sp_route (route): held out from the index-kind fit
#   part8      4 tables of 100000 sysbench-like rows in one schema (sbtest): id, k, c CHAR(120), pad CHAR(60),
#              secondary index k_1, each PARTITION BY HASH (id) PARTITIONS $SH_PARTS (8 unless SH_PARTS; bench-heldout.sh
#              --partitions): every partition its own tablespace, filled by SQL
#
# Every other table is sysbench's oltp table (id, k, c, pad: about 190 bytes of SQL per row) with its secondary index
# k_1 on k (sysbench 1.0 oltp_common.lua: create_secondary defaults to on). --tables, --schemas and --rows
# scale a shape down (a smoke run) or up; the dump is mydumper's, as bench-restore.sh has always made it: chunks
# of a quarter of a table's rows (--rows ROWS/4, so 16 loader threads have files: 4 per table), 2 dump threads.
#
# Callers set SHAPE (and SH_TABLES, SH_SCHEMAS, SH_ROWS to override, else ""; SH_CHUNK_ROWS for mydumper's --rows
# in place of a quarter of a table's), then call shape_init once.

# shape_init: the shape's schemas, tables per schema and rows per table (SH_*), or exit 2 on an unknown shape.
shape_init() {
  local t s r
  case $SHAPE in
    sysbench8) s=1 t=8 r=25000 ;;
    many25x5) s=5 t=5 r=100000 ;;
    big2m) s=1 t=1 r=2000000 ;;
    few2) s=1 t=2 r=400000 ;;
    many32x4) s=4 t=8 r=25000 ;;
    skew1x20) s=2 t=20 r=400000 ;;
    tiny2k) s=4 t=500 r=10 ;;
    tiny5k1) s=10 t=500 r=1 ;;
    chunk20k) s=1 t=1 r=100000 ;;
    chunk4x50k) s=1 t=4 r=50000 ;;
    narrow8) s=1 t=8 r=300000 ;;
    wide4) s=1 t=4 r=20000 ;;
    narrowix) s=1 t=8 r=300000 ;;
    mid4) s=1 t=4 r=35000 ;;
    w100ix2) s=1 t=6 r=150000 ;;
    w900) s=1 t=4 r=25000 ;;
    part8) s=1 t=4 r=100000 ;;
    ft4) s=1 t=4 r=50000 ;;
    ft4w) s=1 t=4 r=15000 ;;
    sp4 | sp4x2) s=1 t=4 r=100000 ;;
    fth2) s=1 t=2 r=60000 ;;
    spl1) s=1 t=1 r=300000 ;;
    *) echo "bench: unknown --shape $SHAPE (sysbench8, many25x5, big2m, few2, many32x4, skew1x20, tiny2k, tiny5k1, chunk20k, chunk4x50k, narrow8, wide4, narrowix, mid4, w100ix2, w900, part8, ft4, ft4w, sp4, sp4x2, fth2, spl1)" >&2; exit 2 ;;
  esac
  SH_PARTS=${SH_PARTS:-8}
  SH_SCHEMAS=${SH_SCHEMAS:-$s} SH_TABLES=${SH_TABLES:-$t} SH_ROWS=${SH_ROWS:-$r}
  local v
  for v in "$SH_SCHEMAS" "$SH_TABLES" "$SH_ROWS"; do
    [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "bench: '$v' is not a positive whole number (--schemas, --tables, --rows)" >&2; exit 2; }
  done
}

# shape_schemas: the schema names, one a line (sbtest for one schema, as the fit data's dumps have).
shape_schemas() {
  local prefix=hs
  [ "$SHAPE" = many32x4 ] && prefix=ms
  [ "$SHAPE" = tiny2k ] && prefix=ts
  [ "$SHAPE" = tiny5k1 ] && prefix=tz
  [ "$SHAPE" = skew1x20 ] && { echo sk1; echo sk2; return; }
  if [ "$SH_SCHEMAS" = 1 ]; then echo sbtest; else seq -f "$prefix%g" 1 "$SH_SCHEMAS"; fi
}

# shape_total_rows: the rows of every table of the shape.
shape_total_rows() {
  if [ "$SHAPE" = skew1x20 ]; then echo $((SH_ROWS + SH_TABLES * (SH_ROWS / 40))); else echo $((SH_SCHEMAS * SH_TABLES * SH_ROWS)); fi
}

# shape_chunk_rows: mydumper's --rows for the chunked shapes: SH_CHUNK_ROWS when set (bench-heldout.sh
# --chunk-rows; at least the table's rows: one data file a table), else a quarter of a table's rows.
shape_chunk_rows() { echo "${SH_CHUNK_ROWS:-$(( (SH_ROWS + 3) / 4 ))}"; }

# shape_describe: one line for a provenance header.
shape_describe() {
  [ "$SHAPE" = skew1x20 ] && { echo "skew1x20: sk1.sbtest1 × $SH_ROWS rows beside sk2.sbtest1..$SH_TABLES × $((SH_ROWS / 40)) rows, secondary index k_1 on each table; mydumper -t 2 without --rows (one file a table)"; return; }
  [ "$SHAPE" = chunk4x50k ] && { echo "chunk4x50k: sbtest.sbtest1..$SH_TABLES × $SH_ROWS rows, secondary index k_1 on each table; mydumper --rows 4 -t 2 (about $((SH_TABLES * SH_ROWS / 4)) files)"; return; }
  [ "$SHAPE" = chunk20k ] && { echo "chunk20k: sbtest.sbtest1 × $SH_ROWS rows, secondary index k_1; mydumper --rows $(( (SH_ROWS + 19999) / 20000 )) -t 2 (about 20,000 files)"; return; }
  [ "$SHAPE" = narrow8 ] && { echo "narrow8: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, a INT, b BIGINT), secondary index k_1 on k; filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = narrowix ] && { echo "narrowix: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, a INT, b BIGINT), secondary indexes k_1, a_1, b_1; filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = w100ix2 ] && { echo "w100ix2: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, a INT, name VARCHAR(80) of 65 chars), secondary indexes k_1, a_1; filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = w900 ] && { echo "w900: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, c VARCHAR(1000) of 864 chars), secondary index k_1; filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = mid4 ] && { echo "mid4: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, c VARCHAR(600) of 544 chars), secondary index k_1; filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = part8 ] && { echo "part8: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, c CHAR(120), pad CHAR(60)), secondary index k_1 on k, PARTITION BY HASH (id) PARTITIONS $SH_PARTS; filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = ft4 ] || [ "$SHAPE" = ft4w ] && { echo "$SHAPE: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, title VARCHAR(200) of 8 words, body TEXT of $(shape_body_words) words), secondary index k_1, FULLTEXT KEY ft_1 (title, body); filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = sp4 ] && { echo "sp4: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, pt POINT), secondary index k_1, SPATIAL KEY sp_1 (pt); filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = sp4x2 ] && { echo "sp4x2: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, pt POINT, area POLYGON of 5 points), secondary index k_1, SPATIAL KEYs sp_1 (pt), sp_2 (area); filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = fth2 ] && { echo "fth2: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, name VARCHAR(64), doc TEXT of 80 words), secondary indexes k_1, name_1 (name(16)), FULLTEXT KEY ft_doc (doc); filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = spl1 ] && { echo "spl1: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, route LINESTRING of 3 points), secondary index k_1, SPATIAL KEY sp_route (route); filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = wide4 ] && { echo "wide4: $SH_SCHEMAS schema(s) × $SH_TABLES table(s) × $SH_ROWS rows of (id INT PK, k INT, title VARCHAR(200) of 70 chars, body TEXT of 1280 chars, created DATETIME), secondary indexes k_1, title_1 (title(32)), created_1; filled by SQL; mydumper --rows $(shape_chunk_rows) -t 2"; return; }
  [ "$SHAPE" = tiny2k ] || [ "$SHAPE" = tiny5k1 ] && { echo "$SHAPE: $SH_SCHEMAS schema(s) × $SH_TABLES sysbench table(s) × $SH_ROWS rows, secondary index k_1 on each table; mydumper -t 2 without --rows (one file a table)"; return; }
  echo "$SHAPE: $SH_SCHEMAS schema(s) × $SH_TABLES sysbench table(s) × $SH_ROWS rows, secondary index k_1 on each table; mydumper --rows $(shape_chunk_rows) -t 2"
}

# shape_body_words: the words of a FULLTEXT shape's body (ft4 40, ft4w 200).
shape_body_words() { if [ "$SHAPE" = ft4w ]; then echo 200; else echo 40; fi; }

# shape_words N: an SQL expression of N words separated by spaces, each 'w' and the base 36 of a draw from 0-59999
# skewed toward the small numbers (RAND()^3: a few words common, most rare, as in text), 2-5 characters.
shape_words() {
  local i e=""
  for i in $(seq 1 "$1"); do e+="${e:+, }CONCAT('w', CONV(FLOOR(POW(RAND(), 3) * 60000), 10, 36))"; done
  echo "CONCAT_WS(' ', $e)"
}

# shape_hexwords N: N words of another draw than shape_words', for the held-out FULLTEXT shape: 'x' and the hex of
# RAND()^2 × 20000 (fewer, less skewed words), 2-5 characters.
shape_hexwords() {
  local i e=""
  for i in $(seq 1 "$1"); do e+="${e:+, }CONCAT('x', HEX(FLOOR(POW(RAND(), 2) * 20000)))"; done
  echo "CONCAT_WS(' ', $e)"
}

# shape_sql_table T ROWS: the CREATE TABLE and INSERT … SELECT of table sbtestT of an SQL-filled shape (narrow8,
# narrowix, mid4, wide4, w100ix2, w900, part8, ft4, ft4w, sp4, sp4x2, fth2, spl1), its rows from MariaDB's Sequence engine (seq_1_to_N).
shape_sql_table() {
  local t=$1 n=$2
  case $SHAPE in
    narrow8) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, a INT NOT NULL, b BIGINT NOT NULL, KEY k_1 (k)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), seq * 7 % 100003, seq * 1000003 FROM seq_1_to_$n;" ;;
    narrowix) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, a INT NOT NULL, b BIGINT NOT NULL, KEY k_1 (k), KEY a_1 (a), KEY b_1 (b)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), seq * 7 % 100003, seq * 1000003 FROM seq_1_to_$n;" ;;
    w100ix2) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, a INT NOT NULL, name VARCHAR(80) NOT NULL, KEY k_1 (k), KEY a_1 (a)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), seq * 11 % 99991, CONCAT(MD5(RAND()), '-', MD5(seq)) FROM seq_1_to_$n;" ;;
    w900) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, c VARCHAR(1000) NOT NULL, KEY k_1 (k)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), REPEAT(MD5(RAND()), 27) FROM seq_1_to_$n;" ;;
    mid4) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, c VARCHAR(600) NOT NULL, KEY k_1 (k)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), REPEAT(MD5(RAND()), 17) FROM seq_1_to_$n;" ;;
    part8) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, c CHAR(120) NOT NULL, pad CHAR(60) NOT NULL,
        KEY k_1 (k)) ENGINE=InnoDB PARTITION BY HASH (id) PARTITIONS $SH_PARTS;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), CONCAT(MD5(RAND()), MD5(seq), MD5(RAND()), LEFT(MD5(seq), 24)),
        CONCAT(MD5(RAND()), LEFT(MD5(seq), 28)) FROM seq_1_to_$n;" ;;
    ft4 | ft4w) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, title VARCHAR(200) NOT NULL, body TEXT NOT NULL,
        KEY k_1 (k), FULLTEXT KEY ft_1 (title, body)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), $(shape_words 8), $(shape_words "$(shape_body_words)") FROM seq_1_to_$n;" ;;
    sp4) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, pt POINT NOT NULL, KEY k_1 (k), SPATIAL KEY sp_1 (pt)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), Point(RAND() * 1000, RAND() * 1000) FROM seq_1_to_$n;" ;;
    sp4x2) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, pt POINT NOT NULL, area POLYGON NOT NULL,
        KEY k_1 (k), SPATIAL KEY sp_1 (pt), SPATIAL KEY sp_2 (area)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), Point(MOD(seq * 7919, 100000) / 100 + 0.5, MOD(seq * 104729, 99991) / 100 + 0.5),
        ST_PolygonFromText(CONCAT('POLYGON((', MOD(seq * 7919, 100000) / 100, ' ', MOD(seq * 104729, 99991) / 100, ',', MOD(seq * 7919, 100000) / 100 + 1, ' ',
          MOD(seq * 104729, 99991) / 100, ',', MOD(seq * 7919, 100000) / 100 + 1, ' ', MOD(seq * 104729, 99991) / 100 + 1, ',', MOD(seq * 7919, 100000) / 100, ' ',
          MOD(seq * 104729, 99991) / 100 + 1, ',', MOD(seq * 7919, 100000) / 100, ' ', MOD(seq * 104729, 99991) / 100, '))')) FROM seq_1_to_$n;" ;;
    fth2) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, name VARCHAR(64) NOT NULL, doc TEXT NOT NULL,
        KEY k_1 (k), KEY name_1 (name(16)), FULLTEXT KEY ft_doc (doc)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), CONCAT('name ', MD5(seq)), $(shape_hexwords 80) FROM seq_1_to_$n;" ;;
    spl1) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, route LINESTRING NOT NULL, KEY k_1 (k), SPATIAL KEY sp_route (route)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), ST_LineFromText(CONCAT('LINESTRING(', MOD(seq * 7919, 100000) / 100, ' ', MOD(seq * 104729, 99991) / 100, ',',
        MOD(seq * 7919, 100000) / 100 + 2, ' ', MOD(seq * 104729, 99991) / 100 + 1, ',', MOD(seq * 7919, 100000) / 100 + 3, ' ', MOD(seq * 104729, 99991) / 100 + 4, ')')) FROM seq_1_to_$n;" ;;
    wide4) echo "CREATE TABLE sbtest$t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, title VARCHAR(200) NOT NULL, body TEXT NOT NULL, created DATETIME NOT NULL,
        KEY k_1 (k), KEY title_1 (title(32)), KEY created_1 (created)) ENGINE=InnoDB;
      INSERT INTO sbtest$t SELECT seq, FLOOR(1 + RAND() * $n), CONCAT('title ', MD5(RAND()), ' ', MD5(seq)), REPEAT(MD5(RAND()), 40),
        '2020-01-01' + INTERVAL seq * 17 SECOND FROM seq_1_to_$n;" ;;
  esac
}

# shape_fill SOCKET LOG: create the schemas and fill them with sysbench (2 threads) on the server at SOCKET; the
# SQL-filled shapes with shape_sql_table.
shape_fill() {
  local sock=$1 log=$2 db t
  if [ "$SHAPE" = narrow8 ] || [ "$SHAPE" = wide4 ] || [ "$SHAPE" = narrowix ] || [ "$SHAPE" = mid4 ] || [ "$SHAPE" = w100ix2 ] || [ "$SHAPE" = w900 ] || [ "$SHAPE" = part8 ] ||
    [ "$SHAPE" = ft4 ] || [ "$SHAPE" = ft4w ] || [ "$SHAPE" = sp4 ] || [ "$SHAPE" = sp4x2 ] || [ "$SHAPE" = fth2 ] || [ "$SHAPE" = spl1 ]; then
    for db in $(shape_schemas); do
      mariadb --socket="$sock" -u root -e "CREATE DATABASE $db"
      for t in $(seq 1 "$SH_TABLES"); do shape_sql_table "$t" "$SH_ROWS" | mariadb --socket="$sock" -u root "$db" >>"$log" || return 1; done
    done
    return
  fi
  if [ "$SHAPE" = skew1x20 ]; then
    mariadb --socket="$sock" -u root -e "CREATE DATABASE sk1; CREATE DATABASE sk2"
    sysbench oltp_read_write --db-driver=mysql --mysql-socket="$sock" --mysql-user=root --mysql-db=sk1 \
      --tables=1 --table-size="$SH_ROWS" --threads=1 prepare >>"$log" || return 1
    sysbench oltp_read_write --db-driver=mysql --mysql-socket="$sock" --mysql-user=root --mysql-db=sk2 \
      --tables="$SH_TABLES" --table-size=$((SH_ROWS / 40)) --threads=2 prepare >>"$log"
    return
  fi
  for db in $(shape_schemas); do
    mariadb --socket="$sock" -u root -e "CREATE DATABASE $db"
    sysbench oltp_read_write --db-driver=mysql --mysql-socket="$sock" --mysql-user=root --mysql-db="$db" \
      --tables="$SH_TABLES" --table-size="$SH_ROWS" --threads=2 prepare >>"$log" || return 1
  done
}

# shape_dump SOCKET OUT: mydumper 0.10 of the shape's schemas into OUT (one schema: -B; several: --regex).
shape_dump() {
  local sock=$1 out=$2 sel
  if [ "$SH_SCHEMAS" = 1 ]; then sel=(-B sbtest); else sel=(--regex "^($(shape_schemas | paste -sd'|'))\\."); fi
  local rows=(--rows "$(shape_chunk_rows)")
  case $SHAPE in skew1x20 | tiny2k | tiny5k1) rows=() ;; esac
  [ "$SHAPE" = chunk20k ] && rows=(--rows $(( (SH_ROWS + 19999) / 20000 )))
  [ "$SHAPE" = chunk4x50k ] && rows=(--rows 4)
  mydumper --socket "$sock" -u root "${sel[@]}" "${rows[@]}" -t 2 -o "$out" >/dev/null
}

# shape_check SOCKET: after a timed restore (outside its time), COUNT(*) every table of the shape and compare the
# sum with the rows the shape was filled with; prints "loaded N of M rows" and returns 1 when they differ. A
# loader that exits 0 with a chunk missing would otherwise be recorded as a fast restore (2026-12-02: a fit
# sitting held one run 2x faster than its repeats, unexplained; nothing checked the rows then).
shape_check() {
  local sock=$1 db t q="" want got
  for db in $(shape_schemas); do
    local n=$SH_TABLES
    [ "$db" = sk1 ] && n=1
    for t in $(seq 1 "$n"); do q+="${q:+ UNION ALL }SELECT COUNT(*) n FROM $db.sbtest$t"; done
  done
  want=$(shape_total_rows)
  # on stdin: 5000 tables make a query over the kernel's 128 KiB limit on one argument (MAX_ARG_STRLEN)
  got=$(echo "/* mytune bench */ SELECT SUM(n) FROM ($q) c" | mariadb --socket="$sock" -u root -N -B 2>&1) || got="none (error: $(echo "$got" | head -1))"
  echo "loaded $got of $want rows"
  [ "$got" = "$want" ]
}

# shape_drop SOCKET: drop the shape's schemas (before each timed restore).
shape_drop() {
  local db
  for db in $(shape_schemas); do mariadb --socket="$1" -u root -e "/* mytune bench */ DROP DATABASE IF EXISTS $db"; done
}
