package host

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestMemChaseBytes: the chase's buffer is a 32nd of the usable memory,
// within 16 and 128 MiB.
func TestMemChaseBytes(t *testing.T) {
	cases := []struct {
		name   string
		usable uint64
		want   int
	}{
		{"unknown memory: the largest", 0, 128 << 20},
		{"a 1 GiB Raspberry Pi: a 32nd", 1 << 30, 32 << 20},
		{"a 256 MiB container: the floor", 256 << 20, 16 << 20},
		{"this project's 23 GiB VM: the cap", 23 << 30, 128 << 20},
		{"4 GiB: exactly the cap", 4 << 30, 128 << 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := MemChaseBytes(tc.usable); got != tc.want {
				t.Fatalf("MemChaseBytes(%d) = %d, want %d", tc.usable, got, tc.want)
			}
		})
	}
}

// TestChaseBuffer: the links make one cycle through every cache line,
// and sizes out of range are refused.
func TestChaseBuffer(t *testing.T) {
	cases := []struct {
		name string
		size int
		err  string
	}{
		{"two lines", 128, ""},
		{"a thousand lines", 64 << 10, ""},
		{"one line: no cycle", 64, "want 128 bytes to 4096 MiB"},
		{"nothing", 0, "want 128 bytes to 4096 MiB"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			buf, err := chaseBuffer(context.Background(), tc.size)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			lines := tc.size / cacheLine
			seen := make(map[uint32]bool, lines)
			p := uint32(0)
			for range lines {
				if seen[p] || p%(cacheLine/4) != 0 {
					t.Fatalf("link %d revisited or not on a line start after %d steps", p, len(seen))
				}
				seen[p] = true
				p = buf[p]
			}
			if p != 0 || len(seen) != lines {
				t.Fatalf("after %d links at %d, %d lines seen: want back at 0 having seen all", lines, p, len(seen))
			}
		})
	}
}

// TestMeasureMemory: a real short chase gives a positive time per load
// over the buffer asked for, and a cancelled context stops it.
func TestMeasureMemory(t *testing.T) {
	m, err := MeasureMemory(context.Background(), 1<<20, 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if m.LoadNs <= 0 || m.Bytes != 1<<20 || m.Loads < 4096 {
		t.Fatalf("got %+v", m)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MeasureMemory(ctx, 1<<20, time.Second); err == nil {
		t.Fatal("a cancelled context: want its error")
	}
}

// TestMeasureMemoryStopsWhileLayingOut: a cancelled context stops the
// chase while its buffer is laid out, not after (review r8: a probe
// interrupted 1.2-1.5 s in took 4.0-4.3 s to stop, TestProbeSignals failing;
// laying out 128 MiB took 2.2 s on this VM's fresh memory).
func TestMeasureMemoryStopsWhileLayingOut(t *testing.T) {
	cases := []struct {
		name  string
		size  int
		delay time.Duration // cancel after this long; 0: before the call
	}{
		{"cancelled before", MemChaseMaxBytes, 0},
		{"cancelled 20 ms in", MemChaseMaxBytes, 20 * time.Millisecond},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			if c.delay == 0 {
				cancel()
			} else {
				time.AfterFunc(c.delay, cancel)
			}
			defer cancel()
			start := time.Now()
			_, err := MeasureMemory(ctx, c.size, MemChaseEach)
			if took := time.Since(start) - c.delay; err == nil || took > 60*time.Millisecond {
				t.Errorf("MeasureMemory returned %v %v after the cancel, want ctx's error within 60 ms", err, took)
			}
		})
	}
}
