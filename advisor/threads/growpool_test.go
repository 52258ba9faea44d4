package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// dump40 is a 40 MB mydumper dump several TestGrowPool cases load.
var dump40 = &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 40e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}

// noServerGrow128 and noServerUndo32 are the growth from a 32M my.cnf pool
// to 128M with no server read: never lowering, undone only where applied.
const (
	noServerGrow128 = "SET GLOBAL innodb_buffer_pool_size = GREATEST(@@GLOBAL.innodb_buffer_pool_size, 134217728);"
	noServerUndo32  = "SET GLOBAL innodb_buffer_pool_size = IF(@@GLOBAL.innodb_buffer_pool_size = 134217728, 33554432, @@GLOBAL.innodb_buffer_pool_size);"
)

// growPoolCases are TestGrowPool's cases: a server, its memory and a dump,
// and the buffer pool growth, notes and warnings the load plan must carry.
var growPoolCases = []struct {
	name      string
	srv       *profile.Server
	target    profile.Target    // --target, with no server read
	cnf       map[string]string // --mycnf's variables, with no server read
	advised   map[string]string
	availGiB  uint64
	limitMiB  uint64 // the cgroup memory limit, 0 = none
	dump      *profile.Dump
	apply     string // "" when not offered
	undo      string
	noteHas   string
	basisHave string
	warnHas   string
	nameHas   string
}{
	{name: "MariaDB 10.11, 32M pool, 40 MB dump (~120 MB loaded): grown to 128 MiB", availGiB: 8, dump: dump40,
		srv:   server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "33554432"}),
		apply: "SET GLOBAL innodb_buffer_pool_size = 134217728;", undo: "SET GLOBAL innodb_buffer_pool_size = 33554432;",
		basisHave: "fits the grown 128.0 MiB buffer pool"},
	{name: "MySQL 8.4, default pool, 152 MB dump: grown to 512 MiB", availGiB: 8,
		dump:  &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 32},
		srv:   server("mysql", "8.4.3", map[string]string{}),
		apply: "SET GLOBAL innodb_buffer_pool_size = 536870912;", undo: "SET GLOBAL innodb_buffer_pool_size = 134217728;"},
	// QA: an online resize aligns to chunk x the running instances: with 4 x 128M the 512M need stays 512M, with 3 it is 768M
	{name: "MySQL 8.4 running 3 pool instances: grown to a multiple of 384 MiB", availGiB: 8,
		dump:  &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 32},
		srv:   server("mysql", "8.4.3", map[string]string{"innodb_buffer_pool_chunk_size": "134217728", "innodb_buffer_pool_instances": "3"}),
		apply: "SET GLOBAL innodb_buffer_pool_size = 805306368;", undo: "SET GLOBAL innodb_buffer_pool_size = 134217728;"},
	{name: "in a 1G cgroup on a 20G host: the warning states the limit, not the host", availGiB: 20, limitMiB: 1024,
		dump:  &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 32},
		srv:   server("mariadb", "10.11.19-MariaDB", map[string]string{}),
		apply: "SET GLOBAL innodb_buffer_pool_size = 536870912;", undo: "SET GLOBAL innodb_buffer_pool_size = 134217728;",
		warnHas: "384.0 MiB more memory during the load (of the 1.0 GiB cgroup memory limit)"},
	{name: "in a 512M cgroup: growing by 384M is more than half of it", availGiB: 20, limitMiB: 512,
		dump:    &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 32},
		srv:     server("mariadb", "10.11.19-MariaDB", map[string]string{}),
		noteHas: "more than half of the 512.0 MiB cgroup memory limit"},
	{name: "not enough memory: a note, no setting", availGiB: 0, dump: dump40,
		srv:     server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "33554432"}),
		noteHas: "available memory is unknown"},
	{name: "MySQL 5.6 resizes only with a restart", availGiB: 8, dump: dump40,
		srv:     server("mysql", "5.6.51", map[string]string{"innodb_buffer_pool_size": "33554432"}),
		noteHas: "only with a restart"},
	{name: "152 MB dump, 90% of it MyISAM: the 46 MB of InnoDB it loads fits the default pool", availGiB: 8,
		dump: &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 32,
			Engines: []profile.DumpEngine{{Name: "MyISAM", Tables: 6, Bytes: 135e6}, {Name: "InnoDB", Tables: 2, Bytes: 15e6}}},
		srv: server("mariadb", "10.11.19-MariaDB", map[string]string{})},
	{name: "152 MB dump, a third MyISAM: grown for the InnoDB part, the MyISAM tables named", availGiB: 8,
		dump: &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 32,
			Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 6, Bytes: 100e6}, {Name: "MyISAM", Tables: 2, Bytes: 50e6}}},
		srv:   server("mariadb", "10.11.19-MariaDB", map[string]string{}),
		apply: "SET GLOBAL innodb_buffer_pool_size = 402653184;", undo: "SET GLOBAL innodb_buffer_pool_size = 134217728;",
		nameHas: "the ~289.9 MiB it loads outgrows the default 128.0 MiB buffer pool; counted as 3× the dump's SQL (its tables could not be sized row by row): the pool held 1.28-1.49× it on four sysbench shapes and 3.29× on CHAR-padded rows (docs/benchmarks/loaded-size.md); its 2 MyISAM tables (47.7 MiB) are left out: they do not load into InnoDB"},
	{name: "MariaDB started with innodb_buffer_pool_size_max at its 32M pool: SET GLOBAL cannot grow it", availGiB: 8, dump: dump40,
		srv:     server("mariadb", "11.8.6-MariaDB", map[string]string{"innodb_buffer_pool_size": "33554432", "innodb_buffer_pool_size_max": "33554432"}),
		noteHas: "buffer pool growth to 128.0 MiB not offered: the ~114.4 MiB the dump loads outgrows the server 32.0 MiB buffer pool, but the server's innodb_buffer_pool_size_max (32.0 MiB) keeps SET GLOBAL below that"},
	// the left list of session 46: MariaDB 11.8.2-11.8.6 with nothing setting innodb_buffer_pool_size_max caps
	// the pool at the one it started with, so with no server read a SET GLOBAL growth was printed that the
	// server truncates (warning 1292)
	{name: "no server, MariaDB 11.8.5 with a 32M my.cnf pool: no growth, the cap said", availGiB: 8, dump: dump40,
		target: profile.Target{Flavor: "mariadb", Version: "11.8.5"}, cnf: map[string]string{"innodb_buffer_pool_size": "32M"},
		noteHas: "MariaDB 11.8.5 sets innodb_buffer_pool_size_max to the pool it starts with when nothing sets it"},
	{name: "no server, MariaDB 11.8.7 (8 TiB cap): grown", availGiB: 8, dump: dump40,
		target: profile.Target{Flavor: "mariadb", Version: "11.8.7"}, cnf: map[string]string{"innodb_buffer_pool_size": "32M"},
		apply: noServerGrow128, undo: noServerUndo32},
	{name: "no server, MariaDB 11.8.5 whose my.cnf sets innodb_buffer_pool_size_max = 1G: grown", availGiB: 8, dump: dump40,
		target: profile.Target{Flavor: "mariadb", Version: "11.8.5"},
		cnf:    map[string]string{"innodb_buffer_pool_size": "32M", "innodb_buffer_pool_size_max": "1G"},
		apply:  noServerGrow128, undo: noServerUndo32},
	{name: "the advised pool on a MySQL 5.6 server: applied at a restart, said", availGiB: 8, dump: dump40, advised: map[string]string{"innodb_buffer_pool_size": "17G"},
		srv:     server("mysql", "5.6.51", map[string]string{"innodb_buffer_pool_size": "33554432"}),
		noteHas: "where the server has 32.0 MiB now (it takes that only at a restart: MySQL 5.6.51 resizes it only with a restart)"},
	{name: "the data fits: nothing", availGiB: 8, dump: dump40,
		srv: server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "1073741824"})},
	{name: "the advised cnf's 128M is sized for, the server's 64M is put back", availGiB: 8,
		dump:    &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 76e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24},
		advised: map[string]string{"innodb_buffer_pool_size": "128M"},
		srv:     server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "67108864"}),
		apply:   "SET GLOBAL innodb_buffer_pool_size = 268435456;", undo: "SET GLOBAL innodb_buffer_pool_size = 67108864;",
		warnHas: "the undo puts back the 64.0 MiB the server has now (the my.cnf lines of this report advise 128.0 MiB)",
		noteHas: "the load is sized for the my.cnf lines of this report applied first: the advised 128.0 MiB buffer pool, where the server has 64.0 MiB now"},
	// QA: a 1G pool in a 768 MiB cgroup, lowered to 128M by memory.buffer_pool_over_memory ("the OOM killer ends
	// mysqld"), was grown to 256M for the load and its undo put the 1G back
	{name: "the advice lowers the server's 1G pool to 128M: the undo puts back 128M, not 1G", availGiB: 20, limitMiB: 768,
		dump:    &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 76e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24},
		advised: map[string]string{"innodb_buffer_pool_size": "128M"},
		srv:     server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "1073741824"}),
		apply:   "SET GLOBAL innodb_buffer_pool_size = 268435456;", undo: "SET GLOBAL innodb_buffer_pool_size = 134217728;",
		warnHas: "the undo puts back the advised 128.0 MiB, not the 1.0 GiB the server had, which the advice lowers"},
	{name: "the advised cnf's pool is what the load runs with", availGiB: 8, dump: dump40, advised: map[string]string{"innodb_buffer_pool_size": "17G"},
		srv:       server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "33554432"}),
		basisHave: "fits the advised 17.0 GiB buffer pool"},
}

