package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCoresOf: the fewest of logical CPUs, a cpuset's CPUs and the quota
// decide (issue 19: a 1-CPU cpuset was advised as 2 cores).
func TestCoresOf(t *testing.T) {
	cases := []struct {
		name string
		cpu  profile.CPU
		want int
		why  string
	}{
		{"all CPUs", profile.CPU{Logical: 2, AllowedCPUs: 2}, 2, "2 cores"},
		{"a 1-CPU cpuset", profile.CPU{Logical: 2, AllowedCPUs: 1}, 1, "allows 1 of 2"},
		{"a quota below the cpuset", profile.CPU{Logical: 8, AllowedCPUs: 4, QuotaCores: 1.5}, 2, "quota of 1.5"},
		{"a cpuset below the quota", profile.CPU{Logical: 8, AllowedCPUs: 2, QuotaCores: 4}, 2, "allows 2 of 8"},
		{"unknown", profile.CPU{}, 1, "unknown"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := coresOf(profile.Host{CPU: tc.cpu})
			if got.n != tc.want || !strings.Contains(got.why, tc.why) {
				t.Errorf("got %d (%s), want %d (%s)", got.n, got.why, tc.want, tc.why)
			}
		})
	}
}
