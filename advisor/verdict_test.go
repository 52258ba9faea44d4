package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestVerdictSlowSeqWrite: the verdict's sequential figure keeps a decimal
// under 10 MB/s (review r16: a Pi Zero card measured at 0.5 MB/s read "0
// MB/s sequential writes" while its finding said 0.5 MB/s).
func TestVerdictSlowSeqWrite(t *testing.T) {
	tests := []struct {
		mbps float64
		want string
	}{
		{0.5, ": 0.5 MB/s sequential writes"},
		{0.04, ": 0.04 MB/s sequential writes"},
		{7.25, ": 7.2 MB/s sequential writes"},
		{9.96, ": 10 MB/s sequential writes"},
		{14.6, ": 15 MB/s sequential writes"},
		{7000, ": 7000 MB/s sequential writes"},
	}
	for _, tc := range tests {
		p := profile.Profile{Storage: profile.Storage{Path: "/var/lib/mysql", Measured: true, Class: profile.ClassSDCard,
			Device: profile.Device{Name: "mmcblk0"}, SeqWrite: profile.Throughput{MBPerS: tc.mbps}}}
		if got := Verdict(p, 200); !strings.Contains(got, tc.want) {
			t.Errorf("%.2f MB/s: verdict %q lacks %q", tc.mbps, got, tc.want)
		}
	}
}