func TestGrowPool(t *testing.T) {
	for _, tc := range growPoolCases {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, tc.dump)
			p.Server = tc.srv
			if tc.cnf != nil {
				p.MyCnf = &profile.MyCnf{Variables: tc.cnf}
			}
			p.Host.Memory.AvailableBytes, p.Host.Memory.LimitBytes = tc.availGiB<<30, tc.limitMiB<<20
			plan := Size(p, Options{Task: TaskLoad, Advised: tc.advised, Target: tc.target})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "innodb_buffer_pool_size") {
					got = &plan.Temporary[i]
				}
			}
			switch {
			case tc.apply == "" && got != nil:
				t.Errorf("offered %q, want nothing", got.Apply)
			case tc.apply != "" && got == nil:
				t.Fatalf("not offered; notes %q", plan.Notes)
			case got != nil && (got.Apply != tc.apply || got.Undo != tc.undo || got.Warning == ""):
				t.Errorf("apply %q undo %q warning %q; want %q and %q", got.Apply, got.Undo, got.Warning, tc.apply, tc.undo)
			}
			if got != nil && !strings.Contains(got.Name, tc.nameHas) {
				t.Errorf("name %q lacks %q", got.Name, tc.nameHas)
			}
			if got != nil && !strings.Contains(got.Warning, tc.warnHas) {
				t.Errorf("warning %q lacks %q", got.Warning, tc.warnHas)
			}
			if tc.noteHas != "" && !strings.Contains(strings.Join(plan.Notes, "|"), tc.noteHas) {
				t.Errorf("notes %q lack %q", plan.Notes, tc.noteHas)
			}
			if tc.basisHave != "" && !strings.Contains(plan.EstimatedLoad.Basis, tc.basisHave) {
				t.Errorf("estimate basis %q lacks %q", plan.EstimatedLoad.Basis, tc.basisHave)
			}
		})
	}
}

