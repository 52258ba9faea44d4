package server

import (
	"context"
	"fmt"
	"net"
	"time"
)

// NoGreeting is the text of a connect error whose address accepted the
// connection, yet no server greeting came within the connect timeout.
const NoGreeting = "the connection was accepted but no server greeting came"

// greetingCheck is the most silentDial waits for a plain connection.
const greetingCheck = time.Second

// silentDial is the error for an endpoint that gave no answer within
// limit: it dials ep once more, without speaking, to tell an address where
// nothing accepts the connection (a host that drops packets, a firewall)
// from one that accepts it and says nothing: a server stopped with
// SIGSTOP, swapping or out of threads, or a proxy, load balancer or
// network filter that accepts for a server it does not reach (this
// project's sandbox accepts every TCP connection, 10.255.255.1:3450 too). Review r12: a MariaDB stopped with kill -STOP
// was reported as 'no answer within 5s' and the check to make was that a
// server listens (port, bind_address, firewall).
func silentDial(ctx context.Context, ep Endpoint, limit time.Duration) error {
	d := net.Dialer{Timeout: min(limit, greetingCheck)}
	conn, err := d.DialContext(ctx, ep.Net, ep.Addr)
	if err != nil {
		return fmt.Errorf("no answer within %s", limit)
	}
	conn.Close()
	return fmt.Errorf("%s within %s: the server is hung (a stopped or swapping process) or overloaded, or what accepted "+
		"it is a proxy, load balancer or network filter in front of it that reaches no server", NoGreeting, limit)
}
