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
		want   bool
	}{
		{"mysqldump, default 1", "mysqldump", map[string]string{}, nil, true},
		{"mysqldump, the server at 2", "mysqldump", map[string]string{"innodb_flush_log_at_trx_commit": "2"}, nil, false},
		{"mysqldump, the server at 0", "mysqldump", map[string]string{"innodb_flush_log_at_trx_commit": "0"}, nil, false},
		{"mysqldump, relaxed sets 2 for the load", "mysqldump", map[string]string{"innodb_flush_log_at_trx_commit": "1"}, relaxed, false},
		{"mysqldump, relaxed 2 on an unbuffered MariaDB log still waits", "mysqldump",
			map[string]string{"innodb_flush_log_at_trx_commit": "1", "innodb_log_file_buffering": "OFF"}, relaxed, true},
		{"mydumper: batched commits, not counted", "mydumper", map[string]string{}, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, &profile.Dump{Format: c.format, Path: "/b/d.sql", TotalBytes: 1e6, Tables: 2, Chunks: 1, InsertStatements: 100})
			p.Server = server("mariadb", "10.11.19-MariaDB", c.vars)
			if got := commitWait(p, Options{}, c.temp); got != c.want {
				t.Errorf("commitWait = %v, want %v", got, c.want)
			}
		})
	}
}

// TestCommitCost: statements × the probe's commit p50, the scanned part's
// statements scaled to the whole file; said with its numbers.
func TestCommitCost(t *testing.T) {
	var s profile.Storage
	s.Fsync.P50US = 6600 // the SD-like bed of the QA: 150 commits/s, 6.6 ms each
	cases := []struct {
		name  string
		d     profile.Dump
		waits bool
		sec   float64
		text  string
	}{
		{"--skip-extended-insert, 130,000 statements", profile.Dump{Format: "mysqldump", TotalBytes: 20e6, InsertStatements: 130000}, true, 858,
			"plus 858.0 s of commits: 130.0k INSERT statements, each its own transaction"},
		{"extended inserts, 40 statements: 0.26 s", profile.Dump{Format: "mysqldump", TotalBytes: 40e6, InsertStatements: 40}, true, 0.264, "40 INSERT"},
		{"10 statements: 0.066 s, left out", profile.Dump{Format: "mysqldump", TotalBytes: 1e6, InsertStatements: 10}, true, 0, ""},
		{"a scan that stopped at 256 MiB of a 1 GiB file: ×4", profile.Dump{Format: "mysqldump", TotalBytes: 1 << 30, ScannedBytes: 256 << 20, InsertStatements: 1000},
			true, 4000 * 0.0066, "4.0k INSERT statements"},
		{"relaxed: no wait", profile.Dump{Format: "mysqldump", TotalBytes: 20e6, InsertStatements: 130000}, false, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sec, text := commitCost(s, &c.d, c.waits)
			if math.Abs(sec-c.sec) > 1e-6 || !strings.Contains(text, c.text) || (c.text == "") != (text == "") {
				t.Errorf("commitCost = %.3f s %q, want %.3f s with %q", sec, text, c.sec, c.text)
			}
		})
	}
}
