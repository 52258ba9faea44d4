package threads

import (
	"strings"
	"testing"
)

// TestRedoAhead: the fast end runs ahead of the redo only when the
// commits do not wait for the log and the disk's time is the log's.
func TestRedoAhead(t *testing.T) {
	holds := redoRoom{LowBytes: 30 << 20, HighBytes: 40 << 20, Lim: redoLimits{CapacityBytes: 512 << 20, AsyncBytes: 453 << 20, LimitBytes: 480 << 20}}
	past := redoRoom{LowBytes: 500 << 20, HighBytes: 600 << 20, Lim: holds.Lim}
	fits := pool{bytes: 17 << 30, room: holds, fileCommit: commitNoWait}
	tests := []struct {
		name     string
		b        pool
		data     uint64
		diskFast float64
		want     float64
	}{
		{"relaxed, the log holds the load", fits, 100 << 20, 2.5, RelaxedRedoAheadSec},
		{"no more than the disk's time", fits, 100 << 20, 0.7, 0.7},
		{"commits sync the log", pool{bytes: 17 << 30, room: holds, fileCommit: commitSyncs}, 100 << 20, 2.5, 0},
		{"commits wait for an unbuffered write", pool{bytes: 17 << 30, room: holds, fileCommit: commitWrites}, 100 << 20, 2.5, 0},
		{"the data outgrows the pool", pool{bytes: 64 << 20, room: holds, fileCommit: commitNoWait}, 100 << 20, 2.5, 0},
		{"past the async flush point", pool{bytes: 17 << 30, room: past, fileCommit: commitNoWait}, 100 << 20, 2.5, 0},
		{"pool unknown", pool{room: holds, fileCommit: commitNoWait}, 100 << 20, 2.5, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, text := redoAhead(tc.b, tc.data, tc.diskFast)
			if got != tc.want {
				t.Fatalf("redoAhead = %v, want %v", got, tc.want)
			}
			if (got > 0) != strings.Contains(text, "ahead of its redo") {
				t.Errorf("text %q for %v s", text, got)
			}
		})
	}
}
