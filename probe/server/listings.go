package server

import (
	"context"
	"database/sql"

	"github.com/mytune/mytune/profile"
)

// listingQuery is plain, or maria on MariaDB 10.1.2+ (SET STATEMENT's first
// release), for the information_schema listings that open every table:
// they get the table-size query's TablesTimeout and, on MariaDB, which
// ignores MAX_EXECUTION_TIME hints, a max_statement_time of their own, so
// the server stops them when mytune gives up (review r7: with 20,004
// tables qLargest took 15 s, was cut at the 10 s query timeout, reported
// as "the server stopped answering", and kept running in the processlist).
func listingQuery(flavor, version string, plain, maria query) query {
	if v, ok := profile.ParseVersion(version); flavor == profile.FlavorMariaDB && ok && v.AtLeast(10, 1, 2) {
		return maria
	}
	return plain
}

// listPairs runs q, a two-column information_schema listing, within
// TablesTimeout on the table-size pool and gives each row to each; a
// failure is recorded in Unread as what.
func (r *reader) listPairs(ctx context.Context, q query, what string, each func(a, b sql.NullString)) {
	limit := max(r.c.QueryTimeout, TablesTimeout)
	qc, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	db, done := r.tablesPool(ctx, limit)
	defer done()
	rows, err := db.QueryContext(qc, string(q))
	if err != nil {
		r.unread(what, err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var a, b sql.NullString
		if err := rows.Scan(&a, &b); err != nil {
			r.unread(what, err)
			return
		}
		each(a, b)
	}
	if err := rows.Err(); err != nil {
		r.unread(what, err)
	}
}

// largest lists the ten biggest user tables.
func (r *reader) largest(ctx context.Context) {
	q := listingQuery(r.s.Flavor, r.s.Version, qLargest, qLargestMariaDB)
	r.listPairs(ctx, q, "largest tables (information_schema.TABLES)", func(name, bytes sql.NullString) {
		r.s.LargestTables = append(r.s.LargestTables, profile.TableSize{Name: name.String, Bytes: parseUint(bytes.String)})
	})
}

// backtickNames lists the databases and tables whose names hold a
// backtick (qBacktickNames), which mydumper 0.10 cannot dump.
func (r *reader) backtickNames(ctx context.Context) {
	r.s.BacktickNames = []profile.TableName{}
	q := listingQuery(r.s.Flavor, r.s.Version, qBacktickNames, qBacktickNamesMariaDB)
	r.listPairs(ctx, q, "names with a backtick (information_schema.TABLES)", func(schema, table sql.NullString) {
		r.s.BacktickNames = append(r.s.BacktickNames, profile.TableName{Schema: schema.String, Table: table.String})
	})
}
