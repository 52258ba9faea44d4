package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestInsertVerdictOtherHost: calibrate --from a profile of another host
// (review r17: the Raspberry Pi profile of render/testdata against a
// server on host "vm" gave "advise predicted 4 load threads; calibrate
// measured the knee at 4 connection(s) (23732 rows/s): they agree") must
// not compare the Pi's prediction with this server's knee; the same host
// (letter case aside) or an unknown one compares as before.
func TestInsertVerdictOtherHost(t *testing.T) {
	knee := profile.InsertKnee{Threads: 4, RowsPerS: 23732}
	for _, c := range []struct {
		name, profileHost, serverHost string
		want, not                     string
	}{
		{"a Pi profile, a server on vm", "pi4-kitchen", "vm", "taken on host pi4-kitchen, not on vm", "they agree"},
		{"the same host", "vm", "vm", "they agree", "not compared"},
		{"the same host, other letter case", "DB1", "db1", "they agree", "not compared"},
		{"the server's hostname unread", "pi4-kitchen", "", "they agree", "not compared"},
		{"the profile's hostname unknown", "", "vm", "they agree", "not compared"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.LoadPrediction{Threads: 4, Source: "profile pi.json", OtherHost: PredictionOtherHost(c.profileHost, c.serverHost)}
			got := InsertVerdict(knee, p)
			if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
				t.Errorf("verdict %q: want %q in it and not %q", got, c.want, c.not)
			}
			if !strings.Contains(got, "23732 rows/s") {
				t.Errorf("verdict %q lost the measured knee", got)
			}
		})
	}
}
