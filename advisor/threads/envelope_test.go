package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// extrapolationMariaDB is the MariaDB 10.11 target TestExtrapolationNote
// sizes for: the one the fit measured.
var extrapolationMariaDB = profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19", Source: profile.SourceFlag}

// extrapolationNoteCases are TestExtrapolationNote's cases: an edit to a
// profile inside the fit's envelope, the target, and what the note must say.
var extrapolationNoteCases = []struct {
	name   string
	edit   func(p *profile.Profile)
	target profile.Target
	want   []string // empty: no note
}{
	{"inside the envelope", func(*profile.Profile) {}, extrapolationMariaDB, nil},
	{"16 cores", func(p *profile.Profile) { p.Host.CPU.Logical = 16 }, extrapolationMariaDB, []string{"16 cores (measured: 2)"}},
	{"a MySQL 8.4 target", func(*profile.Profile) {}, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4", Source: profile.SourceFlag},
		[]string{"a MySQL 8.4 target (measured: MariaDB 10.11)"}},
	{"MariaDB 11.4", func(*profile.Profile) {}, profile.Target{Flavor: profile.FlavorMariaDB, Version: "11.4.5"}, []string{"a MariaDB 11.4.5 target"}},
	{"a disk faster than any bed", func(p *profile.Profile) { p.Storage.SeqWrite.MBPerS = 3200 }, extrapolationMariaDB,
		[]string{"a disk writing 3200.0 MB/s sequentially (measured: 14.7-1914.5 MB/s)"}},
	{"a dump bigger than any swept", func(p *profile.Profile) { p.Dump.TotalBytes = 2e9 }, extrapolationMariaDB, []string{"1.9 GiB of SQL (measured: 37.9 MiB to 153.1 MiB)"}},
	{"as many tables as a fit dump had", func(p *profile.Profile) { p.Dump.Tables = 25 }, extrapolationMariaDB, nil},
	{"more tables than any fit dump", func(p *profile.Profile) { p.Dump.Tables = 200 }, extrapolationMariaDB, []string{"200 tables (measured: 2 to 32)"}},
	{"one table", func(p *profile.Profile) { p.Dump.Tables = 1 }, extrapolationMariaDB, []string{"1 table (measured: 2 to 32)"}},
	{"InnoDB tables and tables of unstated engine", func(p *profile.Profile) {
		p.Dump.Engines = []profile.DumpEngine{{Name: "InnoDB", Tables: 6, Bytes: 100e6}, {Name: profile.DumpEngineUnknown, Tables: 2, Bytes: 50e6}}
	}, extrapolationMariaDB, nil},
	{"MyISAM and Aria tables", func(p *profile.Profile) {
		p.Dump.Engines = []profile.DumpEngine{{Name: "InnoDB", Tables: 5, Bytes: 100e6}, {Name: "MyISAM", Tables: 2, Bytes: 40e6}, {Name: "Aria", Tables: 1, Bytes: 10e6}}
	}, extrapolationMariaDB, []string{"3 MyISAM, Aria tables, 47.7 MiB (measured: InnoDB tables only)"}},
	{"sysbench-shaped rows", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{{Name: "s.t", Bytes: 40e6, SampledRows: 500, SQLBytesPerRow: 197, IndexEntryBytes: []float64{14}}}
	}, extrapolationMariaDB, nil},
	{"narrow rows with three indexes, as the fits had", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{
			{Name: "s.log", Bytes: 30e6, SampledRows: 500, SQLBytesPerRow: 30, IndexEntryBytes: []float64{14, 14, 18}},
			{Name: "s.t", Bytes: 10e6, SampledRows: 500, SQLBytesPerRow: 197, IndexEntryBytes: []float64{14}}}
	}, extrapolationMariaDB, nil},
	{"rows narrower than any fit's, with five indexes", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{
			{Name: "s.log", Bytes: 30e6, SampledRows: 500, SQLBytesPerRow: 12, IndexEntryBytes: []float64{14, 14, 18, 9, 9}},
			{Name: "s.t", Bytes: 10e6, SampledRows: 500, SQLBytesPerRow: 197, IndexEntryBytes: []float64{14}}}
	}, extrapolationMariaDB, []string{"rows of 16 SQL bytes on average (measured: 29-1393)", "tables with 1 to 5 secondary indexes (measured: 1-3)"}},
	{"rows wider than any fit's", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{{Name: "s.blob", Bytes: 40e6, SampledRows: 50, SQLBytesPerRow: 8000, IndexEntryBytes: []float64{14}}}
	}, extrapolationMariaDB, []string{"rows of 8000 SQL bytes on average (measured: 29-1393)"}},
	{"one table of wide rows in a dump of narrow ones (the r54 mixed dump)", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{
			{Name: "mx.att", Bytes: 16457427, SampledRows: 150, SQLBytesPerRow: 109547, IndexEntryBytes: []float64{20}},
			{Name: "mx.t", Bytes: 61e6, SampledRows: 500, SQLBytesPerRow: 158, IndexEntryBytes: []float64{14}}}
	}, extrapolationMariaDB, []string{"1 table with rows of up to 109547 SQL bytes (mx.att, 21% of the sampled bytes; measured: 29-1393 on average)"}},
	{"tables without a secondary index, unsampled ones ignored", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{{Name: "s.t", Bytes: 40e6, SampledRows: 500, SQLBytesPerRow: 195}, {Name: "s.u", Bytes: 5e6}}
	}, extrapolationMariaDB, []string{"tables with 0 secondary indexes (measured: 1-3)"}},
	{"one CPU by quota", func(p *profile.Profile) { p.Host.CPU.QuotaCores = 1 }, extrapolationMariaDB, []string{"1 core (measured: 2)"}},
	{"CPUs as fast as the fit's", func(p *profile.Profile) { p.Host.CPU.Speed = &profile.CPUSpeed{SingleOpsPerCPUS: 123e3} }, extrapolationMariaDB, nil},
	{"slower CPUs than any measured", func(p *profile.Profile) { p.Host.CPU.Speed = &profile.CPUSpeed{SingleOpsPerCPUS: 40e3} }, extrapolationMariaDB,
		[]string{"CPUs doing 40.0k units per CPU-second (measured: 106.1k-185.1k)"}},
	{"memory as quick as the fit's", func(p *profile.Profile) {
		p.Host.CPU.Speed = &profile.CPUSpeed{SingleOpsPerCPUS: 123e3, MemLoadNs: 250}
	}, extrapolationMariaDB, nil},
	{"memory slower than any measured", func(p *profile.Profile) {
		p.Host.CPU.Speed = &profile.CPUSpeed{SingleOpsPerCPUS: 123e3, MemLoadNs: 600}
	}, extrapolationMariaDB,
		[]string{"memory taking 600 ns a load (measured: 133-385 ns)"}},
	{"HASH partitions as many as timed", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{{Name: "s.log", Engine: "InnoDB", SQLBytesPerRow: 90, Partitions: 48, PartitionBy: "hash"},
			{Name: "s.t", SQLBytesPerRow: 190}, {Name: "s.archive", Engine: "ARCHIVE", SQLBytesPerRow: 90, Partitions: 300, PartitionBy: "range"}}
	}, extrapolationMariaDB, nil},
	{"more partitions than any timed restore", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{{Name: "s.log", Engine: "InnoDB", SQLBytesPerRow: 90, Partitions: 64, PartitionBy: "key"},
			{Name: "s.t", SQLBytesPerRow: 190, Partitions: 8, PartitionBy: "hash"}}
	}, extrapolationMariaDB, []string{"2 partitioned tables in 72 partitions (timed restores: up to 48 partitions a table)",
		"1 table partitioned by key (timed restores: partitioned by hash only; each partition counted an even share of its table's rows)"}},
	{"RANGE partitions and a profile that does not say", func(p *profile.Profile) {
		p.Dump.TableModels = []profile.DumpTableModel{{Name: "s.log", Engine: "InnoDB", SQLBytesPerRow: 90, Partitions: 12, PartitionBy: "range"},
			{Name: "s.m", SQLBytesPerRow: 90, Partitions: 3, PartitionBy: "range"}, {Name: "s.t", SQLBytesPerRow: 190, Partitions: 4}}
	}, extrapolationMariaDB, []string{"1 table partitioned by a method the profile does not record, 2 by range (timed restores: partitioned by hash only"}},
	{"a FULLTEXT table its rows not sampled (the r54 ft dump)", func(p *profile.Profile) {
		p.Dump.FulltextTables = []string{"ft.doc"}
	}, extrapolationMariaDB, []string{"1 table with FULLTEXT indexes whose indexes the estimate does not price (ft.doc: its rows were not sampled"}},
	{"every kind (the r54 mixed dump): FULLTEXT and SPATIAL timed, not sampled; the others never timed", func(p *profile.Profile) {
		p.Dump.DumpTableKinds = profile.DumpTableKinds{FulltextTables: []string{"mx.doc"}, SpatialTables: []string{"mx.place"},
			ForeignKeyTables: []string{"mx.a", "mx.b", "mx.c", "mx.child", "mx.d"}, VersionedTables: []string{"mx.acct"}, SequenceTables: []string{"mx.s_order"}}
	}, extrapolationMariaDB, []string{"1 table with FULLTEXT indexes whose indexes the estimate does not price (mx.doc:",
		"1 table with SPATIAL indexes whose indexes the estimate does not price (mx.place:", "5 tables with FOREIGN KEYs (mx.a, mx.b, mx.c and 2 more; timed restores: none)", "1 table WITH SYSTEM VERSIONING (mx.acct; timed restores: none)",
		"1 SEQUENCE (mx.s_order; timed restores: none)"}},
	{"steal takes a fast-enough CPU below", func(p *profile.Profile) {
		steal := 20.0
		p.Host.CPU.Speed = &profile.CPUSpeed{SingleOpsPerCPUS: 125e3, StealPct: &steal}
	}, extrapolationMariaDB, []string{"CPUs doing 100.0k units per CPU-second"}},
}

