package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Calibration writes a calibration report to w in o.Format: "text" (the
// curve as a bar chart, the knee and the comparison with advise) or "json"
// (the mytune.calibrate/v1 document).
func Calibration(w io.Writer, r *profile.CalibrationReport, o Options) error {
	if r == nil {
		return fmt.Errorf("render calibration: no report given (a bug in the caller)")
	}
	return textOrJSON(w, "calibration", o, r, func() string { return calibrationText(r, o) })
}

// calibrationText is the terminal report of a calibration.
func calibrationText(r *profile.CalibrationReport, o Options) string {
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
func calibrationChart(t theme, pts []profile.InsertPoint, knee, w int) string {
	if len(pts) == 0 {
		return section(t, "INSERT ROWS/S vs CONNECTIONS") + fit("  no step completed", w) + "\n"
	}
	rows := make([]scaleRow, len(pts))
	for i, p := range pts {
		rows[i] = scaleRow{n: p.Threads, value: p.RowsPerS, p99US: p.BatchP99US, knee: p.Threads == knee}
	}
	return section(t, "INSERT ROWS/S vs CONNECTIONS") +
		scaleBars(t, scaleSpec{unit: "con", value: "rows/s", valueW: 8, lat: "batch p99", latW: 10}, rows, w) +
		t.dim.Render(fit("  one batch = BEGIN, INSERT, COMMIT; p99 is its latency", w)) + "\n"
}
