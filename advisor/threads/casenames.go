package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// caseCollisionWarning warns, for a dump holding names that differ only in
// letter case (profile.Dump.CaseCollisions), of a load into a server with
// lower_case_table_names 1 or 2, which takes each group for one name: in
// mytune's run (MariaDB 10.11.19, lower_case_table_names = 1, 2026-12-06)
// myloader 0.10 put `casey`.`Foo`'s rows into `casey`.`foo` and exited 1
// ("Table 'foo' already exists"), and mysql < a mysqldump file of both
// exited 0 with `Foo` gone, dropped by `foo`'s DROP TABLE IF EXISTS. ""
// when the dump has none, or the target's setting is 0 or not known.
func caseCollisionWarning(p *profile.Profile) string {
	if p.Dump == nil || len(p.Dump.CaseCollisions) == 0 {
		return ""
	}
	lctn, from := lowerCaseTableNames(p)
	if lctn != "1" && lctn != "2" {
		return ""
	}
	what := "its loader finds the second of each already there: its rows go into the first's table, or the load stops"
	switch p.Dump.Format {
	case "mydumper":
		what = "myloader puts the rows of both into one table (\"Table … already exists\", exit 1)"
	case "mysqldump":
		what = "the file's DROP TABLE IF EXISTS of the second drops the first, rows and all (exit 0)"
	}
	return fmt.Sprintf("the dump holds names that differ only in letter case (%s), and TARGET has lower_case_table_names = %s (%s "+
		"setting), which takes each group for one name: %s, so data is lost or mixed. Rename one of each on the source and dump "+
		"again, or load into a server with lower_case_table_names = 0 (set only when its data directory is created)",
		strings.Join(p.Dump.CaseCollisions, "; "), lctn, from, what)
}

// lowerCaseTableNames is the target's lower_case_table_names and whose
// value it is: the server read's, else the my.cnf's; "" when neither says.
func lowerCaseTableNames(p *profile.Profile) (value, from string) {
	if p.Server != nil {
		if v := strings.TrimSpace(p.Server.Variables["lower_case_table_names"]); v != "" {
			return v, "the server's"
		}
	}
	if p.MyCnf != nil {
		if v := strings.TrimSpace(p.MyCnf.Variables["lower_case_table_names"]); v != "" {
			return v, "the my.cnf's"
		}
	}
	return "", ""
}
