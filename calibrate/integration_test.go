package calibrate

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
)

func TestMain(m *testing.M) { os.Exit(testmariadb.Main(m)) }

// openAs opens a pool on the shared test server through server.Open.
func openAs(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	conn, err := server.ResolveConn(server.ConnOptions{DSN: dsn}, func(string) string { return "" }, "")
	if err != nil {
		t.Fatal(err)
	}
	db, err := server.Open(t.Context(), conn, server.OpenOptions{MaxConns: 4, InterpolateParams: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// rootDB is the test server's root account over its socket: the account
// that may create schemas (the full account only reads).
func rootDB(t *testing.T) *sql.DB {
	t.Helper()
	srv := testmariadb.Shared(t)
	return openAs(t, "root@unix("+srv.Socket+")/")
}

// exists asks the server directly whether schema exists.
func exists(t *testing.T, db *sql.DB, schema string) bool {
	t.Helper()
	ok, err := schemaExists(context.Background(), db, schema, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// shortRun keeps an integration run to about 3 s.
func shortRun(schema string) Options {
	return Options{Schema: schema, Duration: 3 * time.Second, MaxBytes: 64 << 20}
}

func TestRunLive(t *testing.T) {
	db := rootDB(t)
	var calls int
	o := shortRun("mytune_cal_live")
	o.Progress = func(Progress) { calls++ }
	res, err := Run(t.Context(), db, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Points) != len(DefaultThreads) {
		t.Fatalf("%d points, want %d: %+v", len(res.Points), len(DefaultThreads), res.Points)
	}
	var rows uint64
	for i, p := range res.Points {
		t.Logf("%2d conns: %8.0f rows/s  batch p50 %6.0f µs p99 %6.0f µs  commit p50 %5.0f µs p99 %5.0f µs  (%d rows)",
			p.Threads, p.RowsPerS, p.BatchP50US, p.BatchP99US, p.CommitP50US, p.CommitP99US, p.Rows)
		if p.Threads != DefaultThreads[i] || p.RowsPerS <= 0 || p.Batches == 0 || p.BatchP99US < p.BatchP50US ||
			p.CommitP50US <= 0 || p.CommitP50US > p.BatchP50US*float64(p.Batches) {
			t.Errorf("point %d implausible: %+v", i, p)
		}
		rows += p.Rows
	}
	if res.BytesInserted != rows*RowBytes || !res.SchemaDropped || res.Server.Flavor != "mariadb" || calls < len(DefaultThreads) {
		t.Errorf("bytes %d (rows %d), dropped %v, server %+v, progress calls %d", res.BytesInserted, rows, res.SchemaDropped, res.Server, calls)
	}
	if exists(t, db, o.Schema) {
		t.Errorf("schema %s still exists after the run", o.Schema)
	}
}

func TestRunStopsAtTheByteBudget(t *testing.T) {
	db := rootDB(t)
	o := shortRun("mytune_cal_budget")
	o.Threads = []int{1, 2}
	o.MaxBytes = 2 * 10 * DefaultBatchRows * RowBytes // ten batches per step
	res, err := Run(t.Context(), db, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.BytesInserted > o.MaxBytes || res.BytesInserted == 0 || len(res.Notes) != 2 {
		t.Errorf("inserted %d of a budget of %d; notes %q", res.BytesInserted, o.MaxBytes, res.Notes)
	}
	for _, p := range res.Points {
		if !p.BudgetReached || p.Rows != 10*DefaultBatchRows || p.DurationS >= 1.5 {
			t.Errorf("step %+v: want exactly ten batches, stopped by the budget before its 1.5 s", p)
		}
	}
}

func TestRunRefusesAnExistingSchema(t *testing.T) {
	db := rootDB(t)
	cases := []struct {
		name   string
		schema string
		make   []stmt
	}{
		{"someone else's schema", "mytune_cal_foreign", []stmt{qCreateSchema}},
		{"a stale run's schema is not adopted either", "mytune_cal_stale", []stmt{qCreateSchema, qCreateOwner}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, q := range c.make {
				if err := exec(t.Context(), db, 5*time.Second, q, c.schema); err != nil {
					t.Fatal(err)
				}
			}
			t.Cleanup(func() { _ = dropSchema(context.Background(), db, c.schema) })
			_, err := Run(t.Context(), db, shortRun(c.schema))
			var fe *ForeignSchemaError
			if !errors.As(err, &fe) || fe.Schema != c.schema {
				t.Fatalf("got %v, want a ForeignSchemaError", err)
			}
			if !exists(t, db, c.schema) {
				t.Errorf("the refused schema %s was dropped", c.schema)
			}
		})
	}
}

func TestRunCancelledDropsTheSchema(t *testing.T) {
	db := rootDB(t)
	ctx, cancel := context.WithCancel(t.Context())
	o := Options{Schema: "mytune_cal_cancel", Duration: 6 * time.Second, Threads: []int{1, 4, 8}}
	o.Progress = func(p Progress) {
		if p.Threads >= 4 {
			cancel() // mid-run, with four connections inserting
		}
	}
	start := time.Now()
	res, err := Run(ctx, db, o)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if time.Since(start) > 5*time.Second || res == nil || !res.SchemaDropped || len(res.Points) != 1 {
		t.Errorf("took %s; result %+v", time.Since(start), res)
	}
	if exists(t, db, o.Schema) {
		t.Errorf("schema %s left behind after cancellation", o.Schema)
	}
}

func TestRunWithoutCreatePrivilege(t *testing.T) {
	srv := testmariadb.Shared(t)
	cases := []struct{ name, user, pass string }{
		{"read-only account", testmariadb.FullUser, testmariadb.FullPassword},
		{"usage-only account", testmariadb.UsageUser, testmariadb.UsagePassword},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db := openAs(t, srv.DSN(c.user, c.pass))
			_, err := Run(t.Context(), db, shortRun("mytune_cal_denied"))
			var pe *PrivilegeError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a PrivilegeError", err)
			}
			t.Log(err)
		})
	}
	if exists(t, rootDB(t), "mytune_cal_denied") {
		t.Errorf("schema created despite the refusal")
	}
}

// cleanupCase is one TestCleanup case: a schema and the statements that
// make it, its run's owner, and what Cleanup must do with it.
type cleanupCase struct {
	name      string
	schema    string
	make      []stmt
	wantDrop  bool
	wantError bool
	owner     *Owner // nil: owner
	wantAlive bool   // refused: its run is going on
}

// cleanupCases are TestCleanup's cases; running is the owner of this test
// process, a run still going, which the others are derived from.
func cleanupCases(running Owner) []cleanupCase {
	elsewhere := running
	elsewhere.Host = "another-host.example"
	// QA: a pid reused by another program (here pid 1, init) held --cleanup back for good and advised "kill 1"
	reused := running
	reused.PID = 1
	// QA: a container's run (its own pid namespace, the host's name) had its live schema dropped from the host
	container := running
	container.PID, container.PIDNS = 1, "pid:[1]" // pid 1 there; from here pid 1 is init
	rebooted := running                           // the same pid, alive now, but written before the host last booted
	rebooted.BootID = "00000000-0000-0000-0000-000000000000"
	return []cleanupCase{
		{"marked stale schema", "mytune_cal_c1", []stmt{qCreateSchema, qCreateOwner, qInsertOwner, qCreateRows}, true, false, nil, false},
		{"marker table without its row", "mytune_cal_c2", []stmt{qCreateSchema, qCreateOwner}, true, false, nil, false},
		{"unmarked schema", "mytune_cal_c3", []stmt{qCreateSchema, qCreateRows}, false, true, nil, false},
		{"marked but holding a foreign table", "mytune_cal_c4", []stmt{qCreateSchema, qCreateOwner, "/* test */ CREATE TABLE {schema}.orders (id INT)"}, false, true, nil, false},
		{"no such schema", "mytune_cal_c5", nil, false, false, nil, false},
		{"a killed --dump run's tables", "mytune_cal_c6", []stmt{qCreateSchema, qCreateOwner, qInsertOwner,
			"/* test */ CREATE TABLE {schema}.mytune_calibrate_load_0 (id INT)", "/* test */ CREATE TABLE {schema}.mytune_calibrate_load_11 (id INT)"}, true, false, nil, false},
		{"a table that only looks like a --dump table", "mytune_cal_c7", []stmt{qCreateSchema, qCreateOwner,
			"/* test */ CREATE TABLE {schema}.mytune_calibrate_load_x (id INT)"}, false, true, nil, false},
		{"a run still going on this host: refused, naming its pid", "mytune_cal_c8", []stmt{qCreateSchema, qCreateOwner, qInsertOwner},
			false, false, &running, true},
		{"a run of another host: cannot be checked, dropped", "mytune_cal_c9", []stmt{qCreateSchema, qCreateOwner, qInsertOwner},
			true, false, &elsewhere, false},
		{"a reused pid that is not mytune: dropped", "mytune_cal_c10", []stmt{qCreateSchema, qCreateOwner, qInsertOwner},
			true, false, &reused, false},
		{"a run in another pid namespace of this host: refused, it cannot be checked", "mytune_cal_c11",
			[]stmt{qCreateSchema, qCreateOwner, qInsertOwner}, false, false, &container, true},
		{"a run of an earlier boot: dropped", "mytune_cal_c12", []stmt{qCreateSchema, qCreateOwner, qInsertOwner},
			true, false, &rebooted, false},
	}
}

func TestCleanup(t *testing.T) {
	db := rootDB(t)
	owner := deadOwner(t) // a killed run of this host
	running := newOwner() // this test process: a run still going
	fakeProc(t, map[int]string{running.PID: "/usr/local/bin/mytune", 1: "/sbin/init"})
	for _, c := range cleanupCases(running) {
		t.Run(c.name, func(t *testing.T) {
			for _, q := range c.make {
				var args []any
				if o := cmp.Or(c.owner, &owner); q == qInsertOwner {
					args = []any{o.RunID, o.hostColumn(), o.PID, o.StartedAt}
				}
				if err := exec(t.Context(), db, 5*time.Second, q, c.schema, args...); err != nil {
					t.Fatal(err)
				}
			}
			t.Cleanup(func() { _ = dropSchema(context.Background(), db, c.schema) })
			res, err := Cleanup(t.Context(), db, c.schema)
			var ae *OwnerAliveError
			pid := cmp.Or(c.owner, &owner).PID
			if c.wantAlive != errors.As(err, &ae) || c.wantAlive && !strings.Contains(err.Error(), fmt.Sprintf("pid %d", pid)) {
				t.Fatalf("err %v, want a refusal naming pid %d: %v", err, pid, c.wantAlive)
			}
			if c.wantAlive {
				if !exists(t, db, c.schema) {
					t.Errorf("the running run's schema was dropped")
				}
				return
			}
			var fe *ForeignSchemaError
			if c.wantError != errors.As(err, &fe) || (!c.wantError && err != nil) {
				t.Fatalf("err %v, want a ForeignSchemaError: %v", err, c.wantError)
			}
			if res.Dropped != c.wantDrop || exists(t, db, c.schema) == c.wantDrop && len(c.make) > 0 {
				t.Errorf("dropped %v, want %v", res.Dropped, c.wantDrop)
			}
			if c.name == "marked stale schema" && res.Owner != owner {
				t.Errorf("owner %+v, want %+v", res.Owner, owner)
			}
		})
	}
}

// deadOwner is the marker of a run of this host whose process has exited.
func deadOwner(t *testing.T) Owner {
	t.Helper()
	cmd := osexec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	o := newOwner()
	o.PID = cmd.Process.Pid
	return o
}

// TestRunOnAServerWithFewConnectionsAndNoAutocommit: on a server with
// max_connections 10 and a global autocommit=0, calibrate runs the steps
// its free sessions allow (16 left out, with a note) and its inserts
// commit (the drop does not wait on its own sessions' locks).
func TestRunOnAServerWithFewConnectionsAndNoAutocommit(t *testing.T) {
	srv := testmariadb.StartWith(t, "--max-connections=10", "--autocommit=0")
	conn, err := server.ResolveConn(server.ConnOptions{DSN: "root@unix(" + srv.Socket + ")/"}, func(string) string { return "" }, "")
	if err != nil {
		t.Fatal(err)
	}
	db, _, err := Open(t.Context(), conn, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	o := shortRun("mytune_cal_few")
	start := time.Now()
	res, err := Run(t.Context(), db, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Points) == 0 || res.Points[len(res.Points)-1].Threads >= 16 {
		t.Errorf("points %+v: want the steps below 16 connections", res.Points)
	}
	if !strings.Contains(strings.Join(res.Notes, "|"), "16 sessions: the server has") {
		t.Errorf("notes %q do not say why 16 was left out", res.Notes)
	}
	if !res.SchemaDropped || time.Since(start) > 20*time.Second {
		t.Errorf("dropped %v after %s", res.SchemaDropped, time.Since(start))
	}
}

// TestOpenNotesAReadOnlyServer: calibrate on a read_only server (a
// replica, as a rule) as an account that may write there says so.
func TestOpenNotesAReadOnlyServer(t *testing.T) {
	srv := testmariadb.StartWith(t, "--read-only")
	conn, err := server.ResolveConn(server.ConnOptions{DSN: "root@unix(" + srv.Socket + ")/"}, func(string) string { return "" }, "")
	if err != nil {
		t.Fatal(err)
	}
	db, note, err := Open(t.Context(), conn, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if !strings.Contains(note, "read_only") {
		t.Errorf("note %q does not say the server is read_only", note)
	}
}

// fakeProc points procRoot at a tree holding each pid's cmdline.
func fakeProc(t *testing.T, cmdlines map[int]string) {
	t.Helper()
	dir := t.TempDir()
	for pid, argv0 := range cmdlines {
		d := filepath.Join(dir, strconv.Itoa(pid))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "cmdline"), []byte(argv0+"\x00calibrate\x00"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pidns, boot := processNamespace() // this process's, as newOwner read them
	if pidns != "" {
		if err := os.MkdirAll(filepath.Join(dir, "self", "ns"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(pidns, filepath.Join(dir, "self", "ns", "pid")); err != nil {
			t.Fatal(err)
		}
	}
	if boot != "" {
		if err := os.MkdirAll(filepath.Join(dir, "sys", "kernel", "random"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "sys", "kernel", "random", "boot_id"), []byte(boot+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := procRoot
	procRoot = dir
	t.Cleanup(func() { procRoot = old })
}

// TestRunRefusedByAReadOnlyServer: on a read_only server (a replica) an
// account without SUPER is refused at CREATE DATABASE; that is the user's
// to resolve (exit 2), and the error says how (QA: exit 1 with the
// server's message alone).
func TestRunRefusedByAReadOnlyServer(t *testing.T) {
	srv := testmariadb.StartWith(t, "--read-only")
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, host := range []string{"%", "localhost"} {
		acc := "mytune_ro@'" + host + "'"
		for _, q := range []string{"CREATE USER " + acc + " IDENTIFIED BY 'ro'", "GRANT ALL ON `mytune_cal_ro`.* TO " + acc} {
			if _, err := root.ExecContext(t.Context(), q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	db := openAs(t, srv.DSN("mytune_ro", "ro"))
	_, err = Run(t.Context(), db, shortRun("mytune_cal_ro"))
	if !usage.Is(err) || !strings.Contains(err.Error(), "read_only") || !strings.Contains(err.Error(), "calibrate the source") {
		t.Fatalf("got %v, want a usage error saying the server is read_only and what to do", err)
	}
	if exists(t, root, "mytune_cal_ro") {
		t.Error("schema created on a read_only server")
	}
}
