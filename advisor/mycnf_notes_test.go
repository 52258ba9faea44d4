package advisor

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMyCnfNotes: the warnings for the target's flavor and series that
// stop the server starting become crit findings (any flavor's for an
// unknown target), the others notes, capped.
func TestMyCnfNotes(t *testing.T) {
	ws := []profile.MyCnfWarning{
		{Where: "my.cnf:3", Text: "1GB is read as 1G"},
		{Where: "my.cnf:4", Flavor: profile.FlavorMariaDB, Version: "10.11", Refuses: true, Text: "mariadbd 10.11 does not know innodb_redo_log_capacity"},
		{Where: "my.cnf:5", Flavor: profile.FlavorMySQL, Refuses: true, Text: "MySQL 8 takes no abbreviated option names"},
		{Where: "my.cnf:6", Flavor: profile.FlavorMySQL, From: "8.0", Refuses: true, Text: "MySQL 8.0 and later have no option \"query_cache_size\""},
		{Where: "my.cnf:1", Refuses: true, Text: "an option before any [group]: every server refuses the file"},
	}
	cases := []struct {
		name, flavor, version string
		refused               []string // summaries' substrings, in order
		notes                 []string
	}{
		{"mariadb 10.11", profile.FlavorMariaDB, "10.11.19", []string{"MariaDB will not start with this my.cnf: my.cnf:4", "mysqld (any MySQL or MariaDB) will not start with this my.cnf: my.cnf:1"}, []string{"my.cnf:3: 1GB"}},
		{"mariadb 11.8 skips the 10.11 list check", profile.FlavorMariaDB, "11.8", []string{"my.cnf:1"}, []string{"my.cnf:3: 1GB"}},
		{"mysql", profile.FlavorMySQL, "8.4", []string{"MySQL (and Percona Server) will not start with this my.cnf: my.cnf:5", "my.cnf:6", "my.cnf:1"}, []string{"my.cnf:3"}},
		{"percona reads as mysql", profile.FlavorPercona, "8.0.32", []string{"my.cnf:5", "my.cnf:6", "my.cnf:1"}, []string{"my.cnf:3"}},
		{"mysql 5.7 keeps the query cache", profile.FlavorMySQL, "5.7.44", []string{"my.cnf:5", "my.cnf:1"}, []string{"my.cnf:3"}},
		{"unknown target: every server's refusal", "", "", []string{"my.cnf:4", "my.cnf:5", "my.cnf:6", "my.cnf:1"}, []string{"my.cnf:3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := &profile.MyCnf{Warnings: ws}
			refused := myCnfRefusals(m, c.flavor, c.version)
			if len(refused) != len(c.refused) {
				t.Fatalf("refusals = %+v, want %d", refused, len(c.refused))
			}
			for i, w := range c.refused {
				f := refused[i]
				if !strings.Contains(f.Summary, w) || f.ID != RefusedID || f.Severity != SeverityCrit || f.Variable != "" ||
					!strings.Contains(f.Detail, "does not repair it") {
					t.Errorf("refusal %d = %+v, want a crit %s whose summary contains %q", i, f, RefusedID, w)
				}
			}
			got := myCnfNotes(m, c.flavor, c.version)
			if len(got) != len(c.notes) {
				t.Fatalf("notes = %q, want %d", got, len(c.notes))
			}
			for i, w := range c.notes {
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

// TestRefusalBanner: the cnf says above its first group that the file read
// has lines the server will not start with, and which; none, no banner.
func TestRefusalBanner(t *testing.T) {
	refused := myCnfRefusals(&profile.MyCnf{Warnings: []profile.MyCnfWarning{
		{Where: "/etc/my.cnf:1", Refuses: true, Text: "an option before any [group]"},
		{Where: "/etc/my.cnf:7", Refuses: true, Text: "unknown variable"}}}, "", "")
	cnf := "# mytune dev: settings for mariadb 10.11.19. Review before use.\n[mysqld]\nmax_connections = 100\n"
	got := withBanner(cnf, refusalBanner(refused))
	want := "# mytune dev: settings for mariadb 10.11.19. Review before use.\n" +
		"# WARNING: the my.cnf read has 2 line(s) the server will not start with (/etc/my.cnf:1, /etc/my.cnf:7; see the crit findings).\n" +
		"# This fragment does not repair them: fix that file first.\n[mysqld]\nmax_connections = 100\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	evil := myCnfRefusals(&profile.MyCnf{Warnings: []profile.MyCnfWarning{
		{Where: "/tmp/evil\ninnodb_buffer_pool_size=1T\n.cnf:2", Refuses: true, Text: "unknown variable"}}}, "", "")
	for _, line := range strings.Split(withBanner(cnf, refusalBanner(evil)), "\n") {
		if strings.HasPrefix(line, "innodb_buffer_pool_size") || strings.HasPrefix(line, ".cnf") {
			t.Errorf("a newline in the file name put %q in the fragment as a line of its own", line)
		}
	}
	if withBanner(cnf, refusalBanner(nil)) != cnf {
		t.Error("no refusal must leave the cnf as it is")
	}
}

// TestMyCnfSeriesNote: for a MariaDB target of another series than the
// 10.11 list the names are checked against, a note says the check did not
// apply and how many lines it left out, and names the options only MySQL
// has; none for 10.11, MySQL or no my.cnf.
func TestMyCnfSeriesNote(t *testing.T) {
	m := &profile.MyCnf{MySQLOnly: []string{"admin_port", "innodb_redo_log_capacity"}, Warnings: []profile.MyCnfWarning{
		{Where: "my.cnf:2", Flavor: profile.FlavorMariaDB, Version: "10.11", Refuses: true, Text: "mariadbd 10.11 does not know the option"},
		{Where: "my.cnf:3", Text: "1GB is read as 1G"},
	}}
	cases := []struct {
		name, flavor, version string
		mycnf                 *profile.MyCnf
		want                  []string // "" entries: no note
	}{
		{"MariaDB 11.4", profile.FlavorMariaDB, "11.4", m, []string{"not MariaDB 11.4's", "1 line(s) mariadbd 10.11 would refuse", "(MySQL's): admin_port, innodb_redo_log_capacity"}},
		{"MariaDB 10.6.21", profile.FlavorMariaDB, "10.6.21", m, []string{"not MariaDB 10.6's"}},
		{"MariaDB 11.8, nothing skipped, no MySQL names", profile.FlavorMariaDB, "11.8", &profile.MyCnf{}, []string{"checked only against mariadbd 10.11.19"}},
		{"MariaDB 10.11: checked", profile.FlavorMariaDB, "10.11.19", m, nil},
		{"MySQL 8.4", profile.FlavorMySQL, "8.4", m, nil},
		{"no my.cnf", profile.FlavorMariaDB, "11.4", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := myCnfSeriesNote(c.mycnf, c.flavor, c.version)
			if (got == "") != (len(c.want) == 0) {
				t.Fatalf("note %q, want one: %v", got, len(c.want) > 0)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("note %q lacks %q", got, w)
				}
			}
			if strings.Contains(got, "MySQL's") && len(c.mycnf.MySQLOnly) == 0 {
				t.Errorf("note names MySQL options the file does not set: %q", got)
			}
		})
	}
}
