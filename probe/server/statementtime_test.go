package server

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/internal/testmariadb"
)

func TestStatementBounded(t *testing.T) {
	interrupted := &mysql.MySQLError{Number: erStatementTimeout, Message: "Query execution was interrupted (max_statement_time exceeded)"}
	tests := []struct {
		name  string
		q     query
		err   error
		want  query
		retry bool
	}{
		{"variables interrupted", qVariables, interrupted, qVariablesBounded, true},
		{"status interrupted", qStatus, interrupted, qStatusBounded, true},
		{"version interrupted", qVersion, interrupted, qVersionBounded, true},
		{"redo reading interrupted", qRedo, interrupted, qRedoBounded, true},
		{"wrapped", qVariables, fmt.Errorf("reading: %w", interrupted), qVariablesBounded, true},
		{"no bounded variant", qDatadir, interrupted, qDatadir, false},
		{"another server error", qVariables, &mysql.MySQLError{Number: 1227, Message: "Access denied"}, qVariables, false},
		{"not a server error", qVariables, errors.New("invalid connection"), qVariables, false},
		{"no error", qVariables, nil, qVariables, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, retry := statementBounded(tc.q, tc.err)
			if got != tc.want || retry != tc.retry {
				t.Errorf("statementBounded(%q) = %q, %v; want %q, %v", tc.q, got, retry, tc.want, tc.retry)
			}
		})
	}
}

// TestReadUnderTinyMaxStatementTime: an account whose max_statement_time
// interrupts SHOW GLOBAL VARIABLES (review r7: SET GLOBAL
// max_statement_time=0.001 stopped advise with "the server answered, then
// stopped answering") is read in full.
func TestReadUnderTinyMaxStatementTime(t *testing.T) {
	srv := testmariadb.Shared(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	tests := []struct{ name, limit string }{{"100 µs", "0.0001"}, {"1 ms", "0.001"}, {"none", "0"}}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			user := fmt.Sprintf("mst%d", i)
			if _, err := root.Exec(fmt.Sprintf("CREATE OR REPLACE USER %s@'localhost' IDENTIFIED BY 'pw-mst' WITH MAX_STATEMENT_TIME %s", user, tc.limit)); err != nil {
				t.Fatal(err)
			}
			defer root.Exec("DROP USER IF EXISTS " + user + "@'localhost'")
			conn, err := ResolveConn(ConnOptions{User: user, Password: "pw-mst", PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			unread := strings.Join(s.Unread, "|")
			if s.Version == "" || s.Variables["innodb_buffer_pool_size"] == "" || s.Status["uptime"] == "" || strings.Contains(unread, "GLOBAL") ||
				strings.Contains(unread, "redo") {
				t.Errorf("version %q, pool %q, uptime %q, unread %q", s.Version, s.Variables["innodb_buffer_pool_size"], s.Status["uptime"], unread)
			}
		})
	}
}
