package calibrate

import (
	"compress/gzip"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/profile"
)

// Source tables of the dumps made here: sysbench-like rows, a foreign key
// (dropped in the scratch copy) and latin1 text with quotes and newlines.
const (
	srcRows     = 3000
	srcNoteRows = 200
)

// makeSource creates schema with tables sb (rows rows), child (rows
// rows, FK to sb) and notes (srcNoteRows latin1 rows), dropped at the end.
func makeSource(t *testing.T, db *sql.DB, schema string, rows int) {
	t.Helper()
	ctx := t.Context()
	for _, q := range []string{
		"CREATE DATABASE `" + schema + "`",
		"CREATE TABLE `" + schema + "`.sb (id INT NOT NULL AUTO_INCREMENT, k INT NOT NULL, c CHAR(120) NOT NULL, pad CHAR(60) NOT NULL, PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB",
		"CREATE TABLE `" + schema + "`.child (id INT NOT NULL, sb_id INT, PRIMARY KEY (id), CONSTRAINT fk_sb FOREIGN KEY (sb_id) REFERENCES sb (id)) ENGINE=InnoDB",
		"CREATE TABLE `" + schema + "`.notes (id INT PRIMARY KEY, body TEXT) ENGINE=InnoDB DEFAULT CHARSET=latin1",
		fmt.Sprintf("INSERT INTO `%s`.sb (k, c, pad) SELECT seq %% 1000, LPAD(seq, 120, '7'), LPAD(seq, 60, '3') FROM `%s`.seq_1_to_%d", schema, schema, rows),
		fmt.Sprintf("INSERT INTO `%s`.child SELECT seq, seq FROM `%s`.seq_1_to_%d", schema, schema, rows),
		fmt.Sprintf("INSERT INTO `%s`.notes SELECT seq, CONCAT('caf', CHAR(233), ' it''s \"quoted\";\\n', seq) FROM `%s`.seq_1_to_%d", schema, schema, srcNoteRows),
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { _, _ = db.ExecContext(context.Background(), "DROP DATABASE IF EXISTS `"+schema+"`") })
}

// tool runs a dump tool of the machine (the tests' real dumps).
func tool(t *testing.T, name string, args ...string) []byte {
	t.Helper()
	if _, err := osexec.LookPath(name); err != nil {
		t.Skipf("%s is not installed (scripts/install-deps.sh installs it): %v", name, err)
	}
	out, err := osexec.CommandContext(t.Context(), name, args...).Output()
	if err != nil {
		var ee *osexec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("%s %v: %v: %s", name, args, err, ee.Stderr)
		}
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out
}

// dumps makes the dumps of schema this test loads: mydumper plain and
// gzip (--rows chunks), mariadb-dump plain and gzip, and the hand-built
// MySQL Shell fixture of probe/dump.
func dumps(t *testing.T, srv *testmariadb.Server, schema string) map[string]string {
	dir := t.TempDir()
	out := map[string]string{}
	for _, v := range []struct {
		name  string
		extra []string
	}{{"mydumper", nil}, {"mydumper -c (gzip)", []string{"-c"}}} {
		d := filepath.Join(dir, fmt.Sprint(len(out)))
		tool(t, "mydumper", append([]string{"--socket", srv.Socket, "-u", "root", "-B", schema, "--rows", "1000", "-t", "2", "-o", d}, v.extra...)...)
		out[v.name] = d
	}
	sqlText := tool(t, "mariadb-dump", "--socket", srv.Socket, "-u", "root", "--databases", schema)
	plain := filepath.Join(dir, "dump.sql")
	if err := os.WriteFile(plain, sqlText, 0o644); err != nil {
		t.Fatal(err)
	}
	out["mariadb-dump"] = plain
	f, err := os.Create(plain + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	_, _ = zw.Write(sqlText)
	if err := errors.Join(zw.Close(), f.Close()); err != nil {
		t.Fatal(err)
	}
	out["mariadb-dump, gzip"] = plain + ".gz"
	out["MySQL Shell (hand-built, zstd)"] = filepath.Join("..", "probe", "dump", "testdata", "mysqlsh-8.0-rows")
	return out
}

func TestRunDumpLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	db := rootDB(t)
	makeSource(t, db, "mytune_cal_src", srcRows)
	for name, path := range dumps(t, srv, "mytune_cal_src") {
		t.Run(name, func(t *testing.T) {
			src, err := dump.OpenSource(t.Context(), path)
			if err != nil {
				t.Fatal(err)
			}
			o := DumpOptions{Schema: "mytune_cal_dump", Source: src, Duration: 3 * time.Second, Rounds: 2, Threads: []int{1, 2, 4}}
			rep, err := RunDump(t.Context(), db, o)
			if err != nil {
				t.Fatal(err)
			}
			checkDumpReport(t, rep, len(src.Files))
			// MariaDB shows its LSN: the run's redo per dump byte is measured,
			// and of the order of a restore's (1.16-1.29 for sysbench SQL;
			// docs/benchmarks/redo-per-byte.md), not 0 or wild.
			if r := rep.RedoBytesPerDumpByte; r < 0.3 || r > 10 {
				t.Errorf("redo_bytes_per_dump_byte %v, want a measured ratio (0.3-10)", r)
			}
			if exists(t, db, o.Schema) {
				t.Errorf("schema %s still exists after the run", o.Schema)
			}
		})
	}
}

