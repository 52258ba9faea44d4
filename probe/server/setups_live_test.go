package server

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

// TestServerSetupsLive: review r58 on MariaDB 10.11.19. A global sql_mode
// of ORACLE (ANSI_QUOTES within it) has SHOW GRANTS quote names in double
// quotes, and the account's database grants and role were read as none;
// an account without PROCESS had the tablespace files left unread without
// a word; require_secure_transport=ON answered TCP without TLS with the
// 1045 of a wrong password, and a unix_socket account refused said only
// to check the password.
func TestServerSetupsLive(t *testing.T) {
	srv := testmariadb.Start(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, q := range []string{"CREATE ROLE r58loader", "CREATE USER 'r58app'@'localhost' IDENTIFIED BY 'pw-r58'",
		"GRANT SELECT, INSERT ON " + testmariadb.TestDatabase + ".* TO 'r58app'@'localhost'",
		"GRANT r58loader TO 'r58app'@'localhost'", "CREATE USER 'r58sock'@'localhost' IDENTIFIED VIA unix_socket",
		"SET GLOBAL sql_mode = 'ORACLE'", "SET GLOBAL require_secure_transport = ON"} {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Run("ORACLE sql_mode: database grants and role read", func(t *testing.T) {
		s := readAs(t, ConnOptions{Socket: srv.Socket, User: "r58app", Password: "pw-r58", PasswordGiven: true})
		want := profile.DatabaseGrant{Database: testmariadb.TestDatabase, Privileges: []string{"SELECT", "INSERT"}}
		if s.Account == nil || !slices.ContainsFunc(s.Account.Databases, func(g profile.DatabaseGrant) bool {
			return g.Database == want.Database && slices.Equal(g.Privileges, want.Privileges)
		}) || !slices.Contains(s.Account.Roles, "r58loader") {
			t.Errorf("account %+v, want %+v and role r58loader", s.Account, want)
		}
	})
	t.Run("no PROCESS: the tablespace files named unread", func(t *testing.T) {
		s := readAs(t, ConnOptions{Socket: srv.Socket, User: testmariadb.UsageUser, Password: testmariadb.UsagePassword, PasswordGiven: true})
		if got := strings.Join(s.Unread, "|"); !strings.Contains(got, filesUnread+": error 1227") {
			t.Errorf("unread %q lacks %q", got, filesUnread)
		}
	})
	for _, c := range []struct {
		name string
		o    ConnOptions
		hint string
	}{
		{"require_secure_transport over TCP without TLS", ConnOptions{Host: "127.0.0.1", Port: srv.Port, User: testmariadb.FullUser,
			Password: testmariadb.FullPassword, PasswordGiven: true}, hintSecureTransport},
		{"unix_socket account not the system user", ConnOptions{Socket: srv.Socket, User: "r58sock"}, hintNoPassword},
	} {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(c.o, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			_, err = Read(t.Context(), conn)
			var ae *AuthError
			if !errors.As(err, &ae) || ae.Hint != c.hint {
				t.Errorf("err %v, want an AuthError hinting %q", err, c.hint)
			}
		})
	}
}

// readAs reads the server as o's account, its grants asked for.
func readAs(t *testing.T, o ConnOptions) *profile.Server {
	t.Helper()
	conn, err := ResolveConn(o, envMap(nil), "")
	if err != nil {
		t.Fatal(err)
	}
	conn.RedoSample = redoSampleForTests
	conn.Ask.Grants = true
	s, err := Read(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
