//go:build linux && !386 && !arm

package main

import (
	"bytes"
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hanwen/go-fuse/v2/fuse"
)

// imageDelaysCases are TestImageDelays' cases: the delays and queue of an
// image, how many writers write side by side, and how long they may take.
var imageDelaysCases = []struct {
	name    string
	d       delays
	queue   int
	writers int
	min     time.Duration // the least the writers may take together
	max     time.Duration // and the most (generous: a shared, loaded machine)
}{
	{name: "no latency", d: delays{}, writers: 1, min: 0, max: 50 * time.Millisecond},
	{name: "one write waits", d: delays{write: 20 * time.Millisecond, sync: 20 * time.Millisecond}, writers: 1, min: 20 * time.Millisecond, max: 200 * time.Millisecond},
	// in turn they would take 200 ms: under 150 ms they overlapped
	{name: "four writes side by side", d: delays{write: 50 * time.Millisecond}, writers: 4, min: 50 * time.Millisecond, max: 150 * time.Millisecond},
	{name: "queue 1 makes them wait in turn", d: delays{write: 50 * time.Millisecond}, queue: 1, writers: 4, min: 200 * time.Millisecond, max: time.Second},
}

// TestImageDelays: every write and fsync waits its latency, writes side by side wait side by side up to the
// queue, reads do not wait, and the bytes written are the bytes read back. The node is called directly, without
// a mount (that needs root and /dev/fuse; scripts/testbed.sh's latency profile does it).
func TestImageDelays(t *testing.T) {
	for _, c := range imageDelaysCases {
		t.Run(c.name, func(t *testing.T) {
			img, err := openImage(filepath.Join(t.TempDir(), "back.img"), 1<<20, c.d, c.queue)
			if err != nil {
				t.Fatal(err)
			}
			defer img.close()
			ctx := context.Background()
			block := bytes.Repeat([]byte{7}, 16<<10)
			start := time.Now()
			var wg sync.WaitGroup
			for i := range c.writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if n, errno := img.Write(ctx, nil, block, int64(i)*int64(len(block))); errno != 0 || int(n) != len(block) {
						t.Errorf("write %d: %d bytes, errno %v", i, n, errno)
					}
				}()
			}
			wg.Wait()
			if took := time.Since(start); took < c.min || took > c.max {
				t.Errorf("%d writes took %v, want %v to %v", c.writers, took, c.min, c.max)
			}
			start = time.Now()
			if errno := img.Fsync(ctx, nil, 0); errno != 0 {
				t.Fatalf("fsync: %v", errno)
			}
			if took := time.Since(start); took < c.d.sync {
				t.Errorf("fsync took %v, want at least %v", took, c.d.sync)
			}
			start = time.Now()
			dest := make([]byte, len(block))
			res, errno := img.Read(ctx, nil, dest, 0)
			if errno != 0 {
				t.Fatalf("read: %v", errno)
			}
			got, _ := res.Bytes(nil)
			if !bytes.Equal(got, block) {
				t.Errorf("read back %d bytes that differ from the block written", len(got))
			}
			if took := time.Since(start); took > 50*time.Millisecond {
				t.Errorf("a read took %v: reads must not wait", took)
			}
			var out fuse.AttrOut
			if errno := img.Getattr(ctx, nil, &out); errno != 0 || out.Size != 1<<20 {
				t.Errorf("getattr: size %d, errno %v; want %d", out.Size, errno, 1<<20)
			}
		})
	}
}