// checkDumpReport checks a short run: every count the files allow
// measured in both rounds, rates that add up, and a choice among them
// when the advisor judges the curve (calibrate itself only measures).
func checkDumpReport(t *testing.T, rep *profile.DumpCalibration, files int) {
	t.Helper()
	threads.JudgeDump(rep)
	want := 0
	for _, n := range []int{1, 2, 4} {
		if n <= files {
			want++
		}
	}
	if len(rep.Points) != want || !rep.SchemaDropped || rep.Server.Flavor != "mariadb" || rep.Server.Port == 0 || rep.Server.MaxConnections == 0 {
		t.Fatalf("%d points (want %d), dropped %v, server %+v", len(rep.Points), want, rep.SchemaDropped, rep.Server)
	}
	if rep.WallS < rep.DurationS || rep.CleanupS <= 0 || rep.WallS > rep.DurationS+rep.CleanupS+1 {
		t.Errorf("wall %.1f s, loading %.1f s, clean-up %.1f s: they do not add up", rep.WallS, rep.DurationS, rep.CleanupS)
	}
	chosen := false
	for _, p := range rep.Points {
		t.Logf("%d sessions: %.2f MB/s (%.2f–%.2f), %.0f rows/s", p.Threads, p.MBPerS, p.MBPerSMin, p.MBPerSMax, p.RowsPerS)
		if len(p.Rounds) != 2 || p.MBPerS <= 0 || p.RowsPerS <= 0 || p.MBPerSMin > p.MBPerS || p.MBPerS > p.MBPerSMax {
			t.Errorf("point %+v implausible", p)
		}
		for _, s := range p.Rounds {
			if s.Rows == 0 || s.Bytes == 0 || s.Commits == 0 || s.Files == 0 || s.DurationS <= 0 {
				t.Errorf("%d sessions, round %d: %+v", p.Threads, s.Round, s)
			}
		}
		chosen = chosen || p.Threads == rep.Choice.Threads
	}
	if !chosen || rep.Choice.BestMBPerS < rep.Choice.MBPerS || rep.Choice.MBPerS < 0.95*rep.Choice.BestMBPerS || rep.Choice.Why == "" {
		t.Errorf("choice %+v", rep.Choice)
	}
}

// TestRunDumpLoadsEveryRow loads the small dump over and over (the tables
// recreated after each pass): a full pass must send the rows dumped.
func TestRunDumpLoadsEveryRow(t *testing.T) {
	srv := testmariadb.Shared(t)
	db := rootDB(t)
	makeSource(t, db, "mytune_cal_src_all", srcRows)
	all := dumps(t, srv, "mytune_cal_src_all")
	for _, name := range []string{"mydumper -c (gzip)", "mariadb-dump", "MySQL Shell (hand-built, zstd)"} {
		t.Run(name, func(t *testing.T) {
			src, err := dump.OpenSource(t.Context(), all[name])
			if err != nil {
				t.Fatal(err)
			}
			// One session: a pass is complete only when no file is left and none is out; a
			// step's deadline may stop a session mid-file, and with one session the 15 s
			// leave no doubt that a pass completes.
			o := DumpOptions{Schema: "mytune_cal_all", Source: src, Duration: 15 * time.Second, Rounds: 1, Threads: []int{1}}
			rep, err := RunDump(t.Context(), db, o)
			if err != nil {
				t.Fatal(err)
			}
			want := uint64(2*srcRows + srcNoteRows)
			if name == "MySQL Shell (hand-built, zstd)" {
				want = 900 + 300 // orders and customers; blobs is left out (decodeColumns)
			}
			if rep.Dump.SampleRows != want || rep.WallS > 30 {
				t.Errorf("a full pass sent %d rows (wall %.1f s), want all %d", rep.Dump.SampleRows, rep.WallS, want)
			}
		})
	}
}

