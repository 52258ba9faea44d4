package threads

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestBinlogWriteOf: a load that writes the binary log fsyncs it per
// commit group when sync_binlog is 1 (set, or MySQL's default) and the
// durability is strict; MariaDB's default (0), a sync_binlog of N > 1 and
// relaxed durability (which sets it to 0 for the load) write it unsynced.
func TestBinlogWriteOf(t *testing.T) {
	tests := []struct {
		name       string
		srv        *profile.Server
		durability string
		synced     bool
	}{
		{"MySQL 8.0, sync_binlog 1, strict", server("mysql", "8.0.36", map[string]string{"log_bin": "ON", "sync_binlog": "1"}), DurabilityStrict, true},
		{"MySQL 8.0, sync_binlog 1, relaxed", server("mysql", "8.0.36", map[string]string{"log_bin": "ON", "sync_binlog": "1"}), DurabilityRelaxed, false},
		{"MySQL 8.0, sync_binlog 100", server("mysql", "8.0.36", map[string]string{"log_bin": "ON", "sync_binlog": "100"}), DurabilityStrict, false},
		{"MySQL 8.0, sync_binlog not read: its default 1", server("mysql", "8.0.36", map[string]string{"log_bin": "ON"}), DurabilityStrict, true},
		{"MariaDB, sync_binlog not read: its default 0", server("mariadb", "10.11.19-MariaDB", map[string]string{"log_bin": "ON"}), DurabilityStrict, false},
		{"MariaDB, sync_binlog 1", server("mariadb", "10.11.19-MariaDB", map[string]string{"log_bin": "ON", "sync_binlog": "1"}), DurabilityStrict, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &profile.Profile{Server: tc.srv}
			w := binlogWriteOf(p, normalise(Options{Durability: tc.durability}))
			if !w.written || w.synced != tc.synced {
				t.Errorf("binlogWriteOf = %+v, want written, synced %v", w, tc.synced)
			}
		})
	}
}

// TestBinlogDiskRates: with the data in the pool and a redo log that holds
// the load, writing the binary log adds BinlogBytesPerSQLByte to the
// sequential quotient (1.16–2.3 → 2.16–3.3 bytes per byte of SQL) and, when
// synced, one log write per log write to the slow end of the random-write
// one (0.08–0.16 → 0.08–0.32: a load's few commits add no sync at the fast
// end). A card-like disk: 20 MB/s sequential, 100 random 16K
// writes/s.
func TestBinlogDiskRates(t *testing.T) {
	s := profile.Storage{SeqWrite: profile.Throughput{MBPerS: 20}, RandWrite: []profile.ThreadPoint{{Threads: 1, IOPS: 100}}}
	rnd := float64(100 * PageBytes)
	tests := []struct {
		name       string
		w          binlogWrite
		fast, slow float64
		text       string
	}{
		{"skipped", binlogWrite{}, min(20e6/1.16, rnd/0.08), min(20e6/2.3, rnd/0.16), ""},
		{"written, not synced", binlogWrite{written: true}, min(20e6/2.16, rnd/0.08), min(20e6/3.3, rnd/0.16), "the binary log written beside it: +1x the SQL in bytes"},
		{"written and synced", binlogWrite{written: true, synced: true}, min(20e6/2.16, rnd/0.08), min(20e6/3.3, rnd/0.32), "and, with sync_binlog = 1, up to an fsync per log write (the slow end; the fast end none: a load commits once per 1000 statements)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := pool{bytes: 1 << 30, from: "advised", redo: 1 << 30, binlog: tc.w}
			fast, slow, how := diskRates(s, 8, b, 200<<20, 1<<30)
			if math.Abs(fast-tc.fast) > 1 || math.Abs(slow-tc.slow) > 1 {
				t.Errorf("rates %.0f–%.0f B/s, want %.0f–%.0f (%s)", slow, fast, tc.slow, tc.fast, how)
			}
			if tc.text != "" && !strings.Contains(how, tc.text) || tc.text == "" && strings.Contains(how, "binary log") {
				t.Errorf("how %q: want %q", how, tc.text)
			}
		})
	}
}

