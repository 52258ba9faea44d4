package threads

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestNonInnoDBLeftOut: tables a dump loads into MyISAM, Aria or MEMORY
// never pass through the buffer pool or the redo log, so the InnoDB
// figures (pool, redo written, dirty pages) count the InnoDB share only,
// while the disk the load takes (LoadedBytes) counts every table.
func TestNonInnoDBLeftOut(t *testing.T) {
	dump := func(engines ...profile.DumpEngine) *profile.Dump {
		return &profile.Dump{Format: "mydumper", TotalBytes: 100e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 4, Engines: engines}
	}
	target := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	ratio := redoRatio{low: 1, high: 2}
	cases := []struct {
		name  string
		d     *profile.Dump
		share float64
	}{
		{"no engines read (an old profile): all InnoDB", dump(), 1},
		{"InnoDB and unstated engines", dump(profile.DumpEngine{Name: "InnoDB", Tables: 2, Bytes: 60e6}, profile.DumpEngine{Name: profile.DumpEngineUnknown, Tables: 2, Bytes: 40e6}), 1},
		{"a quarter MyISAM", dump(profile.DumpEngine{Name: "InnoDB", Tables: 3, Bytes: 75e6}, profile.DumpEngine{Name: "MyISAM", Tables: 1, Bytes: 25e6}), 0.75},
		{"MyISAM, Aria and MEMORY only", dump(profile.DumpEngine{Name: "MyISAM", Tables: 2, Bytes: 50e6}, profile.DumpEngine{Name: "Aria", Tables: 1, Bytes: 30e6},
			profile.DumpEngine{Name: "MEMORY", Tables: 1, Bytes: 20e6}), 0},
		{"engines of tables with no data", dump(profile.DumpEngine{Name: "MyISAM", Tables: 2}), 1},
	}
	all := dump()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			near := func(what string, got, full float64) {
				if want := full * c.share; math.Abs(got-want) > 1 {
					t.Errorf("%s = %.0f, want %.0f (%.2f of %.0f)", what, got, want, c.share, full)
				}
			}
			near("dumpInnoDBBytes", float64(dumpInnoDBBytes(c.d)), float64(dumpInnoDBBytes(all)))
			near("redo written", roomOf(c.d, ratio, target, 1<<30, 0).HighBytes, roomOf(all, ratio, target, 1<<30, 0).HighBytes)
			_, hi, _, _ := dirtyPages(c.d, pool{bytes: 1 << 40, from: "server"}, 90)
			_, allHi, _, _ := dirtyPages(all, pool{bytes: 1 << 40, from: "server"}, 90)
			_, tHi := tableDirtyPages(c.d) // its InnoDB tables' own pages, counted apart (TestTableDirtyPages)
			_, allTHi := tableDirtyPages(all)
			near("dirty pages of the rows", (hi-tHi)*PageBytes, (allHi-allTHi)*PageBytes)
			if LoadedBytes(c.d) != LoadedBytes(all) {
				t.Errorf("LoadedBytes = %d, want every table's %d", LoadedBytes(c.d), LoadedBytes(all))
			}
		})
	}
}

// TestLoadThreadsNonInnoDB: the load-thread reason names what the dump
// loads into InnoDB; a dump of MyISAM tables only is not "no dump read".
func TestLoadThreadsNonInnoDB(t *testing.T) {
	cases := []struct {
		name    string
		engines []profile.DumpEngine
		want    string
	}{
		{"all InnoDB", []profile.DumpEngine{{Name: "InnoDB", Tables: 8, Bytes: 40e6}},
			"the ~114.4 MiB the dump loads fits the server 1.0 GiB buffer pool"},
		{"half MyISAM", []profile.DumpEngine{{Name: "InnoDB", Tables: 4, Bytes: 20e6}, {Name: "MyISAM", Tables: 4, Bytes: 20e6}},
			"the ~57.2 MiB the dump loads into InnoDB (its 4 MyISAM tables do not) fits the server 1.0 GiB buffer pool"},
		{"MyISAM and Aria only", []profile.DumpEngine{{Name: "MyISAM", Tables: 7, Bytes: 35e6}, {Name: "Aria", Tables: 1, Bytes: 5e6}},
			"the ~0 B the dump loads into InnoDB (its 8 MyISAM, Aria tables do not) fits the server 1.0 GiB buffer pool"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 40e6,
				TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 8, Engines: c.engines})
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "1073741824"})
			plan := Size(p, Options{Task: TaskLoad})
			if !strings.Contains(plan.Load.Why, c.want) {
				t.Errorf("load why %q lacks %q", plan.Load.Why, c.want)
			}
		})
	}
}

