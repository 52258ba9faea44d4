package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// quoteSourceNote warns that the mydumper line, dumping a live source
// whose database or table names hold a single quote, exits 1 and leaves
// some of their objects out, and gives the mariadb-dump line that dumps
// those objects; "" when the source has none (or is not the one dumped).
// mydumper 0.10.0 against MariaDB 10.11.19 (review r11) with databases
// q'd and shop, tables q'd.t and shop.quo'te: "Error: DB: q'd - Could not
// execute query: You have an error in your SQL syntax" and "Error Checking
// triggers for shop.quo'te", exit 1; every row was dumped, but not q'd's
// stored procedure and event (no q'd-schema-post.sql) nor shop.quo'te's
// trigger; q'd.t's trigger and shop's procedure were. Leaving the names
// out with --regex still exits 1 for the database and loses their rows.
// The printed mariadb-dump line dumped the table's trigger and, loaded
// with mysql after myloader, restored it; mariadb-dump 10.11.19 cannot
// dump the database's routines and events either (error 1049, "Unknown
// database 'q\'d'"), so for those the note says to copy them by hand.
func quoteSourceNote(p *profile.Profile) string {
	if p.Dump != nil || p.Server == nil || !p.Server.Reachable || len(p.Server.QuoteNames) == 0 {
		return ""
	}
	var names, dbs, lines []string
	for _, n := range p.Server.QuoteNames {
		names = append(names, profile.DumpLoaderTrap{Schema: n.Schema, Table: n.Table}.Quoted())
		if n.Table == "" {
			dbs = append(dbs, profile.DumpLoaderTrap{Schema: n.Schema}.Quoted())
			continue
		}
		lines = append(lines, triggerLines(n)...)
	}
	s := fmt.Sprintf("WARNING: this server has names with a single quote (%s): the mydumper line dumps their rows, but mydumper 0.10's "+
		"own queries for them fail (\"You have an error in your SQL syntax\"), so it leaves out the stored routines and events of a "+
		"database so named and the triggers of a table so named, and exits 1", strings.Join(names, ", "))
	if len(lines) > 0 {
		s += ". Dump the triggers with mariadb-dump and load them with mysql once myloader is done: " + strings.Join(lines, "; ")
	}
	if len(dbs) > 0 {
		s += ". The routines and events of " + strings.Join(dbs, ", ") + " mariadb-dump cannot dump either (error 1049, \"Unknown " +
			"database\"): copy them by hand (SHOW CREATE PROCEDURE, FUNCTION and EVENT on the source, run on TARGET) or rename the database first"
	}
	return s
}

// triggerLines are the mariadb-dump line that dumps only the triggers of
// table n (no rows, no table) into a file named after it, and the mysql
// line that loads that file into its database (the file selects none).
func triggerLines(n profile.TableName) []string {
	file := shQuote("/path/to/" + strings.NewReplacer("`", "_", "/", "_", " ", "_", "'", "_").Replace(n.Schema+"."+n.Table) + ".triggers.sql")
	return []string{"mariadb-dump --host SOURCE --user USER -p --no-data --no-create-info --no-create-db --triggers " +
		shQuote(n.Schema) + " " + shQuote(n.Table) + " > " + file, mysqlClient + " --database=" + shQuote(n.Schema) + " < " + file}
}

// appendNonEmpty appends the notes that are not "".
func appendNonEmpty(notes []string, more ...string) []string {
	for _, n := range more {
		if n != "" {
			notes = append(notes, n)
		}
	}
	return notes
}
