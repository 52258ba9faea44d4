package advisor

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSyncClause: the verdict's sync figures leave out a percentile the
// profile lacks instead of printing "p99 0 µs".
func TestSyncClause(t *testing.T) {
	cases := []struct {
		name string
		f    profile.Latency
		want string
	}{
		{"p50 and p99 with a rate", profile.Latency{P50US: 170, P99US: 420, OpsPerS: 5260},
			"sync p50 170 µs / p99 420 µs / 5260 syncs/s measured, 190 µs each on average"},
		{"p50 only", profile.Latency{P50US: 2100}, "sync p50 2.1 ms"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := syncClause(c.f); got != c.want {
				t.Errorf("syncClause = %q, want %q", got, c.want)
			}
		})
	}
}
