package diskio

import (
	"errors"
	"fmt"
	"time"
)

// minOverwriteBytes is the least overwrite worth a rate of its own: 16
// writes of 1 MiB (a 16 MiB stride, as MinFileBytes).
const minOverwriteBytes = 16 * MiB

// layoutGrace bounds how long the seq write may overrun its budget to lay
// out MinFileBytes on a very slow disk: at most this many times its budget.
const layoutGrace = 3

// seqWrite writes 1 MiB blocks from offset 0 (fio --rw=write --bs=1M
// --direct=1 --ioengine=psync), laying out the file the later phases use,
// then keeps overwriting it sequentially, pass after pass, until its
// deadline: the phase is time-bound, so a fast disk that lays out the file
// in 0.2 s is still measured for its whole share (a 0.2 s burst varied
// 0.6-2.8x against fio in bench-probe), or until its share of the byte
// budget is written. Once the file is laid out, a default budget may grow
// to what the disk shows it can write in the run (growBudget). It does not
// end before MinFileBytes are laid out unless the overrun exceeds
// layoutGrace budgets. The rate reported is the median of the overwrite
// passes' slices (streamRates) when they wrote at least minOverwriteBytes:
// the first pass converts unwritten extents, which costs extra (DESIGN.md),
// and fio's time-based job is almost all overwrite (measured:
// layout-dominated rates read 0.71x fio on the 256 MiB default budget).
func (e *engine) seqWrite(c *stepCtl) error {
	_ = e.f.Preallocate(int64(e.maxFile)) // as fio's default fallocate=native; unsupported is fine
	pool := newDataPool(seqBlock, e.align, e.seed)
	var off, laid, total uint64
	start := time.Now()
	var overStart time.Time
	var ends []time.Time // completion of each overwrite block
	for !c.cancelled.Load() && e.maxFile >= seqBlock {
		if c.expired.Load() && (laid >= MinFileBytes || laid == e.maxFile || time.Since(start) > layoutGrace*c.budget) {
			break
		}
		if off+seqBlock > e.maxFile {
			off = 0 // the file is laid out: the next pass overwrites it
			if overStart.IsZero() {
				overStart = time.Now()
				e.growBudget(c, laid, overStart.Sub(start))
			}
		}
		if !c.take(seqBlock) {
			break // the step's share of the byte budget is written
		}
		if err := e.writeSeqBlock(pool, off, total == 0); err != nil {
			if errors.Is(err, errRetryBuffered) {
				continue
			}
			return err
		}
		off += seqBlock
		total += seqBlock
		laid = max(laid, off)
		if !overStart.IsZero() {
			ends = append(ends, time.Now())
		}
		c.done(seqBlock)
	}
	e.res.SeqWrite = Throughput{Bytes: total, Ops: int(total / seqBlock), Elapsed: time.Since(start)}
	if over := uint64(len(ends)) * seqBlock; over >= minOverwriteBytes {
		e.res.SeqWrite = Throughput{Bytes: over, Ops: len(ends), Elapsed: time.Since(overStart),
			Slices: streamRates(overStart, ends, seqBlock)}
	}
	e.laid, e.written = laid, e.written+total
	e.noteShortLayout(c)
	// Drain the device's write cache before the sync loop times anything:
	// otherwise the first commits pay for the sequential burst still being
	// flushed (measured: fdatasync p50 1.35x fio without this, on the 256 MiB
	// budget where the sync loop lasts ~0.2 s). Not timed, not counted.
	_ = e.f.Datasync()
	return nil
}

// errRetryBuffered tells seqWrite that O_DIRECT was refused on the first
// write and the file was reopened buffered: write the block again.
var errRetryBuffered = errors.New("retry the block with buffered I/O")

// writeSeqBlock writes one 1 MiB block at off; on the first write of the
// run a refused O_DIRECT falls back to buffered I/O (errRetryBuffered).
func (e *engine) writeSeqBlock(pool *dataPool, off uint64, first bool) error {
	if _, err := e.f.WriteAt(pool.take(), int64(off)); err != nil {
		if first && e.direct && errors.Is(err, errDirectRefused) {
			if err := e.fallBack(err); err != nil {
				return err
			}
			return errRetryBuffered
		}
		return fmt.Errorf("sequential write of the test file at %d MiB: %w", off/MiB, err)
	}
	return e.syncIfBuffered()
}

// noteShortLayout says so when the deadline came before the file reached its
// budget (a slow disk), and drops the preallocated tail.
func (e *engine) noteShortLayout(c *stepCtl) {
	if e.laid >= e.maxFile {
		return
	}
	if !c.cancelled.Load() {
		e.res.Notes = append(e.res.Notes, fmt.Sprintf("the sequential write laid out %d MiB of the %d MiB budget before its deadline: the random phases ran over %d MiB", e.laid/MiB, e.maxFile/MiB, e.laid/MiB))
		if e.laid < MinFileBytes {
			e.res.Notes = append(e.res.Notes, fmt.Sprintf("the test file is below the %d MiB minimum: random figures may be flattered by the device's cache", MinFileBytes/MiB))
		}
	}
	_ = e.f.Truncate(int64(e.laid)) // a failure leaves only unwritten extents
}

// syncIfBuffered makes a buffered (fallback) write durable, so it costs what
// a write to the device costs rather than a copy into the page cache.
func (e *engine) syncIfBuffered() error {
	if e.direct {
		return nil
	}
	if err := e.f.Datasync(); err != nil {
		return fmt.Errorf("fdatasync of the test file: %w", err)
	}
	return nil
}

// seqRead reads 1 MiB blocks from offset 0, wrapping at the end of the laid
// out file, until its deadline (fio --rw=read --bs=1M --direct=1); its rate
// is the median of the stream's slices after the first (streamRates).
func (e *engine) seqRead(c *stepCtl) error {
	buf := alignedBuffer(seqBlock, e.align)
	blocks := e.laid / seqBlock
	if blocks == 0 {
		return nil
	}
	var n uint64
	ends := make([]time.Time, 0, 1024)
	start := time.Now()
	for first := true; c.more(first); first = false {
		if n%blocks == 0 {
			e.dropCacheIfBuffered()
		}
		if _, err := e.f.ReadAt(buf, int64(n%blocks*seqBlock)); err != nil {
			return fmt.Errorf("sequential read of the test file: %w", err)
		}
		n++
		ends = append(ends, time.Now())
		c.done(seqBlock)
	}
	e.res.SeqRead = Throughput{Bytes: n * seqBlock, Ops: int(n), Elapsed: time.Since(start), Slices: streamRates(start, ends, seqBlock)}
	return nil
}

// dropCacheIfBuffered evicts the file from the page cache before buffered
// reads, so they reach the device at least once.
func (e *engine) dropCacheIfBuffered() {
	if e.direct {
		return
	}
	e.bufferedReads = true
	_ = e.f.DropCache(0, 0) // advisory: if refused, the cache-inflation note still stands
}
