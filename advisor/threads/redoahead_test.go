package threads

import (
	"math"
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
		redo     float64
		want     float64
	}{
		// 68.4 MB of redo in 4.56 s at 15 MB/s: the 34.2 MB that may stay unwritten take 2.28 s
		{"relaxed, the log holds the load", fits, 100 << 20, 4.56, 68.4e6, 2.28},
		{"no more than the disk's time", fits, 100 << 20, 0.7, 10.5e6, 0.7},
		{"commits sync the log", pool{bytes: 17 << 30, room: holds, fileCommit: commitSyncs}, 100 << 20, 4.56, 68.4e6, 0},
		{"commits wait for an unbuffered write", pool{bytes: 17 << 30, room: holds, fileCommit: commitWrites}, 100 << 20, 4.56, 68.4e6, 0},
		{"the data outgrows the pool", pool{bytes: 64 << 20, room: holds, fileCommit: commitNoWait}, 100 << 20, 4.56, 68.4e6, 0},
		{"past the async flush point", pool{bytes: 17 << 30, room: past, fileCommit: commitNoWait}, 100 << 20, 4.56, 68.4e6, 0},
		{"pool unknown", pool{room: holds, fileCommit: commitNoWait}, 100 << 20, 4.56, 68.4e6, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, text := redoAhead(tc.b, tc.data, tc.diskFast, tc.redo)
			if math.Abs(got-tc.want) > 1e-9 {
				t.Fatalf("redoAhead = %v, want %v", got, tc.want)
			}
			if (got > 0) != strings.Contains(text, "of its redo unwritten") {
				t.Errorf("text %q for %v s", text, got)
			}
		})
	}
}
