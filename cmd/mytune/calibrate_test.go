package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/calibrate"
	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// calibrateServer starts a MariaDB of this test's own (this package has no
// TestMain for testmariadb.Shared), with extra mariadbd options, and a
// root pool on it.
func calibrateServer(t *testing.T, extra ...string) (*testmariadb.Server, *sql.DB) {
	t.Helper()
	srv := testmariadb.StartWith(t, extra...)
	conn, err := server.ResolveConn(server.ConnOptions{DSN: "root@unix(" + srv.Socket + ")/"}, func(string) string { return "" }, "")
	if err != nil {
		t.Fatal(err)
	}
	db, err := server.Open(t.Context(), conn, server.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return srv, db
}

// rootExec runs test set-up SQL as root.
func rootExec(t *testing.T, db *sql.DB, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		if _, err := db.ExecContext(t.Context(), s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func schemaCount(t *testing.T, db *sql.DB, schema string) int {
	t.Helper()
	var n int
	q := "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?"
	if err := db.QueryRowContext(context.Background(), q, schema).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// calibrateCommandCase is one TestCalibrateCommand case: the arguments,
// the exit code and output they must give, and a schema that must be gone
// or kept afterwards.
type calibrateCommandCase struct {
	name       string
	args       []string
	wantCode   int
	wantStdout []string
	wantStderr string
	gone       string // schema that must not exist afterwards
	kept       string // schema that must still exist afterwards
}

// calibrateCommandCases are TestCalibrateCommand's cases, on the test
// server srv.
func calibrateCommandCases(srv *testmariadb.Server) []calibrateCommandCase {
	root := []string{"-S", srv.Socket, "-u", "root"}
	full := []string{"-S", srv.Socket, "-u", testmariadb.FullUser, "--password=" + testmariadb.FullPassword}
	short := []string{"--duration", "2s", "--max-bytes", "32MiB"}
	return []calibrateCommandCase{
		{"text with a probe of the local datadir", cat([]string{"calibrate", "--probe-duration", "1s"}, short, root), 0,
			[]string{"INSERT ROWS/S vs CONNECTIONS", "◀ knee", "advise predicted", "probe of " + srv.Datadir}, "", "mytune_calibrate", ""},
		{"json compared with a saved profile", cat([]string{"calibrate", "--format", "json", "--schema", "cal_j", "--from",
			filepath.Join(renderTestdata, "ssd-vm.json")}, short, root), 0,
			[]string{`"schema": "mytune.calibrate/v1"`, `"rows_per_s"`, `"source": "profile `}, "", "cal_j", ""},
		{"refuses an existing schema", cat([]string{"calibrate", "--no-predict", "--schema", "theirs"}, short, root), 2,
			nil, "schema theirs already exists", "", "theirs"},
		{"the cleanup line it names reaches the same server", cat([]string{"calibrate", "--no-predict", "--schema", "theirs"}, short, root), 2,
			nil, "`mytune calibrate --cleanup --schema theirs -S " + shellquote.Word(srv.Socket) + " -u root`", "", "theirs"},
		{"cleanup refuses an unmarked schema", cat([]string{"calibrate", "--cleanup", "--schema", "theirs"}, root), 2,
			nil, "calibrate only touches a schema it created", "", "theirs"},
		{"cleanup drops a marked stale schema", cat([]string{"calibrate", "--cleanup", "--schema", "stale"}, root), 0,
			[]string{"dropped schema stale"}, "", "stale", ""},
		{"cleanup of nothing", cat([]string{"calibrate", "--cleanup", "--format", "json", "--schema", "nothing_here"}, root), 0,
			[]string{`"existed": false`}, "", "", ""},
		{"account without CREATE", cat([]string{"calibrate", "--no-predict"}, short, full), 1,
			nil, "GRANT CREATE, DROP, INSERT, SELECT ON `mytune_calibrate`.*", "mytune_calibrate", ""},
		{"no server is a usage error", []string{"calibrate", "--no-server"}, 2, nil, "calibrate needs a live server", "", ""},
		{"bad schema name", cat([]string{"calibrate", "--no-predict", "--schema", "a;b"}, short, root), 2,
			nil, "letters, digits or underscores", "", ""},
		{"format not offered", []string{"calibrate", "--format", "prom"}, 2, nil, `--format "prom" is not offered by calibrate`, "", ""},
		{"a duration too short for its steps", cat([]string{"calibrate", "--no-predict", "--duration", "1ms"}, root), 2,
			nil, "--duration 1ms gives each of the 5 steps", "mytune_calibrate", ""},
	}
}

func TestCalibrateCommand(t *testing.T) {
	srv, db := calibrateServer(t)
	rootExec(t, db, "CREATE DATABASE theirs", "CREATE TABLE theirs.orders (id INT)",
		"CREATE DATABASE stale", "CREATE TABLE stale."+calibrate.OwnerTable+" (run_id VARCHAR(64))")
	for _, c := range calibrateCommandCases(srv) {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, strings.NewReader(""), &stdout, &stderr)
			if code != c.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.wantCode, stderr.String())
			}
			for _, want := range c.wantStdout {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
			if !strings.Contains(stderr.String(), c.wantStderr) {
				t.Errorf("stderr lacks %q:\n%s", c.wantStderr, stderr.String())
			}
			if c.gone != "" && schemaCount(t, db, c.gone) != 0 {
				t.Errorf("schema %s still exists", c.gone)
			}
			if c.kept != "" && schemaCount(t, db, c.kept) != 1 {
				t.Errorf("schema %s was dropped", c.kept)
			}
			t.Log(stdout.String())
		})
	}
}

func cat(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestCalibrateJSONShape(t *testing.T) {
	srv, _ := calibrateServer(t)
	var stdout, stderr bytes.Buffer
	args := []string{"calibrate", "--format", "json", "--no-predict", "--duration", "1s", "--batch-rows", "10", "-S", srv.Socket, "-u", "root"}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep profile.CalibrationReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Schema != profile.CalibrationSchema || len(rep.Points) != 5 || rep.Knee.Threads < 1 || rep.Predicted != nil ||
		!rep.SchemaDropped || rep.Workload.BatchRows != 10 || !strings.Contains(rep.Verdict, "--no-predict") {
		t.Errorf("report %+v", rep)
	}
	if _, err := time.Parse(time.RFC3339, rep.TakenAt); err != nil {
		t.Errorf("taken_at %q: %v", rep.TakenAt, err)
	}
}

// TestCalibrateInterrupted sends SIGINT to the built binary mid-run: the
// scratch schema must be gone and the exit code 1.
func TestCalibrateInterrupted(t *testing.T) {
	srv, db := calibrateServer(t)
	bin := filepath.Join(t.TempDir(), "mytune")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "calibrate", "--no-predict", "--schema", "cal_int", "--duration", "60s", "-S", srv.Socket, "-u", "root")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for schemaCount(t, db, "cal_int") == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second) // into the inserts
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("exit %v, stderr %q; want exit 1 and 'interrupted'", err, stderr.String())
	}
	if schemaCount(t, db, "cal_int") != 0 {
		t.Errorf("schema cal_int left behind after SIGINT")
	}
}
