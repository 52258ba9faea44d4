package probe

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// ServerDial is the outcome of looking for a server before a probe: an
// open session, a server that did not answer (auto-discovery only), or
// neither (no server wanted).
type ServerDial struct {
	Session  *server.Session
	NotFound *profile.Server // the gap to record when discovery found no server
}

// Close closes a session that was not read.
func (d ServerDial) Close() {
	if d.Session != nil {
		_ = d.Session.Close()
	}
}

// DialServer connects to conn. named lists the settings by which the user
// named a server (-h, -P, -S, --dsn, --defaults-file, -u, -p): such a
// server that cannot be reached is an error, as with the mysql client; one
// that discovery does not find is a gap. Refused credentials are always an
// error (*server.AuthError).
func DialServer(ctx context.Context, conn server.Conn, named []string) (ServerDial, error) {
	sess, err := server.Dial(ctx, conn)
	var ue *server.UnreachableError
	switch {
	case err == nil:
		return ServerDial{Session: sess}, nil
	case errors.As(err, &ue):
		if len(named) > 0 {
			return ServerDial{}, namedUnreachable(named, conn, ue)
		}
		if len(conn.Endpoints) == 0 {
			return ServerDial{NotFound: server.NotReached(fmt.Errorf("no server looked for: %s is off and no server flag was given",
				server.DiscoveryEnv))}, nil
		}
		return ServerDial{NotFound: server.NotReached(ue)}, nil
	}
	var ae *server.AuthError
	if errors.As(err, &ae) {
		return ServerDial{}, ae
	}
	return ServerDial{}, fmt.Errorf("connecting to the server: %w", err)
}

// namedUnreachable is the error for a server the user named that did not
// answer: what was tried with the driver's message, then what to check.
func namedUnreachable(named []string, conn server.Conn, ue *server.UnreachableError) error {
	tried := strings.Join(ue.Tried, "; ")
	if tried == "" {
		tried = "no address to try"
	}
	var check []string
	tlsFailed := tlsFailure(tried)
	if tlsFailed {
		check = append(check, tlsCheck(tried))
	}
	for _, ep := range conn.Endpoints {
		if len(check) > 0 {
			break
		}
		if ep.Net == "unix" {
			check = append(check, socketCheck(ep.Addr, ue.Tried))
			break
		}
	}
	for _, ep := range conn.Endpoints {
		if ep.Net == "tcp" && !tlsFailed {
			check = append(check, tcpCheck(ep.Addr, ue.Tried))
			break
		}
	}
	if len(check) == 0 {
		check = append(check, "the server's address: give -S SOCKET or -h HOST ("+server.DiscoveryEnv+
			" is off, so the usual sockets and 127.0.0.1:3306 are not tried)")
	}
	return fmt.Errorf("cannot connect to the server named by %s: %s\ncheck %s; or give --no-server to advise without a server",
		strings.Join(named, " "), tried, strings.Join(check, ", and "))
}

// tlsFailure reports whether tried says the TLS handshake or the check
// of the server's certificate failed: Go's TLS errors say "tls", a chain
// mytune checks itself (VERIFY_CA) only "x509" (review r58: "x509:
// certificate signed by unknown authority" was told to check that a
// server listens on the port it had answered on).
func tlsFailure(tried string) bool {
	low := strings.ToLower(tried)
	return strings.Contains(low, "tls") || strings.Contains(low, "x509")
}

// tlsCheck is what to check when the TLS asked for failed: a certificate
// of a CA this machine does not trust wants that CA, anything else the
// mode or the server's TLS.
func tlsCheck(tried string) string {
	if strings.Contains(tried, "x509: certificate signed by unknown authority") {
		return "the TLS settings: the server's certificate is signed by a CA this machine does not trust: give " +
			"--ssl-ca CA.pem (the CA that signed it, the server's ssl_ca), or --ssl-mode REQUIRED to encrypt without checking it"
	}
	return "the TLS settings: the server answered but the TLS the connection asked for failed " +
		"(--ssl-mode: PREFERRED connects without TLS when the server has none; REQUIRED and VERIFY_* need the server's TLS set up)"
}

