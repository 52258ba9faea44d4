package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// sbtestModel is one table of review r39's dump (sysbench, 100,000 rows,
// mydumper 0.10, one file): the sizes probe/dump read from it.
var sbtestModel = profile.DumpTableModel{Name: "sbtest.sbtest1", Engine: "InnoDB", Bytes: 19945127, SampledRows: 1150,
	SQLBytesPerRow: 199.429, LargestStatementBytes: 999871, RecordBytes: 206}

// galeraVars are a MariaDB 10.11.19 Galera node's variables, over extra.
func galeraVars(extra map[string]string) map[string]string {
	v := map[string]string{"wsrep_on": "ON", "wsrep_provider": "/usr/lib/galera/libgalera_smm.so",
		"wsrep_max_ws_size": "2147483647", "wsrep_max_ws_rows": "0", "binlog_annotate_row_events": "ON",
		"wsrep_provider_options": "gcache.size = 128M; repl.max_ws_size = 2147483647; socket.checksum = 2; "}
	for k, x := range extra {
		v[k] = x
	}
	return v
}

// TestGaleraWriteSet: on a Galera node, a myloader transaction whose
// write set would exceed the node's limits is warned and the myloader
// line commits fewer INSERTs (review r39, MariaDB 10.11.19: at
// wsrep_max_ws_size 16M every file failed, "Maximum writeset size
// exceeded", exit 1; at --queries-per-transaction 8 all 400,000 rows
// loaded and reached the second node).
func TestGaleraWriteSet(t *testing.T) {
	cases := []struct {
		name   string
		vars   map[string]string
		format string
		qpt    int
		want   []string
	}{
		{"default limits: 1000 INSERTs fit", galeraVars(nil), "mydumper", 1000, nil},
		{"wsrep_max_ws_size 16M", galeraVars(map[string]string{"wsrep_max_ws_size": "16777216"}), "mydumper", 8,
			[]string{"sbtest.sbtest1's is about 19.0 MiB of SQL, 100012 rows, a write set of about 38.7 MiB",
				"statements' text", "over wsrep_max_ws_size 16.0 MiB", "Maximum writeset size exceeded", "exits 1",
				"commits every 8 INSERTs instead (sbtest.sbtest1's about 15.5 MiB of write set each)"}},
		{"annotate off: rows only", galeraVars(map[string]string{"wsrep_max_ws_size": "16777216", "binlog_annotate_row_events": "OFF"}), "mydumper", 16,
			[]string{"a write set of about 19.6 MiB (its rows as stored)", "every 16 INSERTs"}},
		{"wsrep_max_ws_rows 50000", galeraVars(map[string]string{"wsrep_max_ws_rows": "50000"}), "mydumper", 9,
			[]string{"or wsrep_max_ws_rows 50000", "every 9 INSERTs"}},
		{"the provider's repl.max_ws_size is lower", galeraVars(map[string]string{"wsrep_provider_options": "repl.max_ws_size = 16777216; socket.checksum = 2"}), "mydumper", 8,
			[]string{"over repl.max_ws_size (wsrep_provider_options) 16.0 MiB"}},
		{"not even one INSERT fits", galeraVars(map[string]string{"wsrep_max_ws_size": "1048576"}), "mydumper", 1,
			[]string{"even one of its INSERTs (about 1.9 MiB of write set) exceeds it", "--statement-size"}},
		{"wsrep_on OFF: no cluster", galeraVars(map[string]string{"wsrep_on": "OFF", "wsrep_max_ws_size": "16777216"}), "mydumper", 1000, nil},
		{"a mysqldump file: no myloader", galeraVars(map[string]string{"wsrep_max_ws_size": "16777216"}), "mysqldump", 1000, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Server: &profile.Server{Reachable: true, Variables: c.vars},
				Dump: &profile.Dump{Path: "/d", Format: c.format, TableModels: []profile.DumpTableModel{sbtestModel},
					TopTables: []profile.DumpTable{{Name: "sbtest.sbtest1", Bytes: sbtestModel.Bytes, Chunks: 1}}}}
			o := Options{Task: TaskLoad, Target: profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}}
			got := GaleraWriteSetWarning(p, o)
			if len(c.want) == 0 && got != "" {
				t.Fatalf("warned: %s", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			if q := galeraQueriesPerTransaction(p, o); q != c.qpt {
				t.Errorf("queries per transaction %d, want %d", q, c.qpt)
			}
		})
	}
}

// TestGaleraWriteSetChunks: a table cut into files commits one file's
// statements at most, so a chunked dump's transactions fit where the
// same table in one file would not.
func TestGaleraWriteSetChunks(t *testing.T) {
	for _, c := range []struct {
		name   string
		chunks int
		qpt    int
	}{{"one file of 38.7 MiB write set", 1, 8}, {"four files of 9.7 MiB", 4, 1000}} {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Server: &profile.Server{Reachable: true, Variables: galeraVars(map[string]string{"wsrep_max_ws_size": "16777216"})},
				Dump: &profile.Dump{Path: "/d", Format: "mydumper", TableModels: []profile.DumpTableModel{sbtestModel},
					TopTables: []profile.DumpTable{{Name: "sbtest.sbtest1", Bytes: sbtestModel.Bytes, Chunks: c.chunks}}}}
			if q := galeraQueriesPerTransaction(p, Options{Task: TaskLoad}); q != c.qpt {
				t.Errorf("queries per transaction %d, want %d", q, c.qpt)
			}
		})
	}
}

// TestGaleraMyloaderLine: the plan's myloader line carries the fewer
// INSERTs per transaction.
func TestGaleraMyloaderLine(t *testing.T) {
	p := prof(2, 0, curve(1, 1000, 2, 2000, 4, 3900, 8, 4000, 16, 4000), &profile.Dump{Path: "/d", Format: "mydumper", Tables: 1, Chunks: 1,
		TotalBytes: sbtestModel.Bytes, TableModels: []profile.DumpTableModel{sbtestModel},
		TopTables: []profile.DumpTable{{Name: "sbtest.sbtest1", Bytes: sbtestModel.Bytes, Chunks: 1}}})
	p.Server = &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19",
		Variables: galeraVars(map[string]string{"wsrep_max_ws_size": "16777216"})}
	plan := Size(p, Options{Task: TaskLoad})
	all := strings.Join(plan.Commands, "\n")
	if !strings.Contains(all, "--queries-per-transaction 8") {
		t.Errorf("myloader line lacks --queries-per-transaction 8:\n%s", all)
	}
}
