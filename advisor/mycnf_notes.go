package advisor

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// maxMyCnfNotes bounds the my.cnf warnings the notes list; the profile's
// mycnf.warnings keeps them all.
const maxMyCnfNotes = 12

// RefusedID is the id of the finding for a my.cnf line the server will not
// start with: the most urgent thing a report can say, so it is crit and
// its category ("config") sorts it before every other crit finding.
const RefusedID = "mycnf.server_refuses"

// refusedRefs are the manual pages on how servers read option files.
var refusedRefs = []string{
	"https://dev.mysql.com/doc/refman/8.4/en/option-files.html",
	"https://mariadb.com/kb/en/configuring-mariadb-with-option-files/",
}

// myCnfRefusals are crit findings, one per my.cnf line the target server
// will not start with (for an unknown target: any server), each naming the
// line, what the server says and the fix.
func myCnfRefusals(m *profile.MyCnf, flavor, version string) []Finding {
	if m == nil {
		return nil
	}
	var out []Finding
	for _, w := range m.Warnings {
		if !w.Refuses || ((flavor != "" || w.Before != "" || w.Group != "") && !w.AppliesTo(flavor, version)) {
			continue
		}
		out = append(out, Finding{ID: RefusedID, Severity: SeverityCrit, Category: "config",
			Summary: fmt.Sprintf("%s will not start with this my.cnf: %s", refuser(w.Flavor), w.Where),
			Detail: fmt.Sprintf("%s: %s. Fix or remove that line before the server next starts; "+
				"the my.cnf fragment mytune writes does not repair it.", w.Where, strings.TrimSuffix(w.Text, ".")),
			References: refusedRefs})
	}
	return out
}

// refuser names the servers a refusal holds for.
func refuser(flavor string) string {
	switch flavor {
	case profile.FlavorMySQL:
		return "MySQL (and Percona Server)"
	case profile.FlavorMariaDB:
		return "MariaDB"
	}
	return "mysqld (any MySQL or MariaDB)"
}

// refusalBanner is the cnf comment saying the file read has lines the
// server will not start with, which the fragment does not repair; "" when
// there are none.
func refusalBanner(refused []Finding) string {
	if len(refused) == 0 {
		return ""
	}
	where := make([]string, 0, len(refused))
	for _, f := range refused {
		where = append(where, f.Summary[strings.LastIndex(f.Summary, ": ")+2:])
	}
	// oneLine: a file name may hold a newline, which would end the comment
	// and put the rest of the name in the fragment as an option line. The
	// wording is CONTRACT.md's.
	return fmt.Sprintf("# WARNING: the my.cnf read has %d line(s) the server will not start with (%s; see the crit findings).\n"+
		"# This fragment does not repair them: fix that file first.\n", len(refused), oneLine(strings.Join(where, ", ")))
}

// withBanner puts the banner above the fragment's first group header.
func withBanner(cnf, banner string) string {
	if banner == "" {
		return cnf
	}
	if i := strings.Index(cnf, "\n["); i >= 0 {
		return cnf[:i+1] + banner + cnf[i+1:]
	}
	return banner + cnf
}

// myCnfNotes turns the my.cnf warnings that hold for the target and do not
// stop it starting (those are findings: myCnfRefusals) into notes, capped.
func myCnfNotes(m *profile.MyCnf, flavor, version string) []string {
	if m == nil {
		return nil
	}
	var out []string
	for _, w := range m.Warnings {
		if w.Refuses || !w.AppliesTo(flavor, version) {
			continue
		}
		out = append(out, fmt.Sprintf("my.cnf %s: %s", w.Where, w.Text))
	}
	if len(out) > maxMyCnfNotes {
		n := len(out) - maxMyCnfNotes
		out = append(out[:maxMyCnfNotes], fmt.Sprintf("my.cnf: %d more warnings in the profile (mycnf.warnings in --json)", n))
	}
	return out
}

// nameCheckSeries is the MariaDB series whose option list the my.cnf's
// names are checked against (probe/mycnf/options/mariadb-10.11.txt, from
// mariadbd 10.11.19 --help --verbose).
const nameCheckSeries = "10.11"

// myCnfSeriesNote says, for a MariaDB target of another series than
// nameCheckSeries, that the file's option names were not checked for it
// (the list is 10.11's: a name 10.11 lacks may be one the target has, and
// the reverse), how many lines that check left out, and the names only
// MySQL has (profile.MyCnf.MySQLOnly: in no MariaDB list or capture mytune
// has), which such a server is unlikely to know. "" otherwise.
func myCnfSeriesNote(m *profile.MyCnf, flavor, version string) string {
	v, ok := profile.ParseVersion(version)
	if m == nil || flavor != profile.FlavorMariaDB || !ok || fmt.Sprintf("%d.%d", v.Major, v.Minor) == nameCheckSeries {
		return ""
	}
	skipped := 0
	for _, w := range m.Warnings {
		if w.Flavor == profile.FlavorMariaDB && w.Version == nameCheckSeries {
			skipped++
		}
	}
	s := fmt.Sprintf("my.cnf: option names were checked only against mariadbd %s.19's option list, not MariaDB %d.%d's, "+
		"so no unknown name is reported for this target; mariadbd %s refuses to start on a name it does not know "+
		"(\"unknown variable\") unless it is written loose-: check the file's names against the target's "+
		"`mariadbd --help --verbose`", nameCheckSeries, v.Major, v.Minor, nameCheckSeries)
	if skipped > 0 {
		s += fmt.Sprintf(" (%d line(s) mariadbd %s would refuse or read otherwise are not reported)", skipped, nameCheckSeries)
	}
	if len(m.MySQLOnly) > 0 {
		s += fmt.Sprintf("; the file sets options no MariaDB list or capture mytune has knows (MySQL's): %s",
			strings.Join(m.MySQLOnly, ", "))
	}
	return s
}
