package threads

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// smallTables is a mydumper dump of 300 ten-row tables in four schemas,
// as scripts/bench-shapes.sh's tiny2k shape writes it (9.4 MiB loaded).
func smallTables(dbs ...string) *profile.Dump {
	return &profile.Dump{Format: "mydumper", Path: "/d/tiny", TotalBytes: 734_720, Tables: 300, Chunks: 300, Schemas: len(dbs), Databases: dbs}
}

// asFormat sets the dump's format.
func asFormat(d *profile.Dump, f string) *profile.Dump { d.Format = f; return d }

// withEngines sets the dump's engines.
func withEngines(d *profile.Dump, e ...profile.DumpEngine) *profile.Dump { d.Engines = e; return d }

func TestStatsRecalcOff(t *testing.T) {
	bigPool := map[string]string{"innodb_buffer_pool_size": "17179869184"}
	with := withVars
	slow := prof(2, 0, fastCurve, smallTables("ts1"))
	slow.Storage.Fsync.P50US = 2400
	tests := []struct {
		name    string
		p       *profile.Profile
		o       Options
		wantOn  bool
		analyze string // the analyze line, when on
		noteHas string // a note when off ("" for none)
	}{
		{"MariaDB, 2 cores, 16 sessions on a fast disk: off, analyzed after", withServer(prof(2, 0, fastCurve, smallTables("ts1", "ts2")), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskLoad}, true, "mysqlcheck --host TARGET --user USER -p --analyze --force --skip-write-binlog --databases ts1 ts2", ""},
		{"a database name with a quote is quoted for the shell", withServer(prof(2, 0, fastCurve, smallTables("it's")), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskAll}, true, `mysqlcheck --host TARGET --user USER -p --analyze --force --skip-write-binlog --databases 'it'\''s'`, ""},
		{"dotted database names kept whole, quoted for the shell where they need it", withServer(prof(2, 0, fastCurve, smallTables("bulk.db", "my db.v1", "it's.x")), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskLoad}, true, `mysqlcheck --host TARGET --user USER -p --analyze --force --skip-write-binlog --databases bulk.db 'my db.v1' 'it'\''s.x'`, ""},
		{"a database name beginning with a dash: -- ends mysqlcheck's options first", withServer(prof(2, 0, fastCurve, smallTables("-x", "ts1")), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskLoad}, true, "mysqlcheck --host TARGET --user USER -p --analyze --force --skip-write-binlog --databases -- -x ts1", ""},
		{"4 sessions a core or fewer (no pool known: 8 on 2 cores): stays on, no note", prof(2, 0, fastCurve, smallTables("ts1")),
			Options{Task: TaskLoad}, false, "", ""},
		{"MySQL target: stays on, says it was measured on MariaDB", withServer(prof(2, 0, fastCurve, smallTables("ts1")), server("mysql", "8.0.36", bigPool)),
			Options{Task: TaskLoad}, false, "", "measured on MariaDB only"},
		{"slow commits: stays on, says why", withServer(slow, server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskLoad}, false, "", "a commit takes 2.4 ms here"},
		{"already off on the server: nothing to do", withServer(prof(2, 0, fastCurve, smallTables("ts1")), server("mariadb", "10.11.6-MariaDB", with(bigPool, "innodb_stats_auto_recalc", "OFF"))),
			Options{Task: TaskLoad}, false, "", ""},
		{"transient statistics (innodb_stats_persistent OFF): not this rule", withServer(prof(2, 0, fastCurve, smallTables("ts1")), server("mariadb", "10.11.6-MariaDB", with(bigPool, "innodb_stats_persistent", "OFF"))),
			Options{Task: TaskLoad}, false, "", ""},
		{"--task copy: not offered", withServer(prof(2, 0, fastCurve, smallTables("ts1")), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskCopy}, false, "", ""},
		{"a dump with MyISAM tables: stays on, says why", withServer(prof(2, 0, fastCurve, withEngines(smallTables("ts1"), profile.DumpEngine{Name: "InnoDB", Tables: 298}, profile.DumpEngine{Name: "MyISAM", Tables: 2})), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskLoad}, false, "", "2 of the dump's tables are MyISAM"},
		{"a MySQL Shell dump into MariaDB: no load line, so no analyze line either", withServer(prof(2, 0, fastCurve, asFormat(smallTables("ts1"), "mysqlsh")), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskLoad}, false, "", ""},
		{"no dump: no databases to name", withServer(prof(2, 0, fastCurve, nil), server("mariadb", "10.11.6-MariaDB", bigPool)),
			Options{Task: TaskLoad}, false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkStatsRecalcPlan(t, Size(tt.p, tt.o), tt.wantOn, tt.analyze, tt.noteHas)
		})
	}
}

