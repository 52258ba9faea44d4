package classify

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSlowSeqWriteKeepsItsFigure: a card or throttled volume writing under
// 1 MB/s is cited with its figure, not rounded to "0 MB/s" (review r16: a
// Pi Zero card measured at 0.5 MB/s).
func TestSlowSeqWriteKeepsItsFigure(t *testing.T) {
	tests := []struct {
		name string
		in   profile.Storage
		want string
	}{
		{"Pi Zero card 0.5 MB/s", with(piCard, func(s *profile.Storage) { s.SeqWrite.MBPerS = 0.5 }), "reach only 0.5 MB/s"},
		{"card 0.3 MB/s", with(piCard, func(s *profile.Storage) { s.SeqWrite.MBPerS = 0.34 }), "reach only 0.34 MB/s"},
		{"card 14.6 MB/s keeps whole numbers", piCard, "reach only 15 MB/s"},
		{"throttled volume 0.8 MB/s with fast random writes", with(sdBed, func(s *profile.Storage) {
			s.SeqWrite.MBPerS = 0.8
			s.RandWrite = curve(900, 9000, 80)
		}), "reach only 0.8 MB/s, yet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, ev := Classify(tc.in)
			if all := strings.Join(ev, "\n"); !strings.Contains(all, tc.want) {
				t.Errorf("evidence lacks %q:\n%s", tc.want, all)
			}
		})
	}
}
