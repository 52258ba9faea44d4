package dump

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Kinds of profile.DumpLoaderTrap: names myloader 0.10 reads wrong.
const (
	// TrapSchemaFileName: a table whose name ends like one of mydumper's
	// schema files (t-schema): myloader 0.10 may read its data file
	// db.t-schema.sql as table t's CREATE TABLE and fail ("Table
	// 'shop.t-schema' doesn't exist", exit 1; its rows are not loaded).
	// Whether it does depends on the directory's listing order (QA9: of 8
	// such tables 5 loaded and 3 stayed empty; another dump's one loaded).
	TrapSchemaFileName = "table-named-like-a-schema-file"
	// TrapDottedSchema: a database whose name holds a dot (db.dot):
	// myloader 0.10 cuts its file names at the first dot, creates `db`
	// and loads the rows into db.t1 (measured: `db.dot`.t1's 3 rows went
	// into a new db.t1; a target's own db.t1 would get them appended).
	TrapDottedSchema = "database-name-with-a-dot"
	// TrapNoTableSchema: a table with data files but no db.table-schema.sql
	// while the dump has others: myloader creates nothing for it, so its
	// rows fail unless it exists on the target ("Table … doesn't exist").
	TrapNoTableSchema = "table-without-schema-file"
	// TrapStrayFile: a file that is not one the dump names but whose name
	// contains ".sql" (st.t.sql.bak, st.t.sql~, shop.orders.sql.orig):
	// myloader 0.10 loads it as rows of the table its name begins with
	// (QA on MariaDB 10.11: three renamed copies added their rows to st.t,
	// exit 0; an exact copy stopped the load on a duplicate key, exit 1).
	TrapStrayFile = "stray-file-myloader-loads"
)

// myloaderTraps lists the databases and tables of a mydumper dump whose
// names myloader 0.10 reads wrong, with more (definitionTraps), sorted,
// and one note per kind.
func myloaderTraps(files fileSet, schemas map[string]bool, more []profile.DumpLoaderTrap) ([]profile.DumpLoaderTrap, []string) {
	data, defined := map[[2]string]bool{}, map[[2]string]bool{}
	for name := range files {
		switch f := classifyMydumperIn(files, name); f.kind {
		case "data":
			data[[2]string{f.schema, f.table}] = true
		case "table-schema", "view":
			defined[[2]string{f.schema, f.table}] = true
		}
	}
	traps := append([]profile.DumpLoaderTrap(nil), more...)
	for name := range files {
		if !mydumperNamed(name) && strings.Contains(name, ".sql") {
			traps = append(traps, profile.DumpLoaderTrap{Kind: TrapStrayFile, File: name})
		}
	}
	for s := range schemas {
		if strings.Contains(s, ".") {
			traps = append(traps, profile.DumpLoaderTrap{Kind: TrapDottedSchema, Schema: s})
		}
	}
	for k := range data {
		switch {
		case endsLikeSchemaFile(k[1]):
			traps = append(traps, profile.DumpLoaderTrap{Kind: TrapSchemaFileName, Schema: k[0], Table: k[1]})
		case !defined[k] && len(defined) > 0:
			traps = append(traps, profile.DumpLoaderTrap{Kind: TrapNoTableSchema, Schema: k[0], Table: k[1]})
		}
	}
	sort.Slice(traps, func(i, j int) bool {
		a, b := traps[i], traps[j]
		return a.Kind+"\x00"+a.Schema+"\x00"+a.Table+"\x00"+a.File < b.Kind+"\x00"+b.Schema+"\x00"+b.Table+"\x00"+b.File
	})
	return traps, trapNotes(traps)
}

// endsLikeSchemaFile: the table's name ends as a mydumper schema file's
// stem does (t-schema, t-schema-view, …).
func endsLikeSchemaFile(table string) bool {
	for _, s := range mydumperSchemaSuffixes {
		if strings.HasSuffix(table, s.suffix) {
			return true
		}
	}
	return false
}

// trapNotes says, per kind, which names myloader 0.10 reads or may read wrong.
func trapNotes(traps []profile.DumpLoaderTrap) []string {
	byKind := map[string][]string{}
	for _, t := range traps {
		byKind[t.Kind] = append(byKind[t.Kind], t.Quoted())
	}
	var notes []string
	for _, k := range []struct{ kind, what, text string }{
		{TrapSchemaFileName, "may misread the tables named like mydumper's schema files", "depending on the order the directory lists its files, it may read their data files as another table's CREATE TABLE and fail (\"Table … doesn't exist\", exit 1), leaving them empty"},
		{TrapDottedSchema, "misreads the databases named with a dot", "it cuts the name at the first dot, creates the database named by the part before it and loads the rows there (appended to a table of the same name the target has)"},
		{TrapNoTableSchema, "misreads the tables without a -schema.sql file", "it creates no table for them, so their rows fail unless they exist on the target"},
		{TrapBacktickName, "cannot load the names with a backtick, which mydumper 0.10 could not dump", "the dump holds no CREATE DATABASE, CREATE TABLE or rows for them; myloader fails on such a database (\"Error switching to database …\", exit 1) and skips such a table"},
		{TrapNoDefinition, "creates nothing from the empty -schema-create.sql and the -schema.sql without CREATE TABLE", "mydumper did not dump those definitions"},
		{TrapStrayFile, "misreads the files that are not the dump's but whose names contain .sql", "it loads every such file as rows of the table its name begins with (appended; a copy of a data file stops the load on a duplicate key)"},
	} {
		if names := byKind[k.kind]; len(names) > 0 {
			notes = append(notes, fmt.Sprintf("myloader 0.10 %s (%s): %s", k.what, strings.Join(names, ", "), k.text))
		}
	}
	return notes
}
