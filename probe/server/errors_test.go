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

// TestAuthHint: review r58 on MariaDB 10.11.19. Error 1698 is a refused
// account that signs in without a password (unix_socket); 1045 over TCP
// that may have gone without TLS can be require_secure_transport=ON,
// which answers with a wrong password's error; over TLS or a socket a
// 1045 is the credentials.
func TestAuthHint(t *testing.T) {
	tcp, sock := Endpoint{"tcp", "127.0.0.1:3306"}, Endpoint{"unix", "/run/mysqld/mysqld.sock"}
	cases := []struct {
		name string
		n    uint16
		c    Conn
		ep   Endpoint
		want string
	}{
		{"1698 over the socket: unix_socket", erAccessDeniedNoPassword, Conn{}, sock, hintNoPassword},
		{"1698 over TCP: unix_socket", erAccessDeniedNoPassword, Conn{}, tcp, hintNoPassword},
		{"1045 over TCP, TLS preferred by default", erAccessDenied, Conn{}, tcp, hintSecureTransport},
		{"1045 over TCP, TLS off", erAccessDenied, Conn{SSLMode: SSLDisabled}, tcp, hintSecureTransport},
		{"1045 over TCP, a DSN's tls=preferred", erAccessDenied, Conn{TLS: "preferred"}, tcp, hintSecureTransport},
		{"1045 over TCP with TLS required: the credentials", erAccessDenied, Conn{SSLMode: SSLRequired}, tcp, ""},
		{"1045 over TCP, TLS verified: the credentials", erAccessDenied, Conn{SSLMode: SSLVerifyCA}, tcp, ""},
		{"1045 over TCP, a DSN's tls=true", erAccessDenied, Conn{TLS: "true"}, tcp, ""},
		{"1045 over the socket: the credentials", erAccessDenied, Conn{}, sock, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := authHint(c.n, c.c, c.ep); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestAuthErrorLines: the refusal is one line, two with a hint.
func TestAuthErrorLines(t *testing.T) {
	cases := []struct {
		name  string
		e     AuthError
		lines int
	}{
		{"no hint", AuthError{Account: "'a'@'h'"}, 1},
		{"hint", AuthError{Account: "'a'@'h'", Hint: hintSecureTransport}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if n := strings.Count(c.e.Error(), "\n") + 1; n != c.lines {
				t.Errorf("%d lines, want %d: %q", n, c.lines, c.e.Error())
			}
		})
	}
}
