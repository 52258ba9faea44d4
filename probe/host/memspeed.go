package host

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

// MemChaseMaxBytes is the largest buffer MeasureMemory chases through:
// 128 MiB, above the last-level cache one core sees on the hosts mytune
// targets (AMD's 3D V-Cache EPYC parts: 96 MiB of L3 per CCD; Intel Xeon
// Scalable 4th gen: up to 112.5 MiB per socket; Raspberry Pi 5: 2 MiB),
// so nearly every load of the chase goes to DRAM, as a B-tree lookup in a
// buffer pool bigger than the cache does.
const MemChaseMaxBytes = 128 << 20

// MemChaseMinBytes is the smallest: 16 MiB, still 8x a Raspberry Pi 5's
// L3 and 16x a Pi 4's L2 (1 MiB).
const MemChaseMinBytes = 16 << 20

// MemChaseShare is the most of the usable memory the chase may hold
// while it runs (1/32: 32 MiB on a 1 GiB board), so the probe never
// pushes a small host's server or page cache out.
const MemChaseShare = 32

// MemChaseEach is how long the chase runs: at ~100 ns a load (DRAM
// latency on a 2020s server) some two million loads, once around a
// 128 MiB buffer.
const MemChaseEach = 200 * time.Millisecond

// cacheLine is the bytes between two links of the chase: one 64-byte
// cache line (x86-64 and the Cortex-A72/A76 of Raspberry Pi 4 and 5), so
// no two links share a line and the hardware prefetcher finds no stride.
const cacheLine = 64

// chaseCheckMask: chaseBuffer looks at its context once every 256 lines.
// Laying the links out touches the lines in random order, so nearly every
// line of the first pass is a fresh page the kernel must back (10-16 µs a
// page on this project's VM): at most 256 of them between two looks, as
// touchPages, keeps a Ctrl-C waiting milliseconds. Once every 64Ki lines
// (review r12) the first 64Ki lines took 2.5-3.4 s on the loaded VM, and a
// probe sent SIGTERM 1.2-1.9 s in took 1.4-2.4 s to stop.
const chaseCheckMask = 1<<8 - 1

// MemChaseBytes is the chase's buffer for a host whose processes may use
// usable bytes (0: unknown): usable / MemChaseShare within
// [MemChaseMinBytes, MemChaseMaxBytes].
func MemChaseBytes(usable uint64) int {
	if usable == 0 {
		return MemChaseMaxBytes
	}
	return int(min(max(usable/MemChaseShare, MemChaseMinBytes), MemChaseMaxBytes))
}

// MemResult is what MeasureMemory read.
type MemResult struct {
	// LoadNs is the nanoseconds of its thread's CPU time one dependent load
	// took (the wall clock when the thread's clock cannot be read).
	LoadNs float64
	// Bytes is the buffer chased through.
	Bytes int
	// Loads is how many loads were timed.
	Loads int64
}

// MeasureMemory chases one random cycle of links, one cache line apart,
// through a buffer of size bytes for d on one locked OS thread: every load
// depends on the one before and lands on a line (and mostly a page) the
// cache and the TLB do not hold, so the time per load is the memory's
// latency as this core sees it now, with whatever the neighbours on the
// same memory and last-level cache do. Cancelling ctx stops it with ctx's
// error.
func MeasureMemory(ctx context.Context, size int, d time.Duration) (MemResult, error) {
	buf, err := chaseBuffer(ctx, size)
	if err != nil {
		return MemResult{}, err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, ok0 := threadCPU()
	start := time.Now()
	deadline := start.Add(d)
	var p uint32
	var loads int64
	for ctx.Err() == nil && time.Now().Before(deadline) {
		for range 4096 {
			p = buf[p]
		}
		loads += 4096
	}
	wall := time.Since(start)
	c1, ok1 := threadCPU()
	if err := ctx.Err(); err != nil {
		return MemResult{}, err
	}
	spent := wall
	if ok0 && ok1 && c1 > c0 {
		spent = c1 - c0
	}
	if p == 1 { // keeps the chase from being optimised away: slot 0's link is never 1 (links are multiples of 16)
		loads++
	}
	return MemResult{LoadNs: float64(spent.Nanoseconds()) / float64(loads), Bytes: size, Loads: loads}, nil
}

// chaseBuffer lays one cycle through every cache line of a size-byte
// buffer: the line numbers shuffled (Fisher-Yates, seeded for the same
// order every run), each linked to the next and the last to the first;
// buf[16×a] holds 16×b when line b follows line a. Laying 128 MiB out
// takes 2.2-3.9 s on a VM that backs fresh memory slowly, so every loop
// stops on ctx (its error) every 256 lines (chaseCheckMask): a Ctrl-C
// there waited for all of it.
func chaseBuffer(ctx context.Context, size int) ([]uint32, error) {
	const words = cacheLine / 4
	lines := size / cacheLine
	if lines < 2 || lines > 1<<26 {
		return nil, fmt.Errorf("a memory chase over %d bytes: want %d bytes to %d MiB", size, 2*cacheLine, (cacheLine<<26)>>20)
	}
	order := make([]uint32, lines)
	for i := range order {
		if i&chaseCheckMask == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		order[i] = uint32(i)
	}
	rng := uint64(0x9E3779B97F4A7C15) // any non-zero seed; this one is the golden ratio's bits
	for i := lines - 1; i > 0; i-- {
		if i&chaseCheckMask == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rng ^= rng << 13 // xorshift64 (Marsaglia 2003)
		rng ^= rng >> 7
		rng ^= rng << 17
		j := int(rng % uint64(i+1))
		order[i], order[j] = order[j], order[i]
	}
	buf, err := allocWords(ctx, lines*words)
	if err != nil {
		return nil, err
	}
	for k := range lines {
		if k&chaseCheckMask == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		buf[order[k]*words] = order[(k+1)%lines] * words
	}
	return buf, nil
}
