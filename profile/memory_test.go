package profile

import "testing"

// TestAvailableNowBytes: under a cgroup memory limit what a process may
// still take is the limit less what the cgroup holds, when that is less
// than the host's available memory (QA: a 1G cgroup holding 805 MiB was
// told 21.4 GiB was available).
func TestAvailableNowBytes(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		name    string
		m       Memory
		want    uint64
		ok      bool
		limited bool
	}{
		{"no limit", Memory{AvailableBytes: 900 * mib}, 900 * mib, true, false},
		{"nothing known", Memory{}, 0, false, false},
		{"1G limit, 805M held, host has 21.4G", Memory{AvailableBytes: 21914 * mib, LimitBytes: 1024 * mib, LimitUsedBytes: 805 * mib}, 219 * mib, true, true},
		{"1G limit, usage unread: the limit", Memory{AvailableBytes: 21914 * mib, LimitBytes: 1024 * mib}, 1024 * mib, true, true},
		{"the cgroup is full", Memory{AvailableBytes: 21914 * mib, LimitBytes: 1024 * mib, LimitUsedBytes: 1100 * mib}, 0, true, true},
		{"the host has less than the limit leaves", Memory{AvailableBytes: 100 * mib, LimitBytes: 1024 * mib, LimitUsedBytes: 200 * mib}, 100 * mib, true, false},
		{"limit, host available unknown", Memory{LimitBytes: 1024 * mib, LimitUsedBytes: 24 * mib}, 1000 * mib, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := c.m.AvailableNowBytes()
			if got != c.want || ok != c.ok || c.m.AvailableNowLimited() != c.limited {
				t.Errorf("AvailableNowBytes = %d, %v, limited %v; want %d, %v, %v", got, ok, c.m.AvailableNowLimited(), c.want, c.ok, c.limited)
			}
		})
	}
}
