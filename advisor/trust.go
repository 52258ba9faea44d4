package advisor

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// IOPressurePct is the PSI io "some" avg10 (the share of the last 10 s in
// which some task stalled on I/O, kernel Documentation/accounting/psi.rst)
// before a measurement above which the disk was busy with other work. A
// judgement: the kernel documents no threshold; 10% is one second of a
// 10-second probe.
const IOPressurePct = 10

// CPUPressurePct is the PSI cpu "some" avg10 before a measurement above
// which runnable tasks waited for a CPU often enough to delay the probe's
// I/O threads (a judgement, as IOPressurePct: a fifth of the time).
const CPUPressurePct = 20

// TrustNotes says when to trust the measured figures less: the load
// average above the cores, I/O or CPU pressure above IOPressurePct or
// CPUPressurePct just before the run, and figures whose slices spread more
// than threads.NoisySpreadPct, and figures whose shape makes them unstable
// or low (shapeNotes). Only the reading before the run speaks for
// other work: the probe's own I/O threads count in the load and the
// pressure during it (profile.Conditions).
func TrustNotes(p *profile.Profile) []string {
	st := p.Storage
	if !st.Measured {
		return nil
	}
	var out []string
	if c := st.Conditions; c != nil {
		out = append(out, busyNotes(c.Before, cores(p.Host.CPU))...)
	}
	if noisy := noisyFigures(st); len(noisy) > 0 {
		out = append(out, fmt.Sprintf("trust these figures less: the middle half of their measured slices spans more than %d%% of the median: %s",
			threads.NoisySpreadPct, strings.Join(noisy, "; ")))
	}
	return append(out, shapeNotes(st)...)
}

// cores is the CPUs a process here may use: the cgroup quota when set, else the logical CPUs.
func cores(c profile.CPU) float64 {
	if c.QuotaCores > 0 && (c.Logical == 0 || c.QuotaCores < float64(c.Logical)) {
		return c.QuotaCores
	}
	return float64(c.Logical)
}

// busyNotes phrases a busy host before the measurement.
func busyNotes(l profile.Load, n float64) []string {
	var out []string
	if n > 0 && l.Load1 > n {
		out = append(out, fmt.Sprintf("the host was busy: load average %.2f on %g CPUs just before the measurement (more tasks runnable or in I/O wait than CPUs, proc(5)): figures may read low and vary; measure again when it is quieter", l.Load1, n))
	}
	if l.IO != nil && l.IO.SomeAvg10 > IOPressurePct {
		out = append(out, fmt.Sprintf("the disk was busy: other tasks stalled on I/O %.0f%% of the 10 s before the measurement (PSI io some avg10, over %d%%): the disk figures may read low", l.IO.SomeAvg10, IOPressurePct))
	}
	if l.CPU != nil && l.CPU.SomeAvg10 > CPUPressurePct {
		out = append(out, fmt.Sprintf("the CPUs were contended: tasks waited for a CPU %.0f%% of the 10 s before the measurement (PSI cpu some avg10, over %d%%): fast-disk figures may read low", l.CPU.SomeAvg10, CPUPressurePct))
	}
	return out
}

// noisyFigures lists each figure whose slices spread more than
// threads.NoisySpreadPct, with its quartiles.
func noisyFigures(st profile.Storage) []string {
	var out []string
	add := func(name string, figure float64, s *profile.Spread, unit string) {
		if pct := s.RelPct(figure); pct > threads.NoisySpreadPct {
			out = append(out, fmt.Sprintf("%s %s %s (%s–%s, %.0f%%%s)", name, num(figure), unit, num(s.P25), num(s.P75), pct, outside(figure, s)))
		}
	}
	add("seq write", st.SeqWrite.MBPerS, st.SeqWrite.Spread, "MB/s")
	add("seq read", st.SeqRead.MBPerS, st.SeqRead.Spread, "MB/s")
	add("fdatasync p50", st.Fsync.FdatasyncP50US, st.Fsync.FdatasyncP50Spread, "µs")
	for _, c := range []struct {
		name  string
		curve []profile.ThreadPoint
	}{{"random write", st.RandWrite}, {"random read", st.RandRead}} {
		for _, pt := range c.curve {
			add(fmt.Sprintf("%s at %s", c.name, plural(pt.Threads, "thread")), pt.IOPS, pt.IOPSSpread, "IOPS")
		}
	}
	return out
}

// outside says why a figure lies outside its slices' middle half: it is
// taken over the whole step (a stream's bytes over its time, a p50 over
// every operation), so a stall or burst that fills one slice moves it
// while the quartiles of the slices stay put. Empty when it lies inside.
func outside(figure float64, s *profile.Spread) string {
	lo, hi := s.Bounds(figure)
	if figure >= lo && figure <= hi {
		return ""
	}
	return "; the figure is over the whole step, stalls and bursts included, so it lies outside its slices' middle half"
}

// plural is "1 thread" or "8 threads".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// num prints a figure with no decimals from 100 up, one below.
func num(v float64) string {
	if v >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
