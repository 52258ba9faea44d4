package diskio

import (
	"errors"
	"fmt"
	"time"
)

// ErrStalled is returned by Run when the disk's operations take so long
// that the run would overrun its time many times over (a failing card, a
// hung network disk): it stops rather than keep such a disk busy.
var ErrStalled = errors.New("the disk stalled")

// stallGrace is added to twice the run's time before a run counts as
// stalled, so the shortest runs keep room for one slow operation. On the
// project's disk and every bed (SD card p99 95 ms included) a 10 s run
// takes 10.0-11.4 s: the limit sits far above what a working disk takes.
const stallGrace = time.Second

// stallLimit is how long a run of duration total may take before it stops
// as stalled: twice its time plus stallGrace. Each step waits for its
// operations in flight, so a disk whose writes take seconds would stretch
// the run's ~50 steps to minutes (a 5 s probe took 249 s on a disk whose
// writes took 20 s each).
func stallLimit(total time.Duration) time.Duration { return 2*total + stallGrace }

// stepOverrun is the step that most overran its time.
type stepOverrun struct {
	phase  string
	budget time.Duration
	took   time.Duration
}

// noteOverrun keeps the step of c if it overran its time more than any before.
func (e *engine) noteOverrun(c *stepCtl) {
	took := time.Since(c.start)
	if took-c.budget > e.overrun.took-e.overrun.budget {
		e.overrun = stepOverrun{phase: c.phase, budget: c.budget, took: took}
	}
}

// checkStall returns ErrStalled, with what overran, when the run has taken
// longer than stallLimit before the step of phase next.
func (e *engine) checkStall(next string) error {
	elapsed := time.Since(e.start)
	if elapsed <= stallLimit(e.total) {
		return nil
	}
	o := e.overrun
	return fmt.Errorf("%w: the measurement was given %s and had taken %s before the %s step (the %s step was given %s and took %s): "+
		"stopped so that a disk this slow is not kept busy; check the disk (dmesg: I/O errors, a failing card or a hung network disk), "+
		"or give a longer --duration to measure it anyway", ErrStalled, e.total.Round(time.Millisecond), elapsed.Round(time.Millisecond),
		next, o.phase, o.budget.Round(time.Millisecond), o.took.Round(time.Millisecond))
}