// A batched loader (myloader, loadDump) gets no relaxed flushing, which did
// not help it on the card bed; a mysqldump file, one commit per statement, does.
func TestRelaxedFlushByDumpFormat(t *testing.T) {
	for _, tc := range []struct {
		format    string
		wantFlush bool
	}{{"mydumper", false}, {"mysqlsh", false}, {"mysqldump", true}} {
		t.Run(tc.format, func(t *testing.T) {
			p := prof(2, 0, cardCurve, &profile.Dump{Format: tc.format, Path: "/b/d", TotalBytes: 1e6, Tables: 1, Chunks: 1})
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"log_bin": "OFF"})
			plan := Size(p, Options{Task: TaskLoad, Durability: DurabilityRelaxed})
			flush := false
			for _, s := range plan.Temporary {
				flush = flush || strings.Contains(s.Apply, "innodb_flush_log_at_trx_commit")
			}
			if flush != tc.wantFlush {
				t.Errorf("relaxed flushing offered = %v, want %v (%q)", flush, tc.wantFlush, plan.Notes)
			}
			if !tc.wantFlush && !strings.Contains(strings.Join(plan.Notes, "|"), "49.3 s against 49.0 s") {
				t.Errorf("notes %q do not say why", plan.Notes)
			}
		})
	}
}

