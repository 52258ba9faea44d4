package server

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestPartitionOf(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"table", "t1", "t1"},
		{"partition", "orders#P#p0", "orders"},
		{"lower-case partition", "orders#p#p2019", "orders"},
		{"sub-partition", "orders#P#p0#SP#p0sp1", "orders"},
		{"hash in the name only", "a#b", "a#b"},
		{"leading marker kept", "#P#x", "#P#x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := partitionOf(tc.in); got != tc.want {
				t.Errorf("partitionOf(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestManyTablesSaid(t *testing.T) {
	for _, tc := range []struct {
		name               string
		n, others, unsized int
		want, notWant      string
	}{
		{"all sized", 50004, 0, 0, "the server has 50004 tables and views, more than table_open_cache (2000)", "0 bytes"},
		{"others left", 50004, 3500, 0, "3500 table(s) of other engines are counted at 0 bytes (sized one at a time up to 500)", "no statistics"},
		{"no stats", 3000, 0, 7, "7 InnoDB table(s) have no statistics there", "other engines"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &reader{s: &profile.Server{Variables: map[string]string{"table_open_cache": "2000"}}}
			r.manyTablesSaid(tc.n, tc.others, tc.unsized)
			if len(r.s.Unread) != 1 {
				t.Fatalf("Unread = %q, want one entry", r.s.Unread)
			}
			got := r.s.Unread[0]
			if !strings.Contains(got, tc.want) || strings.Contains(got, tc.notWant) {
				t.Errorf("Unread = %q, want %q and not %q", got, tc.want, tc.notWant)
			}
		})
	}
}
