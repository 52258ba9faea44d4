package diskio

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// TestWatchGivesUpOnAHungDisk: a write that never returns (an ext4 frozen
// with fsfreeze held a 4 s probe until the thaw, a Ctrl-C included) ends
// the run at the hang limit, or cancelGrace after an interrupt, with
// ErrHung naming the directory; once the disk answers, the abandoned run
// removes its test file. A run that returns in time is passed through.
func TestWatchGivesUpOnAHungDisk(t *testing.T) {
	const limit = 1500 * time.Millisecond // the hang limit of the first case
	cases := []struct {
		name      string
		limit     time.Duration
		hangAt    int64
		cancelAt  time.Duration // after the write hangs; 0: not cancelled
		wantErr   []error
		wantUnder time.Duration
	}{
		{"the 3rd write hangs: given up at the limit", limit, 3, 0, []error{ErrHung}, limit + time.Second},
		{"the 3rd write hangs, then Ctrl-C: given up after cancelGrace", time.Minute, 3, 200 * time.Millisecond,
			[]error{ErrHung, context.Canceled}, 200*time.Millisecond + cancelGrace + 3*time.Second},
		{"no hang: the run's own result, at Run's limit", stallLimit(MinDuration) + hangGrace, 0, 0, nil, stallLimit(MinDuration)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			op := &faultyOpener{hangWriteAt: c.hangAt, hangUntil: make(chan struct{}), hanging: make(chan struct{})}
			if c.cancelAt > 0 {
				go func() { // the interrupt comes once the write hangs (a busy host may not reach it in 200 ms)
					<-op.hanging
					time.Sleep(c.cancelAt)
					cancel()
				}()
			}
			finished := make(chan struct{})
			start := time.Now()
			_, err := watch(ctx, c.limit, dir, func() (Result, error) {
				defer close(finished)
				return run(ctx, Options{Dir: dir, Duration: MinDuration, MaxBytes: 64 * MiB}, op)
			})
			took := time.Since(start)
			for _, want := range c.wantErr {
				if !errors.Is(err, want) {
					t.Errorf("err = %v, want it to wrap %v", err, want)
				}
			}
			if c.wantErr == nil && errors.Is(err, ErrHung) {
				t.Errorf("err = %v, want the run's own", err)
			}
			if took > c.wantUnder {
				t.Errorf("took %s, want under %s", took.Round(time.Millisecond), c.wantUnder)
			}
			close(op.hangUntil) // the disk answers again
			select {
			case <-finished:
			case <-time.After(30 * time.Second):
				t.Fatal("the abandoned run did not end after the disk answered")
			}
			if l, _ := os.ReadDir(dir); len(l) != 0 {
				t.Errorf("%d files left after the disk answered", len(l))
			}
		})
	}
}
