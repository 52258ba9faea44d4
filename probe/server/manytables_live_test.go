package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestManyTablesLive: on a real server with more tables than
// table_open_cache (review r55's 50k-table server, scaled down: 40 tables,
// a cache of 10), an account that may read mysql.innodb_table_stats gets
// the InnoDB sizes from it without opening each table; one that may not
// gets them the old way, and the read says why that empties the cache.
func TestManyTablesLive(t *testing.T) {
	srv := testmariadb.StartWith(t, "--table-open-cache=10")
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	qs := []string{"CREATE DATABASE many", "CREATE USER 'manyfull'@'localhost' IDENTIFIED BY 'pwm1'",
		"GRANT SELECT, PROCESS, REPLICATION CLIENT ON *.* TO 'manyfull'@'localhost'",
		"CREATE USER 'manyone'@'localhost' IDENTIFIED BY 'pwm2'", "GRANT SELECT ON many.* TO 'manyone'@'localhost'"}
	for i := range 40 {
		qs = append(qs, fmt.Sprintf("CREATE TABLE many.t%02d (id INT PRIMARY KEY, v VARCHAR(100)) ENGINE=InnoDB", i))
	}
	for _, q := range qs {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct {
		name, user, pw, from, unread string
	}{
		{"may read the statistics: sized from them", "manyfull", "pwm1", TableSizesFromStats, ""},
		{"may not: every table opened, and said", "manyone", "pwm2", "", "give the account SELECT on mysql.innodb_table_stats"},
	} {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(ConnOptions{User: c.user, Password: c.pw, PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatal(err)
			}
			if s.TableSizesFrom != c.from {
				t.Errorf("table sizes from %q, want %q", s.TableSizesFrom, c.from)
			}
			if u, found, _ := s.Schema("many"); !found || u.Tables != 40 {
				t.Errorf("schema many: %+v found %v, want 40 tables", u, found)
			}
			if got := strings.Join(s.Unread, "|"); c.unread != "" && !strings.Contains(got, c.unread) {
				t.Errorf("unread %q lacks %q", got, c.unread)
			}
		})
	}
}
