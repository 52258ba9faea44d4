package probe

import (
	"context"
	"testing"
	"time"
)

// TestHoldDisk: the disk measurement waits for the server's redo sample,
// for the end of a read that never got to it, or for a cancelled run, and
// never longer than its bound (a read still listing a large server's
// tables does not hold the probe for long).
func TestHoldDisk(t *testing.T) {
	cases := []struct {
		name    string
		sampled bool
		done    bool
		cancel  bool
		wantMin time.Duration
		wantMax time.Duration
	}{
		{"sample taken", true, false, false, 0, 150 * time.Millisecond},
		{"read ended before its sample", false, true, false, 0, 150 * time.Millisecond},
		{"run cancelled", false, false, true, 0, 150 * time.Millisecond},
		{"nothing yet: the bound", false, false, false, 300 * time.Millisecond, 2 * time.Second},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &pendingRead{done: make(chan struct{}), sampled: make(chan struct{})}
			if c.sampled {
				close(p.sampled)
			}
			if c.done {
				close(p.done)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if c.cancel {
				cancel()
			}
			start := time.Now()
			p.holdDisk(ctx, 300*time.Millisecond)
			if took := time.Since(start); took < c.wantMin || took > c.wantMax {
				t.Errorf("holdDisk took %v, want %v..%v", took, c.wantMin, c.wantMax)
			}
		})
	}
}