func TestRunDumpCancelledDropsTheSchema(t *testing.T) {
	srv := testmariadb.Shared(t)
	db := rootDB(t)
	makeSource(t, db, "mytune_cal_src_cancel", 30*srcRows) // a load of seconds, not milliseconds
	src, err := dump.OpenSource(t.Context(), dumps(t, srv, "mytune_cal_src_cancel")["mydumper"])
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	o := DumpOptions{Schema: "mytune_cal_dcancel", Source: src, Duration: 20 * time.Second, Rounds: 1, Threads: []int{1, 4}}
	o.Progress = func(p Progress) {
		if p.Threads == 1 {
			cancel() // mid-run, the 4-session step done, one session loading
		}
	}
	start := time.Now()
	rep, err := RunDump(ctx, db, o)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if time.Since(start) > 15*time.Second || rep == nil || !rep.SchemaDropped || len(rep.Points) != 1 {
		t.Errorf("took %s; report %+v", time.Since(start), rep)
	}
	if exists(t, db, o.Schema) {
		t.Errorf("schema %s left behind after cancellation", o.Schema)
	}
}

func TestRunDumpRefusals(t *testing.T) {
	srv := testmariadb.Shared(t)
	src, err := dump.OpenSource(t.Context(), filepath.Join("..", "probe", "dump", "testdata", "mydumper-0.10-real"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("read-only account", func(t *testing.T) {
		db := openAs(t, srv.DSN(testmariadb.FullUser, testmariadb.FullPassword))
		_, err := RunDump(t.Context(), db, DumpOptions{Schema: "mytune_cal_ddenied", Source: src, Duration: time.Second})
		var pe *PrivilegeError
		if !errors.As(err, &pe) {
			t.Fatalf("got %v, want a PrivilegeError", err)
		}
	})
	t.Run("no dump", func(t *testing.T) {
		if _, err := RunDump(t.Context(), rootDB(t), DumpOptions{}); err == nil {
			t.Fatal("ran without a dump")
		}
	})
}

// TestRunDumpPartitionedLive: a dump of a partitioned table is loaded
// alone, so MariaDB's Handler_write counts each of its rows twice; that is
// no other session inserting (QA: every step said foreign_rows and the
// redo per dump byte was lost).
func TestRunDumpPartitionedLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	db := rootDB(t)
	const schema = "mytune_cal_parted"
	for _, q := range []string{"CREATE DATABASE `" + schema + "`",
		"CREATE TABLE `" + schema + "`.p (id INT PRIMARY KEY, c CHAR(120) NOT NULL) ENGINE=InnoDB PARTITION BY HASH (id) PARTITIONS 4",
		"INSERT INTO `" + schema + "`.p SELECT seq, LPAD(seq, 120, '7') FROM `" + schema + "`.seq_1_to_6000"} {
		if _, err := db.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { _, _ = db.ExecContext(context.Background(), "DROP DATABASE IF EXISTS `"+schema+"`") })
	dir := filepath.Join(t.TempDir(), "d")
	tool(t, "mydumper", "--socket", srv.Socket, "-u", "root", "-B", schema, "--rows", "1000", "-t", "2", "-o", dir)
	src, err := dump.OpenSource(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := RunDump(t.Context(), db, DumpOptions{Schema: "mytune_cal_pdump", Source: src, Duration: 3 * time.Second, Rounds: 1, Threads: []int{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Points {
		for _, s := range p.Rounds {
			if s.ForeignRows {
				t.Errorf("%d sessions: foreign rows (basis %s), with no other session", p.Threads, s.Basis)
			}
		}
	}
	if r := rep.RedoBytesPerDumpByte; r < 0.3 || r > 10 {
		t.Errorf("redo_bytes_per_dump_byte %v, want a measured ratio (0.3-10)", r)
	}
}

// TestRunDumpMixedEnginesLive: a dump of an InnoDB and a MyISAM table
// (QA r2.sql) is measured by the rows the server counted, every engine's,
// not by the redo log the MyISAM rows never write, and says so; each
// step's rows/s agree with the server's own count over its windows.
func TestRunDumpMixedEnginesLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	db := rootDB(t)
	const schema = "mytune_cal_mixed"
	for _, q := range []string{"CREATE DATABASE `" + schema + "`",
		"CREATE TABLE `" + schema + "`.a (id INT PRIMARY KEY, s CHAR(100) NOT NULL) ENGINE=InnoDB",
		"CREATE TABLE `" + schema + "`.b (id INT PRIMARY KEY, s CHAR(100) NOT NULL) ENGINE=MyISAM",
		"INSERT INTO `" + schema + "`.a SELECT seq, 'a' FROM `" + schema + "`.seq_1_to_20000",
		"INSERT INTO `" + schema + "`.b SELECT seq, 'b' FROM `" + schema + "`.seq_1_to_20000"} {
		if _, err := db.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { _, _ = db.ExecContext(context.Background(), "DROP DATABASE IF EXISTS `"+schema+"`") })
	dir := filepath.Join(t.TempDir(), "d")
	tool(t, "mydumper", "--socket", srv.Socket, "-u", "root", "-B", schema, "--rows", "2000", "-t", "2", "-o", dir)
	src, err := dump.OpenSource(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := RunDump(t.Context(), db, DumpOptions{Schema: "mytune_cal_mdump", Source: src, Duration: 4 * time.Second, Rounds: 1, Threads: []int{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "MyISAM write no InnoDB redo") }) {
		t.Errorf("notes %q lack the MyISAM one", rep.Notes)
	}
	for _, p := range rep.Points {
		for _, s := range p.Rounds {
			server := float64(s.ServerRows) / s.WindowS
			t.Logf("%d sessions: %.0f rows/s by %s, the server counted %.0f rows/s", p.Threads, s.RowsPerS, s.Basis, server)
			if s.Basis != profile.BasisServer || s.RowsPerS < 0.8*server || s.RowsPerS > 1.2*server {
				t.Errorf("%d sessions: %.0f rows/s by %s; want the server's count (%.0f rows/s)", p.Threads, s.RowsPerS, s.Basis, server)
			}
		}
	}
}

// TestRunDumpOneBigTableLive: a dump of one big table and three 2-row
// ones (QA r3.sql) keeps one session busy whatever the count: the others
// run out of files at once. The run stays within --duration (the tables'
// recreation charged to the steps), its windows cover most of each step,
// and each step's rows/s agree with the server's count over its windows
// (QA: 73-80 windows of 13 ms a step, 0.15 MB/s at 4 sessions, 48.6 s for
// --duration 15s).
func TestRunDumpOneBigTableLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	db := rootDB(t)
	const schema = "mytune_cal_big1"
	for _, q := range []string{"CREATE DATABASE `" + schema + "`",
		"CREATE TABLE `" + schema + "`.big (id INT PRIMARY KEY, s VARCHAR(100) NOT NULL) ENGINE=InnoDB",
		"INSERT INTO `" + schema + "`.big SELECT seq, REPEAT('z', 80) FROM `" + schema + "`.seq_1_to_60000",
		"CREATE TABLE `" + schema + "`.t1 (id INT PRIMARY KEY) ENGINE=InnoDB", "CREATE TABLE `" + schema + "`.t2 LIKE `" + schema + "`.t1",
		"CREATE TABLE `" + schema + "`.t3 LIKE `" + schema + "`.t1", "INSERT INTO `" + schema + "`.t1 VALUES (1), (2)",
		"INSERT INTO `" + schema + "`.t2 VALUES (1), (2)", "INSERT INTO `" + schema + "`.t3 VALUES (1), (2)"} {
		if _, err := db.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { _, _ = db.ExecContext(context.Background(), "DROP DATABASE IF EXISTS `"+schema+"`") })
	dir := t.TempDir()
	plain := filepath.Join(dir, "r3.sql")
	if err := os.WriteFile(plain, tool(t, "mariadb-dump", "--socket", srv.Socket, "-u", "root", schema), 0o644); err != nil {
		t.Fatal(err)
	}
	mydumper := filepath.Join(dir, "m")
	tool(t, "mydumper", "--socket", srv.Socket, "-u", "root", "-B", schema, "-o", mydumper)
	for _, c := range []struct{ name, path string }{{"mariadb-dump", plain}, {"mydumper", mydumper}} {
		t.Run(c.name, func(t *testing.T) {
			src, err := dump.OpenSource(t.Context(), c.path)
			if err != nil {
				t.Fatal(err)
			}
			const d = 8 * time.Second
			rep, err := RunDump(t.Context(), db, DumpOptions{Schema: "mytune_cal_b1dump", Source: src, Duration: d, Rounds: 1, Threads: []int{1, 2, 4}})
			if err != nil {
				t.Fatal(err)
			}
			if rep.WallS > d.Seconds()+1.5 {
				t.Errorf("wall %.1f s for --duration %s", rep.WallS, d)
			}
			for _, p := range rep.Points {
				for _, s := range p.Rounds {
					server := float64(s.ServerRows) / s.WindowS
					t.Logf("%d sessions: %d windows, %.2f of %.2f s; %.0f rows/s by %s, the server counted %.0f", p.Threads, s.Windows, s.WindowS, s.DurationS, s.RowsPerS, s.Basis, server)
					if s.WindowS < 0.5*s.DurationS {
						t.Errorf("%d sessions: windows %.2f s of a %.2f s step", p.Threads, s.WindowS, s.DurationS)
					}
					if s.RowsPerS < 0.8*server || s.RowsPerS > 1.2*server {
						t.Errorf("%d sessions: %.0f rows/s by %s; the server counted %.0f rows/s", p.Threads, s.RowsPerS, s.Basis, server)
					}
				}
			}
		})
	}
}
