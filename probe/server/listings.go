package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/profile"
)

// listingQuery is plain, or maria on MariaDB 10.1.2+ (SET STATEMENT's first
// release), for the information_schema listings that open every table:
// they get the table-size query's TablesTimeout and, on MariaDB, which
// ignores MAX_EXECUTION_TIME hints, a max_statement_time of their own, so
// the server stops them when mytune gives up (review r7: with 20,004
// tables a query ranking the largest took 15 s, was cut at the 10 s query
// timeout, reported as "the server stopped answering", and kept running
// in the processlist).
func listingQuery(flavor, version string, plain, maria query) query {
	if v, ok := profile.ParseVersion(version); flavor == profile.FlavorMariaDB && ok && v.AtLeast(10, 1, 2) {
		return maria
	}
	return plain
}

// listPairs runs q, a two-column information_schema listing, within
// TablesTimeout on the session's connection and gives each row to each; a
// failure is recorded in Unread as what.
func (r *reader) listPairs(ctx context.Context, q query, what string, each func(a, b sql.NullString)) {
	if r.slowListings {
		r.s.Unread = append(r.s.Unread, what+": not tried: the table sizes ran out of time in information_schema.TABLES, "+
			"and this listing reads it too")
		return
	}
	if r.skip(ctx, what) {
		return
	}
	qc, cancel := context.WithTimeout(ctx, listingLimit(r.c))
	defer cancel()
	rows, err := r.db.QueryContext(qc, string(q))
	if err != nil {
		r.listingUnread(what, err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var a, b sql.NullString
		if err := rows.Scan(&a, &b); err != nil {
			r.listingUnread(what, err)
			return
		}
		each(a, b)
	}
	if err := rows.Err(); err != nil {
		r.listingUnread(what, err)
	}
}

// listingUnread records in Unread why a listing failed (listingReason).
func (r *reader) listingUnread(what string, err error) {
	r.heard(what, err)
	r.s.Unread = append(r.s.Unread, what+": "+redact(listingReason(err, listingLimit(r.c)), r.c.password))
}

// listingWait is how long mytune waits for an information_schema listing:
// longer than the 30 s the server is told to stop it at (its
// max_statement_time or MAX_EXECUTION_TIME), so that the server's own
// answer says it was slow, not a driver timeout that reads as a server
// that stopped answering (review r7).
const listingWait = TablesTimeout + 5*time.Second

// listingTimedOut is true for a listing the server stopped at its own
// limit or mytune gave up on.
func listingTimedOut(err error) bool {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number == erStatementTimeout || me.Number == erQueryTimeout
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, mysql.ErrInvalidConn)
}

// listingLimit is the time a listing is given: listingWait, or the query
// timeout when that is longer.
func listingLimit(c Conn) time.Duration { return max(c.QueryTimeout, listingWait) }

// listingReason is unreadReason for an information_schema listing, which
// opens every table: when the server stopped it at its own limit (MariaDB
// 1969, MySQL 3024 ER_QUERY_TIMEOUT) it says that it was slow, not gone.
func listingReason(err error, wait time.Duration) string {
	var me *mysql.MySQLError
	if errors.As(err, &me) && (me.Number == erStatementTimeout || me.Number == erQueryTimeout) {
		return fmt.Sprintf("the server stopped it after %g s (error %d: %s): information_schema.TABLES opens every table, "+
			"which takes longer than that on this server, though it answers; the figures that rest on it are said to be unknown",
			TablesTimeout.Seconds(), me.Number, me.Message)
	}
	return unreadReason(err, wait)
}

// quoteNames lists the databases and tables whose names hold a single
// quote (qQuoteNames), whose routines, events or triggers mydumper 0.10
// leaves out, exiting 1.
func (r *reader) quoteNames(ctx context.Context) {
	r.s.QuoteNames = []profile.TableName{}
	q := listingQuery(r.s.Flavor, r.s.Version, qQuoteNames, qQuoteNamesMariaDB)
	r.listPairs(ctx, q, "names with a single quote (information_schema.TABLES)", func(schema, table sql.NullString) {
		r.s.QuoteNames = append(r.s.QuoteNames, profile.TableName{Schema: schema.String, Table: table.String})
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