// With the data in the pool, a redo log that holds it means no checkpoint
// flushing during the load: the estimate drops the random-write term
// (card e2e: 152 MB in 20.9 s with a 16G pool and a 4G redo log).
func TestEstimateRedoHoldsTheLoad(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	for _, tc := range []struct{ redo, has string }{{"4G", "no checkpoint flushing (it holds the load's redo: 168.2 MiB to 187.0 MiB against a 3.2 GiB checkpoint limit"}, {"96M", "past the 96.0 MiB redo log's async flush point (67.4 MiB)"}} {
		p := prof(2, 0, cardCurve, d)
		p.Storage.SeqWrite.MBPerS = 20
		p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": tc.redo})
		if e := Size(p, Options{Task: TaskLoad}).EstimatedLoad; !strings.Contains(e.Basis, tc.has) {
			t.Errorf("redo %s: basis %q lacks %q", tc.redo, e.Basis, tc.has)
		}
	}
}

func TestGrowRedo(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	tests := []struct {
		name, flavor, version, redoVar, redo string
		freeGiB                              uint64
		apply, undo, noteHas                 string
	}{
		{"MariaDB 10.11, 96M redo, data in a 16G pool: grown to 512 MiB", "mariadb", "10.11.19-MariaDB", "innodb_log_file_size", "100663296", 6,
			"SET GLOBAL innodb_log_file_size = 536870912;", "SET GLOBAL innodb_log_file_size = 100663296;", ""},
		{"MySQL 8.4: innodb_redo_log_capacity", "mysql", "8.4.3", "innodb_redo_log_capacity", "104857600", 6,
			"SET GLOBAL innodb_redo_log_capacity = 536870912;", "SET GLOBAL innodb_redo_log_capacity = 104857600;", ""},
		{"MySQL 8.0.20: restart only", "mysql", "8.0.20", "innodb_log_file_size", "50331648", 6, "", "", "only with a restart"},
		{"MariaDB 10.6: restart only", "mariadb", "10.6.18-MariaDB", "innodb_log_file_size", "100663296", 6, "", "", "only with a restart"},
		// MDEV-34750: an online resize before 10.11.10 is not crash safe; a restart line instead
		{"MariaDB 10.11.6: not crash safe online, a restart line", "mariadb", "10.11.6-MariaDB", "innodb_log_file_size", "100663296", 6, "", "",
			"MariaDB 10.11.6-MariaDB's SET GLOBAL innodb_log_file_size is not crash safe (MDEV-34750, fixed in 10.11.10, 11.4.4: a server that stops while the log resizes may not recover); set innodb_log_file_size = 512M in the my.cnf and restart before the load instead"},
		{"MariaDB 11.4.3: not crash safe online", "mariadb", "11.4.3-MariaDB", "innodb_log_file_size", "100663296", 6, "", "", "MDEV-34750"},
		{"MariaDB 11.4.4: online", "mariadb", "11.4.4-MariaDB", "innodb_log_file_size", "100663296", 6,
			"SET GLOBAL innodb_log_file_size = 536870912;", "SET GLOBAL innodb_log_file_size = 100663296;", ""},
		{"MariaDB 11.8.6: online", "mariadb", "11.8.6-MariaDB", "innodb_log_file_size", "100663296", 6,
			"SET GLOBAL innodb_log_file_size = 536870912;", "SET GLOBAL innodb_log_file_size = 100663296;", ""},
		{"free space unknown: a note", "mariadb", "10.11.19-MariaDB", "innodb_log_file_size", "100663296", 0, "", "", "free space is unknown"},
		{"2 GiB free: the 512 MiB ideal does not fit, 384 MiB does", "mariadb", "10.11.19-MariaDB", "innodb_log_file_size", "100663296", 2,
			"SET GLOBAL innodb_log_file_size = 402653184;", "SET GLOBAL innodb_log_file_size = 100663296;", ""},
		{"1 GiB free after a 384M log: 128 MiB fits, no larger than the log: nothing", "mariadb", "10.11.19-MariaDB", "innodb_log_file_size", "402653184", 1, "", "", "no larger than the 384.0 MiB log"},
		{"1 GiB free: only 128 MiB fits, under twice the 96 MiB log: nothing", "mariadb", "10.11.19-MariaDB", "innodb_log_file_size", "100663296", 1, "", "", "128.0 MiB, not twice the 96.0 MiB log"},
		{"the redo log already holds it: nothing", "mariadb", "10.11.19-MariaDB", "innodb_log_file_size", "4G", 6, "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, d)
			p.Storage.FreeBytes = tc.freeGiB << 30
			p.Server = server(tc.flavor, tc.version, map[string]string{"innodb_buffer_pool_size": "16G", tc.redoVar: tc.redo})
			plan := Size(p, Options{Task: TaskLoad})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "redo_log_capacity") || strings.Contains(s.Apply, "log_file_size") {
					got = &plan.Temporary[i]
				}
			}
			switch {
			case tc.apply == "" && got != nil:
				t.Errorf("offered %q, want nothing", got.Apply)
			case tc.apply != "" && got == nil:
				t.Fatalf("not offered; notes %q", plan.Notes)
			case got != nil && (got.Apply != tc.apply || got.Undo != tc.undo):
				t.Errorf("apply %q undo %q; want %q and %q", got.Apply, got.Undo, tc.apply, tc.undo)
			}
			if tc.noteHas != "" && !strings.Contains(strings.Join(plan.Notes, "|"), tc.noteHas) {
				t.Errorf("notes %q lack %q", plan.Notes, tc.noteHas)
			}
			if got != nil && !strings.Contains(got.Name, "is what fits") && !strings.Contains(plan.EstimatedLoad.Basis, "no checkpoint flushing") {
				t.Errorf("with the redo log grown, the estimate still flushes: %s", plan.EstimatedLoad.Basis)
			}
		})
	}
}

