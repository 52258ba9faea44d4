package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
)

// startGaleraNode starts a one-node Galera cluster (its group port one
// the kernel picks); without the Galera library the test is skipped, or
// fails where a missing server must (testmariadb.RequireEnv, as in CI).
func startGaleraNode(t *testing.T) *testmariadb.Server {
	t.Helper()
	provider := testmariadb.GaleraProvider()
	if provider == "" {
		if os.Getenv(testmariadb.RequireEnv) == "1" {
			t.Fatal("no Galera library (galera-4) installed, and " + testmariadb.RequireEnv + "=1: install galera-4 (scripts/install-deps.sh does)")
		}
		t.Skip("no Galera library (galera-4) installed")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return testmariadb.StartWith(t, "--wsrep-on=ON", "--wsrep-provider="+provider, "--wsrep-cluster-address=gcomm://",
		"--wsrep-new-cluster", "--binlog-format=ROW", "--innodb-autoinc-lock-mode=2", "--wsrep-node-address=127.0.0.1",
		"--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:"+strconv.Itoa(port))
}

// replicatedBytes is the node's wsrep_replicated_bytes: what it sent to the cluster.
func replicatedBytes(t *testing.T, db *sql.DB) int64 {
	t.Helper()
	var name string
	var n int64
	if err := db.QueryRowContext(t.Context(), "SHOW GLOBAL STATUS LIKE 'wsrep_replicated_bytes'").Scan(&name, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestOpenOnAGaleraNode: sql_log_bin=0 does not stop Galera replication
// (QA on MariaDB 10.11: a calibrate --dump run on a Galera node raised its
// wsrep_replicated_bytes by 160 MB, the scratch load sent to every node).
// Calibrate's sessions now turn wsrep_on off; an account that may not is
// refused unless --allow-binlog, and then the note says so; with wsrep_on
// off the note says the rates leave the cluster out (review r46).
func TestOpenOnAGaleraNode(t *testing.T) {
	srv := startGaleraNode(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, host := range []string{"%", "localhost"} {
		acc := "mytune_nosuper@'" + host + "'"
		for _, q := range []string{"CREATE USER " + acc + " IDENTIFIED BY 'ns'", "GRANT ALL ON `mytune_cal_galera`.* TO " + acc} {
			if _, err := root.ExecContext(t.Context(), q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	cases := []struct {
		name, dsn  string
		allow      bool
		wantUsage  bool
		replicates bool
	}{
		{"root: wsrep_on off, nothing replicated", "root@unix(" + srv.Socket + ")/", false, false, false},
		{"no SUPER: refused", srv.DSN("mytune_nosuper", "ns"), false, true, false},
		{"no SUPER, --allow-binlog: replicated, said", srv.DSN("mytune_nosuper", "ns"), true, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := server.ResolveConn(server.ConnOptions{DSN: c.dsn}, func(string) string { return "" }, "")
			if err != nil {
				t.Fatal(err)
			}
			before := replicatedBytes(t, root)
			db, note, err := Open(t.Context(), conn, OpenOptions{AllowBinlog: c.allow})
			if c.wantUsage {
				if !errors.Is(err, ErrClusterRefused) || !usage.Is(err) {
					t.Fatalf("got %v, want a usage error wrapping ErrClusterRefused", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := Run(context.Background(), db, shortRun("mytune_cal_galera")); err != nil {
				t.Fatal(err)
			}
			sent := replicatedBytes(t, root) - before
			if replicated := sent > 0; replicated != c.replicates {
				t.Errorf("the run sent %d bytes to the cluster, want replicated=%v", sent, c.replicates)
			}
			if said := strings.Contains(note, "replicated to every node"); said != c.replicates {
				t.Errorf("note %q: want it to say the writes were replicated: %v", note, c.replicates)
			}
			if said := strings.Contains(note, "the rates leave out"); said == c.replicates {
				t.Errorf("note %q: want it to say the rates leave the cluster out: %v", note, !c.replicates)
			}
		})
	}
}
