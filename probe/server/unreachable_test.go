package server

import (
	"strings"
	"testing"
)

// TestUnreachableErrorAdvice: what the gap says to do fits why nothing
// answered (review: with ~/.my.cnf naming a running server without TLS,
// advise --ssl-mode REQUIRED listed "TLS requested but server does not
// support TLS: start the server or give --host/--port/--socket", though the
// server ran and its address was right).
func TestUnreachableErrorAdvice(t *testing.T) {
	cases := []struct {
		name      string
		tried     []string
		want, not string
	}{
		{"nothing listens", []string{"tcp 127.0.0.1:3306: dial tcp 127.0.0.1:3306: connect: connection refused"},
			"start the server or give --host/--port/--socket", "TLS"},
		{"server without TLS", []string{"tcp 127.0.0.1:34160: TLS requested but server does not support TLS"},
			"--ssl-mode PREFERRED", "start the server"},
		{"certificate refused", []string{"tcp db1:3306: tls: failed to verify certificate: x509: certificate signed by unknown authority"},
			"--ssl-ca", "start the server"},
		{"no address", nil, "give --host/--port or --socket", "TLS"},
		// review r10: as user dbard, MYSQL_UNIX_PORT named a live server's socket in a mysql 0750 directory
		{"socket this user may not open", []string{"tcp 127.0.0.1:3306: dial tcp 127.0.0.1:3306: connect: connection refused",
			"unix /var/tmp/scr-rd/db/run/m.sock: dial unix /var/tmp/scr-rd/db/run/m.sock: connect: permission denied"},
			"the socket /var/tmp/scr-rd/db/run/m.sock is there but this user may not open it", "start the server"},
		{"socket missing", []string{"unix /run/mysqld/mysqld.sock: dial unix /run/mysqld/mysqld.sock: connect: no such file or directory"},
			"start the server", "may not open"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := (&UnreachableError{Tried: c.tried}).Error()
			if !strings.Contains(got, c.want) || strings.Contains(got, c.not) && !strings.Contains(strings.Join(c.tried, ""), c.not) {
				t.Errorf("got %q, want %q and not %q", got, c.want, c.not)
			}
		})
	}
}
