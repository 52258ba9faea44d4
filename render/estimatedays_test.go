package render

import (
	"testing"
	"time"
)

// TestEstimateSpanDays: a restore of days is written in days and hours,
// not thousands of hours (review r16: a 3 TiB table onto a Pi's 0.5 MB/s
// card read "loaded in 4031h32m to 8063h06m"); under two days it keeps
// hours and minutes; the low end rounds down and the high end up.
func TestEstimateSpanDays(t *testing.T) {
	h := time.Hour
	cases := []struct {
		name   string
		lo, hi time.Duration
		want   string
	}{
		{"168 to 336 days", 4031*h + 32*time.Minute, 8063*h + 6*time.Minute, "167d23h to 336d00h"},
		{"just under two days keeps minutes", 47*h + 39*time.Minute, 47*h + 59*time.Minute, "47h39m to 47h59m"},
		{"two days and more", 48 * h, 110*h + 1*time.Minute, "2d00h to 4d15h"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := estimateSpan(c.lo, c.hi); got != c.want {
				t.Errorf("estimateSpan(%v, %v) = %q, want %q", c.lo, c.hi, got, c.want)
			}
		})
	}
}
