package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDataDirectoryWarning: the tables that name a DATA DIRECTORY are
// warned with their paths, at most three named per path, and what the
// target does (MariaDB 10.11.19, 2026-12-07); nothing without any.
func TestDataDirectoryWarning(t *testing.T) {
	cases := []struct {
		name string
		dirs []profile.DumpDataDirectory
		want []string
	}{
		{"one table", []profile.DumpDataDirectory{{Path: "/var/tmp/dd1/ext/", Tables: []string{"dx.a"}}},
			[]string{"1 table of the dump names DATA DIRECTORY='/var/tmp/dd1/ext/' (dx.a)", "outside its datadir", "errno: 168", "exits 1", "ERROR 1005"}},
		{"five tables on two paths", []profile.DumpDataDirectory{{Path: "/a/", Tables: []string{"s.1", "s.2", "s.3", "s.4"}}, {Path: "/b/", Tables: []string{"s.5"}}},
			[]string{"5 tables of the dump name DATA DIRECTORY='/a/' (s.1, s.2, s.3 and 1 more); DATA DIRECTORY='/b/' (s.5)"}},
		{"none", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := DataDirectoryWarning(&profile.Profile{Dump: &profile.Dump{DataDirectories: c.dirs}})
			if len(c.want) == 0 && got != "" {
				t.Fatalf("warned: %s", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
		})
	}
}
