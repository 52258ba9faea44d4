package server

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

func TestMain(m *testing.M) { os.Exit(testmariadb.Main(m)) }

// redoSampleForTests keeps the integration tests short.
const redoSampleForTests = 200 * time.Millisecond

// TestReadLive reads the test server through every way of giving
// credentials; none may leak a password.
func TestReadLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	port := strconv.Itoa(srv.Port)
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".my.cnf"), []byte("[client]\nuser="+testmariadb.FullUser+"\npassword=\""+
		testmariadb.FullPassword+"\"\nsocket="+srv.Socket+"\n"), 0o600)
	df := filepath.Join(t.TempDir(), "d.cnf")
	os.WriteFile(df, []byte("[mysql]\nuser="+testmariadb.FullUser+"\npassword="+testmariadb.FullPassword+
		"\nhost=127.0.0.1\nport="+port+"\n"), 0o600)
	full := ConnOptions{User: testmariadb.FullUser, Password: testmariadb.FullPassword, PasswordGiven: true}
	cases := []struct {
		name string
		o    ConnOptions
		env  map[string]string
		home string
	}{
		{"socket", with(full, func(o *ConnOptions) { o.Socket = srv.Socket }), nil, ""},
		{"tcp", with(full, func(o *ConnOptions) { o.Host, o.Port = "127.0.0.1", srv.Port }), nil, ""},
		{"home my.cnf", ConnOptions{}, map[string]string{"USER": "nobody"}, home},
		{"defaults-file", ConnOptions{DefaultsFile: df}, nil, home},
		{"MYSQL_PWD", ConnOptions{User: testmariadb.FullUser, Socket: srv.Socket}, map[string]string{"MYSQL_PWD": testmariadb.FullPassword}, ""},
		{"dsn", ConnOptions{DSN: srv.DSN(testmariadb.FullUser, testmariadb.FullPassword)}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(c.o, envMap(c.env), c.home)
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatal(err)
			}
			checkFull(t, s)
			assertNoSecret(t, s, nil)
		})
	}
}

func with(o ConnOptions, f func(*ConnOptions)) ConnOptions { f(&o); return o }

// checkFull checks what the full account must see.
func checkFull(t *testing.T, s *profile.Server) {
	t.Helper()
	if !s.Reachable || s.Flavor != profile.FlavorMariaDB || !strings.Contains(s.Version, "MariaDB") || strings.HasPrefix(s.Version, "5.5.5-") {
		t.Fatalf("reachable %v flavor %q version %q error %q", s.Reachable, s.Flavor, s.Version, s.Error)
	}
	if len(s.Unread) != 0 {
		t.Errorf("unread: %v", s.Unread)
	}
	if s.Variables["innodb_buffer_pool_size"] != strconv.Itoa(64<<20) || s.Status["uptime"] == "" || s.Datadir == "" {
		t.Errorf("variables/status/datadir not read: bp=%q datadir=%q", s.Variables["innodb_buffer_pool_size"], s.Datadir)
	}
	if s.Tables < 2 || s.Engines["InnoDB"].Tables < 1 || s.DataBytes == 0 {
		t.Errorf("tables %d engines %+v data %d", s.Tables, s.Engines, s.DataBytes)
	}
	if u, found, known := s.Schema(testmariadb.TestDatabase); !known || !found || u.Tables != s.Tables || u.Bytes != s.DataBytes+s.IndexBytes {
		t.Errorf("schema %s: %+v found %v known %v; the server: %d tables, %d bytes (schemas %+v)",
			testmariadb.TestDatabase, u, found, known, s.Tables, s.DataBytes+s.IndexBytes, s.Schemas)
	}
	if _, found, known := s.Schema("no_such_db"); found || !known {
		t.Errorf("an absent schema: found %v known %v", found, known)
	}
	if len(s.LargestTables) == 0 || s.LargestTables[0].Name != testmariadb.TestDatabase+".big" {
		t.Errorf("largest %+v", s.LargestTables)
	}
	if s.BinlogOn || s.RedoRateBasis != BasisSampled || s.BufferPoolHitRatio < 0 {
		t.Errorf("binlog %v redo basis %q hit %v", s.BinlogOn, s.RedoRateBasis, s.BufferPoolHitRatio)
	}
	if s.Replication == nil || s.Replication.Role != profile.RoleStandalone {
		t.Errorf("replication %+v", s.Replication)
	}
}

