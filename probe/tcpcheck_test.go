package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/server"
)

// TestNamedUnreachableHostName: review r12, advise -h no-such-host.invalid
// said to check that a server listens on no-such-host.invalid:3450 (port,
// bind_address, firewall), though the name never resolved and nothing was
// connected to. A failed lookup now says to check the name; a refused or
// silent address still says to check the server and the firewall.
func TestNamedUnreachableHostName(t *testing.T) {
	cases := []struct {
		name, addr, tried string
		want, notWant     string
	}{
		{"no such host", "no-such-host.invalid:3450",
			"dial tcp: lookup no-such-host.invalid on 10.255.255.53:53: no such host",
			"that the host name no-such-host.invalid resolves (getent hosts no-such-host.invalid", "listens on"},
		{"DNS server failed", "db1.example:3306", "dial tcp: lookup db1.example: i/o timeout",
			"that the host name db1.example resolves", "listens on"},
		{"refused", "192.0.2.1:3450", "dial tcp 192.0.2.1:3450: connect: connection refused",
			"that a server listens on 192.0.2.1:3450 (port, bind_address, firewall)", "resolves"},
		{"no answer", "10.255.255.1:3450", "no answer within 5s",
			"that a server listens on 10.255.255.1:3450", "resolves"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn := server.Conn{Endpoints: []server.Endpoint{{Net: "tcp", Addr: c.addr}}}
			tried := "tcp " + c.addr + ": " + c.tried
			msg := namedUnreachable([]string{"-h", c.addr}, conn, &server.UnreachableError{Tried: []string{tried}}).Error()
			if !strings.Contains(msg, c.want) || strings.Contains(msg, c.notWant) {
				t.Errorf("%q: want %q, not %q", msg, c.want, c.notWant)
			}
		})
	}
}
