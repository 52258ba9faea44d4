package server

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadKeepsAReadOnlyInnoDBUp: MariaDB 10.11.19 started with
// innodb_read_only ON (or innodb_force_recovery = 6, which turns it on)
// died with signal 11 on mytune's SELECT from
// information_schema.INNODB_SYS_TABLESPACES (review r19). Reading such a
// server must leave it running, and say what was not asked.
func TestReadKeepsAReadOnlyInnoDBUp(t *testing.T) {
	cases := []struct{ name, option string }{
		{"innodb_read_only", "--innodb-read-only=ON"},
		{"innodb_force_recovery 6", "--innodb-force-recovery=6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := testmariadb.StartWith(t)
			srv.RestartWith(t, c.option)
			conn, err := ResolveConn(ConnOptions{User: testmariadb.FullUser, Password: testmariadb.FullPassword,
				PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(s.Unread, "\n"), "INNODB_SYS_TABLESPACES): not asked") || s.Tables < 2 {
				t.Errorf("tables %d, unread %v", s.Tables, s.Unread)
			}
			root, err := srv.Root()
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			if err := root.PingContext(t.Context()); err != nil {
				t.Fatalf("the server did not survive the read: %v", err)
			}
		})
	}
}
