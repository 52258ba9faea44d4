package threads

import (
	"fmt"
	"strings"
)

// Kinds of profile.DumpLoaderTrap (probe/dump's Trap… constants).
const (
	trapSchemaFileName = "table-named-like-a-schema-file"
	trapDottedSchema   = "database-name-with-a-dot"
	trapNoTableSchema  = "table-without-schema-file"
	trapStrayFile      = "stray-file-myloader-loads"
)

// loaderTrapNotes says, for a mydumper dump whose names myloader 0.10
// reads wrong, what the printed myloader line does to them and what to do
// instead (each remedy run against MariaDB 10.11 with myloader 0.10: the
// t-schema table's rows loaded by mysql from its data file; `db.dot`
// loaded whole by myloader --database 'db.dot' from a dump of it alone).
func loaderTrapNotes(dd dirs) []string {
	var dotted, noSchema, stray []string
	schemaFile := schemaFileNameLoads(dd)
	for _, t := range dd.traps {
		switch t.Kind {
		case trapDottedSchema:
			dotted = append(dotted, t.Quoted())
		case trapNoTableSchema:
			noSchema = append(noSchema, t.Quoted())
		case trapStrayFile:
			stray = append(stray, t.Quoted())
		}
	}
	var notes []string
	if len(schemaFile) > 0 {
		notes = append(notes, schemaFileNameNote+strings.Join(schemaFile, "; ")+"; or rename the table on the source and dump again")
	}
	if len(dotted) > 0 {
		notes = append(notes, fmt.Sprintf("WARNING: myloader 0.10 cuts database names at the first dot: the myloader line loads %s "+
			"into the database named by the part before the dot (created if missing; rows appended to a table of the same name there); "+
			"leave it out of this dump (mydumper --regex) and dump it alone with mydumper -B, then load that with myloader --database %s, "+
			"or load its files with mysql", strings.Join(dotted, ", "), shQuote(strings.Trim(dotted[0], "`"))))
	}
	if len(noSchema) > 0 {
		notes = append(notes, fmt.Sprintf("WARNING: the dump has no -schema.sql for %s: myloader creates no table for them and their rows "+
			"fail (\"Table … doesn't exist\") unless TARGET has them; create them first (SHOW CREATE TABLE on the source)", strings.Join(noSchema, ", ")))
	}
	if len(stray) > 0 {
		notes = append(notes, fmt.Sprintf("WARNING: myloader 0.10 loads every file of the directory whose name contains .sql: %s "+
			"are not the dump's own files but would be loaded as rows of the table their names begin with (old rows appended, or "+
			"exit 1 on a duplicate key); move them out of the dump directory before running the myloader line", strings.Join(stray, ", ")))
	}
	return append(notes, undumpedNotes(dd.traps)...)
}

// schemaFileNameNote opens the warning on tables named like a schema file.
// Whether myloader 0.10 misreads such a table depends on the order the
// directory lists its files (QA9, myloader 0.10 into MariaDB 10.11: of 8
// tables n1-schema..n8-schema, 5 got their rows and 3 stayed empty, exit 1;
// another dump's one such table loaded, exit 0), so the lines that follow
// load only a table that is still empty.
const schemaFileNameNote = "WARNING: myloader 0.10 may read the data file of a table named like a schema file (db.t-schema.sql) as " +
	"another table's CREATE TABLE and leave that table empty; whether it does depends on the order the directory lists its files " +
	"(measured: of 8 such tables 5 loaded and 3 stayed empty, exit 1; another dump's one loaded, exit 0). After the myloader line, " +
	"run these with mysql: each loads the rows of one such table only if it is still empty (COUNT(*) = 0), so a table myloader " +
	"did load is not loaded twice: "

// schemaFileNameLoads are the bash lines that load the rows of each table
// named like a schema file from its data file (db.t-schema.sql, or .sql.gz:
// the one file myloader 0.10 may misread; its chunks db.t-schema.00001.sql
// are read right) into its database, each only when the table has no rows.
func schemaFileNameLoads(dd dirs) []string {
	var lines []string
	for _, t := range dd.traps {
		if t.Kind != trapSchemaFileName {
			continue
		}
		file := strings.TrimRight(dd.load, "/") + "/" + t.Schema + "." + t.Table + ".sql"
		line := mysqlClientLoad(file, "none")
		if dd.compression == "gzip" {
			line = mysqlClientLoad(file+".gz", "gzip")
		}
		load := strings.Replace(line, mysqlClient, mysqlClient+" "+shQuote(t.Schema), 1)
		lines = append(lines, ifTableEmpty(t.Schema, t.Table)+" && "+load)
	}
	return lines
}

// ifTableEmpty is a bash test that holds when schema.table has no rows,
// asked with the printed lines' mysql client (-N: the bare count). It fails
// too when the count cannot be read, so nothing is loaded then.
func ifTableEmpty(schema, table string) string {
	q := "SELECT COUNT(*) FROM " + quotedNames([]string{schema}) + "." + quotedNames([]string{table})
	return `[ "$(` + mysqlClient + " -N -e " + shQuote(q) + `)" = 0 ]`
}
