package threads

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// TestRedoGrowWarningCoversMeasuredUndo: the wait the redo-log warning
// states for its undo (its largest "up to") must cover the undo the e2e
// bench measured with that bed's probe, and no part of it may claim a floor
// the bench undercut ("at least 39s" on the bw bed, measured 28.5-30.5 s).
// Probes and times: scripts/bench-restore.sh e2e, 2026-12-01 (docs/benchmarks/restore-e2e.md,
// "End to end": 455.3 MiB loaded, undo back to the cnf's log).
func TestRedoGrowWarningCoversMeasuredUndo(t *testing.T) {
	const data = 477405184 // 455.3 MiB: the ~InnoDB bytes of the 152 MB dump
	tests := []struct {
		name      string
		seqMBPerS float64
		rand      []profile.ThreadPoint
		back      uint64
		measured  []time.Duration // every run of the printed undo
	}{
		{"bw bed (15 MB/s, 600 IOPS), back to 96M", 15.0, curve(1, 530, 2, 597, 4, 586, 8, 599, 16, 562), 96 << 20,
			[]time.Duration{28773 * time.Millisecond, 28490 * time.Millisecond, 30454 * time.Millisecond}},
		{"card bed in a 2G cgroup (20 MB/s, 100 IOPS), back to 256M", 20.0, curve(1, 70, 2, 95, 4, 91, 8, 81, 16, 63), 256 << 20,
			[]time.Duration{130761 * time.Millisecond, 132068 * time.Millisecond}},
	}
	upTo := regexp.MustCompile(`up to (?:about )?((?:\d+[hms])+)`)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := profile.Storage{FreeBytes: 2785144832, RandWrite: tc.rand}
			s.SeqWrite.MBPerS = tc.seqMBPerS
			w := redoGrowWarning(s, 512<<20, data, tc.back)
			if regexp.MustCompile(`at least`).MatchString(w) {
				t.Errorf("warning claims a floor: %s", w)
			}
			var most time.Duration
			for _, m := range upTo.FindAllStringSubmatch(w, -1) {
				d, err := time.ParseDuration(m[1])
				if err != nil {
					t.Fatalf("stated wait %q: %v", m[1], err)
				}
				most = max(most, d)
			}
			if most == 0 {
				t.Fatalf("warning states no wait: %s", w)
			}
			for _, m := range tc.measured {
				if m > most {
					t.Errorf("measured undo %s > the stated %s: %s", m, most, w)
				}
			}
		})
	}
}

// TestGrowRedoUndoIsTheServers: where the advised cnf sets another redo
// log than the server has, the load is sized for the advised one and the
// undo puts back the server's, as the pool's undo does: after apply and
// undo the server ends where it started (a QA run ended with 640M where
// it had 48M).
func TestGrowRedoUndoIsTheServers(t *testing.T) {
	dump := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 100e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	for _, tc := range []struct {
		name       string
		srvRedo    string
		advised    map[string]string
		undo, warn string
	}{
		{"advised 256M, server 48M: back to 48M", "50331648", map[string]string{"innodb_buffer_pool_size": "1G", "innodb_log_file_size": "256M"},
			"SET GLOBAL innodb_log_file_size = 50331648;", "the undo puts back the 48.0 MiB the server has now (the my.cnf lines of this report advise 256.0 MiB)"},
		{"nothing advised: back to the server's 48M", "50331648", map[string]string{"innodb_buffer_pool_size": "1G"},
			"SET GLOBAL innodb_log_file_size = 50331648;", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, dump)
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "134217728", "innodb_log_file_size": tc.srvRedo})
			p.Host.Memory.AvailableBytes = 8 << 30
			p.Storage.FreeBytes = 50 << 30
			plan := Size(p, Options{Task: TaskLoad, Advised: tc.advised})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "innodb_log_file_size") {
					got = &plan.Temporary[i]
				}
			}
			if got == nil {
				t.Fatalf("redo growth not offered; notes %q", plan.Notes)
			}
			if got.Undo != tc.undo || !strings.Contains(got.Warning, tc.warn) {
				t.Errorf("undo %q warning %q; want %q and %q", got.Undo, got.Warning, tc.undo, tc.warn)
			}
		})
	}
}
