package advisor

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMyCnfNotes: only the warnings for the target's flavor and series
// become notes, those where the server refuses to start first, capped.
func TestMyCnfNotes(t *testing.T) {
	ws := []profile.MyCnfWarning{
		{Where: "my.cnf:3", Text: "1GB is read as 1G"},
		{Where: "my.cnf:4", Flavor: profile.FlavorMariaDB, Version: "10.11", Refuses: true, Text: "mariadbd 10.11 does not know innodb_redo_log_capacity"},
		{Where: "my.cnf:5", Flavor: profile.FlavorMySQL, Refuses: true, Text: "MySQL 8 takes no abbreviated option names"},
		{Where: "my.cnf:6", Flavor: profile.FlavorMySQL, From: "8.0", Refuses: true, Text: "MySQL 8.0 and later have no option \"query_cache_size\""},
	}
	cases := []struct {
		name, flavor, version string
		want                  []string // substrings, in order
	}{
		{"mariadb 10.11", profile.FlavorMariaDB, "10.11.19", []string{"my.cnf:4: the server will not start", "my.cnf:3: 1GB"}},
		{"mariadb 11.8 skips the 10.11 list check", profile.FlavorMariaDB, "11.8", []string{"my.cnf:3: 1GB"}},
		{"mysql", profile.FlavorMySQL, "8.4", []string{"my.cnf:5: the server will not start", "my.cnf:6: the server will not start", "my.cnf:3"}},
		{"percona reads as mysql", profile.FlavorPercona, "8.0.32", []string{"my.cnf:5", "my.cnf:6", "my.cnf:3"}},
		{"mysql 5.7 keeps the query cache", profile.FlavorMySQL, "5.7.44", []string{"my.cnf:5", "my.cnf:3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := myCnfNotes(&profile.MyCnf{Warnings: ws}, c.flavor, c.version)
			if len(got) != len(c.want) {
				t.Fatalf("notes = %q, want %d", got, len(c.want))
			}
			for i, w := range c.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("note %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
	var many []profile.MyCnfWarning
	for i := 0; i < maxMyCnfNotes+5; i++ {
		many = append(many, profile.MyCnfWarning{Where: fmt.Sprintf("x.cnf:%d", i), Text: "w"})
	}
	got := myCnfNotes(&profile.MyCnf{Warnings: many}, profile.FlavorMySQL, "8.4")
	if len(got) != maxMyCnfNotes+1 || !strings.Contains(got[maxMyCnfNotes], "5 more warnings") {
		t.Errorf("capped notes = %d, last %q", len(got), got[len(got)-1])
	}
	if myCnfNotes(nil, profile.FlavorMySQL, "8.4") != nil {
		t.Error("no my.cnf must give no notes")
	}
}
