package diskio

import (
	"strings"
	"testing"
)

// TestBudgetSaysFreeAsTheReport: review r12, a filesystem with 5,238,784
// bytes free (df -h: 5.0M) was refused with "4 MiB free" while advise
// --no-measure's findings said "5.0 MiB free"; 346,025,984 bytes (df: 330M)
// shrank the file "5% of the 329 MiB free". Both now give one decimal.
func TestBudgetSaysFreeAsTheReport(t *testing.T) {
	cases := []struct {
		name string
		free uint64
		want string
	}{
		{"refused, 5,238,784 bytes", 5_238_784, "5.0 MiB free, the probe uses at most 5%"},
		{"shrunk, 346,025,984 bytes", 346_025_984, "5% of the 330.0 MiB free"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, note, err := Budget(c.free, 256*MiB)
			got := note
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, c.want) {
				t.Errorf("Budget(%d): %q, want %q", c.free, got, c.want)
			}
		})
	}
}
