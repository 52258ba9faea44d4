package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// CalibrationDump writes a calibrate --dump report to w in o.Format:
// "text" (MB/s per session count with its range, the choice and notes) or
// "json" (the mytune.calibrate.dump/v1 document).
func CalibrationDump(w io.Writer, r *profile.DumpCalibration, o Options) error {
	if r == nil {
		return fmt.Errorf("render calibration: no report given (a bug in the caller)")
	}
	return textOrJSON(w, "calibration", o, r, func() string { return calibrationDumpText(r, o) })
}

// calibrationDumpText is the terminal report of calibrate --dump.
func calibrationDumpText(r *profile.DumpCalibration, o Options) string {
	t, w := newTheme(o), o.width()
	var b strings.Builder
	srv := strings.TrimSpace(r.Server.Flavor + " " + r.Server.Version)
	b.WriteString(t.title.Render("mytune calibrate --dump") + "  " + fit(orDash(srv), w-26) + "\n")
	dropped := "scratch schema dropped"
	if !r.SchemaDropped {
		dropped = t.crit.Render("scratch schema NOT dropped: run mytune calibrate --cleanup")
	}
	d := r.Dump
	head := fmt.Sprintf("%s dump %s: %d data files of %d tables; each step loads from the first %d files (%d tables). %s",
		d.Format, d.Path, d.DataFiles, d.Tables, d.SampleFiles, d.SampleTables, dropped)
	for _, l := range wrap(clean(head), w, "") {
		b.WriteString(l + "\n")
	}
	m := r.Method
	for _, s := range []string{m.Statements + "; " + m.Commit + ".", m.Order + "; " + stepsLine(m.StepS, r.Points) + "."} {
		for _, l := range wrap(clean(s), w, "") {
			b.WriteString(t.dim.Render(l) + "\n")
		}
	}
	b.WriteString(dumpChart(t, r.Points, r.Choice.Threads, w))
	b.WriteString(section(t, "CHOICE"))
	why := fmt.Sprintf("%d load threads: %s", r.Choice.Threads, r.Choice.Why)
	if r.Choice.Threads == 0 {
		why = "no choice: " + r.Choice.Why
	}
	for _, l := range wrap(clean(why), w-2, "  ") {
		b.WriteString("  " + t.verdict.Render(l) + "\n")
	}
	if r.RedoBytesPerDumpByte > 0 {
		redo := fmt.Sprintf("redo: %.2f bytes per dump byte over the run (advise --calibration sizes the load's redo with it)", r.RedoBytesPerDumpByte)
		for _, l := range wrap(clean(redo), w-2, "  ") {
			b.WriteString("  " + t.dim.Render(l) + "\n")
		}
	}
	notes := append(append([]string{}, r.Capped...), r.Notes...)
	for _, g := range r.Gaps {
		notes = append(notes, g.Probe+": "+g.Reason)
	}
	if len(notes) > 0 {
		b.WriteString(section(t, "NOTES"))
		for _, n := range notes {
			for _, l := range wrap("- "+clean(n), w-2, "  ") {
				b.WriteString("  " + t.warn.Render(l) + "\n")
			}
		}
	}
	return b.String()
}

// stepTolerance is how far (a fraction of the planned step) the steps as
// run may average from the plan before the report says so: each step is
// cut anew from the time left (calibrate/dumpsteps.go windowFor), so a
// step's length moves a little with every one before it; review r61 saw a
// run planned at 5.5 s whose steps all ran 6.8 s (the warm-up ended early).
const stepTolerance = 0.10

// stepsLine says how long a step was planned and, when the steps as run
// averaged more than stepTolerance away from that, how long they ran.
func stepsLine(plannedS float64, pts []profile.DumpLoadPoint) string {
	line := fmt.Sprintf("steps of %.1f s", plannedS)
	sum, n := 0.0, 0
	for _, p := range pts {
		for _, r := range p.Rounds {
			sum, n = sum+r.DurationS, n+1
		}
	}
	if n == 0 || plannedS <= 0 || math.Abs(sum/float64(n)-plannedS) <= stepTolerance*plannedS {
		return line
	}
	return fmt.Sprintf("%s planned, %.1f s on average as run (each step gets its share of the time left: a warm-up or a step "+
		"that ends early lengthens the steps after it, one that runs over shortens them)", line, sum/float64(n))
}

// chosenMark follows the chosen count's row.
const chosenMark = " ◀ chosen"

// dumpChart draws the MB/s per session count (over all its windows) with
// its steps' range and the rows/s; the chosen count is marked.
func dumpChart(t theme, pts []profile.DumpLoadPoint, chosen, w int) string {
	if len(pts) == 0 {
		return section(t, "DUMP LOAD MB/S vs SESSIONS") + fit("  no step completed", w) + "\n"
	}
	const left, valW, rangeW, rowsW = 5, 7, 13, 10
	cells := max(w-left-valW-rangeW-rowsW-len([]rune(chosenMark)), 4)
	var b strings.Builder
	b.WriteString(section(t, "DUMP LOAD MB/S vs SESSIONS"))
	b.WriteString(t.dim.Render(pad(" ses", left+cells)+padLeft("MB/s", valW)+padLeft("range", rangeW)+padLeft("rows/s", rowsW)) + "\n")
	peak := 0.0
	for _, p := range pts {
		peak = max(peak, p.MBPerS)
	}
	for _, p := range pts {
		frac, mark := 0.0, ""
		if peak > 0 {
			frac = p.MBPerS / peak
		}
		if p.Threads == chosen {
			mark = t.good.Render(chosenMark)
		}
		b.WriteString(padLeft(fmt.Sprint(p.Threads), left-1) + " " + t.bar.Render(bar(frac, cells)) +
			padLeft(fmt.Sprintf("%.1f", p.MBPerS), valW) + padLeft(fmt.Sprintf("%.1f–%.1f", p.MBPerSMin, p.MBPerSMax), rangeW) +
			padLeft(fmtCount(p.RowsPerS), rowsW) + mark + "\n")
	}
	b.WriteString(t.dim.Render(fit("  MB/s: dump bytes (uncompressed) per second over all windows; range: the steps", w)) + "\n")
	return b.String()
}