// TestGrowRedoFits: the grown log and the loaded data must fit the datadir
// together, the capped size says why, and the undo states how long it blocks.
func TestGrowRedoFits(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	tests := []struct {
		name      string
		freeBytes uint64
		seqMBPerS float64
		nameHas   []string
		warnHas   []string
	}{
		{"8G bed after a 4352M log: capped, says why", 2 << 30, 21.3,
			[]string{"384.0 MiB is what fits", "2.0 GiB free", "at most 25%"},
			[]string{"up to about 21s (434.9 MiB of loaded pages", "21.3 MB/s sequential", "up to 3m52s", "120 random writes/s", "less for pages written while loading", "back to 96.0 MiB", "safe to leave the larger log in place"}},
		{"room to spare: the ideal, no fit text", 6 << 30, 21.3, []string{"grow the redo log to 512.0 MiB"}, []string{"up to about 21s"}},
		{"sequential rate unmeasured: minutes, no number", 6 << 30, 0, nil, []string{"can take minutes on a slow disk"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, d)
			p.Storage.FreeBytes, p.Storage.SeqWrite.MBPerS = tc.freeBytes, tc.seqMBPerS
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": "100663296"})
			s, g, why, ok := growRedo(p, Options{Task: TaskLoad}, poolOf(p, Options{Task: TaskLoad}))
			if !ok {
				t.Fatalf("not offered: %s", why)
			}
			if room := float64(tc.freeBytes-uint64(dumpInnoDBBytes(d))) * RedoFreeFraction; float64(g.redo) > room {
				t.Errorf("redo %d > %.0f: the new log and the data do not fit with room to spare", g.redo, room)
			}
			for _, h := range tc.nameHas {
				if !strings.Contains(s.Name, h) {
					t.Errorf("name %q lacks %q", s.Name, h)
				}
			}
			for _, h := range tc.warnHas {
				if !strings.Contains(s.Warning, h) {
					t.Errorf("warning %q lacks %q", s.Warning, h)
				}
			}
		})
	}
}

// TestRelaxedFlushUnbufferedLog: relaxed flushing for a mysqldump load on a
// MariaDB whose redo log is unbuffered says that 2 alone still waits.
func TestRelaxedFlushUnbufferedLog(t *testing.T) {
	for _, tc := range []struct {
		buffering string
		want      bool
	}{{"OFF", true}, {"ON", false}, {"", false}} {
		t.Run("buffering "+tc.buffering, func(t *testing.T) {
			p := prof(2, 0, cardCurve, &profile.Dump{Format: "mysqldump", Path: "/b/d", TotalBytes: 1e6, Tables: 1, Chunks: 1})
			vars := map[string]string{"log_bin": "OFF"}
			if tc.buffering != "" {
				vars["innodb_log_file_buffering"] = tc.buffering
			}
			p.Server = server("mariadb", "10.11.19-MariaDB", vars)
			plan := Size(p, Options{Task: TaskLoad, Durability: DurabilityRelaxed})
			notes := strings.Join(plan.Notes, "|")
			got := strings.Contains(notes, "innodb_log_file_buffering OFF")
			if got != tc.want {
				t.Errorf("note given = %v, want %v: %q", got, tc.want, plan.Notes)
			}
			// SET GLOBAL … = OFF does not undo ON on MariaDB 10.11.19: no undo may be printed
			if got && (strings.Contains(notes, "undo: OFF") || !strings.Contains(notes, "no online undo")) {
				t.Errorf("the note offers an online undo: %q", notes)
			}
		})
	}
}

