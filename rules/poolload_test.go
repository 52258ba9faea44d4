package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPoolLoadReads: the buffer pool's start-up load counts its reads in
// Innodb_buffer_pool_reads (measured on MariaDB 10.11.19: 2,028 pages
// listed at shutdown, 25% of 8,112; 2,181 reads against 801 requests 8 s
// after the next start), so the misses rule leaves out as many as the
// load can have read.
func TestPoolLoadReads(t *testing.T) {
	load := func(on, pct string) func(*profile.Profile) {
		return func(p *profile.Profile) {
			p.Server.Variables["innodb_buffer_pool_load_at_startup"] = on
			if pct != "" {
				p.Server.Variables["innodb_buffer_pool_dump_pct"] = pct
			}
			p.Server.Status["innodb_buffer_pool_pages_total"] = "8112"
		}
	}
	for _, tc := range []struct {
		name          string
		mutate        func(*profile.Profile)
		fires         bool
		want, wantNot []string
	}{
		{"minutes after a restart: the load's 2,028 reads among 2,481 in 100,000 requests: not misses", all(poolMisses(2481), setStatus("innodb_buffer_pool_read_requests", "100000"), load("ON", "25")), false, nil, nil},
		{"the same reads without a start-up load: 97.5% hits, fired", all(poolMisses(2481), setStatus("innodb_buffer_pool_read_requests", "100000"), load("OFF", "25")), true,
			[]string{"2481 of 100000 page requests missed the pool since the server started (hit ratio 97.5%, below 99.0%)"}, []string{"start-up load"}},
		{"real misses beside the load: 22,000 in 1,000,000, fired with both counts", all(poolMisses(22000), load("ON", "25")), true,
			[]string{"19972 of 1000000 page requests missed the pool since the server started beyond the 2028 pages its start-up load can have read",
				"22000 reads in all): a hit ratio of 98.0%, below 99.0%"}, nil},
		{"dump_pct not reported: up to the whole pool", all(poolMisses(12000), setStatus("innodb_buffer_pool_read_requests", "100000"), load("ON", "")), true,
			[]string{"3888 of 100000", "beyond the 8112 pages"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			firedAs(t, p, "memory.buffer_pool_misses_slow_disk", tc.fires, tc.want, tc.wantNot)
		})
	}
}
