package threads

import (
	"regexp"
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
