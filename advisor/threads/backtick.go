package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// sourceBacktickNames are the live server's databases and tables whose
// names hold a backtick when the mydumper line dumps that server (no
// --dump: the server read is the source), split into databases and
// tables of other databases; none otherwise.
func sourceBacktickNames(p *profile.Profile) (dbs, tables []profile.TableName) {
	if p.Dump != nil || p.Server == nil || !p.Server.Reachable {
		return nil, nil
	}
	for _, n := range p.Server.BacktickNames {
		if n.Table == "" {
			dbs = append(dbs, n)
		} else {
			tables = append(tables, n)
		}
	}
	return dbs, tables
}

// mydumperRegex is the mydumper line's --regex: the system schemas left
// out (SkipSystemSchemas) and, on a source with tables whose names hold a
// backtick, those tables too. mydumper 0.10.0 against MariaDB 10.11.19
// (QA, 2026-12-06) with shop.`weird“tick` on the source: the printed line
// ended in a segmentation fault (exit 139, the dump left as
// metadata.partial), and without --rows it exited 1 ("Error dumping table
// (shop.weird`tick) data: You have an error in your SQL syntax"); with the
// table left out by the regex it dumped the rest, exit 0. A database so
// named is left out the same way (db\..*), else the line crashed too, but
// it still exits 1: mydumper lists its tables before the regex applies
// ("Could not execute query"), the rest dumped.
func mydumperRegex(p *profile.Profile) string {
	dbs, tables := sourceBacktickNames(p)
	if len(dbs)+len(tables) == 0 {
		return SkipSystemSchemas
	}
	var names []string
	for _, d := range dbs {
		names = append(names, pcreQuote(d.Schema)+`\..*`)
	}
	for _, t := range tables {
		names = append(names, pcreQuote(t.Schema)+`\.`+pcreQuote(t.Table))
	}
	return SkipSystemSchemas + `(?!(` + strings.Join(names, "|") + `)$)`
}

// pcreQuote escapes every character of s but letters, digits and _ for
// a PCRE pattern (a backslash before any other character is that
// character, PCRE2 pattern syntax, "Escaped characters").
func pcreQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// backtickSourceNote warns that the mydumper line leaves the source's
// names with a backtick out (mydumperRegex) and gives the mariadb-dump
// lines that dump and load them instead; "" when it has none.
func backtickSourceNote(p *profile.Profile) string {
	dbs, tables := sourceBacktickNames(p)
	if len(dbs)+len(tables) == 0 {
		return ""
	}
	var names, lines []string
	for _, n := range append(dbs, tables...) {
		trap := profile.DumpLoaderTrap{Kind: trapBacktickName, Schema: n.Schema, Table: n.Table}
		names = append(names, trap.Quoted())
		lines = append(lines, mariadbDumpLines(trap)...)
	}
	what := "the mydumper line's --regex leaves them out (dumping them, mydumper 0.10 exits 1, or with --rows crashes, " +
		"exit 139, and leaves the whole dump unfinished)"
	if len(dbs) > 0 {
		what += "; a database so named still makes it exit 1 (\"Could not execute query\": it lists the database's tables before " +
			"its --regex applies) after it has dumped the rest"
	}
	return fmt.Sprintf("WARNING: this server has names with a backtick (%s), which mydumper 0.10 cannot dump: %s. Dump them with "+
		"mariadb-dump and load that with mysql: %s; or rename them on the source first", strings.Join(names, ", "), what, strings.Join(lines, "; "))
}
