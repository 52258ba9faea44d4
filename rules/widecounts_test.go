package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCountsPastInt32: innodb_io_capacity, innodb_io_capacity_max and
// sync_binlog take values past 2^31 (2^64-1 and 2^32-1 on a 64-bit
// server). Held to Go's int, two such values collapsed to one where int
// has 32 bits (Raspberry Pi OS 32-bit): both read 2147483647, so a max
// below the capacity compared equal and the crit that MySQL refuses to
// start stayed silent; and the texts stated 2147483647 (or, on 64 bits,
// 9223372036854775807 for 18446744073709551615), a figure the my.cnf
// never held.
func TestCountsPastInt32(t *testing.T) {
	cases := []struct {
		name    string
		mutate  func(*profile.Profile)
		id      string
		durab   string
		want    bool
		inText  []string
		notText []string
	}{
		{"capacity 2^64-1 above max 2^32-1 on MySQL: crit", all(setVar("innodb_io_capacity", "18446744073709551615"),
			setVar("innodb_io_capacity_max", "4294967295")), "hygiene.io_capacity_max_below_capacity", "strict", true,
			[]string{"innodb_io_capacity_max 4294967295 < innodb_io_capacity 18446744073709551615"}, []string{"2147483647", "9223372036854775807"}},
		{"capacity 3e9 above max 2.5e9 on MariaDB: warned", all(setVersion("mariadb", "10.11.6"),
			setVar("innodb_io_capacity", "3000000000"), setVar("innodb_io_capacity_max", "2500000000")),
			"hygiene.io_capacity_max_below_capacity_mariadb", "strict", true,
			[]string{"innodb_io_capacity_max 2500000000 < innodb_io_capacity 3000000000", "the 3000000000 written never applies"}, []string{"2147483647"}},
		{"equal capacity and max past 2^31: silent", all(setVar("innodb_io_capacity", "3000000000"),
			setVar("innodb_io_capacity_max", "3000000000")), "hygiene.io_capacity_max_below_capacity", "strict", false, nil, nil},
		{"capacity 2^32-1 on NVMe: the text states it", setVar("innodb_io_capacity", "4294967295"), "io.capacity", "strict", true,
			[]string{"At 4294967295 it asks for more than the disk ever did"}, []string{"2147483647"}},
		{"sync_binlog 2^32+1 is not 1 (int32 kept 1 of it)", setVar("sync_binlog", "4294967297"),
			"durability.sync_binlog_strict", "strict", true, []string{"sync_binlog is 4294967297"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			h, ok := fired(t, p, tc.durab, "")[tc.id]
			if ok != tc.want {
				t.Fatalf("%s fired = %v, want %v", tc.id, ok, tc.want)
			}
			for _, s := range tc.inText {
				if !strings.Contains(h.RenderedDetail, s) {
					t.Errorf("detail lacks %q:\n%s", s, h.RenderedDetail)
				}
			}
			for _, s := range tc.notText {
				if strings.Contains(h.RenderedDetail, s) {
					t.Errorf("detail states %q:\n%s", s, h.RenderedDetail)
				}
			}
		})
	}
}
