// Package stats holds the small statistics the measuring packages share
// (diskio's slices, calibrate's rounds): plain numbers, nothing of MySQL
// or of disks.
package stats

import "slices"

// Median is the middle of vs, the mean of the two middle values for an
// even count; 0 for none. vs is not changed.
func Median(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
