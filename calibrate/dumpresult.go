package calibrate

import (
	"slices"

	"github.com/mytune/mytune/internal/stats"
	"github.com/mytune/mytune/profile"
)

// summarise turns each count's samples into a point (medians, range).
func summarise(threads []int, samples map[int][]profile.DumpLoadSample) []profile.DumpLoadPoint {
	pts := make([]profile.DumpLoadPoint, 0, len(threads))
	for _, n := range threads {
		ss := samples[n]
		if len(ss) == 0 {
			continue
		}
		mb := make([]float64, len(ss))
		rows := make([]float64, len(ss))
		for i, s := range ss {
			mb[i], rows[i] = s.MBPerS, s.RowsPerS
		}
		p := profile.DumpLoadPoint{Threads: n, MedianMBPerS: stats.Median(mb),
			MBPerSMin: slices.Min(mb), MBPerSMax: slices.Max(mb), RowsPerSMin: slices.Min(rows), RowsPerSMax: slices.Max(rows), Rounds: ss}
		p.MBPerS, p.RowsPerS, p.WindowS = pooled(ss)
		if p.MedianMBPerS > 0 {
			p.SpreadPct = 100 * (p.MBPerSMax - p.MBPerSMin) / p.MedianMBPerS
		}
		pts = append(pts, p)
	}
	slices.SortFunc(pts, func(a, b profile.DumpLoadPoint) int { return a.Threads - b.Threads })
	return pts
}

// pooled is the rate over all the steps' windows together: each step's
// rate weighted by its window time, and the total window time.
func pooled(ss []profile.DumpLoadSample) (mbPerS, rowsPerS, windowS float64) {
	var mb, rows float64
	for _, s := range ss {
		mb += s.MBPerS * s.WindowS
		rows += s.RowsPerS * s.WindowS
		windowS += s.WindowS
	}
	if windowS <= 0 {
		return 0, 0, 0
	}
	return mb / windowS, rows / windowS, windowS
}
