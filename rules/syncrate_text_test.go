package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSyncRateText: a profile without a percentile (older, or edited by
// hand) never says "p50 0 µs"; the figures it has are named as before.
func TestSyncRateText(t *testing.T) {
	cases := []struct {
		name     string
		fsync    profile.Latency
		rate     string
		costPart string
	}{
		{"all figures", profile.Latency{OpsPerS: 5260, MeanUS: 190, P50US: 170, P99US: 420},
			"5260 16K write+fdatasync per second on average in the measurement (190 µs each on average; p50 170 µs, p99 420 µs)",
			"the disk averaged 5260 syncs/s in the measurement, 190 µs each (p50 170 µs)"},
		{"rate only", profile.Latency{OpsPerS: 5260, MeanUS: 190},
			"5260 16K write+fdatasync per second on average in the measurement (190 µs each on average)",
			"the disk averaged 5260 syncs/s in the measurement, 190 µs each)"},
		{"rate and p99", profile.Latency{OpsPerS: 310, MeanUS: 3226, P99US: 95000},
			"310 16K write+fdatasync per second on average in the measurement (3.2 ms each on average; p99 95.0 ms)",
			"the disk averaged 310 syncs/s in the measurement, 3.2 ms each)"},
		{"p50 only", profile.Latency{P50US: 2000},
			"about 500 16K write+fdatasync per second (1 s ÷ p50 2.0 ms)", "1 s ÷ p50 2.0 ms = 500 syncs/s)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := Env{Measured: true, Storage: profile.Storage{Fsync: c.fsync}}
			if got := e.SyncRateText(); got != c.rate {
				t.Errorf("SyncRateText = %q\nwant %q", got, c.rate)
			}
			if got := e.CommitCostText(1); !strings.Contains(got, c.costPart) {
				t.Errorf("CommitCostText = %q, want it to contain %q", got, c.costPart)
			}
		})
	}
}
