package calibrate

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe/server"
)

// replicaPair starts a GTID source and a replica of it (gtid_strict_mode
// ON, log_slave_updates) and waits until the replica applies.
func replicaPair(t *testing.T) (src, rep *testmariadb.Server) {
	t.Helper()
	src = testmariadb.StartWith(t, "--log-bin=mysql-bin", "--server-id=1")
	rep = testmariadb.StartWith(t, "--log-bin=mysql-bin", "--server-id=2", "--log-slave-updates", "--gtid-strict-mode=ON")
	// RESET MASTER on both: each has the accounts and tables testmariadb made, in its own binary log
	execAll(t, src, "CREATE USER repl@'%' IDENTIFIED BY 'repl'", "GRANT REPLICATION SLAVE ON *.* TO repl@'%'", "RESET MASTER")
	execAll(t, rep, "RESET MASTER", fmt.Sprintf("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='repl', "+
		"MASTER_PASSWORD='repl', MASTER_USE_GTID=slave_pos", src.Port), "START SLAVE")
	sdb, err := src.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	if _, err := sdb.Exec("CREATE DATABASE mytune_repl_check"); err != nil {
		t.Fatal(err)
	}
	db, err := rep.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		var n string
		if db.QueryRow("SHOW DATABASES LIKE 'mytune_repl_check'").Scan(&n) == nil {
			return src, rep
		}
	}
	t.Fatalf("the replica did not apply its source's CREATE DATABASE within 20 s: %v", slaveErrors(t, db))
	return nil, nil
}

// execAll runs statements as root, out of the binary log.
func execAll(t *testing.T, s *testmariadb.Server, qs ...string) {
	t.Helper()
	db, err := s.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range append([]string{"SET SESSION sql_log_bin = 0"}, qs...) {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// binlogState is the server's @@gtid_binlog_state.
func binlogState(t *testing.T, s *testmariadb.Server) string {
	t.Helper()
	db, err := s.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var st string
	if err := db.QueryRow("SELECT @@gtid_binlog_state").Scan(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestAllowBinlogRefusedOnAReplica: --allow-binlog for an account that may
// not skip the binary log writes calibrate's schema into the binary log;
// on a replica those are its own GTIDs, which stop its SQL thread under
// gtid_strict_mode (review r24, error 1950), so Open refuses there, whether
// the account may read the replica status or not, and allows it on the
// source (the writes then reach the replica as replicated events).
func TestAllowBinlogRefusedOnAReplica(t *testing.T) {
	src, rep := replicaPair(t)
	for _, s := range []*testmariadb.Server{src, rep} {
		execAll(t, s, "CREATE USER mon@'%' IDENTIFIED BY 'mon'",
			"GRANT CREATE, INSERT, DROP, SELECT, SLAVE MONITOR, READ_ONLY ADMIN ON *.* TO mon@'%'",
			"CREATE USER plain@'%' IDENTIFIED BY 'plain'", "GRANT CREATE, INSERT, DROP, SELECT ON *.* TO plain@'%'")
	}
	cases := []struct {
		name, user string
		srv        *testmariadb.Server
		refused    bool
	}{
		{"replica, status readable", "mon", rep, true},
		{"replica, status not readable", "plain", rep, true},
		{"source", "mon", src, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := binlogState(t, rep)
			conn, err := server.ResolveConn(server.ConnOptions{DSN: c.srv.DSN(c.user, c.user)}, func(string) string { return "" }, "")
			if err != nil {
				t.Fatal(err)
			}
			db, note, err := Open(t.Context(), conn, OpenOptions{AllowBinlog: true})
			if db != nil {
				defer db.Close()
			}
			switch {
			case c.refused && (!errors.Is(err, ErrReplicaBinlog) || !strings.Contains(err.Error(), "error 1950")):
				t.Fatalf("got (%q, %v), want a refusal wrapping ErrReplicaBinlog naming error 1950", note, err)
			case !c.refused && err != nil:
				t.Fatalf("refused on the source: %v", err)
			case !c.refused:
				return
			}
			if n := slavesRunning(t.Context(), openAs(t, rep.DSN(c.user, c.user))); n != 1 {
				t.Errorf("Slaves_running is %d on the replica, want 1", n)
			}
			if after := binlogState(t, rep); after != before {
				t.Errorf("the replica's gtid_binlog_state went from %q to %q", before, after)
			}
		})
	}
}

// slaveErrors is SHOW SLAVE STATUS's Last_IO_Error and Last_SQL_Error.
func slaveErrors(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query("SHOW SLAVE STATUS")
	if err != nil {
		return []string{err.Error()}
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var out []string
	for rows.Next() && rows.Scan(ptrs...) == nil {
		for i, c := range cols {
			if c == "Last_IO_Error" || c == "Last_SQL_Error" {
				out = append(out, c+": "+vals[i].String)
			}
		}
	}
	return out
}
