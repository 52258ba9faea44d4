package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// InvisibleColumnWarning says that the dump's tables with a column MySQL
// made invisible (Dump.InvisibleColumnTables: "/*!80023 INVISIBLE */")
// get that column visible on a MariaDB target, which skips the versioned
// comment, and what rows dumped without the column then meet: MariaDB
// 10.11.19 answered "Column count doesn't match value count at row 1" to
// such a table's INSERT without a column list, and myloader 0.10 left
// the table empty and exited 1 (2026-12-07, docs/benchmarks/
// live-server.md). mydumper selects * unless the table has generated
// columns or --complete-insert is given (its source, detect_generated_
// fields), and MySQL's SELECT * leaves invisible columns out (MySQL 8.4
// manual, Invisible Columns). "" when the target is not MariaDB.
func InvisibleColumnWarning(p *profile.Profile, o Options) string {
	d, t := p.Dump, targetOf(p, o)
	if d == nil || len(d.InvisibleColumnTables) == 0 || !t.IsMariaDB() {
		return ""
	}
	what := "each such INSERT fails"
	switch d.Format {
	case "mydumper":
		what = "myloader reports it for each such file, leaves those rows out and exits 1"
	case "mysqldump":
		what = "the load stops at the first such INSERT"
	}
	return fmt.Sprintf("the dump's %s %s a column MySQL made invisible (/*!80023 INVISIBLE */), a comment MariaDB skips: it creates the "+
		"column visible (10.11.19 did). Rows dumped without that column (mydumper selects * unless --complete-insert is given or the table "+
		"has generated columns, and MySQL's SELECT * leaves invisible columns out) then meet \"Column count doesn't match value count at "+
		"row 1\": %s. Check that those tables' INSERTs name their columns, else dump them again with --complete-insert; after the move, "+
		"SELECT * and INSERTs without a column list on those tables see the column",
		namedTables(d.InvisibleColumnTables), map[bool]string{true: "has", false: "have"}[len(d.InvisibleColumnTables) == 1], what)
}
