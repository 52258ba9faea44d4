package host

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

// FirstTouchMaxBytes is the most fresh memory MeasureFirstTouch writes:
// 64 MiB, 16,384 pages of 4 KiB, enough that the page faults, not the
// timer, set the figure, and quick where memory is cheap to back (some
// 10-20 ms where a fault and clearing a page take well under a µs: 4 KiB
// cleared at 10 GB/s is 0.4 µs) yet bounded where it is not (a Firecracker guest on a PVM
// hypervisor, 2026-12-05: 11-16 µs a page, 0.2-0.3 s;
// docs/benchmarks/estimate.md, "Fresh memory on this VM").
const FirstTouchMaxBytes = 64 << 20

// FirstTouchShare is the most of the usable memory the measurement may
// map (1/64: 16 MiB on a 1 GiB board), as MemChaseShare does for the
// chase, so that a small host's server is never pushed out.
const FirstTouchShare = 64

// FirstTouchMinBytes is the least it writes: 4 MiB, 1,024 pages.
const FirstTouchMinBytes = 4 << 20

// FirstTouchBytes is the memory MeasureFirstTouch writes on a host whose
// processes may use usable bytes (0: unknown): usable / FirstTouchShare
// within [FirstTouchMinBytes, FirstTouchMaxBytes].
func FirstTouchBytes(usable uint64) int {
	if usable == 0 {
		return FirstTouchMaxBytes
	}
	return int(min(max(usable/FirstTouchShare, FirstTouchMinBytes), FirstTouchMaxBytes))
}

// TouchResult is what MeasureFirstTouch read.
type TouchResult struct {
	// Bytes is the memory written, PageBytes the page size.
	Bytes, PageBytes int
	// First and Again are the wall-clock time of the first write of every
	// page and of the second.
	First, Again time.Duration
}

// NsPerPage is d over the result's pages.
func (r TouchResult) NsPerPage(d time.Duration) float64 {
	if r.PageBytes <= 0 || r.Bytes < r.PageBytes {
		return 0
	}
	return float64(d.Nanoseconds()) / float64(r.Bytes/r.PageBytes)
}

// MeasureFirstTouch maps size bytes of fresh anonymous memory, writes one
// byte in each page on one locked OS thread (every write a page fault: the
// kernel clears the page and, in a VM whose host backs guest memory on its
// first touch, the host backs it), times that, writes them again (no
// faults: what the loop itself costs), times that, and unmaps it. The wall
// clock is read, not the thread's CPU time: a hypervisor's work may be
// charged to either. Cancelling ctx stops it with ctx's error.
func MeasureFirstTouch(ctx context.Context, size int) (TouchResult, error) {
	page := pageSize()
	if size < page {
		return TouchResult{}, fmt.Errorf("a first-touch measurement over %d bytes: want at least a page (%d bytes)", size, page)
	}
	size -= size % page
	mem, err := mapFresh(size)
	if err != nil {
		return TouchResult{}, fmt.Errorf("mapping %d MiB of fresh memory to time its first touch: %w", size>>20, err)
	}
	defer unmapFresh(mem)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := TouchResult{Bytes: size, PageBytes: page}
	for pass := range 2 {
		start := time.Now()
		if err := touchPages(ctx, mem, page); err != nil {
			return TouchResult{}, err
		}
		if pass == 0 {
			r.First = time.Since(start)
		} else {
			r.Again = time.Since(start)
		}
	}
	return r, nil
}

// touchPages adds one to the first byte of every page of mem, checking ctx
// every 256 pages (1 MiB of 4 KiB pages).
func touchPages(ctx context.Context, mem []byte, page int) error {
	for i := 0; i < len(mem); i += page {
		if (i/page)%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		mem[i]++
	}
	return nil
}