// assertNoSecret fails when a test password appears in the JSON or error.
func assertNoSecret(t *testing.T, s *profile.Server, err error) {
	t.Helper()
	b, _ := json.Marshal(s)
	text := string(b)
	if err != nil {
		text += err.Error()
	}
	for _, pw := range []string{testmariadb.FullPassword, testmariadb.UsagePassword} {
		if strings.Contains(text, pw) {
			t.Fatalf("password %q leaked: %s", pw, text)
		}
	}
}

func TestReadLiveFailures(t *testing.T) {
	srv := testmariadb.Shared(t)
	cases := []struct {
		name     string
		o        ConnOptions
		wantAuth string // substring of the AuthError, "" if none expected
		reach    bool
		unread   bool
	}{
		{"wrong password", ConnOptions{Host: "127.0.0.1", Port: srv.Port, User: testmariadb.FullUser, Password: testmariadb.UsagePassword, PasswordGiven: true},
			"access denied for '" + testmariadb.FullUser + "'@'localhost' (using password: YES): check --user/--password or ~/.my.cnf", false, false},
		{"unknown user", ConnOptions{Socket: srv.Socket, User: "bob", Password: testmariadb.FullPassword, PasswordGiven: true},
			"access denied for 'bob'@'localhost' (using password: YES)", false, false},
		{"usage only degrades", ConnOptions{Socket: srv.Socket, User: testmariadb.UsageUser, Password: testmariadb.UsagePassword, PasswordGiven: true},
			"", true, true},
		{"closed port", ConnOptions{Host: "127.0.0.1", Port: closedPort(t), User: "x", Password: testmariadb.FullPassword, PasswordGiven: true},
			"", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(c.o, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			start := time.Now()
			s, err := Read(t.Context(), conn)
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("took %v, want < 5s", el)
			}
			assertNoSecret(t, s, err)
			var ae *AuthError
			if c.wantAuth != "" {
				if !errors.As(err, &ae) || !strings.Contains(err.Error(), c.wantAuth) {
					t.Fatalf("err = %v, want %q", err, c.wantAuth)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Reachable != c.reach || (len(s.Unread) > 0) != c.unread || (!c.reach && s.Error == "") {
				t.Errorf("reachable %v unread %v error %q", s.Reachable, s.Unread, s.Error)
			}
			if c.reach && len(s.Variables) < 100 {
				t.Errorf("usage account should still read variables, got %d", len(s.Variables))
			}
		})
	}
}

// closedPort returns a TCP port on 127.0.0.1 that nothing listens on.
func closedPort(t *testing.T) int {
	t.Helper()
	// Port 1 (tcpmux) is privileged and unused on a test machine.
	return 1
}

// TestReadServerGoneBeforeSecondRedoReading: a server that stops between
// the two redo readings leaves the read complete but says the second
// reading failed (unread), instead of a silent lifetime rate.
func TestReadServerGoneBeforeSecondRedoReading(t *testing.T) {
	srv := testmariadb.Start(t)
	conn := fullConn(t, srv.Socket)
	sess, err := Dial(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	until := make(chan struct{})
	done := make(chan struct{})
	var s *profile.Server
	go func() {
		defer close(done)
		s, err = sess.Read(t.Context(), until)
	}()
	time.Sleep(2 * time.Second) // the first reading is taken well within this
	srv.Stop()
	close(until)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if s.RedoRateBasis == BasisSampled || !strings.Contains(strings.Join(s.Unread, "|"), "second redo reading") {
		t.Errorf("basis %q, unread %q: the failed second reading is not said", s.RedoRateBasis, s.Unread)
	}
}

// TestReadUnderOnlyFullGroupBy: a server whose global sql_mode has
// ONLY_FULL_GROUP_BY still gives its table sizes (the engines query
// groups by its alias).
func TestReadUnderOnlyFullGroupBy(t *testing.T) {
	srv := testmariadb.StartWith(t, "--sql-mode=ONLY_FULL_GROUP_BY")
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, q := range []string{"CREATE DATABASE g", "CREATE TABLE g.t (id INT PRIMARY KEY, v VARCHAR(100)) ENGINE=InnoDB",
		"INSERT INTO g.t SELECT seq, REPEAT('x', 100) FROM g.seq_1_to_2000"} {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	conn := fullConn(t, srv.Socket)
	s, err := Read(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	if s.DataBytes == 0 || strings.Contains(strings.Join(s.Unread, "|"), "GROUP BY") {
		t.Errorf("data %d bytes, unread %q", s.DataBytes, s.Unread)
	}
}

// fullConn is the test server's full account over socket, with the short
// redo sample of the tests.
func fullConn(t *testing.T, socket string) Conn {
	t.Helper()
	conn, err := ResolveConn(ConnOptions{User: testmariadb.FullUser, Password: testmariadb.FullPassword,
		PasswordGiven: true, Socket: socket}, envMap(nil), "")
	if err != nil {
		t.Fatal(err)
	}
	conn.RedoSample = redoSampleForTests
	return conn
}

// TestReadServerGoneAfterConnecting: a server that answered the dial and
// then stopped gives an error (the run fails), never a server block whose
// settings are the defaults passing for the server's.
func TestReadServerGoneAfterConnecting(t *testing.T) {
	srv := testmariadb.Start(t)
	conn := fullConn(t, srv.Socket)
	sess, err := Dial(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	s, err := sess.Read(t.Context(), nil)
	if err == nil || !strings.Contains(err.Error(), "the server answered, then stopped answering") {
		t.Fatalf("server %+v, err %v: want the stopped-answering error", s, err)
	}
}

// TestReadOneSchemaAccount: an account with SELECT on one schema sees that
// schema's tables and none of the mysql schema's; the read says its sizes
// are a lower bound (QA: 3.5 MiB seen of 163 MiB, stated as the server's).
func TestReadOneSchemaAccount(t *testing.T) {
	srv := testmariadb.Shared(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, q := range []string{"CREATE DATABASE IF NOT EXISTS oneschema", "CREATE DATABASE IF NOT EXISTS hidden",
		"CREATE TABLE IF NOT EXISTS oneschema.t (id INT PRIMARY KEY) ENGINE=InnoDB",
		"CREATE TABLE IF NOT EXISTS hidden.big (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB",
		"INSERT IGNORE INTO hidden.big SELECT seq, REPEAT('x', 200) FROM hidden.seq_1_to_20000",
		"CREATE USER IF NOT EXISTS 'one_schema'@'localhost' IDENTIFIED BY 'pw1'", "GRANT SELECT ON oneschema.* TO 'one_schema'@'localhost'"} {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	conn, err := ResolveConn(ConnOptions{User: "one_schema", Password: "pw1", PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
	if err != nil {
		t.Fatal(err)
	}
	conn.RedoSample = redoSampleForTests
	s, err := Read(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	if s.Tables != 1 || s.SystemTables == nil || *s.SystemTables != 0 {
		t.Fatalf("tables %d, system tables %v: want 1 and 0", s.Tables, s.SystemTables)
	}
	if !strings.Contains(strings.Join(s.Unread, "|"), "this account sees 1 table(s) (16.0 KiB)") ||
		!strings.Contains(strings.Join(s.Unread, "|"), "the sizes are a lower bound") {
		t.Errorf("unread %q lacks the lower-bound line", s.Unread)
	}
}