// TestNonInnoDBSettleNote: with MyISAM or Aria tables in the dump, the
// plan says its settled time counts InnoDB's pages only, and how to wait
// for the rest.
func TestNonInnoDBSettleNote(t *testing.T) {
	mixed := []profile.DumpEngine{{Name: "InnoDB", Tables: 6, Bytes: 100e6}, {Name: "MyISAM", Tables: 2, Bytes: 40e6}, {Name: "Aria", Tables: 1, Bytes: 10e6}}
	for _, c := range []struct {
		name    string
		engines []profile.DumpEngine
		want    string
	}{
		{"InnoDB only: nothing", []profile.DumpEngine{{Name: "InnoDB", Tables: 8, Bytes: 150e6}}, ""},
		{"MyISAM and Aria", mixed, "settled counts InnoDB's pages only: the 3 MyISAM, Aria tables (47.7 MiB of the dump) are written through " +
			"their own caches and the operating system's page cache, which writes them back on its own; FLUSH TABLES, then sync on the server's machine, waits for them"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 150e6,
				TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 9, Chunks: 9, Engines: c.engines})
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{})
			plan := Size(p, Options{Task: TaskLoad})
			if plan.EstimatedSettled.IsZero() {
				t.Fatal("no settled estimate to qualify")
			}
			got := ""
			for _, n := range plan.Notes {
				if strings.HasPrefix(n, "settled counts") {
					got = n
				}
			}
			if got != c.want {
				t.Errorf("note %q, want %q", got, c.want)
			}
		})
	}
}

// TestMaxRedoOf: no redo size of 4 GB or more is named for a release that
// refuses to start with it.
func TestMaxRedoOf(t *testing.T) {
	for _, c := range []struct {
		flavor, version string
		want            uint64
	}{
		{"mysql", "5.5.21", 4<<30 - PoolChunkBytes}, {"mysql", "5.6.2", 4<<30 - PoolChunkBytes}, {"mysql", "5.6.3", 1 << 40},
		{"mariadb", "5.5.68", 4<<30 - PoolChunkBytes}, {"mariadb", "10.0.38", 1 << 40}, {"mysql", "", 1 << 40},
	} {
		if got := maxRedoOf(profile.Target{Flavor: c.flavor, Version: c.version}); got != c.want {
			t.Errorf("maxRedoOf(%s %s) = %d, want %d", c.flavor, c.version, got, c.want)
		}
		if n := capacityFor(profile.Target{Flavor: c.flavor, Version: c.version}, 1e12, 0); c.want < 1<<40 && n != 0 {
			t.Errorf("%s %s: capacityFor a TB of redo = %d, want 0 (none it starts with)", c.flavor, c.version, n)
		}
	}
}

