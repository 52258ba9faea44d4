package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestInvisibleColumnWarning: a MariaDB target gets the warning with what
// its loader does; a MySQL target, an unknown one and a dump without such
// a column get none.
func TestInvisibleColumnWarning(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19", Source: profile.SourceFlag}
	cases := []struct {
		name   string
		d      profile.Dump
		target profile.Target
		has    []string
	}{
		{"mydumper into MariaDB", profile.Dump{Format: "mydumper", InvisibleColumnTables: []string{"src.t3"}}, maria,
			[]string{"table src.t3 has a column MySQL made invisible", "Column count doesn't match", "myloader reports it", "--complete-insert"}},
		{"mysqldump into MariaDB", profile.Dump{Format: "mysqldump", InvisibleColumnTables: []string{"a.b", "a.c"}}, maria,
			[]string{"tables a.b, a.c have", "the load stops at the first such INSERT"}},
		{"MySQL 8.4 keeps them invisible", profile.Dump{Format: "mydumper", InvisibleColumnTables: []string{"src.t3"}},
			profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: profile.SourceFlag}, nil},
		{"unknown target", profile.Dump{Format: "mydumper", InvisibleColumnTables: []string{"src.t3"}}, profile.Target{}, nil},
		{"none", profile.Dump{Format: "mydumper"}, maria, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			got := InvisibleColumnWarning(&profile.Profile{Dump: &d}, Options{Target: c.target})
			if len(c.has) == 0 && got != "" {
				t.Fatalf("warning %q, want none", got)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("warning lacks %q: %q", h, got)
				}
			}
		})
	}
}
