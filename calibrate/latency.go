package calibrate

import (
	"math"
	"slices"
	"time"
)

// percentileUS returns the p-th percentile (0..100, nearest rank) of the
// durations in microseconds, or 0 for none. It sorts d.
func percentileUS(d []time.Duration, p float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	i := int(math.Ceil(p/100*float64(len(d)))) - 1
	i = min(max(i, 0), len(d)-1)
	return float64(d[i]) / float64(time.Microsecond)
}
