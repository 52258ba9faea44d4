package server

import (
	"fmt"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestIPv6Host: -h with an IPv6 literal, bare or in brackets, dials that
// address at -P and reads the server listening there (review r11: -h
// '[::1]' -P 3440 was dialled as "[[::1]]:3440", then "[[[::1]]:3440]:3306").
func TestIPv6Host(t *testing.T) {
	srv := testmariadb.StartWith(t, "--bind-address=::1")
	cases := []struct{ name, host, addr string }{
		{"bare", "::1", "[::1]"},
		{"in brackets", "[::1]", "[::1]"},
		{"a name stays", "localhost6", "localhost6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(ConnOptions{Host: c.host, Port: srv.Port, User: testmariadb.FullUser,
				Password: testmariadb.FullPassword, PasswordGiven: true}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("%s:%d", c.addr, srv.Port)
			if len(conn.Endpoints) != 1 || conn.Endpoints[0].Addr != want {
				t.Fatalf("endpoints %v, want tcp %s", conn.Endpoints, want)
			}
			if c.addr != "[::1]" {
				return
			}
			conn.RedoSample = redoSampleForTests
			s, err := Read(t.Context(), conn)
			if err != nil || !s.Reachable {
				t.Errorf("reading the server at %s: %v", c.host, err)
			}
		})
	}
}
