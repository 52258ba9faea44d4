package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadUnderMaxUserConnections: an account limited to one or two
// connections is read in full (review r7: with MAX_USER_CONNECTIONS 1 the
// table sizes were cut at 10 s and reported as "within the read timeout
// (35 s)", and the largest tables, the backtick names, the replication
// status and the second redo reading all failed with error 1226).
func TestReadUnderMaxUserConnections(t *testing.T) {
	srv := testmariadb.Shared(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, limit := range []int{1, 2, 0} {
		t.Run(fmt.Sprintf("MAX_USER_CONNECTIONS %d", limit), func(t *testing.T) {
			user := fmt.Sprintf("muc%d", limit)
			for _, q := range []string{
				fmt.Sprintf("CREATE OR REPLACE USER %s@'localhost' IDENTIFIED BY 'pw-muc' WITH MAX_USER_CONNECTIONS %d", user, limit),
				fmt.Sprintf("GRANT SELECT, PROCESS, SLAVE MONITOR ON *.* TO %s@'localhost'", user)} {
				if _, err := root.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			defer root.Exec("DROP USER IF EXISTS " + user + "@'localhost'")
			conn, err := ResolveConn(ConnOptions{User: user, Password: "pw-muc", PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if u := strings.Join(s.Unread, "|"); u != "" || s.Tables == 0 || s.SystemTables == nil || len(s.LargestTables) == 0 {
				t.Errorf("unread %q, tables %d, system tables seen %v, largest %d", u, s.Tables, s.SystemTables, len(s.LargestTables))
			}
		})
	}
}
