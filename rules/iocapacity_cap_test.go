package rules

import (
	"strings"
	"testing"
)

// TestIOCapacityCapSaid: on a disk whose one-thread rate asks for more than
// the 20000 mytune holds innodb_io_capacity to, the text says it held the
// figure there, not that half the rate "rounded to 100" is 20000, and a
// current value the disk sustains is not called "higher than the disk
// sustains" (review r16: a 7 GB/s NVMe profile, 196640 writes/s at one
// thread, read "50% of the one-thread figure, rounded to 100: 20000").
func TestIOCapacityCapSaid(t *testing.T) {
	tests := []struct {
		name       string
		qd1, peak  float64
		current    string
		has, hasnt string
	}{
		{"NVMe array from 200: held to 20000", 196640, 1312080, "200",
			"50% of the one-thread figure is 98320, held to 20000: the MySQL manual advises against more than 20000", "rounded to 100: 20000"},
		{"NVMe array at 50000: within what it sustains", 196640, 1312080, "50000",
			"At 50000 it is within what this disk sustains (98320), but above 20000", "higher than the disk sustains"},
		{"one-thread 40000: 20000 exactly, no cap", 40000, 150000, "200", "rounded to 100: 20000", "held to"},
		{"one-thread 40100: 20050 held", 40100, 150000, "200", "is 20050, held to 20000", "rounded to 100"},
		{"SSD 9832 one-thread: rounded, no cap", 9832, 56000, "200", "50% of the one-thread figure, rounded to 100: 4900", "held to"},
		{"SSD at 30000 over a 4900 target", 9832, 56000, "30000", "Set higher than the disk sustains", "within what this disk"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			for i, iops := range []float64{tc.qd1, tc.qd1 * 2, tc.qd1 * 3, tc.peak / 2, tc.peak} {
				p.Storage.RandWrite[i].IOPS = iops
			}
			p.Server.Variables["innodb_io_capacity"] = tc.current
			p.Server.Variables["innodb_io_capacity_max"] = "2000000"
			h, ok := fired(t, p, "strict", "")["io.capacity"]
			if !ok {
				t.Fatalf("io.capacity did not fire")
			}
			if !strings.Contains(h.RenderedDetail, tc.has) || strings.Contains(h.RenderedDetail, tc.hasnt) {
				t.Errorf("detail (want %q, not %q):\n%s", tc.has, tc.hasnt, h.RenderedDetail)
			}
		})
	}
}
