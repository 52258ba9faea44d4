package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRechunkHint: a mydumper dump whose one big table holds fewer chunks
// than the host's load threads says how to get them (review r16: a 3 TiB
// table in one file on 128 cores loaded "→ 1 thread" with no way out said).
func TestRechunkHint(t *testing.T) {
	big := func(format string, chunks int) *profile.Dump {
		return &profile.Dump{Format: format, Path: "/backup/huge", TotalBytes: 3 << 40, Tables: 1, Chunks: chunks,
			LargestTable: "big.events", LargestTableBytes: 3 << 40}
	}
	tests := []struct {
		name    string
		d       *profile.Dump
		threads int
		hint    bool
	}{
		{"one file on 16 cores: 1 thread and the hint", big("mydumper", 1), 1, true},
		{"32 chunks on 16 cores: the knee's 8 threads, no hint", big("mydumper", 32), 8, false},
		{"a MySQL Shell dump: no mydumper hint", big("mysqlsh", 1), 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan := Size(prof(16, 0, nvmeCurve, tc.d), Options{Task: TaskLoad})
			if plan.Load.Threads != tc.threads {
				t.Errorf("load %d threads, want %d: %s", plan.Load.Threads, tc.threads, plan.Load.Why)
			}
			if has := strings.Contains(plan.Load.Why, "mydumper --rows"); has != tc.hint {
				t.Errorf("hint %v, want %v: %s", has, tc.hint, plan.Load.Why)
			}
		})
	}
}
