package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// FunctionalKeysSince is the first MySQL with functional key parts,
// indexes on expressions (MySQL 8.4 manual, CREATE INDEX, "Functional Key
// Parts": "MySQL 8.0.13 and higher supports functional key parts").
var FunctionalKeysSince = profile.Version{Major: 8, Minor: 0, Patch: 13}

// maxNamedTables is how many tables a warning names before "and N more".
const maxNamedTables = 10

// FunctionalKeyWarning says that the dump's tables with an index on an
// expression (Dump.FunctionalKeyTables) will not be created on a MariaDB
// target, nor on a MySQL before 8.0.13, and what the loader then does:
// MariaDB 10.11.19 answered ERROR 1064 at such a CREATE TABLE, and
// myloader 0.10 skipped the table and its rows and exited 1 (2026-12-07,
// docs/benchmarks/live-server.md); "" when the target takes them or is not
// known.
func FunctionalKeyWarning(p *profile.Profile, o Options) string {
	d, t := p.Dump, targetOf(p, o)
	if d == nil || len(d.FunctionalKeyTables) == 0 {
		return ""
	}
	v, err := profile.ParseVersionStrict(t.Version)
	var who string
	switch {
	case t.IsMariaDB():
		who = "MariaDB refuses (10.11.19 answered \"ERROR 1064 (42000): You have an error in your SQL syntax\" at such a CREATE TABLE; " +
			"mytune knows of no MariaDB release that takes it)"
	case mysqlFlavor(t) && err == nil && v.Less(FunctionalKeysSince):
		who = "MySQL takes only since 8.0.13"
	default:
		return ""
	}
	what := "its loader fails on each such CREATE TABLE and on the table's rows"
	switch d.Format {
	case "mydumper":
		what = "myloader skips those tables and their rows (\"Table … doesn't exist\"), restores the rest and exits 1"
	case "mysqldump":
		what = "the load stops at the first such CREATE TABLE, leaving the tables after it unloaded"
	}
	return fmt.Sprintf("the dump's %s %s an index on an expression (MySQL 8.0.13+'s functional key parts), which %s: %s. On the source, "+
		"replace each such index by one on a generated column that holds the expression (queries then name the column) and dump again, "+
		"or load into MySQL 8.0.13 or later", namedTables(d.FunctionalKeyTables), map[bool]string{true: "has", false: "have"}[len(d.FunctionalKeyTables) == 1],
		who, what)
}

// namedTables is "table a.b" or "tables a.b, c.d and N more".
func namedTables(tables []string) string {
	if len(tables) == 1 {
		return "table " + tables[0]
	}
	shown, more := tables, ""
	if len(tables) > maxNamedTables {
		shown, more = tables[:maxNamedTables], fmt.Sprintf(" and %d more", len(tables)-maxNamedTables)
	}
	return "tables " + strings.Join(shown, ", ") + more
}
