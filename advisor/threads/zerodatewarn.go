package threads

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// maxNamedColumns is how many columns a zero-date warning quotes.
const maxNamedColumns = 4

// refusedDefaults are the dump's zero-date defaults the sql_mode refuses
// in a CREATE TABLE: all-zero ones under NO_ZERO_DATE, a zero month or day
// under NO_ZERO_IN_DATE (MariaDB 10.11.19 answered ERROR 1067 "Invalid
// default value" to each, with and without STRICT_TRANS_TABLES), and the
// modes that refuse them.
func refusedDefaults(d *profile.Dump, m sqlMode) (cols []profile.ZeroDate, modes []string) {
	seen := map[string]bool{}
	for _, z := range d.ZeroDateDefaults {
		mode := "NO_ZERO_IN_DATE"
		if z.AllZero() {
			mode = "NO_ZERO_DATE"
		}
		if m.has(mode) {
			cols = append(cols, z)
			if !seen[mode] {
				seen[mode] = true
				modes = append(modes, mode)
			}
		}
	}
	sort.Strings(modes)
	return cols, modes
}

// tablesOf are the distinct tables of zs, in order.
func tablesOf(zs []profile.ZeroDate) []string {
	var out []string
	for i, z := range zs {
		if i == 0 || z.Table != zs[i-1].Table {
			out = append(out, z.Table)
		}
	}
	return out
}

// quotedColumns is "legacy.audit.`changed` DEFAULT '0000-00-00 00:00:00', …"
// for the first maxNamedColumns of zs, with what before each value
// ("DEFAULT " or "").
func quotedColumns(zs []profile.ZeroDate, what string) string {
	var parts []string
	for i, z := range zs {
		if i == maxNamedColumns {
			parts = append(parts, fmt.Sprintf("and %d more", len(zs)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%s.`%s` %s'%s'", z.Table, z.Column, what, z.Value))
	}
	return strings.Join(parts, ", ")
}

// ZeroDateDefaultWarning says that the target's sql_mode (targetSQLMode:
// the live server's @@GLOBAL.sql_mode, else its version's default) refuses
// the zero-date defaults of the dump's CREATE TABLEs (Dump.ZeroDateDefaults)
// and what to do before a myloader load. Measured on MariaDB 10.11.19 with
// MySQL 8's default sql_mode set globally (2026-12-07,
// docs/benchmarks/live-server.md): myloader 0.10 creates the tables in a
// session that keeps the global sql_mode (its row sessions alone set
// SQL_MODE='NO_AUTO_VALUE_ON_ZERO'), so it answered "Invalid default value
// for 'changed'", skipped the table and its rows and exited 1. "" for a
// mysqldump file (its header, or the mysql line's --init-command, sets the
// session's sql_mode: ZeroDateNotes) or when nothing is refused.
func ZeroDateDefaultWarning(p *profile.Profile, o Options) string {
	d := p.Dump
	if d == nil || len(d.ZeroDateDefaults) == 0 || d.Format == "mysqldump" {
		return ""
	}
	m, ok := targetSQLMode(p, o)
	if !ok {
		return ""
	}
	cols, modes := refusedDefaults(d, m)
	if len(cols) == 0 {
		return ""
	}
	tables := tablesOf(cols)
	head := fmt.Sprintf("the dump's %s %s a zero date as a column's DEFAULT (%s), which %s (%s) refuses by %s: MariaDB 10.11.19 "+
		"answered \"ERROR 1067 (42000): Invalid default value for '%s'\" at such a CREATE TABLE",
		namedTables(tables), map[bool]string{true: "has", false: "have"}[len(tables) == 1], quotedColumns(cols, "DEFAULT "),
		m.from, m.text, strings.Join(modes, " and "), cols[0].Column)
	if d.Format != "mydumper" {
		return head + ". Whether MySQL Shell's util.loadDump creates tables in a session that keeps the target's sql_mode was not " +
			"measured (there is no MySQL here); if it does, those tables and their rows are not loaded. " + afterLoadDefaults(cols)
	}
	session := m.without("NO_ZERO_DATE", "NO_ZERO_IN_DATE")
	return head + fmt.Sprintf(". myloader 0.10 creates the tables in one session that keeps the target's sql_mode (only its row sessions set "+
		"SQL_MODE='NO_AUTO_VALUE_ON_ZERO'), so it skips those tables and their rows (\"Table … doesn't exist\"), restores the rest and "+
		"exits 1. Before the load, have that session alone leave out %s; no other session changes, and that one creates these tables "+
		"and the ones after them with %s. The edit changes the dump's own files in place (copy the dump first to keep it as it was, "+
		"outside its directory: myloader loads every file whose name contains .sql): %s. Or: SET GLOBAL sql_mode = '%s'; before "+
		"myloader and SET GLOBAL sql_mode = '%s'; after it would do too, "+
		"but every session that connects in between, the applications' included, would then store such dates without an error. %s",
		strings.Join(modes, " and "), sessionModeWords(session), schemaFileEdit(d, tables, session), session, m.text, afterLoadDefaults(cols))
}

// sessionModeWords says what the edited session keeps of the sql_mode.
func sessionModeWords(session string) string {
	if session == "" {
		return "an empty sql_mode (the target's held nothing else)"
	}
	return "the rest of the target's sql_mode (" + session + ")"
}

// schemaFileEdit is the command that puts a SET SESSION sql_mode first in
// each table's mydumper schema file (db.table-schema.sql, gunzipped first
// in a gzip dump: myloader 0.10 reads either).
func schemaFileEdit(d *profile.Dump, tables []string, session string) string {
	var files, gz []string
	for _, t := range tables {
		f := filepath.Join(d.Path, t+"-schema.sql")
		files = append(files, shQuote(f))
		gz = append(gz, shQuote(f+".gz"))
	}
	sed := fmt.Sprintf("sed -i \"1i SET SESSION sql_mode='%s';\" %s", session, strings.Join(files, " "))
	if d.Compression == "gzip" {
		return "gunzip -f " + strings.Join(gz, " ") + " && " + sed
	}
	return sed
}

// afterLoadDefaults says what the target does with the loaded defaults:
// MariaDB 10.11.19 under MySQL 8's default sql_mode refused an INSERT that
// left such a column out ("ERROR 1978 (22007): Incorrect default value
// '0000-00-00 00:00:00' for column 'changed'").
func afterLoadDefaults(cols []profile.ZeroDate) string {
	return fmt.Sprintf("Once loaded, an INSERT that leaves such a column out fails on this target (\"ERROR 1978 (22007): Incorrect default "+
		"value '%s' for column '%s'\"): give the column a valid default, or NULL, where the application relies on it",
		cols[0].Value, cols[0].Column)
}
