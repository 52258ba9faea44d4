package diskio

import (
	"slices"
	"time"
)

// streamSlices is how many equal slices the steady part of a sequential
// stream is cut into: ten slices of a 1.5 s write (150 ms each) or of a
// 1 s read, enough for a median that one stall or one cache burst cannot move.
const streamSlices = 10

// minSliceBlocks is the fewest 1 MiB blocks a stream slice may hold: a
// slice of 1-3 blocks times one request, not a stream.
const minSliceBlocks = 4

// syncSlices is how many time-ordered slices the fdatasync loop's p50 is
// also taken over, for its spread.
const syncSlices = 5

// streamRates cuts a stream of equal blocks into up to streamSlices slices
// of equal block counts and returns each slice's rate in bytes/s, the
// first (warm-up) slice dropped when there are three or more: a device's
// write cache or read-ahead fills in the first slice, and a steady stream's
// figure must not be that burst. start is when the stream began, ends[i]
// when block i completed. Nil when the stream is too short to slice.
func streamRates(start time.Time, ends []time.Time, blockBytes int) []float64 {
	k := min(streamSlices, len(ends)/minSliceBlocks)
	if k < 2 {
		return nil
	}
	rates := make([]float64, 0, k)
	for j := range k {
		a, b := j*len(ends)/k, (j+1)*len(ends)/k
		from := start
		if a > 0 {
			from = ends[a-1]
		}
		if dt := ends[b-1].Sub(from); dt > 0 {
			rates = append(rates, float64((b-a)*blockBytes)/dt.Seconds())
		}
	}
	if len(rates) >= 3 {
		rates = rates[1:]
	}
	return rates
}

// sliceP50s returns the p50 of each of n equal slices of samples, taken in
// the order they were measured; nil for fewer than n*4 samples.
func sliceP50s(samples []time.Duration, n int) []time.Duration {
	if len(samples) < n*4 {
		return nil
	}
	out := make([]time.Duration, 0, n)
	for j := range n {
		part := slices.Clone(samples[j*len(samples)/n : (j+1)*len(samples)/n])
		slices.Sort(part)
		out = append(out, percentile(part, 50))
	}
	return out
}

// harmonicMean is n over the sum of 1/v: the rate of equal-sized slices
// taken together; 0 for none or a non-positive value.
func harmonicMean(vs []float64) float64 {
	var inv float64
	for _, v := range vs {
		if v <= 0 {
			return 0
		}
		inv += 1 / v
	}
	if inv == 0 {
		return 0
	}
	return float64(len(vs)) / inv
}

// Quantile is the q-quantile (0..1) of vs with linear interpolation
// between order statistics (R type 7, numpy's default); 0 for none. vs is
// not changed.
func Quantile(vs []float64, q float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	lo := int(pos)
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[lo] + (pos-float64(lo))*(s[lo+1]-s[lo])
}