// withVars is vars with the pairs kv (name, value, ...) set, a copy.
func withVars(vars map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range vars {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// checkStatsRecalcPlan checks that plan turns the statistics recalculation
// off for the load (and prints analyze after the myloader line) when
// wantOn, and that its notes hold noteHas (or, when "", no such note).
func checkStatsRecalcPlan(t *testing.T, plan Plan, wantOn bool, analyze, noteHas string) {
	t.Helper()
	i := slices.IndexFunc(plan.Temporary, func(s Setting) bool { return strings.Contains(s.Apply, "innodb_stats_auto_recalc") })
	j := slices.IndexFunc(plan.Commands, func(c string) bool { return strings.HasPrefix(c, "mysqlcheck ") })
	if (i >= 0) != wantOn || (j >= 0) != wantOn {
		t.Fatalf("setting at %d, analyze line at %d, want on=%v (load %d threads)\ncommands %q", i, j, wantOn, plan.Load.Threads, plan.Commands)
	}
	if wantOn {
		s := plan.Temporary[i]
		if s.Apply != "SET GLOBAL innodb_stats_auto_recalc = OFF;" || s.Undo != "SET GLOBAL innodb_stats_auto_recalc = ON;" || !strings.Contains(s.Warning, "statistics of empty tables") {
			t.Errorf("setting %+v", s)
		}
		if plan.Commands[j] != analyze {
			t.Errorf("analyze line %q, want %q", plan.Commands[j], analyze)
		}
		if k := slices.IndexFunc(plan.Commands, func(c string) bool { return strings.HasPrefix(c, "myloader ") }); k < 0 || k > j {
			t.Errorf("the analyze line must follow the myloader line: %q", plan.Commands)
		}
	}
	notes := strings.Join(plan.Notes, "\n")
	if noteHas != "" && !strings.Contains(notes, noteHas) {
		t.Errorf("notes lack %q:\n%s", noteHas, notes)
	}
	if noteHas == "" && strings.Contains(notes, "statistics recalculation") {
		t.Errorf("unexpected note:\n%s", notes)
	}
}

// TestAnalyzeCostFit: analyzeSeconds holds every timed mysqlcheck
// --analyze of testdata/stats-recalc-fast/analyze-cost.txt at the host
// figures its first line states (commit p50 238 µs, CPUs at 1.26x the
// reference rate). A check of the fit, not evidence: testdata/heldout/
// judges it.
func TestAnalyzeCostFit(t *testing.T) {
	b, err := os.ReadFile("testdata/stats-recalc-fast/analyze-cost.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		var tables, rep int
		var secs float64
		if _, err := fmt.Sscanf(line, "analyze %d tables rep %d %f s", &tables, &rep, &secs); err != nil {
			continue
		}
		n++
		fast, slow := analyzeSeconds(tables, 1.26, 238)
		if secs < fast || secs > slow {
			t.Errorf("%d tables rep %d: %.3f s outside %.3f–%.3f", tables, rep, secs, fast, slow)
		}
	}
	if n != 10 {
		t.Fatalf("read %d timed runs, want 10", n)
	}
	// the 22:28 sitting (table-cost-off-fast: the line after loads of 1 to 1000 tables, its probe's p50 242 µs, the
	// same host speed): the fast end under every run, the slow end over 80% of them and none 10% under
	b, err = os.ReadFile("testdata/table-cost-off-fast/sitting-20261204T2228Z.txt")
	if err != nil {
		t.Fatal(err)
	}
	in, all := 0, 0
	for _, line := range strings.Split(string(b), "\n") {
		var dump, path string
		var tables, threads, rep int
		var load, secs float64
		if _, err := fmt.Sscanf(line, "%s %d %d %s %d %f %f", &dump, &tables, &threads, &path, &rep, &load, &secs); err != nil || path != "off" {
			continue
		}
		all++
		fast, slow := analyzeSeconds(tables, 1.26, 242)
		switch {
		case secs < fast || secs > 1.1*slow:
			t.Errorf("22:28, %d tables rep %d: %.3f s outside %.3f–%.3f (or more than 10%% over)", tables, rep, secs, fast, slow)
		case secs <= slow:
			in++
		default:
			t.Logf("22:28, %d tables rep %d: %.3f s over %.3f by under 10%%", tables, rep, secs, slow)
		}
	}
	if all != 25 || 10*in < 8*all {
		t.Errorf("22:28: %d of %d runs inside, want ≥ 80%% of 25", in, all)
	}
	t.Logf("22:28: %d of %d runs inside", in, all)
}

// TestAnalyzeInEstimate: a plan that prints the analyze line counts it in
// the loaded estimate, and one that does not, not.
func TestAnalyzeInEstimate(t *testing.T) {
	p := withServer(prof(2, 0, fastCurve, smallTables("ts1")), server("mariadb", "10.11.6-MariaDB", map[string]string{"innodb_buffer_pool_size": "17179869184"}))
	with := Size(p, Options{Task: TaskLoad})
	off := withServer(prof(2, 0, fastCurve, smallTables("ts1")), server("mariadb", "10.11.6-MariaDB", map[string]string{"innodb_buffer_pool_size": "17179869184", "innodb_stats_auto_recalc": "OFF"}))
	without := Size(off, Options{Task: TaskLoad})
	if !strings.Contains(with.EstimatedLoad.Basis, "+ 300 tables × (") {
		t.Errorf("basis lacks the analyze line: %s", with.EstimatedLoad.Basis)
	}
	if strings.Contains(without.EstimatedLoad.Basis, "mysqlcheck") {
		t.Errorf("basis counts an analyze line that is not printed: %s", without.EstimatedLoad.Basis)
	}
	fast, slow := analyzeSeconds(300, 1, 150)
	if d := with.EstimatedLoad.High - without.EstimatedLoad.High; d.Seconds() < slow*0.9 || d.Seconds() > slow*1.1+0.1 {
		t.Errorf("the analyze line adds %v at the slow end, want about %.2f s (fast %.2f)", d, slow, fast)
	}
}

// TestRecalcOffForEveryLoadingTask: a target that has the statistics
// recalculation off creates a load's tables at TableCreateOffSec whether
// the plan is for a load or a copy (review 2026-12-05: a copy got
// TableCreateSec).
func TestRecalcOffForEveryLoadingTask(t *testing.T) {
	for _, task := range []string{TaskLoad, TaskCopy, TaskAll} {
		p := withServer(prof(2, 0, fastCurve, smallTables("ts1")), server("mariadb", "10.11.6-MariaDB", map[string]string{"innodb_buffer_pool_size": "17179869184", "innodb_stats_auto_recalc": "OFF"}))
		e := Size(p, Options{Task: task}).EstimatedLoad
		if !strings.Contains(e.Basis, "the statistics recalculation off") {
			t.Errorf("task %s: the tables are not costed without the recalculation: %s", task, e.Basis)
		}
	}
}
