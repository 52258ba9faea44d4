package server

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadPerfSchema: with the performance schema on, the server's read
// holds its memory (SHOW ENGINE PERFORMANCE_SCHEMA STATUS); an account
// without PROCESS gets a gap that says so; with it off nothing is asked.
func TestReadPerfSchema(t *testing.T) {
	cases := []struct {
		name      string
		on        bool
		limited   bool // an account without PROCESS
		wantBytes bool
		unread    string // in Unread ("" none about it)
	}{
		{"on, full account: its memory read", true, false, true, ""},
		{"on, no PROCESS: a gap naming it", true, true, false, "needs PROCESS"},
		{"off: not asked", false, false, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := testmariadb.StartWith(t, map[bool]string{true: "--performance-schema=ON", false: "--performance-schema=OFF"}[c.on])
			conn := fullConn(t, srv.Socket)
			if c.limited {
				root, err := srv.Root()
				if err != nil {
					t.Fatal(err)
				}
				defer root.Close()
				for _, q := range []string{"CREATE USER 'ps_lim'@'localhost' IDENTIFIED BY 'pw2'", "GRANT SELECT ON mysql.* TO 'ps_lim'@'localhost'"} {
					if _, err := root.Exec(q); err != nil {
						t.Fatalf("%s: %v", q, err)
					}
				}
				if conn, err = ResolveConn(ConnOptions{User: "ps_lim", Password: "pw2", PasswordGiven: true, Socket: srv.Socket}, envMap(nil), ""); err != nil {
					t.Fatal(err)
				}
				conn.RedoSample = redoSampleForTests
			}
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatal(err)
			}
			if (s.PerfSchemaBytes > 0) != c.wantBytes {
				t.Errorf("performance schema bytes %d, want them read: %v", s.PerfSchemaBytes, c.wantBytes)
			}
			var got string
			for _, u := range s.Unread {
				if strings.Contains(u, "performance schema") {
					got = u
				}
			}
			if (got == "") != (c.unread == "") || !strings.Contains(got, c.unread) {
				t.Errorf("unread %q, want %q in a line about the performance schema", s.Unread, c.unread)
			}
		})
	}
}
