package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// onTarget says what the load meets on TARGET when TARGET is the live
// server this run read: which of the databases the dump loads into hold
// tables there now (profile.Server.Schemas, information_schema.TABLES),
// as a warning with what the printed line does to them, or, when none
// does, a note saying so (a warning instead for a file that creates no
// table, whose first INSERT then fails). Both are "" without a dump, a live target, a
// database the dump names, or a schema list (unread, or more than
// profile.MaxSchemas).
func onTarget(p *profile.Profile, o Options) (warning, note string) {
	d := p.Dump
	if d == nil || targetOf(p, o).Source != profile.SourceServer || p.Server == nil {
		return "", ""
	}
	dbs := d.Databases
	if dd := dirsOf(d); dd.intoDB != "" {
		if dd.intoDB == PlaceholderDatabase {
			return "", ""
		}
		dbs = []string{dd.intoDB}
	}
	var held []string
	var absent []string
	for _, db := range dbs {
		u, found, known := p.Server.Schema(db)
		if !known {
			return "", ""
		}
		if found && u.Tables > 0 {
			held = append(held, fmt.Sprintf("%s %s (%s)", quotedNames([]string{db}), count(u.Tables, "table"), profile.HumanBytes(u.Bytes)))
		} else {
			absent = append(absent, db)
		}
	}
	seen := readAt(p) + accountSees(p.Server)
	if len(held) == 0 {
		if len(absent) == 0 {
			return "", ""
		}
		if d.Format == "mysqldump" && d.CreatesNoTable {
			return fmt.Sprintf("none of the %s the dump loads into (%s) holds a table on TARGET (information_schema.TABLES%s), and this "+
				"file creates none (dumped with --no-create-info): its first INSERT fails (\"ERROR 1146 (42S02): Table … doesn't exist\") "+
				"and the load stops there; create the tables first (the source's mariadb-dump --no-data, loaded before it)",
				count(len(absent), "database"), quotedNames(absent), seen), ""
		}
		outcome := "the load drops and collides with nothing there"
		if accountSees(p.Server) != "" {
			// review r7: a USAGE account saw none of `shop`'s 2 tables on the target
			outcome = "so whether the load collides with tables there is not known: run SHOW TABLES FROM each as an account " +
				"that sees every schema before loading"
		}
		return "", fmt.Sprintf("none of the %s the dump loads into (%s) holds a table on TARGET (information_schema.TABLES%s): %s",
			count(len(absent), "database"), quotedNames(absent), seen, outcome)
	}
	return fmt.Sprintf("on TARGET (information_schema.TABLES%s), %s: %s; compare SHOW TABLES FROM each with the dump's tables first, "+
		"or load into a new database", seen, strings.Join(held, ", "), collisionEffect(d)), ""
}

// readAt says when the schemas were read: the server's reading, else
// (a profile from before it was recorded) when the profile was taken.
func readAt(p *profile.Profile) string {
	at := p.Server.ReadAt
	if at.IsZero() {
		at = p.TakenAt
	}
	if at.IsZero() {
		return ""
	}
	return ", as read at " + at.UTC().Format("2006-01-02 15:04 UTC")
}

// accountSees qualifies a schema list read by an account that sees none
// of the mysql schema's tables, which may not see every schema either.
func accountSees(s *profile.Server) string {
	if s.SystemTables != nil && *s.SystemTables == 0 {
		return "; this account sees none of the mysql schema's tables, so it may not see every schema"
	}
	return ""
}

// collisionEffect is what the printed load line does to a table of the
// dump's that already exists on the target, by dump format: a mysqldump
// file drops it first (--add-drop-table, its default) or stops at its
// CREATE TABLE (ERROR 1050, the mysql client's default without --force:
// seen on MariaDB 10.11.19), and one without CREATE TABLE
// (--no-create-info) adds its rows to the table there (noCreateCollision);
// myloader 0.10 without --overwrite-tables
// mixes old and new rows (noOverwriteNote); util.loadDump refuses existing
// objects unless ignoreExistingObjects (MySQL Shell manual, "Dump Loading
// Utility": false by default).
func collisionEffect(d *profile.Dump) string {
	switch {
	case d.Format == "mysqldump" && d.CreatesNoTable:
		return noCreateCollision(d.InsertVerb)
	case d.Format == "mysqldump" && len(d.DropsDatabases) > 0:
		return "this file drops " + quotedNames(d.DropsDatabases) + " whole (DROP DATABASE IF EXISTS), every table of it on TARGET with it, and each of its tables in the others (DROP TABLE IF EXISTS)"
	case d.Format == "mysqldump" && d.DropsTables:
		return "this file drops each of its tables that is among them (DROP TABLE IF EXISTS) and their rows are lost"
	case d.Format == "mysqldump":
		return "the file's CREATE TABLE of a table among them fails (ERROR 1050, \"already exists\") and the load stops there, half done"
	case d.Format == "mysqlsh":
		return "util.loadDump stops on a table among them (an existing object, its ignoreExistingObjects being false)"
	}
	return "myloader reports errors for a table among them and still loads the chunks whose keys do not collide, mixing old and new rows (exit 1)"
}

// noCreateCollision is what a mysqldump file without CREATE TABLE
// (--no-create-info) does to a table of its that exists on the target,
// by the verb its rows are written with: INSERT stops at the first key
// the table holds (ERROR 1062, the mysql client's default without
// --force), INSERT IGNORE skips such rows, REPLACE overwrites them;
// either way the table's other rows stay (seen on MariaDB 10.11.19:
// "ERROR 1062 (23000) at line 32: Duplicate entry '1' for key 'PRIMARY'").
func noCreateCollision(verb string) string {
	const head = "this file creates no table (dumped with --no-create-info) and adds its rows to each of its tables that is among them"
	switch verb {
	case "INSERT IGNORE":
		return head + ": its INSERT IGNORE skips, without an error, every row whose key the table already holds, so old and new rows mix"
	case "REPLACE":
		return head + ": its REPLACE overwrites every row whose key the table already holds and keeps the table's other rows, so old and new rows mix"
	}
	return head + ": the first row whose key the table already holds fails (ERROR 1062, \"Duplicate entry\") and the load stops there, half done"
}
