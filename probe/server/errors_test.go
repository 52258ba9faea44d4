package server

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// TestUnreadReason: a connection the driver gave up on says the server
// stopped answering within the read timeout and what to check (QA: a
// server that hung mid-run left "SHOW GLOBAL STATUS: invalid connection").
func TestUnreadReason(t *testing.T) {
	cases := []struct {
		name    string
		err     error
		want    string
		wantNot string
	}{
		{"read timed out (driver's ErrInvalidConn)", mysql.ErrInvalidConn,
			"the server stopped answering within the read timeout (10 s)", "invalid connection"},
		{"wrapped", fmt.Errorf("SHOW GLOBAL STATUS: %w", mysql.ErrInvalidConn), "check that it is up and not stalled", "invalid connection"},
		{"database/sql's bad connection", driver.ErrBadConn, "stopped answering", "bad connection"},
		{"server error: as the server says", &mysql.MySQLError{Number: 1227, Message: "Access denied"}, "error 1227: Access denied", ""},
		{"query time limit", context.DeadlineExceeded, "no answer within its time limit", ""},
		{"anything else: its text", errors.New("boom"), "boom", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := unreadReason(c.err, 10*time.Second)
			if !strings.Contains(got, c.want) || c.wantNot != "" && strings.Contains(got, c.wantNot) {
				t.Errorf("got %q, want it to say %q and not %q", got, c.want, c.wantNot)
			}
		})
	}
}
