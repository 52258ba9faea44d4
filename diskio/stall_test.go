package diskio

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestRunStopsOnAStalledDisk: a disk whose writes take far longer than the
// run's time stops the run at about stallLimit with ErrStalled, instead of
// letting every step wait for its slow operations (a 5 s probe took 249 s
// on a loop device over a FUSE file whose writes took 20 s); the test file
// is removed. A slow but working disk is not stopped.
func TestRunStopsOnAStalledDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for seconds")
	}
	const duration = time.Second
	cases := []struct {
		name    string
		stall   time.Duration
		wantErr error
		within  time.Duration
	}{
		{"writes of a second each: stalled", time.Second, ErrStalled, stallLimit(duration) + 2*time.Second},
		{"writes of 2 ms each: slow, not stalled", 2 * time.Millisecond, nil, stallLimit(duration)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			start := time.Now()
			_, err := run(context.Background(), Options{Dir: dir, Duration: duration, MaxBytes: 64 * MiB},
				&faultyOpener{stallWrites: c.stall})
			took := time.Since(start)
			assertEmpty(t, dir)
			if !errors.Is(err, c.wantErr) || (c.wantErr == nil && err != nil) {
				t.Fatalf("err = %v, want %v", err, c.wantErr)
			}
			if took > c.within {
				t.Errorf("took %s, want within %s", took.Round(time.Millisecond), c.within)
			}
		})
	}
}

// TestStallLimit: twice the run's time plus a grace, far above the
// 10.0-11.4 s a 10 s run takes on a working disk.
func TestStallLimit(t *testing.T) {
	cases := []struct {
		name  string
		total time.Duration
		want  time.Duration
	}{
		{"the shortest run", MinDuration, 5 * time.Second},
		{"the default", DefaultDuration, 21 * time.Second},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := stallLimit(c.total); got != c.want {
				t.Errorf("stallLimit(%s) = %s, want %s", c.total, got, c.want)
			}
		})
	}
}
