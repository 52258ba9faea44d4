package diskio

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestStarved(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name    string
		runWait time.Duration
		idle    time.Duration
		want    bool
	}{
		// Shapes measured on 2026-12-01 (see starvedShare).
		{"hdd bed's throttle at load 6: 7 ms wait in 539 ms of pauses", 7 * ms, 539 * ms, false},
		{"hdd bed, 1 thread: 0.1 ms wait in 561 ms of pauses", 100 * time.Microsecond, 561 * ms, false},
		{"fast disk under 10 CPU burners: 62 ms wait in 35 ms of pauses", 62 * ms, 35 * ms, true},
		{"fast disk under burners, 1 thread: 171 ms wait in 124 ms of pauses", 171 * ms, 124 * ms, true},
		{"exactly half: starved", 50 * ms, 100 * ms, true},
		{"just under half: a device's pauses", 49 * ms, 100 * ms, false},
		{"wait unknown (no schedstat)", -1, 100 * ms, false},
		{"no pause at all", 30 * ms, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := starved(sliceBound{runWait: tc.runWait}, tc.idle); got != tc.want {
				t.Errorf("starved(runWait %v, idle %v) = %v, want %v", tc.runWait, tc.idle, got, tc.want)
			}
		})
	}
}

// TestSliceWindowsStarvedHost checks that a fast disk whose workers the
// host descheduled twice for 30 ms (on this 2-core VM under a full `go
// test ./...`) is measured over its whole slice, not from one of those
// pauses to the next as a throttle's batches are, while the same shape
// with workers that slept in the kernel (a device's pauses) still is.
func TestSliceWindowsStarvedHost(t *testing.T) {
	ms := int64(time.Millisecond)
	// 8 workers, one completion each every 0.5 ms (16k IOPS), except in
	// the pauses [40, 70) and [100, 130) ms of the 140 ms slice, and a
	// completions resume after each.
	var recs [][]opRec
	for w := range 8 {
		var rs []opRec
		for at := int64(w * 60_000); at < 140*ms; at += ms / 2 {
			if (at >= 40*ms && at < 70*ms) || (at >= 100*ms && at < 130*ms) {
				continue
			}
			rs = append(rs, opRec{slice: 0, issue: max(0, at-ms/2), end: at})
		}
		recs = append(recs, rs)
	}
	total := 0
	for _, rs := range recs {
		total += len(rs)
	}
	tests := []struct {
		name    string
		runWait time.Duration
		minOps  int // the window counts at least this many completions
	}{
		{"workers waited for a CPU through the pauses", 60 * time.Millisecond, total * 9 / 10},
		{"wait unknown: read as a device's batches", -1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := sliceBound{threads: 8, start: 0, end: 140 * ms, runWait: tc.runWait}
			w := sliceWindows(recs, []sliceBound{b})[0]
			if w.ops < tc.minOps {
				t.Errorf("window %d ops in %v, want at least %d of the slice's %d", w.ops, w.dur, tc.minOps, total)
			}
			if tc.runWait < 0 {
				// A device's pauses: the window closes at the last batch
				// opening (130 ms), not at the slice's last completion.
				if w.dur > 131*time.Millisecond {
					t.Errorf("window %v: want it closed at the 130 ms opening", w.dur)
				}
				return
			}
			want := float64(total) / 0.140
			if got := w.rate(); math.Abs(got-want) > 0.05*want {
				t.Errorf("rate %.0f IOPS over %v, want %.0f (the slice's completions over its time) ±5%%", got, w.dur, want)
			}
		})
	}
}

func TestMeanWait(t *testing.T) {
	tests := []struct {
		name          string
		before, after []int64
		n             int
		want          time.Duration
	}{
		{"mean of the active workers", []int64{0, 10, 20, 0}, []int64{10, 30, 50, 1000}, 3, 20},
		{"an unreadable worker is left out", []int64{0, -1}, []int64{10, 50}, 2, 10},
		{"none readable", []int64{-1, -1}, []int64{-1, -1}, 2, -1},
		{"a counter that went back is left out", []int64{100, 0}, []int64{50, 40}, 2, 40},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := meanWait(tc.before, tc.after, tc.n); got != tc.want {
				t.Errorf("meanWait = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestProcSchedReader(t *testing.T) {
	root := t.TempDir()
	task := filepath.Join(root, strconv.Itoa(os.Getpid()), "task")
	write := func(tid, content string) {
		if err := os.MkdirAll(filepath.Join(task, tid), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(task, tid, "schedstat"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("101", "86178215 54815146 238\n")
	write("102", "garbage\n")
	got := procSchedReader(root)([]int{101, 102, 103, 0})
	want := []int64{54815146, -1, -1, -1}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("thread %d: %d, want %d (all: %v)", i, got[i], want[i], got)
		}
	}
}
