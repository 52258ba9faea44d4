package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Kinds of profile.DumpLoaderTrap for what mydumper did not dump
// (probe/dump's TrapBacktickName and TrapNoDefinition).
const (
	trapBacktickName = "name-with-a-backtick"
	trapNoDefinition = "schema-file-without-definition"
)

// undumpedNotes warns of the databases and tables a mydumper dump holds no
// definition for, so the myloader line leaves them out of TARGET. Names
// with a backtick: mydumper 0.10.0 on 2026-12-05 (MariaDB 10.11.19)
// failed on them (exit 1: an empty -schema-create.sql, a -schema.sql
// without CREATE TABLE, no rows); myloader 0.10 on that dump exited 1
// ("Error switching to database back`tick whilst restoring table a`b"),
// the database missing and ok.`x“y` missing without a word. The remedy
// was run the same day: mariadb-dump --databases 'back`tick' and
// mariadb-dump ok 'x`y', each loaded with mariadb, gave every row back.
func undumpedNotes(traps []profile.DumpLoaderTrap) []string {
	var backtick, none []string
	var lines []string
	for _, t := range traps {
		switch t.Kind {
		case trapBacktickName:
			backtick = append(backtick, t.Quoted())
			lines = append(lines, mariadbDumpLines(t)...)
		case trapNoDefinition:
			none = append(none, t.Quoted())
		}
	}
	var notes []string
	if len(backtick) > 0 {
		notes = append(notes, fmt.Sprintf("WARNING: mydumper 0.10 could not dump the names with a backtick (%s): the dump holds no "+
			"CREATE DATABASE, CREATE TABLE or rows for them (mydumper exited 1 on them), and the myloader line fails on such a "+
			"database (\"Error switching to database …\", exit 1) and skips such a table without a word, so they will be missing "+
			"on TARGET. Dump them with mariadb-dump instead and load that with mysql: %s; or rename them on the source and dump again",
			strings.Join(backtick, ", "), strings.Join(lines, "; ")))
	}
	if len(none) > 0 {
		notes = append(notes, fmt.Sprintf("WARNING: the dump holds no definition for %s (an empty -schema-create.sql or a -schema.sql "+
			"without CREATE TABLE: mydumper failed to dump it; check its output): myloader creates nothing from those files, so the "+
			"load fails on them or leaves them out unless TARGET has them; dump them again (or with mariadb-dump) before loading",
			strings.Join(none, ", ")))
	}
	return notes
}

// mariadbDumpLines dump one database (--databases: with its CREATE
// DATABASE) or one table from SOURCE into a file and load it into
// TARGET, the names quoted for bash; mariadb-dump quotes them for SQL.
func mariadbDumpLines(t profile.DumpLoaderTrap) []string {
	file := "/path/to/" + strings.NewReplacer("`", "_", "/", "_", " ", "_").Replace(t.Schema)
	if t.Table == "" {
		file += ".sql"
		return []string{"mariadb-dump --host SOURCE --user USER -p --databases " + shQuote(t.Schema) + " > " + shQuote(file),
			mysqlClient + " < " + shQuote(file)}
	}
	file += "." + strings.NewReplacer("`", "_", "/", "_", " ", "_").Replace(t.Table) + ".sql"
	return []string{"mariadb-dump --host SOURCE --user USER -p " + shQuote(t.Schema) + " " + shQuote(t.Table) + " > " + shQuote(file),
		mysqlClient + " " + shQuote(t.Schema) + " < " + shQuote(file)}
}