// TestGrowRedoOnItsOwnDisk: with innodb_log_group_home_dir on its own
// filesystem the restore plan sizes the grown redo log against that
// filesystem's free space (the loaded data lands in the datadir, not
// there), and the texts name it (QA16 2026-12-04: sized from the datadir's
// free space, the log did not fit its own volume and the server did not
// start).
func TestGrowRedoOnItsOwnDisk(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	tests := []struct {
		name      string
		redoFree  uint64
		apply     string
		textHas   string
		warningIn string
	}{
		// 1 GiB × 25% = 256 MiB, rounded to 128 MiB: 256 MiB, over twice the 96 MiB log: offered
		{"1 GiB free on the redo's own disk: 256 MiB", 1 << 30, "SET GLOBAL innodb_log_file_size = 268435456;", "256.0 MiB is what fits", "more of /mnt/redo/log (innodb_log_group_home_dir = /mnt/redo/log)"},
		// 600 MiB × 25% = 150 MiB → 128 MiB: under twice 96 MiB: nothing, and the note names the redo's disk
		{"600 MiB free on the redo's own disk: nothing", 600 << 20, "", "but /mnt/redo/log (innodb_log_group_home_dir = /mnt/redo/log) has 600.0 MiB free", ""},
		{"plenty on the redo's own disk: the ideal", 6 << 30, "SET GLOBAL innodb_log_file_size = 536870912;", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, d)
			p.Storage.FreeBytes = 100 << 30
			p.Storage.RedoDir = &profile.RedoDir{Path: "/mnt/redo/log", Setting: "/mnt/redo/log", MountPoint: "/mnt/redo", FreeBytes: tc.redoFree}
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": "100663296"})
			plan := Size(p, Options{Task: TaskLoad})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "log_file_size") {
					got = &plan.Temporary[i]
				}
			}
			if (got == nil) != (tc.apply == "") || got != nil && got.Apply != tc.apply {
				t.Fatalf("offered %+v, want %q; notes %q", got, tc.apply, plan.Notes)
			}
			all := strings.Join(plan.Notes, "|")
			if got != nil {
				all += "|" + got.Name + "|" + got.Warning
			}
			for _, want := range []string{tc.textHas, tc.warningIn} {
				if !strings.Contains(all, want) {
					t.Errorf("plan texts lack %q: %q", want, all)
				}
			}
		})
	}
}

// TestGrowPoolUndoSaysLoadStall: review r65's shrink of a grown pool under
// an 8-thread write load on the hdd bed stalled the other sessions for the
// 47.7 s it ran; every offered growth's warning says so, with when to run
// the undo.
func TestGrowPoolUndoSaysLoadStall(t *testing.T) {
	for _, tc := range growPoolCases {
		if tc.apply == "" {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, tc.dump)
			p.Server = tc.srv
			if tc.cnf != nil {
				p.MyCnf = &profile.MyCnf{Variables: tc.cnf}
			}
			p.Host.Memory.AvailableBytes, p.Host.Memory.LimitBytes = tc.availGiB<<30, tc.limitMiB<<20
			for _, s := range Size(p, Options{Task: TaskLoad, Advised: tc.advised, Target: tc.target}).Temporary {
				if !strings.Contains(s.Apply, "innodb_buffer_pool_size") {
					continue
				}
				for _, h := range []string{"0-17 transactions/s (from ~110) for 47.7 s", "the last step still took 53.8 s", "run it when the server is quiet"} {
					if !strings.Contains(s.Warning, h) {
						t.Errorf("warning %q lacks %q", s.Warning, h)
					}
				}
			}
		})
	}
}
