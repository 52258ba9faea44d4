package host

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// countingCtx counts how often its Err is asked.
type countingCtx struct {
	context.Context
	n atomic.Int64
}

func (c *countingCtx) Err() error {
	c.n.Add(1)
	return c.Context.Err()
}

// TestChaseBufferLooksOften: laying the chase out looks at its context at
// least once per 256 lines it links, since each link in random order may
// be a fresh page the kernel backs at 10-16 µs (review r12: looking once
// every 64Ki lines, the first 64Ki took 2.5-3.4 s on this VM, and a probe
// sent SIGTERM during it took 1.4-2.4 s to stop).
func TestChaseBufferLooksOften(t *testing.T) {
	cases := []struct {
		name string
		size int
	}{
		{"smallest buffer", MemChaseMinBytes},
		{"largest buffer", MemChaseMaxBytes},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := &countingCtx{Context: context.Background()}
			if _, err := chaseBuffer(ctx, c.size); err != nil {
				t.Fatal(err)
			}
			lines := int64(c.size / cacheLine)
			if got, want := ctx.n.Load(), lines/256; got < want {
				t.Errorf("chaseBuffer(%d MiB) looked at ctx %d times, want at least %d (once per 256 of its %d lines)",
					c.size>>20, got, want, lines)
			}
		})
	}
}

// TestChaseBufferStopsWhileAllocating: a cancel while the chase's buffer
// is allocated returns at once, not when the allocation ends (review r12:
// the runtime clearing 128 MiB of reused memory held a probe sent SIGTERM
// for 0.5-1.4 s). makeWords is slowed to stand in for that clearing.
func TestChaseBufferStopsWhileAllocating(t *testing.T) {
	cases := []struct {
		name  string
		slow  time.Duration // how long the allocation takes
		after time.Duration // cancel this long after the call
	}{
		{"cancelled during a 2 s allocation", 2 * time.Second, 100 * time.Millisecond},
		{"cancelled during a 1 s allocation", time.Second, 50 * time.Millisecond},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			orig := makeWords
			defer func() { makeWords = orig }()
			makeWords = func(n int) []uint32 { time.Sleep(c.slow); return orig(n) }
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			time.AfterFunc(c.after, cancel)
			start := time.Now()
			_, err := chaseBuffer(ctx, MemChaseMinBytes)
			if took := time.Since(start) - c.after; !errors.Is(err, context.Canceled) || took > c.slow/2 {
				t.Errorf("chaseBuffer returned %v %v after the cancel, want context.Canceled well before the %v allocation ends",
					err, took, c.slow)
			}
		})
	}
}
