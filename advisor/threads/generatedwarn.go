package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// GeneratedNotNullWarning says that the dump's tables with a generated
// column declared NOT NULL (Dump.GeneratedNotNullTables: "GENERATED
// ALWAYS AS (…) STORED NOT NULL", as MySQL writes it) will not be created
// on a MariaDB target, and what the loader then does: MariaDB 10.11.19
// answered ERROR 1064 near "NOT NULL," at such a CREATE TABLE, and myloader
// 0.10 skipped the table, its rows and a view over it, then exited 1
// (2026-12-07, docs/benchmarks/live-server.md); "" when the target is
// MySQL (which writes it) or not known.
func GeneratedNotNullWarning(p *profile.Profile, o Options) string {
	d, t := p.Dump, targetOf(p, o)
	if d == nil || len(d.GeneratedNotNullTables) == 0 || !t.IsMariaDB() {
		return ""
	}
	what := "its loader fails on each such CREATE TABLE and on the table's rows"
	switch d.Format {
	case "mydumper":
		what = "myloader skips those tables, their rows and the views over them (\"Table … doesn't exist\"), restores the rest and exits 1"
	case "mysqldump":
		what = "the load stops at the first such CREATE TABLE, leaving the tables after it unloaded"
	}
	verb := map[bool]string{true: "has", false: "have"}[len(d.GeneratedNotNullTables) == 1]
	return fmt.Sprintf("the dump's %s %s a generated column declared NOT NULL (\"GENERATED ALWAYS AS (…) STORED NOT NULL\", as MySQL writes it), "+
		"which MariaDB refuses (10.11.19 answered \"ERROR 1064 (42000): You have an error in your SQL syntax\" near \"NOT NULL\"; "+
		"mytune knows of no MariaDB release that takes it): %s. Before the load, delete the words NOT NULL that follow STORED or VIRTUAL "+
		"in those columns' definitions; a PRIMARY KEY on such a column MariaDB refuses even then (10.11.19: \"ERROR 1903 (HY000): "+
		"Primary key cannot be defined upon a generated column\"): make it a UNIQUE KEY",
		namedTables(d.GeneratedNotNullTables), verb, what)
}
