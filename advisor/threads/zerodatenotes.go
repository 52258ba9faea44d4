package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ZeroDateNotes say what the target's sql_mode (targetSQLMode) does to the
// dump's zero dates that the loader's own session lets through: a
// mysqldump file's zero-date defaults (its header, or the mysql line's
// --init-command, sets sql_mode NO_AUTO_VALUE_ON_ZERO, so its CREATE
// TABLEs pass), and zero dates in the sampled rows of any dump
// (DumpTableModel.ZeroDates). Measured on MariaDB 10.11.19 with MySQL 8's
// default sql_mode set globally (2026-12-07, docs/benchmarks/live-server.md):
// mariadb-dump's file and myloader 0.10 loaded every such row unchanged, and
// the target then refused to write them again. nil when nothing is refused.
func ZeroDateNotes(p *profile.Profile, o Options) []string {
	d := p.Dump
	if d == nil {
		return nil
	}
	m, ok := targetSQLMode(p, o)
	if !ok {
		return nil
	}
	var notes []string
	if cols, modes := refusedDefaults(d, m); len(cols) > 0 && d.Format == "mysqldump" {
		tables := tablesOf(cols)
		notes = append(notes, fmt.Sprintf("the dump's %s %s a zero date as a column's DEFAULT (%s), which %s (%s) refuses in a "+
			"CREATE TABLE by %s (\"ERROR 1067 (42000): Invalid default value\"); %s, so they are created as dumped (measured: exit 0). %s",
			namedTables(tables), map[bool]string{true: "has", false: "have"}[len(tables) == 1], quotedColumns(cols, "DEFAULT "),
			m.from, m.text, strings.Join(modes, " and "), mysqldumpSessionWords(d), afterLoadDefaults(cols)))
	}
	if rows := refusedRows(d, m); len(rows) > 0 {
		tables := tablesOf(rows)
		notes = append(notes, fmt.Sprintf("the sampled rows of %s hold zero dates (%s), which %s (%s) refuses to write; %s. "+
			"Afterwards this target refuses to write them again: an ALTER TABLE that copies the table (ALGORITHM=COPY) and a CREATE "+
			"TABLE … SELECT of it fail (\"ERROR 1292 (22007): Incorrect date value\"), while an ALTER done in place and an UPDATE of "+
			"other columns do not; set them to NULL or a real date where the application allows it",
			namedTables(tables), quotedColumns(rows, ""), m.from, m.text, rowsLoadWords(d)))
	}
	return notes
}

// refusedRows are the zero dates of the sampled rows (with their table)
// that the sql_mode refuses to write: STRICT_TRANS_TABLES or
// STRICT_ALL_TABLES with NO_ZERO_DATE (all zeros) or NO_ZERO_IN_DATE (a
// zero month or day); without strict mode MariaDB 10.11.19 stored them
// with a warning.
func refusedRows(d *profile.Dump, m sqlMode) []profile.ZeroDate {
	if !m.strict() {
		return nil
	}
	var out []profile.ZeroDate
	for _, t := range d.TableModels {
		for _, z := range t.ZeroDates {
			if (z.AllZero() && m.has("NO_ZERO_DATE")) || (!z.AllZero() && m.has("NO_ZERO_IN_DATE")) {
				z.Table = t.Name
				out = append(out, z)
			}
		}
	}
	return out
}

// mysqldumpSessionWords says what sets a mysqldump file's session sql_mode.
func mysqldumpSessionWords(d *profile.Dump) string {
	if d.NoSessionHeader {
		return "the mysql line's --init-command sets its session's sql_mode to NO_AUTO_VALUE_ON_ZERO"
	}
	return "the file's header sets its session's sql_mode to NO_AUTO_VALUE_ON_ZERO"
}

// rowsLoadWords says whether the loader's sessions keep such rows.
func rowsLoadWords(d *profile.Dump) string {
	switch d.Format {
	case "mydumper":
		return "the load keeps them as dumped: myloader 0.10's row sessions set SQL_MODE='NO_AUTO_VALUE_ON_ZERO' (measured: every row landed)"
	case "mysqldump":
		return "the load keeps them as dumped: " + mysqldumpSessionWords(d) + " (measured: every row landed; without it their INSERTs fail)"
	}
	return "whether MySQL Shell's util.loadDump keeps them was not measured (there is no MySQL here)"
}
