package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/profile"
)

// TestListingQuery: on MariaDB the listings that open every table carry a
// max_statement_time of their own (the hint is MySQL's), so the server
// stops them when mytune gives up (review r7: a listing kept running in
// the processlist of a 20,004-table MariaDB 10.11 after mytune had left).
func TestListingQuery(t *testing.T) {
	tests := []struct {
		name, flavor, version string
		plain, maria          query
		bounded               bool
	}{
		{"quotes, MariaDB 10.11", profile.FlavorMariaDB, "10.11.19", qQuoteNames, qQuoteNamesMariaDB, true},
		{"backticks, MariaDB 10.11", profile.FlavorMariaDB, "10.11.19", qBacktickNames, qBacktickNamesMariaDB, true},
		{"quotes, MariaDB 10.0 (no SET STATEMENT)", profile.FlavorMariaDB, "10.0.38", qQuoteNames, qQuoteNamesMariaDB, false},
		{"quotes, MySQL 8.4 (the hint)", profile.FlavorMySQL, "8.4.3", qQuoteNames, qQuoteNamesMariaDB, false},
		{"quotes, version unknown", profile.FlavorMariaDB, "", qQuoteNames, qQuoteNamesMariaDB, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := listingQuery(tc.flavor, tc.version, tc.plain, tc.maria)
			if got := strings.Contains(string(q), "SET STATEMENT max_statement_time="); got != tc.bounded {
				t.Errorf("%q: bounded %v, want %v", q, got, tc.bounded)
			}
		})
	}
}

// TestListingReason: a listing the server itself stopped at its 30 s says
// the server was slow, and mytune waits past that limit, so a slow
// information_schema no longer reads as "the server stopped answering …
// check that it is up" (review r7: a 20,004-table MariaDB 10.11 on a
// loaded host, whose other sessions answered in under a second).
func TestListingReason(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		has    string
		hasNot string
	}{
		{"MariaDB stopped it", &mysql.MySQLError{Number: erStatementTimeout, Message: "Query execution was interrupted (max_statement_time exceeded)"},
			"the server stopped it after 30 s (error 1969", "stopped answering"},
		{"MySQL stopped it", &mysql.MySQLError{Number: erQueryTimeout, Message: "Query execution was interrupted, maximum statement execution time exceeded"},
			"the server stopped it after 30 s (error 3024", "stopped answering"},
		{"access denied: the server's message", &mysql.MySQLError{Number: 1227, Message: "Access denied"}, "error 1227: Access denied", "stopped it"},
		{"the driver gave up: as before", mysql.ErrInvalidConn, "the server stopped answering within the read timeout (35 s)", "stopped it after"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := listingReason(tc.err, listingLimit(Conn{QueryTimeout: DefaultQueryTimeout}))
			if !strings.Contains(got, tc.has) || strings.Contains(got, tc.hasNot) {
				t.Errorf("listingReason = %q; want %q in it, not %q", got, tc.has, tc.hasNot)
			}
		})
	}
	for _, c := range []struct{ query, want time.Duration }{{DefaultQueryTimeout, 35 * time.Second}, {time.Minute, time.Minute}} {
		if got := listingLimit(Conn{QueryTimeout: c.query}); got != c.want || got <= TablesTimeout {
			t.Errorf("listingLimit(query timeout %v) = %v, want %v, longer than the server's %v", c.query, got, c.want, TablesTimeout)
		}
	}
}

// TestListingTimedOut: which table-size failures spare the later listings
// their own 30 s (review r7: 61 s for two listings that both ran out).
func TestListingTimedOut(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"MariaDB stopped it", &mysql.MySQLError{Number: erStatementTimeout}, true},
		{"MySQL stopped it", &mysql.MySQLError{Number: erQueryTimeout}, true},
		{"mytune gave up", context.DeadlineExceeded, true},
		{"the driver gave up", mysql.ErrInvalidConn, true},
		{"access denied", &mysql.MySQLError{Number: 1142}, false},
		{"too many connections for the account", &mysql.MySQLError{Number: 1226}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := listingTimedOut(tc.err); got != tc.want {
				t.Errorf("listingTimedOut(%v) = %v, want %v", tc.err, got, tc.want)
			}
		})
	}
}
