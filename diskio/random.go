package diskio

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"
)

// errWorkerPanic marks a panic inside a random-I/O goroutine, turned into an error.
var errWorkerPanic = errors.New("random I/O goroutine panicked (a bug in mytune: please report it)")

// worker is one goroutine of a random step: its own PRNG, buffer and samples.
type worker struct {
	rng     *rand.Rand
	pool    *dataPool // writes
	buf     []byte    // reads
	samples []time.Duration
	first   time.Time   // when its first operation was issued
	ends    []time.Time // when each operation completed, for steadyIOPS
	err     error
}

// randomStep runs threads goroutines of 16 KiB random I/O at offsets that
// are 16 KiB-aligned and uniform over the laid-out file, each doing one
// pread/pwrite at a time (fio --ioengine=psync --numjobs=N
// --group_reporting), until the step's deadline: one slice of a curve point.
func (e *engine) randomStep(c *stepCtl, threads int, write bool) (slice, error) {
	if !write {
		e.dropCacheIfBuffered()
	}
	defer raiseProcs(threads)()
	ws := make([]*worker, threads)
	var wg, ready sync.WaitGroup
	// gate starts every goroutine at once, after all are on their OS
	// threads: the clock runs from there, so the cost of starting 16 threads
	// is not counted as slow I/O (measured: on a 256 MiB budget a 16-thread
	// step lasts ~25 ms, and staggered starts read 0.79x fio's IOPS).
	gate := make(chan struct{})
	ready.Add(threads)
	for i := range ws {
		seed := e.seed + uint64(100*threads+i) + uint64(10000*e.sliceNo)
		w := &worker{rng: rand.New(rand.NewPCG(seed, seed>>1^0x5851f42d4c957f2d)), samples: make([]time.Duration, 0, 1024), ends: make([]time.Time, 0, 1024)}
		if write {
			w.pool = newDataPool(randBlock, e.align, seed)
		} else {
			w.buf = alignedBuffer(randBlock, e.align)
		}
		ws[i] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			// One OS thread per I/O goroutine, like fio's one process per
			// job: the thread that sleeps in pwrite resumes the loop itself,
			// with no hand-off. Measured on the dev VM, 16 threads: 0.8-0.9x
			// fio's IOPS without, 0.9-1.1x with.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			ready.Done()
			<-gate
			e.randomWorker(c, w, write)
		}()
	}
	ready.Wait()
	start := time.Now()
	close(gate)
	wg.Wait()
	elapsed := time.Since(start)
	sl := slice{elapsed: elapsed}
	sl.iops, _ = steadyIOPS(ws)
	var errs []error
	for _, w := range ws {
		sl.samples = append(sl.samples, w.samples...)
		errs = append(errs, w.err)
	}
	if write {
		e.written += uint64(len(sl.samples)) * randBlock
	}
	return sl, errors.Join(errs...)
}

// randomWorker is the loop of one goroutine; it does at least one
// operation (stepCtl.more). A panic is turned into an error so that Run's
// deferred clean-up still runs.
func (e *engine) randomWorker(c *stepCtl, w *worker, write bool) {
	defer func() {
		if r := recover(); r != nil {
			w.err = fmt.Errorf("%w: %v", errWorkerPanic, r)
			c.cancelled.Store(true)
		}
	}()
	blocks := e.laid / randBlock
	for first := true; c.more(first) && (!write || c.take(randBlock)); first = false {
		off := int64(w.rng.Uint64N(blocks) * randBlock)
		t0 := time.Now()
		if first {
			w.first = t0
		}
		var err error
		if write {
			_, err = e.f.WriteAt(w.pool.take(), off)
			if err == nil {
				err = e.syncIfBuffered()
			}
		} else {
			_, err = e.f.ReadAt(w.buf, off)
		}
		if err != nil {
			w.err = fmt.Errorf("16 KiB random %s at offset %d: %w", rwName(write), off, err)
			c.cancelled.Store(true)
			return
		}
		end := time.Now()
		w.samples = append(w.samples, end.Sub(t0))
		w.ends = append(w.ends, end)
		c.done(randBlock)
	}
}

// rwName names the direction of an operation for messages.
func rwName(write bool) string {
	if write {
		return "write"
	}
	return "read"
}
