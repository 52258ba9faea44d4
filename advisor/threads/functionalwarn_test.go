package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestFunctionalKeyWarning: a MariaDB target (or MySQL before 8.0.13)
// gets the warning with what its loader does; MySQL 8.0.13+ and an
// unknown target none.
func TestFunctionalKeyWarning(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19", Source: profile.SourceFlag}
	many := make([]string, 12)
	for i := range many {
		many[i] = "d.t" + string(rune('a'+i))
	}
	cases := []struct {
		name   string
		d      profile.Dump
		target profile.Target
		has    []string
	}{
		{"mydumper into MariaDB", profile.Dump{Format: "mydumper", FunctionalKeyTables: []string{"shop.a"}}, maria,
			[]string{"table shop.a has an index on an expression", "ERROR 1064", "myloader skips those tables"}},
		{"mysqldump into MySQL 5.7", profile.Dump{Format: "mysqldump", FunctionalKeyTables: []string{"a.b", "a.c"}},
			profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44", Source: profile.SourceFlag},
			[]string{"tables a.b, a.c have", "only since 8.0.13", "the load stops at the first"}},
		{"twelve tables: ten named", profile.Dump{Format: "mydumper", FunctionalKeyTables: many}, maria, []string{"d.tj and 2 more"}},
		{"MySQL 8.4 takes them", profile.Dump{Format: "mydumper", FunctionalKeyTables: []string{"shop.a"}},
			profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: profile.SourceFlag}, nil},
		{"unknown target", profile.Dump{Format: "mydumper", FunctionalKeyTables: []string{"shop.a"}}, profile.Target{}, nil},
		{"none", profile.Dump{Format: "mydumper"}, maria, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			got := FunctionalKeyWarning(&profile.Profile{Dump: &d}, Options{Target: c.target})
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
