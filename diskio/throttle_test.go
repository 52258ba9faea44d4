package diskio

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// throttledOpener opens files whose 16 KiB operations pass a blk-throttle
// of its own: at most batch of them per period, the rest waiting for the
// next period, as a cgroup v1 iops limit serves them (measured on the hdd
// and sd beds: ~15 released every ~100 ms). 1 MiB transfers pass freely.
type throttledOpener struct {
	osOpener
	batch  int
	period time.Duration
	mu     sync.Mutex
	start  time.Time // the current period's start
	used   int
}

func (o *throttledOpener) open(path string, direct bool, want fileID) (ioFile, error) {
	f, err := o.osOpener.open(path, direct, want)
	if err != nil {
		return nil, err
	}
	return &throttledFile{ioFile: f, o: o}, nil
}

// wait blocks until the throttle lets one more operation through.
func (o *throttledOpener) wait() {
	for {
		o.mu.Lock()
		now := time.Now()
		if o.start.IsZero() || now.Sub(o.start) >= o.period {
			o.start, o.used = now.Truncate(o.period), 0
		}
		if o.used < o.batch {
			o.used++
			o.mu.Unlock()
			return
		}
		next := o.start.Add(o.period)
		o.mu.Unlock()
		time.Sleep(time.Until(next))
	}
}

type throttledFile struct {
	ioFile
	o *throttledOpener
}

func (f *throttledFile) WriteAt(p []byte, off int64) (int, error) {
	if len(p) == randBlock {
		f.o.wait()
	}
	return f.ioFile.WriteAt(p, off)
}

func (f *throttledFile) ReadAt(p []byte, off int64) (int, error) {
	if len(p) == randBlock {
		f.o.wait()
	}
	return f.ioFile.ReadAt(p, off)
}

// TestRunOnAThrottledDevice runs the engine on a batchy device and wants
// every curve point at the throttle's rate. Before the persistent pool, the
// 16-thread points of 10 s runs on the 150-IOPS beds read 0.57-0.77x.
func TestRunOnAThrottledDevice(t *testing.T) {
	if testing.Short() {
		t.Skip("a 6 s run")
	}
	// 300 IOPS (15 per 50 ms): in 6 s the phases get 3 rounds planned, and
	// the first round's 140 ms slices hold ~42 operations, under minSliceOps,
	// so the rest of each phase is one round of longer slices.
	//
	// The simulated device sleeps on real time and its 1 MiB transfers reach
	// the test machine's disk, so a loaded host (load 12-20 measured here while
	// four benchmarks ran) can make one run read 0.6-1.2x: up to five runs are
	// made, 2 s apart, and one must be right at every point. A systematic
	// error (windows on clock edges, a drain per slice: 0.57-0.77x) fails all
	// five. (Three were not enough when go test ran it beside the MariaDB
	// packages on a busy 2-core host: CI 2026-12-03 23:55, all three runs
	// starved to phases of 0-1 slices; alone right after, the first run passed.)
	const runs = 5
	var problems []string
	for attempt := 1; attempt <= runs; attempt++ {
		if problems = throttledRunProblems(t); len(problems) == 0 {
			return
		}
		t.Logf("run %d of %d: %s", attempt, runs, strings.Join(problems, "; "))
		if attempt < runs {
			time.Sleep(2 * time.Second)
		}
	}
	t.Errorf("%d runs on a 300-IOPS simulated throttle, none right; the last: %s", runs, strings.Join(problems, "; "))
}

// throttledRunProblems runs the engine for 6 s on a 300-IOPS simulated
// throttle and returns what is wrong with its result (nil when nothing is).
func throttledRunProblems(t *testing.T) []string {
	o := &throttledOpener{batch: 15, period: 50 * time.Millisecond}
	dir := t.TempDir()
	r, err := run(context.Background(), Options{Dir: dir, Duration: 6 * time.Second, MaxBytes: 64 * MiB}, o)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	assertEmpty(t, dir)
	const want = 300
	var problems []string
	for _, c := range []struct {
		name  string
		curve []Scaling
	}{{"random write", r.RandWrite}, {"random read", r.RandRead}} {
		for _, p := range c.curve {
			if got := p.IOPS(); got < 0.85*want || got > 1.15*want {
				problems = append(problems, fmt.Sprintf("%s at %d threads: %.0f IOPS (%d in windows of %v, slices %v), want %d ±15%%",
					c.name, p.Threads, got, p.WindowOps, p.Window, p.SliceIOPS, want))
			}
		}
	}
	if p := r.RandWrite[len(r.RandWrite)-1]; !p.Pooled {
		problems = append(problems, fmt.Sprintf("random write at 16 threads not pooled: roundsFor must cut the phase into longer slices after its first round (slices %v)", p.SliceIOPS))
	}
	if r.Elapsed > 6*time.Second*21/20 {
		problems = append(problems, fmt.Sprintf("run took %v, want within 5%% of its 6 s", r.Elapsed))
	}
	return problems
}
