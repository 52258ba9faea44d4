package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// VersionedHistoryWarning says that the dump's system-versioned tables
// (Dump.VersionedTables: WITH SYSTEM VERSIONING) load without their
// history: a logical dump reads them with SELECT *, which gives their
// current rows only, and the target stamps each loaded row as new. Review
// r54 measured it (MariaDB 10.11.19, mydumper and myloader 0.10,
// 2026-12-07, docs/benchmarks/live-server.md): sv.acct held 1,283,333 rows
// FOR SYSTEM_TIME ALL on the source, 686,000 of them current; myloader
// exited 0 with 686,000, every row_start the load's time. mariadb-dump
// --dump-history of the table, loaded with the mariadb client, brought all
// 1,283,333 back with their source row_start (10.2 s). "" on a MySQL
// target (which has no system versioning), without such tables, or for
// a file mariadb-dump --dump-history wrote (Dump.HistoryRows: review r56
// loaded one with the printed mysql line, 4,500 of 4,500 rows FOR
// SYSTEM_TIME ALL, as an account with ALL on the database only, while the
// warning told to dump them again).
func VersionedHistoryWarning(p *profile.Profile, o Options) string {
	d, t := p.Dump, targetOf(p, o)
	if d == nil || len(d.VersionedTables) == 0 || d.HistoryRows || t.Flavor != "" && !t.IsMariaDB() {
		return ""
	}
	what := "a logical dump reads such a table with SELECT *, which gives its current rows only"
	switch d.Format {
	case "mydumper":
		what = "mydumper reads such a table with SELECT *, which gives its current rows only (0.10 has no way to dump the rest)"
	case "mysqldump":
		what = "unless mariadb-dump --dump-history made the file, it holds their current rows only"
	}
	dumpLines, loadLines, files := historyLines(d.VersionedTables)
	run := "that file"
	if files > 1 {
		run = "each file into its database"
	}
	verb := map[bool]string{true: "is", false: "are"}[len(d.VersionedTables) == 1]
	return fmt.Sprintf("the dump's %s %s system-versioned (WITH SYSTEM VERSIONING), and %s: their history (the rows FOR SYSTEM_TIME ALL "+
		"holds besides the current ones) is not in the dump, and the load writes the current rows as new, every row_start the time of "+
		"the load, with no error and exit 0 (MariaDB 10.11.19 and myloader 0.10: a table of 1,283,333 rows with its history loaded "+
		"686,000). To keep the history, dump those tables from the source (%s) and, after the load, run %s (%s): "+
		"it drops and recreates each table and writes every row with its row_start and row_end (system_versioning_insert_history=1)",
		namedTables(d.VersionedTables), verb, what, dumpLines, run, loadLines)
}

// historyLines are the mariadb-dump lines that dump tables
// ("schema.table") with their history and the mariadb lines that load
// them, one of each per database ("; " between): mariadb-dump takes one
// database and its tables, and its file names no database, so each is
// loaded into its own. One database writes history.sql, several
// history-1.sql, history-2.sql … in the order of tables (review r56:
// two databases printed "DB TABLE…", which no shell runs; the two lines
// per database restored all 4,500 and 1,099 rows FOR SYSTEM_TIME ALL
// on MariaDB 10.11.19). files is how many databases, and files, there are.
func historyLines(tables []string) (dumpLines, loadLines string, files int) {
	var schemas []string
	names := map[string][]string{}
	for _, t := range tables {
		db, name, _ := strings.Cut(t, ".")
		if _, ok := names[db]; !ok {
			schemas = append(schemas, db)
		}
		names[db] = append(names[db], shQuote(name))
	}
	var dumps, loads []string
	for i, db := range schemas {
		file := "history.sql"
		if len(schemas) > 1 {
			file = fmt.Sprintf("history-%d.sql", i+1)
		}
		dumps = append(dumps, fmt.Sprintf("mariadb-dump --host SOURCE --user USER -p --dump-history --single-transaction %s %s > %s",
			shQuote(db), strings.Join(names[db], " "), file))
		loads = append(loads, fmt.Sprintf("mariadb --host TARGET --user USER -p %s < %s", shQuote(db), file))
	}
	return strings.Join(dumps, "; "), strings.Join(loads, "; "), len(schemas)
}
