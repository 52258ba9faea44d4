package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestChooseAndNoise(t *testing.T) {
	pt := func(n int, med, lo, hi float64) profile.DumpLoadPoint {
		return profile.DumpLoadPoint{Threads: n, MBPerS: med, MedianMBPerS: med, WindowS: 12, MBPerSMin: lo, MBPerSMax: hi, Rounds: make([]profile.DumpLoadSample, 3)}
	}
	cases := []struct {
		name    string
		pts     []profile.DumpLoadPoint
		threads int
		whyHas  string
		noise   string
	}{
		{"clear best", []profile.DumpLoadPoint{pt(1, 1, 0.9, 1.1), pt(2, 2, 1.9, 2.1), pt(4, 4, 3.9, 4.1)}, 4, "the best of the counts", ""},
		{"fewest within 5%, ranges apart", []profile.DumpLoadPoint{pt(1, 1, 0.9, 1.1), pt(4, 3.9, 3.85, 3.95), pt(8, 4, 3.96, 4.1)}, 4,
			"within 5% of the best, 4.0 MB/s at 8", ""},
		{"fewest within 5%, ranges overlap: said", []profile.DumpLoadPoint{pt(2, 9.7, 9, 11), pt(4, 10, 9.5, 12)}, 2,
			"within 5% of the best", "the ranges of 2 sessions (9.0–11.0 MB/s) and 4 (9.5–12.0) overlap"},
		{"nothing loaded", []profile.DumpLoadPoint{pt(1, 0, 0, 0)}, 0, "no step loaded any rows", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ch := ChooseDump(c.pts)
			if ch.Threads != c.threads || !strings.Contains(ch.Why, c.whyHas) {
				t.Errorf("choice %+v, want %d threads and %q", ch, c.threads, c.whyHas)
			}
			if n := DumpNoiseNote(c.pts, ch); (c.noise == "") != (n == "") || !strings.Contains(n, c.noise) {
				t.Errorf("noise note %q, want %q", n, c.noise)
			}
		})
	}
}
