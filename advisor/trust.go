package advisor

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// IOPressurePct is the PSI io "some" avg10 before a measurement above
// which the disk was busy with other work (profile.IOPressureBusyPct, which
// the rules read too).
const IOPressurePct = profile.IOPressureBusyPct

// CPUPressurePct is the PSI cpu "some" avg10 before a measurement above
// which runnable tasks waited for a CPU (profile.CPUPressureBusyPct).
const CPUPressurePct = profile.CPUPressureBusyPct

// trustItem is one structured trust note and, for the kinds one sentence
// of the text report lists together (noisy figures, curve points on few
// operations), this figure's part of that sentence; part is "" for a note
// that stands alone.
type trustItem struct {
	note profile.TrustNote
	part string
}

// Trust says when to trust the measured figures less, one note per
// figure: the load average above the cores, I/O or CPU pressure above
// IOPressurePct or CPUPressurePct just before the run, figures whose
// slices spread more than threads.NoisySpreadPct, and figures whose shape
// makes them unstable or low (shapeItems). Only the reading before the run
// speaks for other work: the probe's own I/O threads count in the load and
// the pressure during it (profile.Conditions). Nil when nothing was
// measured or nothing is shaky.
func Trust(p *profile.Profile) []profile.TrustNote {
	var out []profile.TrustNote
	for _, it := range trustItems(p) {
		out = append(out, it.note)
	}
	return out
}

// TrustNotes is Trust as the text and markdown reports print it: the notes
// of one kind that list figures (noisy_figure, few_operations) are joined
// into one sentence.
func TrustNotes(p *profile.Profile) []string {
	items := trustItems(p)
	var out []string
	for i := 0; i < len(items); {
		if items[i].part == "" {
			out = append(out, items[i].note.Text)
			i++
			continue
		}
		kind := items[i].note.Kind
		var parts []string
		for ; i < len(items) && items[i].note.Kind == kind && items[i].part != ""; i++ {
			parts = append(parts, items[i].part)
		}
		out = append(out, listSentence(kind, parts))
	}
	return out
}

// trustItems gathers the notes in the order the reports print them.
func trustItems(p *profile.Profile) []trustItem {
	st := p.Storage
	if !st.Measured {
		return nil
	}
	var out []trustItem
	if c := st.Conditions; c != nil {
		out = append(out, busyItems(c.Before, p.Host.CPU.LoadCPUs())...)
		out = append(out, otherIOItems(c.Others)...)
		out = append(out, priorityItems(c.Priority)...)
	}
	out = append(out, noisyItems(st)...)
	return append(out, shapeItems(st)...)
}

// listSentence is the sentence that lists the parts of one kind's notes.
func listSentence(kind string, parts []string) string {
	list := strings.Join(parts, "; ")
	if kind == profile.TrustFewOperations {
		return fmt.Sprintf("these curve points rest on few operations: their measuring windows counted fewer than %d per thread (%s), so one operation more or less per thread, or one late dispatch of a throttled device, moves each by a quarter or more; measure with a longer --duration",
			MinWindowOpsPerThread, list)
	}
	return fmt.Sprintf("trust these figures less: the middle half of their measured slices spans more than %d%% of the median: %s",
		threads.NoisySpreadPct, list)
}

// listItem is a note of a listing kind on one figure; its Text is the
// sentence the reports would print were this figure the only one.
func listItem(kind, figure string, measured, threshold float64, unit, part string) trustItem {
	return trustItem{note: profile.TrustNote{Kind: kind, Figure: figure, Measured: measured, Threshold: threshold,
		Unit: unit, Text: listSentence(kind, []string{part})}, part: part}
}

// busyItems phrases a busy host before the measurement.
func busyItems(l profile.Load, n float64) []trustItem {
	var out []trustItem
	host := func(kind string, measured, threshold float64, unit, text string) {
		out = append(out, trustItem{note: profile.TrustNote{Kind: kind, Figure: profile.TrustFigureHost,
			Measured: measured, Threshold: threshold, Unit: unit, Text: text}})
	}
	if n > 0 && l.Load1 > n {
		host(profile.TrustBusyLoad, l.Load1, n, profile.TrustUnitTasks, fmt.Sprintf("the host was busy: load average %.2f on %s just before the measurement (more tasks runnable or in I/O wait than CPUs, proc(5)): figures may read low and vary; measure again when it is quieter", l.Load1, cpus(n)))
	}
	if l.IO != nil && l.IO.SomeAvg10 > IOPressurePct {
		host(profile.TrustIOPressure, l.IO.SomeAvg10, IOPressurePct, profile.TrustUnitPercent, fmt.Sprintf("the disk was busy: other tasks stalled on I/O %.0f%% of the 10 s before the measurement (PSI io some avg10, over %d%%): the disk figures may read low", l.IO.SomeAvg10, IOPressurePct))
	}
	if l.CPU != nil && l.CPU.SomeAvg10 > CPUPressurePct {
		host(profile.TrustCPUPressure, l.CPU.SomeAvg10, CPUPressurePct, profile.TrustUnitPercent, fmt.Sprintf("the CPUs were contended: tasks waited for a CPU %.0f%% of the 10 s before the measurement (PSI cpu some avg10, over %d%%): fast-disk figures may read low", l.CPU.SomeAvg10, CPUPressurePct))
	}
	return out
}

// curves are the random curves with the words and the figure id prefix
// the notes name them by.
func curves(st profile.Storage) []struct {
	name, id string
	curve    []profile.ThreadPoint
} {
	return []struct {
		name, id string
		curve    []profile.ThreadPoint
	}{{"random write", "random_write", st.RandWrite}, {"random read", "random_read", st.RandRead}}
}

// noisyItems notes each figure whose slices spread more than
// threads.NoisySpreadPct, with its quartiles.
func noisyItems(st profile.Storage) []trustItem {
	var out []trustItem
	add := func(name, id string, figure float64, s *profile.Spread, unit string) {
		if pct := s.RelPct(figure); pct > threads.NoisySpreadPct {
			part := fmt.Sprintf("%s %s %s (%s–%s, %.0f%%%s)", name, num(figure), unit, num(s.P25), num(s.P75), pct, outside(figure, s))
			out = append(out, listItem(profile.TrustNoisyFigure, id, pct, threads.NoisySpreadPct, profile.TrustUnitPercent, part))
		}
	}
	add("seq write", "seq_write", st.SeqWrite.MBPerS, st.SeqWrite.Spread, "MB/s")
	add("seq read", "seq_read", st.SeqRead.MBPerS, st.SeqRead.Spread, "MB/s")
	add("fdatasync p50", "fdatasync_p50", st.Fsync.FdatasyncP50US, st.Fsync.FdatasyncP50Spread, "µs")
	for _, c := range curves(st) {
		for _, pt := range c.curve {
			add(fmt.Sprintf("%s at %s", c.name, plural(pt.Threads, "thread")), pointID(c.id, pt), pt.IOPS, pt.IOPSSpread, "IOPS")
		}
	}
	return out
}

// pointID names a curve point as a figure: "random_write_8".
func pointID(curve string, pt profile.ThreadPoint) string {
	return fmt.Sprintf("%s_%d", curve, pt.Threads)
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

// cpus says "1 CPU", "2 CPUs", "1.5 CPUs" (a quota).
func cpus(n float64) string {
	if n == 1 {
		return "1 CPU"
	}
	return fmt.Sprintf("%g CPUs", n)
}
