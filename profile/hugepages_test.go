package profile

import "testing"

// TestEffectiveBytesHugePages: the huge page pool is RAM that ordinary
// allocations cannot have, so it is left out of the usable memory.
func TestEffectiveBytesHugePages(t *testing.T) {
	const g = uint64(1) << 30
	cases := []struct {
		name string
		m    Memory
		want uint64
	}{
		{"64 GiB, 48 GiB of huge pages", Memory{TotalBytes: 64 * g, HugePagesBytes: 48 * g}, 16 * g},
		{"cgroup limit below what is left", Memory{TotalBytes: 64 * g, HugePagesBytes: 48 * g, LimitBytes: 8 * g}, 8 * g},
		{"cgroup limit above what is left", Memory{TotalBytes: 64 * g, HugePagesBytes: 48 * g, LimitBytes: 32 * g}, 16 * g},
		{"no huge pages", Memory{TotalBytes: 64 * g}, 64 * g},
		{"a pool as large as RAM (impossible): RAM", Memory{TotalBytes: 64 * g, HugePagesBytes: 64 * g}, 64 * g},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.m.EffectiveBytes(); got != tc.want {
				t.Errorf("EffectiveBytes %d, want %d", got, tc.want)
			}
		})
	}
}
