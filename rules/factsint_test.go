package rules

import (
	"math"
	"testing"
)

// TestFactsIntSaturates: an integer variable larger than an int is the
// largest int, never a wrapped negative (innodb_io_capacity_max =
// 18446744073709551615, MySQL's and MariaDB's maximum on 64-bit, read as
// -1 and warned "18446744073709551615 < innodb_io_capacity 200"; on a
// 32-bit Pi MariaDB 10.11's 4294967295 did the same).
func TestFactsIntSaturates(t *testing.T) {
	cases := []struct {
		name, value string
		want        int
	}{
		{"small", "200", 200},
		{"2^32-1 (MariaDB 10.11's cap)", "4294967295", int(min(uint64(4294967295), uint64(math.MaxInt)))},
		{"2^63", "9223372036854775808", math.MaxInt},
		{"2^64-1 (the maximum)", "18446744073709551615", math.MaxInt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &Facts{Raw: map[string]string{"innodb_io_capacity_max": c.value}}
			if got := f.int("innodb_io_capacity_max"); got != c.want {
				t.Errorf("int(%s) = %d, want %d", c.value, got, c.want)
			}
		})
	}
}
