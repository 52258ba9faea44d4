package render

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/probe/profile"
)

// BimodalRatio is the fdatasync p90 over p50 above which the loop's
// latencies fall in two modes and its p50 is no stable figure: the brief of
// issue 12's bed work. Measured (2026-12-01): on this project's virtio
// disk the p99 is 2-3x the p50 when quiet (61 against 142 µs) and ~70x
// under heavy load; on the cgroup-throttled beds each commit passes in
// 60-200 µs or waits ~97 ms for the throttle's next 100 ms slice (p50
// ~100 µs, p90 ~97 ms: ~1000x), and the p50 of both mytune and fio jumped
// between the modes from run to run (hdd bed: 67, 131 and 3971 µs).
const BimodalRatio = 100

// MinOpsPerThreadSlice is the fewest operations per thread a random
// curve point's slices must average for its figure to stand as measured.
// Below it each slice is mostly its start (every thread queued at once)
// and its drain (the last operations served alone). Measured on a
// 150-IOPS cgroup-throttled bed (blk-throttle dispatches every 100 ms),
// 16 threads: at --duration 10s its slices held 1.7-2.5 operations per
// thread and read 0.76-0.77x of fio's continuous rate; at 30s ~4 per
// thread, 0.89-0.91x. A Go loop of 16 threads on the same bed served
// 136-152 IOPS continuously, 95-102 in 140 ms slices with a drain between.
const MinOpsPerThreadSlice = 4

// shapeNotes says when a figure's shape, not the host, makes it unstable
// or low: a bimodal fdatasync loop, and curve points whose slices were too
// short for the device's latency.
func shapeNotes(st profile.Storage) []string {
	var out []string
	if n := bimodalNote(st.Fsync); n != "" {
		out = append(out, n)
	}
	if short := shortSlicePoints(st); len(short) > 0 {
		out = append(out, fmt.Sprintf("these curve points read low: their slices held fewer than %d operations per thread (%s), so each slice is mostly its start, every thread queued at once, and its drain, the last operations served alone (on a 150-IOPS throttled bed 16 threads read 0.77x of fio's continuous rate at 10 s, 0.9x at 30 s); measure with a longer --duration",
			MinOpsPerThreadSlice, strings.Join(short, "; ")))
	}
	return out
}

// bimodalNote phrases an fdatasync loop whose p90 is over BimodalRatio
// times its p50; empty otherwise.
func bimodalNote(l profile.Latency) string {
	if l.FdatasyncP50US <= 0 || l.FdatasyncP90US <= BimodalRatio*l.FdatasyncP50US {
		return ""
	}
	return fmt.Sprintf("fdatasync is bimodal: p50 %s µs but p90 %s µs (%.0fx): at least a tenth of the commits waited for the device (on a throttled volume, its next dispatch slice) while most passed at once, so the p50 is whichever mode holds the middle commit and can jump between runs; size commit latency by the p90 and p99 (%s µs)",
		num(l.FdatasyncP50US), num(l.FdatasyncP90US), l.FdatasyncP90US/l.FdatasyncP50US, num(l.FdatasyncP99US))
}

// shortSlicePoints lists the curve points whose slices averaged fewer than
// MinOpsPerThreadSlice operations per thread, with that average.
func shortSlicePoints(st profile.Storage) []string {
	var out []string
	for _, c := range []struct {
		name  string
		curve []profile.ThreadPoint
	}{{"random write", st.RandWrite}, {"random read", st.RandRead}} {
		for _, pt := range c.curve {
			if pt.IOPSSpread == nil || pt.IOPSSpread.Slices < 1 || pt.Threads < 1 || pt.Ops < 1 {
				continue
			}
			per := float64(pt.Ops) / float64(pt.IOPSSpread.Slices*pt.Threads)
			if per < MinOpsPerThreadSlice {
				out = append(out, fmt.Sprintf("%s at %s %s IOPS: %.1f per thread", c.name, plural(pt.Threads, "thread"), num(pt.IOPS), per))
			}
		}
	}
	return out
}
