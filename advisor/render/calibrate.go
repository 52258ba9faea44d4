package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/mytune/mytune/probe/calibrate"
)

// Calibration writes a calibration report to w in o.Format: "text" (the
// curve as a bar chart, the knee and the comparison with advise) or "json"
// (the mytune.calibrate/v1 document).
func Calibration(w io.Writer, r *calibrate.Report, o Options) error {
	if r == nil {
		return fmt.Errorf("render calibration: no report given (a bug in the caller)")
	}
	switch o.Format {
	case FormatText, "":
		return writeAll(w, calibrationText(r, o))
	case FormatJSON:
		return writeJSON(w, r)
	}
	return fmt.Errorf("render calibration: format %q is not one of text, json", o.Format)
}

// calibrationText is the terminal report of a calibration.
func calibrationText(r *calibrate.Report, o Options) string {
	t, w := newTheme(o), o.width()
	var b strings.Builder
	srv := strings.TrimSpace(r.Server.Flavor + " " + r.Server.Version)
	dropped := "dropped"
	if !r.SchemaDropped {
		dropped = t.crit.Render("NOT dropped: run mytune calibrate --cleanup")
	}
	b.WriteString(t.title.Render("mytune calibrate") + "  " + fit(orDash(srv), w-18) + "\n")
	b.WriteString(fit(fmt.Sprintf("scratch schema %s, ", clean(r.Workload.Schema)), w/2) + dropped + "\n")
	for _, l := range wrap(clean(r.Workload.Pattern), w, "") {
		b.WriteString(t.dim.Render(l) + "\n")
	}
	b.WriteString(t.dim.Render(fit(fmt.Sprintf("%s of rows in %s", humanOrDash(r.BytesInserted), seconds(r.DurationS)), w)) + "\n")
	b.WriteString(calibrationChart(t, r.Points, r.Knee.Threads, w))
	b.WriteString(section(t, "VERDICT"))
	for _, l := range wrap(clean(r.Verdict), w-2, "  ") {
		b.WriteString("  " + t.verdict.Render(l) + "\n")
	}
	if r.Knee.Why != "" {
		for _, l := range wrap("knee: "+clean(r.Knee.Why), w-2, "  ") {
			b.WriteString("  " + l + "\n")
		}
	}
	if p := r.Predicted; p != nil {
		for _, l := range wrap(fmt.Sprintf("advise (%s): %s", clean(p.Source), clean(p.Why)), w-2, "  ") {
			b.WriteString("  " + t.dim.Render(l) + "\n")
		}
	}
	notes := append([]string{}, r.Notes...)
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

// calibrationChart draws rows/s against connections, one bar per step,
// with the gain over one connection and the batch p99; the knee is marked.
func calibrationChart(t theme, pts []calibrate.Point, knee, w int) string {
	if len(pts) == 0 {
		return section(t, "INSERT ROWS/S vs CONNECTIONS") + fit("  no step completed", w) + "\n"
	}
	var b strings.Builder
	b.WriteString(section(t, "INSERT ROWS/S vs CONNECTIONS"))
	const left, right = 5, 33 // "  16 " and rows/s(8) gain(8) commit p99(10) mark(7)
	cells := w - left - right
	b.WriteString(t.dim.Render(pad(" con", left+cells)+padLeft("rows/s", 8)+padLeft("×1 con", 8)+
		padLeft("batch p99", 10)) + "\n")
	peak, base := 0.0, pts[0].RowsPerS
	for _, p := range pts {
		peak = math.Max(peak, p.RowsPerS)
	}
	for _, p := range pts {
		gain := dash
		if base > 0 && p.RowsPerS > 0 {
			gain = fmt.Sprintf("%.1f", p.RowsPerS/base)
		}
		frac := 0.0
		if peak > 0 {
			frac = p.RowsPerS / peak
		}
		mark := ""
		if p.Threads == knee {
			mark = t.good.Render(" ◀ knee")
		}
		b.WriteString(padLeft(fmt.Sprint(p.Threads), left-1) + " " + t.bar.Render(bar(frac, cells)) +
			padLeft(fmtCount(p.RowsPerS), 8) + padLeft(gain, 8) + padLeft(fmtUS(p.BatchP99US), 10) + mark + "\n")
	}
	b.WriteString(t.dim.Render(fit("  one batch = BEGIN, INSERT, COMMIT; p99 is its latency", w)) + "\n")
	return b.String()
}
