package advisor

import (
	"fmt"

	"github.com/mytune/mytune/profile"
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

// MinWindowOpsPerThread is the fewest completions per thread a random
// curve point's measuring windows must count for its figure to stand
// without a note: below it one operation more or less per thread moves the
// figure by over a quarter. The engine gives a slow device longer slices
// (diskio.roundsFor: one slice per point after the first round when a
// round-robin slice would hold under 48 operations), and its windows open
// only once the previous point's queue drained; on the 150-IOPS throttled
// beds at --duration 10s the 16-thread points counted 30-60 completions
// (1.9-3.8 per thread, two to four 100 ms dispatches), where fio runs 2 s.
const MinWindowOpsPerThread = 4

// shapeItems notes when a figure's shape, not the host, makes it
// unstable: a bimodal fdatasync loop, and curve points whose measuring
// windows counted few operations per thread for the device's latency.
func shapeItems(st profile.Storage) []trustItem {
	var out []trustItem
	if it, ok := bimodalItem(st.Fsync); ok {
		out = append(out, it)
	}
	return append(out, fewOpsItems(st)...)
}

// bimodalItem phrases an fdatasync loop whose p90 is over BimodalRatio
// times its p50; ok is false otherwise.
func bimodalItem(l profile.Latency) (trustItem, bool) {
	if l.FdatasyncP50US <= 0 || l.FdatasyncP90US <= BimodalRatio*l.FdatasyncP50US {
		return trustItem{}, false
	}
	ratio := l.FdatasyncP90US / l.FdatasyncP50US
	text := fmt.Sprintf("fdatasync is bimodal: p50 %s µs but p90 %s µs (%.0fx): at least a tenth of the commits waited for the device (on a throttled volume, its next dispatch slice) while most passed at once, so the p50 is whichever mode holds the middle commit and can jump between runs; size commit latency by the p90 and p99 (%s µs)",
		num(l.FdatasyncP50US), num(l.FdatasyncP90US), ratio, num(l.FdatasyncP99US))
	return trustItem{note: profile.TrustNote{Kind: profile.TrustBimodalFdatasync, Figure: "fdatasync_p50",
		Measured: ratio, Threshold: BimodalRatio, Unit: profile.TrustUnitRatio, Text: text}}, true
}

// fewOpsItems notes the curve points whose measuring windows counted
// fewer than MinWindowOpsPerThread completions per thread, with that count.
// A point without the count (a profile from before it was recorded) is
// left out.
func fewOpsItems(st profile.Storage) []trustItem {
	var out []trustItem
	for _, c := range curves(st) {
		for _, pt := range c.curve {
			if pt.WindowOps < 1 || pt.Threads < 1 {
				continue
			}
			if per := float64(pt.WindowOps) / float64(pt.Threads); per < MinWindowOpsPerThread {
				part := fmt.Sprintf("%s at %s %s IOPS: %d counted, %.1f per thread", c.name, plural(pt.Threads, "thread"), num(pt.IOPS), pt.WindowOps, per)
				out = append(out, listItem(profile.TrustFewOperations, pointID(c.id, pt), per, MinWindowOpsPerThread, profile.TrustUnitOpsPerThread, part))
			}
		}
	}
	return out
}
