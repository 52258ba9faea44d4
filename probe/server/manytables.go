package server

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// TableSizesFromStats is Server.TableSizesFrom when the InnoDB tables were
// sized from their persistent statistics instead of information_schema.TABLES.
const TableSizesFromStats = "mysql.innodb_table_stats"

// nonInnoDBSizedMax bounds how many tables of other engines are sized one
// at a time (qTableSize, one table open each) on a server with more
// tables than table_open_cache: at most this many, and at most a quarter
// of the cache (nonInnoDBCacheShare), so mytune's opens close no more than
// a quarter of the tables the workload holds open (mytune's choice).
const nonInnoDBSizedMax = 500

// nonInnoDBCacheShare is the share of table_open_cache (1/this) the
// one-table reads may fill (see nonInnoDBSizedMax).
const nonInnoDBCacheShare = 4

// pageSizeDefault is innodb_page_size's default, 16 KiB (MariaDB KB and
// MySQL 8.4 manual, innodb_page_size), when the variable was not read.
const pageSizeDefault = 16384

// manyTables counts the user tables and views without opening them
// (qTableCount) and says whether they are more than table_open_cache
// holds: information_schema.TABLES' sizes would open every one and close
// every table the workload holds open (MariaDB 10.11.19, 50,004 tables,
// table_open_cache 2000: Table_open_cache_overflows +48,026 in one run of
// mytune, Open_tables all mytune's after it; 24.6 s cold, 9.0 s warm;
// review r55).
func (r *reader) manyTables(qc context.Context) (int, bool) {
	cache, err := strconv.Atoi(strings.TrimSpace(r.s.Variables["table_open_cache"]))
	if err != nil || cache <= 0 {
		return 0, false
	}
	var n int
	if r.db.QueryRowContext(qc, string(qTableCount)).Scan(&n) != nil {
		return 0, false
	}
	return n, n > cache
}

// pages is one table's persistent statistics: clustered and other index pages.
type pages struct{ data, index uint64 }

// innodbStats reads mysql.innodb_table_stats into schema NUL table →
// pages, a partitioned table's partitions summed under its name; false
// when the account may not read it (then every table is opened instead).
func (r *reader) innodbStats(qc context.Context) (map[string]pages, bool) {
	rows, err := r.db.QueryContext(qc, string(qInnoDBTableStats))
	if err != nil {
		r.heard("mysql.innodb_table_stats", err)
		r.s.Unread = append(r.s.Unread, fmt.Sprintf("mysql.innodb_table_stats: %s: the server has more tables than "+
			"table_open_cache, so reading their sizes opens each one and empties that cache while mytune runs; "+
			"give the account SELECT on mysql.innodb_table_stats to size them from the statistics instead (review r55)",
			redact(unreadReason(err, r.c.QueryTimeout), r.c.password)))
		return nil, false
	}
	defer rows.Close()
	out := map[string]pages{}
	for rows.Next() {
		var schema, name string
		var data, index sql.NullString
		if rows.Scan(&schema, &name, &data, &index) != nil {
			return nil, false
		}
		k := schema + "\x00" + partitionOf(name)
		p := out[k]
		out[k] = pages{data: p.data + parseUint(data.String), index: p.index + parseUint(index.String)}
	}
	return out, rows.Err() == nil
}

// partitionOf is the table a partition's statistics row names
// ("t#P#p0", "t#p#p0" on a case-insensitive file system, sub-partitions
// "t#P#p0#SP#s0"), name itself for a table.
func partitionOf(name string) string {
	if at := strings.Index(strings.ToUpper(name), "#P#"); at > 0 {
		return name[:at]
	}
	return name
}

// sizesWithoutOpening sums the user tables listed with their engines
// only (qTableEngines, no table opened): InnoDB tables sized from their
// statistics, the others one at a time up to nonInnoDBSizedMax; what was
// not sized is said in Unread. n is the count qTableCount gave.
func (r *reader) sizesWithoutOpening(qc context.Context, n int, stats map[string]pages) (map[string]profile.SchemaUsage, error) {
	pageBytes := parseUint(r.s.Variables["innodb_page_size"])
	if pageBytes == 0 {
		pageBytes = pageSizeDefault
	}
	q := listingQuery(r.s.Flavor, r.s.Version, qTableEngines, qTableEnginesMariaDB)
	rows, err := r.db.QueryContext(qc, string(q))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t, others, unsized := newSums(), []otherTable{}, 0
	for rows.Next() {
		var schema, name, engine string
		if err := rows.Scan(&schema, &name, &engine); err != nil {
			return nil, err
		}
		if !strings.EqualFold(engine, "InnoDB") {
			others = append(others, otherTable{schema, name, engine})
			continue
		}
		p, ok := stats[schema+"\x00"+name]
		if !ok {
			unsized++
		}
		t.add(r.s, schema, name, engine, p.data*pageBytes, p.index*pageBytes)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close() // its connection serves the one-table reads
	sized := r.sizeOthers(qc, t, others)
	r.s.Engines, r.s.LargestTables, r.s.TableSizesFrom = t.engines, t.largest, TableSizesFromStats
	r.manyTablesSaid(n, len(others)-sized, unsized)
	return t.schemas, nil
}

// otherTable is a user table of an engine other than InnoDB.
type otherTable struct{ schema, name, engine string }

// sizeOthers counts the tables of other engines into t, sizing them one
// at a time (qTableSize, one table open each), at most nonInnoDBSizedMax
// and a 1/nonInnoDBCacheShare of table_open_cache; the rest count at 0
// bytes. It returns how many it sized.
func (r *reader) sizeOthers(qc context.Context, t *sums, others []otherTable) int {
	bound := min(nonInnoDBSizedMax, parseUint(r.s.Variables["table_open_cache"])/nonInnoDBCacheShare)
	sized := 0
	for _, o := range others {
		var data, index sql.NullString
		if uint64(sized) < bound && qc.Err() == nil &&
			r.db.QueryRowContext(qc, string(qTableSize), o.schema, o.name).Scan(&data, &index) == nil {
			sized++
		}
		t.add(r.s, o.schema, o.name, o.engine, parseUint(data.String), parseUint(index.String))
	}
	return sized
}

// manyTablesSaid says in Unread how the sizes were read on a server with
// n tables, more than table_open_cache, and which tables were not sized:
// others of other engines beyond the one-at-a-time bound, and InnoDB
// tables without persistent statistics (STATS_PERSISTENT=0, or
// innodb_stats_persistent OFF when they were created).
func (r *reader) manyTablesSaid(n, others, unsized int) {
	msg := fmt.Sprintf("table sizes: the server has %d tables and views, more than table_open_cache (%s) holds, so mytune did not "+
		"open each one in information_schema.TABLES (that closes every table the workload holds open): the InnoDB tables are "+
		"sized from their persistent statistics (%s), as information_schema.TABLES sizes them", n, r.s.Variables["table_open_cache"],
		TableSizesFromStats)
	if unsized > 0 {
		msg += fmt.Sprintf("; %d InnoDB table(s) have no statistics there (STATS_PERSISTENT=0) and are counted at 0 bytes", unsized)
	}
	if others > 0 {
		msg += fmt.Sprintf("; %d table(s) of other engines are counted at 0 bytes (sized one at a time up to %d)", others,
			min(nonInnoDBSizedMax, parseUint(r.s.Variables["table_open_cache"])/nonInnoDBCacheShare))
	}
	r.s.Unread = append(r.s.Unread, msg+": the sizes are a lower bound")
}
