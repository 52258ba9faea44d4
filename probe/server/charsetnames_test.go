package server

import (
	"maps"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestCharsetNamesLive asks the test MariaDB (10.11 in CI) about names a
// dump from another server names: MySQL 8's utf8mb4_0900_ai_ci and
// gb18030 are unknown to it (ERROR 1273, 1115 on 10.11.19, 2026-12-07),
// its own uca1400 collations and utf8mb3 known; a name that is not a full
// collation name (uca1400_ai_ci: no character set before its first
// underscore) is not answered for, nor is one unsafe to write in a query.
func TestCharsetNamesLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	conn := fullConn(t, srv.Socket)
	conn.Ask = NamesAsked{Charsets: []string{"utf8mb4", "utf8mb3", "gb18030", "latin1; DROP"},
		Collations: []string{"utf8mb4_0900_ai_ci", "utf8mb4_uca1400_ai_ci", "latin1_bin", "uca1400_ai_ci", "utf8mb4_general_ci"}}
	s, err := Read(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		got, want map[string]bool
	}{
		{"charsets", s.CharsetsKnown, map[string]bool{"utf8mb4": true, "utf8mb3": true, "gb18030": false}},
		{"collations", s.CollationsKnown, map[string]bool{"utf8mb4_0900_ai_ci": false, "utf8mb4_uca1400_ai_ci": true,
			"latin1_bin": true, "utf8mb4_general_ci": true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !maps.Equal(c.got, c.want) {
				t.Errorf("got %v, want %v (unread %q)", c.got, c.want, s.Unread)
			}
		})
	}
	if len(s.Unread) > 0 {
		t.Errorf("unread: %q", s.Unread)
	}
}

// TestCharsetNamesNotAsked: without a dump the server is asked nothing.
func TestCharsetNamesNotAsked(t *testing.T) {
	srv := testmariadb.Shared(t)
	s, err := Read(t.Context(), fullConn(t, srv.Socket))
	if err != nil {
		t.Fatal(err)
	}
	if s.CharsetsKnown != nil || s.CollationsKnown != nil {
		t.Errorf("asked without names: %v %v", s.CharsetsKnown, s.CollationsKnown)
	}
}

// TestDefinersLive: the test server's mysql.user holds root@localhost and
// not a made-up account; an account without SELECT on mysql.user records
// one gap and no answer.
func TestDefinersLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	cases := []struct {
		name   string
		user   string
		pass   string
		want   map[string]bool
		unread bool
	}{
		{"full account", testmariadb.FullUser, testmariadb.FullPassword, map[string]bool{"root@localhost": true, "nobody_r52@%": false}, false},
		{"usage account", testmariadb.UsageUser, testmariadb.UsagePassword, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(ConnOptions{User: c.user, Password: c.pass, PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			conn.Ask = NamesAsked{Definers: []string{"root@localhost", "nobody_r52@%"}}
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(s.DefinersKnown, c.want) {
				t.Errorf("got %v, want %v", s.DefinersKnown, c.want)
			}
			if got := strings.Contains(strings.Join(s.Unread, "|"), "definers"); got != c.unread {
				t.Errorf("unread about definers %v, want %v: %q", got, c.unread, s.Unread)
			}
		})
	}
}
