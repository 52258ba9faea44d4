package server

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestSessionReadWaitsForUntil: the second redo reading waits for the
// caller's channel, so the sample spans the caller's work (the probe).
func TestSessionReadWaitsForUntil(t *testing.T) {
	srv := testmariadb.Shared(t)
	conn := fullConn(t, srv.Socket)
	sess, err := Dial(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := sess.Datadir(t.Context())
	if err != nil || filepath.Clean(dir) != filepath.Clean(srv.Datadir) {
		t.Errorf("Datadir = %q, %v; want %s", dir, err, srv.Datadir)
	}
	const work = 1500 * time.Millisecond
	until := make(chan struct{})
	start := time.Now()
	time.AfterFunc(work, func() { close(until) })
	s, err := sess.Read(t.Context(), until)
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el < work {
		t.Errorf("Read returned after %s, before the %s the caller worked", el, work)
	}
	if s.RedoRateBasis != BasisSampled {
		t.Errorf("redo basis %q, want %q", s.RedoRateBasis, BasisSampled)
	}
}

// TestDialUnreachable: no endpoint answering is an *UnreachableError that
// names each address and the driver's message.
func TestDialUnreachable(t *testing.T) {
	conn := Conn{Endpoints: []Endpoint{{"unix", "/nonexistent/mysqld.sock"}}, User: "u", ConnectTimeout: time.Second, QueryTimeout: time.Second}
	_, err := Dial(t.Context(), conn)
	var ue *UnreachableError
	if !errors.As(err, &ue) || len(ue.Tried) != 1 || !strings.Contains(ue.Tried[0], "unix /nonexistent/mysqld.sock: dial unix") {
		t.Fatalf("err = %v", err)
	}
	if _, err := Dial(t.Context(), Conn{}); !errors.As(err, &ue) || !strings.Contains(err.Error(), "no server address to try") {
		t.Fatalf("no endpoints: err = %v", err)
	}
}