// socketCheck is what to check of a socket the server did not answer on:
// one this user may not open (connect: permission denied; the socket's
// directory, /run/mysqld, often lets only the mysql group in) is there and
// its server may well run.
func socketCheck(addr string, tried []string) string {
	if len(addr) > maxSocketPath {
		return longSocketCheck(addr)
	}
	if c, ok := hungCheck("unix "+addr, tried); ok {
		return c
	}
	for _, t := range tried {
		if !strings.HasPrefix(t, "unix "+addr+":") || !strings.Contains(strings.ToLower(t), "permission denied") {
			continue
		}
		return "that this user may open " + addr + ": it or a directory above it lets only the server's user or group " +
			"in (ls -ld " + shellquote.Word(filepath.Dir(addr)) + "): run mytune as a member of that group (often mysql) or root, " +
			"or connect over TCP (-h 127.0.0.1 -P PORT)"
	}
	return "that the server runs and " + addr + " is its socket (SELECT @@socket)"
}

// tcpCheck is what to check of a TCP address nothing answered on: a host
// name that did not resolve (Go's "dial tcp: lookup NAME ...": no such
// host, a DNS server that failed or timed out) was never connected to,
// and port, bind_address and firewall are beside the point (review r12:
// -h no-such-host.invalid said to check that a server listens there).
func tcpCheck(addr string, tried []string) string {
	if c, ok := hungCheck("tcp "+addr, tried); ok {
		return c
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	for _, t := range tried {
		if strings.HasPrefix(t, "tcp "+addr+":") && strings.Contains(t, "lookup "+host) {
			return "that the host name " + host + " resolves (getent hosts " + shellquote.Word(host) +
				"; DNS, /etc/hosts): its lookup failed, so no connection was tried"
		}
	}
	return "that a server listens on " + addr + " (port, bind_address, firewall)"
}

// hungCheck is what to check of endpoint ep ("tcp ADDR", "unix PATH")
// that accepted the connection and sent no greeting (server.NoGreeting):
// the server, not the address; ok is false for any other failure.
func hungCheck(ep string, tried []string) (string, bool) {
	for _, t := range tried {
		if strings.HasPrefix(t, ep+":") && strings.Contains(t, server.NoGreeting) {
			return "that the server at " + strings.TrimPrefix(strings.TrimPrefix(ep, "tcp "), "unix ") +
				" is not stopped or stalled (its error log; its process state, ps -o pid,stat,cmd -C mariadbd,mysqld: " +
				"T is stopped; its host's load and memory), and that a proxy or load balancer in between reaches it", true
		}
	}
	return "", false
}

// pendingRead is a server read running beside the probe.
type pendingRead struct {
	done    chan struct{}
	sampled chan struct{} // closed once the redo sample is over
	cancel  context.CancelFunc
	srv     *profile.Server
	err     error
}

// startRead reads the session in the background; its second redo reading
// waits for until to close (the disk measurement is about to start).
func startRead(ctx context.Context, sess *server.Session, until <-chan struct{}) *pendingRead {
	rctx, cancel := context.WithCancel(ctx)
	p := &pendingRead{done: make(chan struct{}), sampled: make(chan struct{}), cancel: cancel}
	var once sync.Once
	go func() {
		defer close(p.done)
		p.srv, p.err = sess.ReadSampled(rctx, until, func() { once.Do(func() { close(p.sampled) }) })
	}()
	return p
}

// holdDisk returns once the read's redo sample is over (or the read
// ended, or ctx is done), and at the latest after most: a read still
// listing a large server's tables does not hold the disk measurement
// longer than that.
func (p *pendingRead) holdDisk(ctx context.Context, most time.Duration) {
	t := time.NewTimer(most)
	defer t.Stop()
	select {
	case <-p.sampled:
	case <-p.done:
	case <-ctx.Done():
	case <-t.C:
	}
}

// wait returns the read's result; abort cancels it first (the probe failed).
func (p *pendingRead) wait(abort bool) (*profile.Server, error) {
	if abort {
		p.cancel()
	}
	<-p.done
	p.cancel()
	if p.err != nil {
		return nil, fmt.Errorf("reading the server: %w", p.err)
	}
	return p.srv, nil
}
