package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// eighths are the partial block glyphs (Unicode "Block Elements", U+2588 to
// U+258F) that give a bar 1/8-cell resolution.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// bar draws a horizontal bar of frac (0..1) of cells, padded to cells.
func bar(frac float64, cells int) string {
	if frac < 0 || math.IsNaN(frac) {
		frac = 0
	}
	if frac > 1 {
		frac = 1
	}
	n := int(math.Round(frac * float64(cells) * 8))
	s := strings.Repeat("█", n/8) + eighths[n%8]
	w := n / 8
	if n%8 != 0 {
		w++
	}
	return s + strings.Repeat(" ", cells-w)
}

// threadChart draws IOPS against threads as one bar per thread count, with
// the IOPS, the gain over one thread and the p99 latency, so the knee (where
// more threads stop helping, advisor/threads.Knee) shows as bars that stop
// growing, and is marked.
func threadChart(t theme, title string, curve []profile.ThreadPoint, w int) string {
	if len(curve) == 0 {
		return ""
	}
	knee, _ := threads.Knee(curve)
	rows := make([]scaleRow, len(curve))
	for i, p := range curve {
		rows[i] = scaleRow{n: p.Threads, value: p.IOPS, p99US: p.P99US, knee: p.Threads == knee}
	}
	return section(t, title) + scaleBars(t, scaleSpec{unit: "thr", value: "IOPS", valueW: 7, lat: "p99", latW: 9}, rows, w)
}

// scaleSpec names the columns of a scaling chart and their widths.
type scaleSpec struct {
	unit, value, lat string // "thr"/"con", "IOPS"/"rows/s", "p99"/"batch p99"
	valueW, latW     int
}

// scaleRow is one bar: a thread or connection count, its rate and p99.
type scaleRow struct {
	n            int
	value, p99US float64
	knee         bool
}

// kneeMark is written after the knee's row; markW keeps room for it.
const (
	kneeMark = " ◀ knee"
	markW    = 7
)

// scaleBars draws one bar per row scaled to the peak, then the rate, the
// gain over the first row and the p99 latency; the knee is marked.
func scaleBars(t theme, sp scaleSpec, rows []scaleRow, w int) string {
	const left = 5 // "  16 "
	cells := w - left - sp.valueW - 8 - sp.latW - markW
	var b strings.Builder
	b.WriteString(t.dim.Render(pad(" "+sp.unit, left+cells)+padLeft(sp.value, sp.valueW)+padLeft("×1 "+sp.unit, 8)+
		padLeft(sp.lat, sp.latW)) + "\n")
	peak, base := 0.0, rows[0].value
	for _, r := range rows {
		peak = math.Max(peak, r.value)
	}
	for _, r := range rows {
		gain, frac, mark := dash, 0.0, ""
		if base > 0 && r.value > 0 {
			gain = fmt.Sprintf("%.1f", r.value/base)
		}
		if peak > 0 {
			frac = r.value / peak
		}
		if r.knee {
			mark = t.good.Render(kneeMark)
		}
		b.WriteString(padLeft(fmt.Sprint(r.n), left-1) + " " + t.bar.Render(bar(frac, cells)) +
			padLeft(fmtCount(r.value), sp.valueW) + padLeft(gain, 8) + padLeft(fmtUS(r.p99US), sp.latW) + mark + "\n")
	}
	return b.String()
}

// Log-scale bounds of the fsync chart: 10 µs (a fast NVMe with a volatile
// cache) to 1 s (a stalling SD card); each decade gets the same width.
const (
	fsyncLogMin = 1.0 // log10(10 µs)
	fsyncLogMax = 6.0 // log10(1 s)
)

// fsyncChart draws fsync p50, p99 and max on a log scale with a decade axis.
func fsyncChart(t theme, f profile.Latency, w int) string {
	if f.P50US <= 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(section(t, "COMMIT COST") + t.dim.Render(fit(
		"16 KiB write + fdatasync, the redo-log pattern; log scale", w)) + "\n")
	const left, right = 6, 10
	decades := int(fsyncLogMax - fsyncLogMin)
	cells := (w - left - right) / decades * decades
	for _, row := range []struct {
		name string
		us   float64
	}{{"p50", f.P50US}, {"p99", f.P99US}, {"max", f.MaxUS}} {
		frac := (math.Log10(math.Max(row.us, 10)) - fsyncLogMin) / (fsyncLogMax - fsyncLogMin)
		b.WriteString(pad("  "+row.name, left) + t.bar.Render(bar(frac, cells)) + padLeft(fmtUS(row.us), right) + "\n")
	}
	b.WriteString(t.dim.Render(strings.TrimRight(pad("", left)+decadeAxis(cells, decades), " ")) + "\n")
	b.WriteString(fit(commitRateLine(f), w) + "\n")
	return b.String()
}

// commitRateLine says how often one thread commits, naming the figure:
// the average the probe measured (stalls included) beside 1 s ÷ p50, or
// 1 s ÷ p50 alone when no rate was measured (issue 11: "at most 4.6k"
// printed beside a p50 of 120 µs, which is 8.3k).
func commitRateLine(f profile.Latency) string {
	perP50 := fmtCount(1e6 / f.P50US)
	if f.OpsPerS > 0 {
		return fmt.Sprintf("  one thread commits %s times a second on average (1 s ÷ p50 = %s)", fmtCount(f.OpsPerS), perP50)
	}
	return fmt.Sprintf("  one thread commits about %s times a second (1 s ÷ p50)", perP50)
}

// decadeAxis labels each decade boundary from 10 µs to 1 s.
func decadeAxis(cells, decades int) string {
	labels := []string{"10µs", "100µs", "1ms", "10ms", "100ms", "1s"}
	step := cells / decades
	axis := []rune(strings.Repeat(" ", cells+len("100ms")))
	for i, l := range labels[:decades+1] {
		copy(axis[i*step:], []rune(l))
	}
	return string(axis)
}

// measurementsText is the measurement table followed by the charts.
func measurementsText(t theme, s profile.Storage, w int) string {
	if !s.Measured {
		return section(t, "MEASUREMENTS") + fit("  not measured", w) + "\n"
	}
	io := "O_DIRECT"
	if !s.DirectIO {
		io = "buffered + fdatasync (O_DIRECT refused)"
	}
	var b strings.Builder
	b.WriteString(section(t, "MEASUREMENTS") + t.dim.Render(fit(fmt.Sprintf("%s, %s written in %s",
		io, humanOrDash(s.BytesWritten), seconds(s.DurationS)), w)) + "\n")
	b.WriteString(fit(fmt.Sprintf("  %s%s%s%s", pad("seq write", 12), pad(fmtMBps(s.SeqWrite.MBPerS), 14),
		pad("seq read", 11), fmtMBps(s.SeqRead.MBPerS)), w) + "\n")
	b.WriteString(fit(fmt.Sprintf("  %s%s%s%s", pad("fsync p50", 12), pad(fmtUS(s.Fsync.P50US), 14),
		pad("p99", 11), fmtUS(s.Fsync.P99US)), w) + "\n")
	b.WriteString(threadChart(t, "RANDOM WRITE 16 KiB: IOPS vs threads", s.RandWrite, w))
	b.WriteString(threadChart(t, "RANDOM READ 16 KiB: IOPS vs threads", s.RandRead, w))
	b.WriteString(fsyncChart(t, s.Fsync, w))
	return b.String()
}

// humanOrDash renders bytes, or "—" for zero.
func humanOrDash(n uint64) string {
	if n == 0 {
		return dash
	}
	return profile.HumanBytes(n)
}
