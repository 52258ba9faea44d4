package diskio

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// progressEvery is how often a running step reports progress (the brief: ~4x per second).
const progressEvery = 250 * time.Millisecond

// stepCtl tells the goroutines of one timed step when to stop, and counts
// what they did for progress reports. Workers poll the flags between
// operations, so a step ends within one operation of its deadline or of
// ctx being cancelled.
type stepCtl struct {
	phase     string
	start     time.Time
	budget    time.Duration
	expired   atomic.Bool // the step's deadline passed
	cancelled atomic.Bool // ctx was cancelled or a worker failed
	ops       atomic.Int64
	bytes     atomic.Int64
	// byteCap is the bytes a write step may write when capBytes (a read
	// step has no cap); writers reserve before each write, so the cap is
	// never passed (reserved never exceeds byteCap; closeTakes ends the grants). The sequential write may raise it once, from its own
	// goroutine, before any other writer runs (growBudget).
	capBytes bool
	byteCap  int64
	reserved atomic.Int64
	capped   atomic.Bool // a writer stopped at byteCap
	quit     chan struct{}
	wg       sync.WaitGroup
}

// startStep starts the watcher of one step: it sets expired at the
// deadline, cancelled when ctx ends, and reports progress.
func (e *engine) startStep(phase string, budget time.Duration) *stepCtl {
	c := &stepCtl{phase: phase, start: time.Now(), budget: budget, quit: make(chan struct{})}
	e.report(c)
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		deadline := time.NewTimer(budget)
		defer deadline.Stop()
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			select {
			case <-e.ctx.Done():
				c.cancelled.Store(true)
				return
			case <-deadline.C:
				c.expired.Store(true)
			case <-tick.C:
				e.report(c)
			case <-c.quit:
				return
			}
		}
	}()
	return c
}

// more reports whether a worker should do another operation: never after
// cancellation, always its first one (a curve point with no operation is no
// measurement, and on a loaded machine 16 goroutines can start later than a
// short step lasts), else until the deadline.
func (c *stepCtl) more(first bool) bool { return !c.cancelled.Load() && (first || !c.expired.Load()) }

// take reserves n bytes of the step's write budget before a write; false
// means the budget is spent and the writer must stop.
func (c *stepCtl) take(n int) bool {
	if !c.capBytes {
		return true
	}
	for {
		r := c.reserved.Load()
		if r&takesClosed != 0 {
			return false
		}
		if r+int64(n) > c.byteCap {
			c.capped.Store(true)
			return false
		}
		if c.reserved.CompareAndSwap(r, r+int64(n)) {
			return true
		}
	}
}

// takesClosed marks reserved once closeTakes ran: no byte budget is
// granted after it.
const takesClosed = int64(1) << 62

// closeTakes stops every later take and returns the bytes granted: a
// random-write slice's writers persist past its end (randPool), and the
// next slice's share must be computed from what this one will have written.
func (c *stepCtl) closeTakes() int64 {
	for {
		r := c.reserved.Load()
		if r&takesClosed != 0 {
			return r &^ takesClosed
		}
		if c.reserved.CompareAndSwap(r, r|takesClosed) {
			return r
		}
	}
}

// done records one finished operation of n bytes.
func (c *stepCtl) done(n int) {
	c.ops.Add(1)
	c.bytes.Add(int64(n))
}

// finish stops the watcher and waits for it.
func (c *stepCtl) finish() {
	close(c.quit)
	c.wg.Wait()
}

// report sends one Progress to the caller's callback, if any.
func (e *engine) report(c *stepCtl) {
	if e.progress == nil {
		return
	}
	defer func() { // a panic in the caller's callback stops the run as an error; Run still removes its file
		if r := recover(); r != nil {
			c.cancelled.Store(true)
			e.progressPanic.CompareAndSwap(nil, fmt.Sprint(r))
		}
	}()
	e.progress(Progress{Phase: c.phase, Elapsed: time.Since(e.start), Total: e.total, Figure: c.figure()})
}

// figure is the step's running rate as a person reads it.
func (c *stepCtl) figure() string {
	secs := time.Since(c.start).Seconds()
	if secs <= 0 || c.ops.Load() == 0 {
		return ""
	}
	switch c.phase {
	case PhaseSeqWrite, PhaseSeqRead:
		return fmt.Sprintf("%.0f MB/s", float64(c.bytes.Load())/1e6/secs)
	case PhaseSync:
		return fmt.Sprintf("%.0f syncs/s", float64(c.ops.Load())/secs)
	default:
		return fmt.Sprintf("%.0f IOPS", float64(c.ops.Load())/secs)
	}
}

// checkCtx wraps a cancelled context into the error Run returns.
func checkCtx(ctx context.Context, where string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("disk measurement cancelled during %s: %w", where, err)
	}
	return nil
}
