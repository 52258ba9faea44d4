package server

import (
	"database/sql"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

// TestConnectedReplicasVisibility: on MySQL the connected replicas are the
// Binlog Dump threads of information_schema.PROCESSLIST, which an account
// without PROCESS does not see (review r7): there 0 is "not known", not
// "none", unless the account sees another user's session. The query is
// the MySQL branch's, run on MariaDB, whose PROCESSLIST hides other users'
// sessions from such an account in the same way.
func TestConnectedReplicasVisibility(t *testing.T) {
	srv := testmariadb.Start(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, q := range []string{"CREATE USER 'noproc'@'%' IDENTIFIED BY 'pw3'", "CREATE USER 'other'@'%' IDENTIFIED BY 'pw4'"} {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	open := func(user, pass string) *sql.DB {
		db, err := sql.Open("mysql", srv.DSN(user, pass))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	other := open("other", "pw4")
	held, err := other.Conn(t.Context()) // another user's session, open throughout
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	cases := []struct {
		name      string
		db        *sql.DB
		wantKnown bool
	}{
		{"no PROCESS: another user's session unseen, 0 dumps not known", open("noproc", "pw3"), false},
		{"root (PROCESS): another user's session seen, 0 dumps known", root, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &reader{db: c.db, c: Conn{QueryTimeout: 5 * time.Second}, s: &profile.Server{Flavor: profile.FlavorMySQL}}
			n, known := r.connectedReplicas(t.Context())
			if n != 0 || known != c.wantKnown {
				t.Errorf("connected replicas %d, known %v; want 0, %v", n, known, c.wantKnown)
			}
		})
	}
}
