package rules

import (
	"fmt"
	"math"
	"strconv"

	"github.com/mytune/mytune/profile"
)

// innodb_io_capacity and innodb_io_capacity_max as rule expressions see
// them: sized from the measured 16K random writes, and explained.

// minIOCapacity is the smallest innodb_io_capacity MySQL and MariaDB accept
// (MySQL 8.4 manual, innodb_io_capacity: minimum 100).
const minIOCapacity = 100

// WriteIOPS is the measured 16K random-write IOPS at n threads (0 if not measured).
func (e Env) WriteIOPS(n int) float64 {
	p, _ := profile.At(e.Storage.RandWrite, n)
	return p.IOPS
}

// PeakWriteIOPS is the best measured random-write IOPS over all thread counts.
func (e Env) PeakWriteIOPS() float64 {
	best := 0.0
	for _, p := range e.Storage.RandWrite {
		best = math.Max(best, p.IOPS)
	}
	return best
}

// IOCapacityTarget is the recommended innodb_io_capacity (0 if not measured).
func (e Env) IOCapacityTarget() int { return IOCapacity(e.WriteIOPS(1), e.T.IOCapacityFraction) }

// IOCapacityOff is true when innodb_io_capacity and the measured target
// differ by more than T.IOCapacityTolerance either way, or when it asks for
// more than the best rate the disk measured (Percona: io_capacity is what
// the disk sustains for background flushing, never above what it can do).
// A value above the target but within the best rate measured is lowered
// only when the host was quiet (IOCapacityKeptBusy): on a busy host the
// figures read low, and lowering on them flipped the advice run after run
// on one disk (review r23: 4100 → 1600 on a one-thread rate of 3174 after
// 8179, and 1600 → 300 → 900 on 633 then 1803, every run under a load
// average of 4.8-22 on 2 CPUs).
func (e Env) IOCapacityOff() bool {
	t := float64(e.IOCapacityTarget())
	c := float64(e.F.IOCapacity)
	overPeak := c > e.PeakWriteIOPS() && c > t
	lower := c > e.T.IOCapacityTolerance*t && !e.IOCapacityKeptBusy()
	return t > 0 && (lower || c*e.T.IOCapacityTolerance < t || overPeak)
}

// IOCapacityKeptBusy is true when innodb_io_capacity is more than
// T.IOCapacityTolerance times the target, at most the best rate measured,
// and the host was busy just before the measurement (profile.Load.Busy:
// the notes say its figures may read low): such a run shows what the disk
// did at least, so it may raise innodb_io_capacity but not lower it.
func (e Env) IOCapacityKeptBusy() bool {
	t := float64(e.IOCapacityTarget())
	c := float64(e.F.IOCapacity)
	return t > 0 && c > e.T.IOCapacityTolerance*t && c <= e.PeakWriteIOPS() &&
		e.Storage.MeasuredBusy(e.Host.CPU.LoadCPUs())
}

// IOCapacityAfter is innodb_io_capacity once the advice is applied: the
// target when io.capacity fires, else the current value.
func (e Env) IOCapacityAfter() uint64 {
	if v, ok := e.replacedValue["innodb_io_capacity"]; ok {
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			return n // a user rule replacing io.capacity advised it
		}
	}
	if e.IOCapacityOff() {
		return uint64(e.IOCapacityTarget())
	}
	return e.F.IOCapacity
}

// IOCapacityMaxTarget is the recommended innodb_io_capacity_max, sized
// against IOCapacityAfter so the two never contradict each other.
func (e Env) IOCapacityMaxTarget() uint64 {
	return IOCapacityMax(e.IOCapacityAfter(), e.PeakWriteIOPS())
}