// TestBinlogEstimate: the plan carries a second estimate, for a load that
// writes the binary log, only when the target's binary log is on; it is
// no faster than the advised load that skips it.
func TestBinlogEstimate(t *testing.T) {
	for _, tc := range []struct {
		name string
		vars map[string]string
		want bool
	}{
		{"binary log on", map[string]string{"log_bin": "ON", "sync_binlog": "1", "innodb_buffer_pool_size": "1073741824"}, true},
		{"binary log off", map[string]string{"log_bin": "OFF", "innodb_buffer_pool_size": "1073741824"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, nil)
			p.Storage.SeqWrite = profile.Throughput{MBPerS: 20}
			p.Storage.RandWrite = []profile.ThreadPoint{{Threads: 1, IOPS: 100}}
			p.Server = server("mysql", "8.0.36", tc.vars)
			p.Dump = &profile.Dump{Format: "mydumper", TotalBytes: 50e6, Tables: 4, Chunks: 16}
			plan := Size(p, Options{Task: TaskLoad})
			got := plan.EstimatedLoadBinlog
			if got.IsZero() != !tc.want {
				t.Fatalf("estimated_load_binlog_written = %+v, want it %v", got, tc.want)
			}
			if tc.want && (got.Low < plan.EstimatedLoad.Low || got.High < plan.EstimatedLoad.High || !strings.HasPrefix(got.Basis, "With the binary log written")) {
				t.Errorf("written %v–%v (%s) against skipped %v–%v", got.Low, got.High, got.Basis, plan.EstimatedLoad.Low, plan.EstimatedLoad.High)
			}
		})
	}
}

// TestBinlogWrittenHow: the written-binlog estimate names the way the
// dump's own loader writes the binary log the printed line skips.
func TestBinlogWrittenHow(t *testing.T) {
	tests := []struct {
		name string
		d    *profile.Dump
		want string
	}{
		{"a mysqldump file", &profile.Dump{Format: "mysqldump"}, "the mysql line without its " + InitSkipBinlog},
		{"a mydumper dump", &profile.Dump{Format: "mydumper"}, "myloader --enable-binlog"},
		{"a mysqlsh dump", &profile.Dump{Format: "mysqlsh"}, "mysqlsh skipBinlog: false"},
		{"no dump read", nil, "myloader --enable-binlog, mysqlsh skipBinlog: false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := binlogWrittenHow(tc.d); got != tc.want {
				t.Errorf("binlogWrittenHow = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestBinlogSyncs(t *testing.T) {
	cases := []struct {
		name string
		d    profile.Dump
		want float64
		says string
	}{
		{"INSERTs and schema statements", profile.Dump{Tables: 25, InsertStatements: 25, SchemaStatements: 105}, 130, "25 transactions and 105 schema statements"},
		{"a profile saved before the count: a CREATE TABLE a table", profile.Dump{Tables: 3, InsertStatements: 15}, 18, "3 CREATE TABLE statements (at least"},
		{"--no-autocommit: its COMMITs", profile.Dump{Tables: 2, InsertStatements: 10, AutocommitOff: true, Transactions: 2, SchemaStatements: 9}, 11, "2 transactions and 9 schema"},
		{"a partial scan scaled to the file", profile.Dump{Tables: 4, InsertStatements: 10, SchemaStatements: 20, TotalBytes: 400, ScannedBytes: 100}, 120, "40 transactions and 80 schema"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, says := binlogSyncs(&c.d)
			if n != c.want || !strings.Contains(says, c.says) {
				t.Errorf("binlogSyncs = %v, %q; want %v, %q", n, says, c.want, c.says)
			}
		})
	}
	s := profile.Storage{Fsync: profile.Latency{P50US: 10000}}
	d := profile.Dump{Format: "mysqldump", Tables: 1, InsertStatements: 9, SchemaStatements: 1}
	for _, w := range []binlogWrite{{}, {written: true}, {written: true, synced: true}} {
		if f, sl, _ := binlogSyncCost(s, &d, w); f != 0 || sl != 0 {
			t.Errorf("%+v: %v–%v, want none (skipped, unsynced or batched)", w, f, sl)
		}
	}
	if f, sl, _ := binlogSyncCost(s, &d, binlogWrite{written: true, synced: true, perStatement: true}); math.Abs(f-10*0.01*BinlogSyncCommitsLow) > 1e-9 || math.Abs(sl-10*0.01*BinlogSyncCommitsHigh) > 1e-9 {
		t.Errorf("10 syncs at a 10 ms p50: %v–%v", f, sl)
	}
}
