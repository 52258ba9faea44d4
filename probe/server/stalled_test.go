package server

import (
	"bytes"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// stallProxy forwards TCP connections to a Unix socket until a client
// sends a packet holding trigger; from then on it forwards nothing, on
// any connection, old or new: a server that hangs mid-read.
type stallProxy struct {
	ln      net.Listener
	target  string
	trigger []byte
	stalled atomic.Bool
	mu      sync.Mutex
	conns   []net.Conn
}

func newStallProxy(t *testing.T, socket, trigger string) *stallProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &stallProxy{ln: ln, target: socket, trigger: []byte(trigger)}
	go p.serve()
	t.Cleanup(p.close)
	return p
}

func (p *stallProxy) port() int { return p.ln.Addr().(*net.TCPAddr).Port }

func (p *stallProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		u, err := net.Dial("unix", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, u)
		p.mu.Unlock()
		go p.pipe(c, u, true)
		go p.pipe(u, c, false)
	}
}

// pipe copies from a to b until the stall; up is the client's direction,
// where the trigger is looked for.
func (p *stallProxy) pipe(a, b net.Conn, up bool) {
	buf := make([]byte, 64<<10)
	for {
		n, err := a.Read(buf)
		if n > 0 && up && bytes.Contains(buf[:n], p.trigger) {
			p.stalled.Store(true)
		}
		if p.stalled.Load() {
			_, _ = io.Copy(io.Discard, a) // swallow until closed: no answer, ever
			return
		}
		if n > 0 {
			if _, werr := b.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *stallProxy) close() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}

// TestReadServerHangsMidRead: a server that stops answering part way
// through the read (SIGSTOP, a dead proxy) costs one query's time limit
// and one short check, not every later query's limit in turn, and the
// queries after it say they were not tried and why (review r12: with the
// server hung at SHOW GLOBAL STATUS, advise --duration 4s took 65 s).
func TestReadServerHangsMidRead(t *testing.T) {
	const limit = time.Second
	cases := []struct {
		name, trigger string
		notTried      string // an Unread entry that must say "not tried"
	}{
		{"hung at SHOW GLOBAL STATUS", "SHOW GLOBAL STATUS", "table sizes"},
		{"hung at the replication status", "SHOW ALL SLAVES STATUS", "second redo reading"},
	}
	srv := testmariadb.Shared(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newStallProxy(t, srv.Socket, c.trigger)
			conn, err := ResolveConn(ConnOptions{Host: "127.0.0.1", Port: p.port(), User: testmariadb.FullUser,
				Password: testmariadb.FullPassword, PasswordGiven: true, SSLMode: SSLDisabled,
				ConnectTimeout: limit, QueryTimeout: limit}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			start := time.Now()
			s, err := Read(t.Context(), conn)
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if !p.stalled.Load() {
				t.Fatalf("the read never sent %q", c.trigger)
			}
			if budget := 3*limit + 2*time.Second; took > budget {
				t.Errorf("Read took %v with the server hung, want under %v (one query's limit and one check)", took, budget)
			}
			all := strings.Join(s.Unread, "\n")
			if !strings.Contains(all, "not tried: the server gave no answer to") || !notTried(s.Unread, c.notTried) {
				t.Errorf("unread:\n%s\nwant %q not tried, and why: the server gave no answer", all, c.notTried)
			}
		})
	}
}

// notTried is true when an entry of unread names what and says it was not tried.
func notTried(unread []string, what string) bool {
	for _, u := range unread {
		if strings.Contains(u, what) && strings.Contains(u, "not tried") {
			return true
		}
	}
	return false
}