// IOCapacityReason explains IOCapacityTarget in one sentence.
func (e Env) IOCapacityReason() string {
	share := e.WriteIOPS(1) * e.T.IOCapacityFraction
	pct := e.T.IOCapacityFraction * 100
	if share < minIOCapacity {
		s := fmt.Sprintf("%.0f%% of the one-thread figure is %.0f, below the minimum of %d MySQL and MariaDB accept, so %d",
			pct, share, minIOCapacity, e.IOCapacityTarget())
		if e.WriteIOPS(1) < minIOCapacity {
			s += " (still more than this disk sustains: keep other writes off it)"
		}
		return s
	}
	if share > maxIOCapacity {
		return fmt.Sprintf("%.0f%% of the one-thread figure is %.0f, held to %d: the MySQL manual advises against more than %d "+
			"unless lower values are proven insufficient", pct, share, e.IOCapacityTarget(), maxIOCapacity)
	}
	return fmt.Sprintf("%.0f%% of the one-thread figure, rounded to 100: %d", pct, e.IOCapacityTarget())
}

// IOCapacityEffect says what innodb_io_capacity as it is does on this
// disk: above the best rate measured, above what the disk sustains, above
// the 20000 mytune holds it to on a disk that sustains more (not "higher
// than the disk sustains": review r16, 50000 on a disk sustaining 98300),
// or below what it sustains.
func (e Env) IOCapacityEffect() string {
	c := float64(e.F.IOCapacity)
	switch {
	case c > e.PeakWriteIOPS():
		return fmt.Sprintf("At %d it asks for more than the disk ever did: InnoDB flushes too eagerly and competes with queries.", e.F.IOCapacity)
	case c > float64(e.IOCapacityTarget()) && c <= e.WriteIOPS(1)*e.T.IOCapacityFraction:
		return fmt.Sprintf("At %d it is within what this disk sustains (%.0f), but above %d the manual warns that pages leave "+
			"the buffer pool too quickly for caching to help.", e.F.IOCapacity, e.WriteIOPS(1)*e.T.IOCapacityFraction, maxIOCapacity)
	case c > float64(e.IOCapacityTarget()):
		return "Set higher than the disk sustains, InnoDB flushes too eagerly and competes with queries."
	}
	return "Set lower, dirty pages pile up until the redo log forces a flush storm."
}

// IOCapacityMaxReason explains IOCapacityMaxTarget in one sentence. The
// peak is rounded down to 100 (IOCapacityMax), so the rounded figure can
// sit at the capacity (102 → 100) or, held at the minimum 100, above a
// peak below 100: the text then names the rounding instead of comparing
// the raw peak.
func (e Env) IOCapacityMaxReason() string {
	c, peak, got := e.IOCapacityAfter(), e.PeakWriteIOPS(), e.IOCapacityMaxTarget()
	switch {
	case got == ioCapacityMaxFloor && satMul(c, 2) < got:
		return fmt.Sprintf("the servers' default, twice innodb_io_capacity %d with a minimum of %d, within the measured peak of %.0f IOPS: %d",
			c, ioCapacityMaxFloor, peak, got)
	case got == satMul(c, 2) && float64(got) <= peak:
		return fmt.Sprintf("twice innodb_io_capacity %d (the manual's default ratio), within the measured peak of %.0f IOPS: %d", c, peak, got)
	case got == satMul(c, 2):
		return fmt.Sprintf("twice innodb_io_capacity %d (the manual's default ratio), the measured peak of %.0f IOPS rounded down to 100: %d", c, peak, got)
	case got > c:
		return fmt.Sprintf("the servers' default (twice innodb_io_capacity %d, at least %d) would be %d, above the measured peak of %.0f IOPS, "+
			"so the peak rounded down to 100: %d", c, ioCapacityMaxFloor, max(satMul(c, 2), ioCapacityMaxFloor), peak, got)
	}
	floor := ""
	if c == minIOCapacity {
		floor = ", itself held at the minimum of 100"
	}
	cmp := fmt.Sprintf("the measured peak of %.0f IOPS is at or below innodb_io_capacity %d%s", peak, c, floor)
	if peak > float64(c) {
		cmp = fmt.Sprintf("the measured peak of %.0f IOPS, rounded down to 100, is no more than innodb_io_capacity %d%s", peak, c, floor)
	}
	return cmp + fmt.Sprintf(", and innodb_io_capacity_max may not be lower than innodb_io_capacity: %d", got)
}