// TestLoadedDump: the threads and the estimate of a mydumper dump whose
// load leaves its system schemas out count the user schemas' tables only;
// the routines kept as mysql.proc rows are named.
func TestLoadedDump(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/all", TotalBytes: 300e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 36, Chunks: 60,
		SystemSchemas: []string{"mysql", "sys"}, SystemTables: 27, SystemChunks: 30, SystemBytes: 10e6, SystemRoutineTables: []string{"mysql.proc"}}
	p := prof(2, 0, cardCurve, d)
	got := loadedDump(p).Dump
	if got.Tables != 9 || got.Chunks != 30 || got.TotalBytes != 290e6 || p.Dump.Tables != 36 {
		t.Errorf("loaded: %d tables, %d chunks, %d bytes (the profile's %d tables); want 9, 30, 290e6 and 36 untouched", got.Tables, got.Chunks, got.TotalBytes, p.Dump.Tables)
	}
	plan := Size(p, Options{Task: TaskLoad})
	if !strings.Contains(plan.Load.Why, "the dump has 9 tables in 30 chunks") {
		t.Errorf("load why: %s", plan.Load.Why)
	}
	notes := strings.Join(plan.Notes, "|")
	if !strings.Contains(notes, "the stored routines and events are in this dump only as rows of mysql.proc") {
		t.Errorf("notes lack the routines left behind: %s", notes)
	}
	if mysqldump := (&profile.Profile{Dump: &profile.Dump{Format: "mysqldump", Tables: 36, SystemTables: 27}}); loadedDump(mysqldump) != mysqldump {
		t.Error("a mysqldump file loads its mysql schema: it must be counted")
	}
}

// TestForeignEngineNote: Aria tables restored into MySQL are said to fail
// or become InnoDB; MariaDB targets and MySQL's own engines say nothing.
func TestForeignEngineNote(t *testing.T) {
	d := &profile.Dump{Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 5}, {Name: "Aria", Tables: 2}, {Name: "MyISAM", Tables: 1}}}
	mysql := profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3"}
	if got := foreignEngineNote(mysql, d); !strings.HasPrefix(got, "2 tables use Aria, which MySQL does not have: with NO_ENGINE_SUBSTITUTION") {
		t.Errorf("MySQL target: %q", got)
	}
	if got := foreignEngineNote(profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, d); got != "" {
		t.Errorf("MariaDB target: %q", got)
	}
	own := &profile.Dump{Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 5}, {Name: "MyISAM", Tables: 1}, {Name: profile.DumpEngineUnknown, Tables: 3}}}
	if got := foreignEngineNote(mysql, own); got != "" {
		t.Errorf("MySQL's own engines: %q", got)
	}
	rocks := &profile.Dump{Engines: []profile.DumpEngine{{Name: "ROCKSDB", Tables: 1}}}
	if got := foreignEngineNote(profile.Target{Flavor: profile.FlavorPercona, Version: "8.0.36"}, rocks); got != "" {
		t.Errorf("Percona has MyRocks: %q", got)
	}
}

// TestRoutinesLeftBehindNote: the load note names the user schemas whose
// routines and events are only mysql.proc/mysql.event rows, says nothing
// when the probe found none (a -R -E -G dump: QA), and keeps the general
// wording when the rows were not read.
func TestRoutinesLeftBehindNote(t *testing.T) {
	cases := []struct {
		name           string
		tables, owners []string
		want, wantNot  string
	}{
		{"shop's routines only as rows", []string{"mysql.proc"}, []string{"shop"},
			"the stored routines and events of `shop` are in this dump only as rows of mysql.proc", ""},
		{"the re-dump names the schema", []string{"mysql.proc"}, []string{"shop"}, "--routines --events --databases shop (or mydumper -R -E)", ""},
		{"rows not read: said of the dump as a whole", []string{"mysql.proc"}, nil, "the stored routines and events are in this dump only as rows", ""},
		{"-R -E -G: no routine left behind, no note", nil, nil, "", "stored routines"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mydumper", Path: "/b/all", TotalBytes: 300e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 36, Chunks: 60,
				SystemSchemas: []string{"mysql", "sys"}, SystemTables: 27, SystemChunks: 30, SystemBytes: 10e6,
				SystemRoutineTables: c.tables, RoutineSchemas: c.owners}
			notes := strings.Join(Size(prof(2, 0, cardCurve, d), Options{Task: TaskLoad}).Notes, "|")
			if c.want != "" && !strings.Contains(notes, c.want) {
				t.Errorf("notes lack %q: %s", c.want, notes)
			}
			if c.wantNot != "" && strings.Contains(notes, c.wantNot) {
				t.Errorf("notes say %q: %s", c.wantNot, notes)
			}
		})
	}
}
