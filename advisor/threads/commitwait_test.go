package threads

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCommitWait: a mysqldump file's load waits for a redo sync per INSERT
// statement with innodb_flush_log_at_trx_commit = 1, not with the relaxed
// 2 set for the load, unless MariaDB writes the log unbuffered; batched
// loaders are not counted.
func TestCommitWait(t *testing.T) {
	relaxed := []Setting{{Apply: "SET GLOBAL innodb_flush_log_at_trx_commit = 2;"}}
	cases := []struct {
		name   string
		format string
		vars   map[string]string
		temp   []Setting
		want   int
	}{
		{"mysqldump, default 1", "mysqldump", map[string]string{}, nil, commitSyncs},
		{"mysqldump, the server at 2", "mysqldump", map[string]string{"innodb_flush_log_at_trx_commit": "2"}, nil, commitNoWait},
		{"mysqldump, the server at 0", "mysqldump", map[string]string{"innodb_flush_log_at_trx_commit": "0"}, nil, commitNoWait},
		{"mysqldump, relaxed sets 2 for the load", "mysqldump", map[string]string{"innodb_flush_log_at_trx_commit": "1"}, relaxed, commitNoWait},
		{"mysqldump, relaxed 2 on an unbuffered MariaDB log still waits for the write", "mysqldump",
			map[string]string{"innodb_flush_log_at_trx_commit": "1", "innodb_log_file_buffering": "OFF"}, relaxed, commitWrites},
		{"mydumper: batched commits, not counted", "mydumper", map[string]string{}, nil, commitNoWait},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, &profile.Dump{Format: c.format, Path: "/b/d.sql", TotalBytes: 1e6, Tables: 2, Chunks: 1, InsertStatements: 100})
			p.Server = server("mariadb", "10.11.19-MariaDB", c.vars)
			if got := commitWait(p, Options{}, c.temp); got != c.want {
				t.Errorf("commitWait = %d, want %d", got, c.want)
			}
		})
	}
}

// TestCommitCost: statements × the probe's average write + fdatasync
// time when commits sync (its p50 only without a rate), × its one-thread
// 16K write time when they only write; the scanned part's statements
// scaled to the whole file; said with its numbers.
func TestCommitCost(t *testing.T) {
	var s profile.Storage
	s.Fsync.P50US, s.Fsync.OpsPerS = 300, 75 // a throttled bed: fast p50, 13.3 ms on average
	s.RandWrite = []profile.ThreadPoint{{Threads: 1, IOPS: 150}}
	var p50only profile.Storage
	p50only.Fsync.P50US = 6600
	cases := []struct {
		name string
		s    profile.Storage
		d    profile.Dump
		wait int
		sec  float64
		text string
	}{
		{"--skip-extended-insert, 20,000 statements, syncs", s, profile.Dump{Format: "mysqldump", TotalBytes: 3e6, InsertStatements: 20000}, commitSyncs,
			20000.0 / 75, "plus 266.7 s of commits: 20.0k INSERT statements, each its own transaction (the file runs with autocommit), one after another, a redo write and sync each (innodb_flush_log_at_trx_commit = 1), 13.3 ms at the probe's 75 16K write + fdatasync per second on average"},
		{"the same, writes only (unbuffered log at 2)", s, profile.Dump{Format: "mysqldump", TotalBytes: 3e6, InsertStatements: 20000}, commitWrites,
			20000.0 / 150, "one 16K log write each (innodb_flush_log_at_trx_commit = 2 on a log written with O_DIRECT), 6.7 ms at the probe's 150 random 16K writes/s on 1 thread"},
		{"no rate in the profile: the p50", p50only, profile.Dump{Format: "mysqldump", TotalBytes: 3e6, InsertStatements: 20000}, commitSyncs, 132, "6.6 ms (the probe's commit p50)"},
		{"10 statements: under 0.1 s, left out", s, profile.Dump{Format: "mysqldump", TotalBytes: 1e6, InsertStatements: 1}, commitSyncs, 0, ""},
		{"a scan that stopped at 256 MiB of a 1 GiB file: ×4", s, profile.Dump{Format: "mysqldump", TotalBytes: 1 << 30, ScannedBytes: 256 << 20, InsertStatements: 1000},
			commitSyncs, 4000.0 / 75, "4.0k INSERT statements"},
		{"--no-autocommit: 20,000 statements in 20 commits, not 20,000", s,
			profile.Dump{Format: "mysqldump", TotalBytes: 3e6, InsertStatements: 20000, AutocommitOff: true, Transactions: 20}, commitSyncs,
			20.0 / 75, "plus 0.3 s of commits: 20 transactions (the file turns autocommit off and commits once per table, mysqldump --no-autocommit; 20.0k INSERT statements in them)"},
		{"--no-autocommit, 3,000 statements in 1 commit: under 0.1 s, left out", s,
			profile.Dump{Format: "mysqldump", TotalBytes: 114e3, InsertStatements: 3000, AutocommitOff: true, Transactions: 1}, commitSyncs, 0, ""},
		{"no wait", s, profile.Dump{Format: "mysqldump", TotalBytes: 3e6, InsertStatements: 20000}, commitNoWait, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sec, text := commitCost(c.s, &c.d, c.wait)
			if math.Abs(sec-c.sec) > 1e-6 || !strings.Contains(text, c.text) || (c.text == "") != (text == "") {
				t.Errorf("commitCost = %.3f s %q, want %.3f s with %q", sec, text, c.sec, c.text)
			}
		})
	}
}
