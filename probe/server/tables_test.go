package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

// TestTablesQuery: the table-size query is bounded on the server at
// TablesTimeout too (QA 18), the way each flavour reads.
func TestTablesQuery(t *testing.T) {
	secs, ms := fmt.Sprintf("max_statement_time=%d FOR SELECT", int(TablesTimeout.Seconds())),
		fmt.Sprintf("MAX_EXECUTION_TIME(%d)", TablesTimeout.Milliseconds())
	tests := []struct {
		name, flavor, version string
		want                  query
		has                   string
	}{
		{name: "mariadb 10.11", flavor: profile.FlavorMariaDB, version: "10.11.19-MariaDB", want: qEnginesMariaDB, has: secs},
		{name: "mariadb 10.0 has no SET STATEMENT", flavor: profile.FlavorMariaDB, version: "10.0.38-MariaDB", want: qEngines, has: ms},
		{name: "mysql 8.4", flavor: profile.FlavorMySQL, version: "8.4.8", want: qEngines, has: ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := tablesQuery(tt.flavor, tt.version)
			if q != tt.want || !strings.Contains(string(q), tt.has) {
				t.Errorf("query %q; want %q holding %q", q, tt.want, tt.has)
			}
		})
	}
}

// TestSessionReadTimeoutIsListingLimit: the session's own connection
// waits past the query timeout for the listings (QA 18: the driver's 10 s
// read timeout cut a 30 s query; review r7: a second pool for them took a
// connection MAX_USER_CONNECTIONS 1 refuses), and MariaDB accepts the
// bounded query.
func TestSessionReadTimeoutIsListingLimit(t *testing.T) {
	srv := testmariadb.Shared(t)
	conn, err := ResolveConn(ConnOptions{User: testmariadb.FullUser, Password: testmariadb.FullPassword,
		PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
	if err != nil {
		t.Fatal(err)
	}
	conn.QueryTimeout = time.Second
	s, err := Dial(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := &reader{db: s.db, c: s.c, ep: s.Endpoint, s: &profile.Server{}}
	if _, err := r.db.ExecContext(t.Context(), "SELECT SLEEP(1.5)"); err != nil {
		t.Errorf("the session gave up at its 1 s query timeout, not at listingLimit: %v", err)
	}
	r.version(t.Context())
	if q := tablesQuery(r.s.Flavor, r.s.Version); q != qEnginesMariaDB {
		t.Errorf("MariaDB %s got %q; want qEnginesMariaDB", r.s.Version, q)
	}
	rows, err := r.db.QueryContext(t.Context(), string(tablesQuery(r.s.Flavor, r.s.Version)))
	if err != nil {
		t.Fatalf("%s: %v", tablesQuery(r.s.Flavor, r.s.Version), err)
	}
	rows.Close()
}

// TestKeepLargest: the one pass over information_schema.TABLES ranks the
// largest tables itself, largest first, ties by name, at most largestKept.
func TestKeepLargest(t *testing.T) {
	tests := []struct {
		name  string
		sizes []uint64
		want  string
	}{
		{"none", nil, ""},
		{"in order", []uint64{3, 2, 1}, "t0=3 t1=2 t2=1"},
		{"reversed", []uint64{1, 2, 3}, "t2=3 t1=2 t0=1"},
		{"ties by name", []uint64{5, 5, 7}, "t2=7 t0=5 t1=5"},
		{"twelve: the two smallest dropped", []uint64{1, 12, 2, 11, 3, 10, 4, 9, 5, 8, 6, 7}, "t1=12 t3=11 t5=10 t7=9 t9=8 t11=7 t10=6 t8=5 t6=4 t4=3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var top []profile.TableSize
			for i, b := range tt.sizes {
				top = keepLargest(top, profile.TableSize{Name: fmt.Sprintf("t%d", i), Bytes: b})
			}
			var got []string
			for _, ts := range top {
				got = append(got, fmt.Sprintf("%s=%d", ts.Name, ts.Bytes))
			}
			if s := strings.Join(got, " "); s != tt.want {
				t.Errorf("got %q, want %q", s, tt.want)
			}
		})
	}
}
