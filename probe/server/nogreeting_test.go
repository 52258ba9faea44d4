package server

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDialNoGreeting: review r12, a server stopped with kill -STOP accepts
// connections (the kernel's backlog) and never greets; Dial said only 'no
// answer within 5s'. It now says the connection was accepted and no
// greeting came, over TCP and a Unix socket.
func TestDialNoGreeting(t *testing.T) {
	cases := []struct{ name, net string }{
		{"TCP", "tcp"},
		{"Unix socket", "unix"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			addr := "127.0.0.1:0"
			if c.net == "unix" {
				addr = filepath.Join(t.TempDir(), "s.sock")
			}
			ln, err := net.Listen(c.net, addr)
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			go func() { // accept and say nothing, as a stopped server's backlog does
				for {
					conn, err := ln.Accept()
					if err != nil {
						return
					}
					defer conn.Close()
				}
			}()
			conn := Conn{Endpoints: []Endpoint{{Net: c.net, Addr: ln.Addr().String()}}, User: "u",
				ConnectTimeout: 500 * time.Millisecond, QueryTimeout: time.Second, SSLMode: SSLDisabled}
			_, err = Dial(t.Context(), conn)
			if err == nil || !strings.Contains(err.Error(), NoGreeting) {
				t.Errorf("Dial: %v, want %q", err, NoGreeting)
			}
		})
	}
}
