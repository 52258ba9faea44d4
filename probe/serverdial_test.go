package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/server"
)

// TestNamedUnreachableSocket: review r10, as user dbard (not in group
// mysql), -S on a live server's socket in a 0750 mysql directory failed
// with 'connect: permission denied' and 'check that the server runs and
// … is its socket': the server ran, and that was its socket. A socket
// this user may not open now says so and what to do; one that is not
// there still says to check that the server runs.
func TestNamedUnreachableSocket(t *testing.T) {
	const sock = "/var/tmp/scr-rd/db/run/m.sock"
	cases := []struct {
		name    string
		tried   string
		want    []string
		notWant string
	}{
		{"permission denied", "unix " + sock + ": dial unix " + sock + ": connect: permission denied",
			[]string{"that this user may open " + sock, "ls -ld /var/tmp/scr-rd/db/run", "group (often mysql) or root", "-h 127.0.0.1"},
			"that the server runs"},
		{"no such file", "unix " + sock + ": dial unix " + sock + ": connect: no such file or directory",
			[]string{"that the server runs and " + sock + " is its socket"}, "may open"},
		{"connection refused", "unix " + sock + ": dial unix " + sock + ": connect: connection refused",
			[]string{"that the server runs"}, "may open"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn := server.Conn{Endpoints: []server.Endpoint{{Net: "unix", Addr: sock}}}
			err := namedUnreachable([]string{"-S", sock}, conn, &server.UnreachableError{Tried: []string{c.tried}})
			msg := err.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
			if strings.Contains(msg, c.notWant) {
				t.Errorf("%q says %q", msg, c.notWant)
			}
		})
	}
}

// TestNamedUnreachableTLS: review r58, --ssl-mode VERIFY_CA without
// --ssl-ca against a server whose certificate a private CA signed failed
// with "x509: certificate signed by unknown authority" and was told to
// check that a server listens on the port that had answered.
func TestNamedUnreachableTLS(t *testing.T) {
	const addr = "127.0.0.1:5051"
	cases := []struct {
		name, tried string
		want        []string
		notWant     string
	}{
		{"VERIFY_CA, CA unknown", "tcp " + addr + ": x509: certificate signed by unknown authority",
			[]string{"--ssl-ca CA.pem", "--ssl-mode REQUIRED"}, "listens on"},
		{"VERIFY_IDENTITY, no IP SAN", "tcp " + addr + ": tls: failed to verify certificate: x509: cannot validate certificate " +
			"for 127.0.0.1 because it doesn't contain any IP SANs", []string{"the TLS the connection asked for failed"}, "listens on"},
		{"REQUIRED, server without TLS", "tcp " + addr + ": TLS requested but server does not support TLS",
			[]string{"REQUIRED and VERIFY_* need the server's TLS set up"}, "listens on"},
		{"refused: not TLS", "tcp " + addr + ": dial tcp " + addr + ": connect: connection refused",
			[]string{"that a server listens on " + addr}, "TLS settings"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn := server.Conn{Endpoints: []server.Endpoint{{Net: "tcp", Addr: addr}}}
			msg := namedUnreachable([]string{"-h", "127.0.0.1"}, conn, &server.UnreachableError{Tried: []string{c.tried}}).Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
			if strings.Contains(msg, c.notWant) {
				t.Errorf("%q says %q", msg, c.notWant)
			}
		})
	}
}
