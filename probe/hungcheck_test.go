package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/server"
)

// TestNamedUnreachableNoGreeting: review r12, a MariaDB stopped with
// kill -STOP accepted the connection (TCP and its Unix socket) and sent no
// greeting; mytune said 'no answer within 5s' and to check that a server
// listens (port, bind_address, firewall), or that it runs and the path is
// its socket. An endpoint that accepted and stayed silent now has the
// server (or a proxy in between) checked; other failures are unchanged.
func TestNamedUnreachableNoGreeting(t *testing.T) {
	silent := server.NoGreeting + " within 5s: the server is hung"
	cases := []struct {
		name, net, addr, tried string
		want, notWant          string
	}{
		{"TCP, accepted and silent", "tcp", "127.0.0.1:3450", silent,
			"that the server at 127.0.0.1:3450 is not stopped or stalled", "listens on"},
		{"socket, accepted and silent", "unix", "/var/tmp/s.sock", silent,
			"that the server at /var/tmp/s.sock is not stopped or stalled", "is its socket"},
		{"TCP, nothing accepted", "tcp", "127.0.0.1:3450", "no answer within 5s",
			"that a server listens on 127.0.0.1:3450", "stalled"},
		{"socket, refused", "unix", "/var/tmp/s.sock", "dial unix /var/tmp/s.sock: connect: connection refused",
			"is its socket", "stalled"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn := server.Conn{Endpoints: []server.Endpoint{{Net: c.net, Addr: c.addr}}}
			tried := c.net + " " + c.addr + ": " + c.tried
			msg := namedUnreachable([]string{"-h", c.addr}, conn, &server.UnreachableError{Tried: []string{tried}}).Error()
			if !strings.Contains(msg, c.want) || strings.Contains(msg, c.notWant) {
				t.Errorf("%q: want %q, not %q", msg, c.want, c.notWant)
			}
		})
	}
}