// TestExtrapolationNote: inside what the load model was fitted on (2
// cores, MariaDB 10.11, an 8-table mydumper dump of 38-152 MiB, disks of
// 14.7-1914.5 MB/s) the plan says nothing; outside it THREADS and the
// estimate say they extrapolate, with the number that is outside, and
// print the calibrate line that measures the answer on the target
// (issue 19, point 5). A calibrated load needs no such note.
func TestExtrapolationNote(t *testing.T) {
	inside := func() *profile.Profile {
		p := prof(2, 0, fastCurve, &profile.Dump{Format: "mydumper", Path: "/backup/shop db", TotalBytes: 150e6,
			TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24})
		p.Storage.Measured = true
		return p
	}
	for _, c := range extrapolationNoteCases {
		t.Run(c.name, func(t *testing.T) {
			p := inside()
			c.edit(p)
			plan := Size(p, Options{Task: TaskLoad, Target: c.target})
			var note string
			for _, n := range plan.Notes {
				if strings.Contains(n, "extrapolate") {
					note = n
				}
			}
			if len(c.want) == 0 {
				if note != "" || strings.Contains(plan.EstimatedLoad.Basis, "extrapolated") {
					t.Errorf("inside the envelope, yet: %q / %q", note, plan.EstimatedLoad.Basis)
				}
				return
			}
			for _, w := range append(c.want, "mytune calibrate --dump '/backup/shop db' --format json --out calibration.json",
				"--calibration calibration.json") {
				if !strings.Contains(note, w) {
					t.Errorf("note %q lacks %q", note, w)
				}
			}
			if !strings.Contains(plan.EstimatedLoad.Basis, "extrapolated beyond the measured machines") {
				t.Errorf("the estimate does not say it extrapolates: %q", plan.EstimatedLoad.Basis)
			}
		})
	}
	cal := &Calibration{Source: "calibration cal.json", Threads: 4, MBPerS: 3, BestThreads: 4, BestMBPerS: 3, WithinPct: 5,
		Points: []CalibrationPoint{{Threads: 4, MBPerS: 3}}}
	p := inside()
	p.Host.CPU.Logical = 16
	calibrated := Size(p, Options{Task: TaskLoad, Target: extrapolationMariaDB, Calibration: cal})
	if calibrated.Load.Basis != BasisCalibrated {
		t.Fatalf("the calibration was not used: %+v", calibrated.Load)
	}
	for _, n := range calibrated.Notes {
		if strings.Contains(n, "extrapolate") {
			t.Errorf("a calibrated load extrapolates nothing: %q", n)
		}
	}
}

// TestEnvelopeCountsEveryKind: every kind of table the note may name has
// its count of timed tables in data/envelope.json (a key missing there
// would read as 0 without saying so).
func TestEnvelopeCountsEveryKind(t *testing.T) {
	for _, k := range tableKinds {
		t.Run(k.key, func(t *testing.T) {
			if _, ok := FittedEnvelope.Dump.TablesWith[k.key]; !ok {
				t.Errorf("data/envelope.json dump.tables_with lacks %q", k.key)
			}
		})
	}
}
