package dump

import "regexp"

// reGeneratedNotNull finds a generated column declared NOT NULL, as MySQL
// 5.7+'s SHOW CREATE TABLE writes one ("`k` int GENERATED ALWAYS AS ((`id`
// + 1)) STORED NOT NULL": MySQL 8.4 manual, CREATE TABLE and Generated
// Columns, "[VIRTUAL | STORED] [NOT NULL | NULL]"), one column a line.
// MariaDB takes no NULL attribute after VIRTUAL or STORED: 10.11.19
// answered ERROR 1064 near "NOT NULL," at such a CREATE TABLE, and myloader
// 0.10 skipped the table, its rows and a view over it, then exited 1
// (2026-12-07, docs/benchmarks/live-server.md). MariaDB's own dumps never
// write it; its system-versioning columns ("GENERATED ALWAYS AS ROW
// START") have no parenthesis after AS and are not matched.
var reGeneratedNotNull = regexp.MustCompile(`(?im)\bGENERATED\s+ALWAYS\s+AS\s*\([^\n]*\)\s*(?:VIRTUAL|STORED)\s+NOT\s+NULL\b`)

// generatedNotNull are the tables whose CREATE TABLE has a generated
// column declared NOT NULL, by "schema.table".
type generatedNotNull map[string]bool

// add records table when its CREATE TABLE text (quoted strings blanked
// first: a COMMENT may say anything) has a generated NOT NULL column.
func (g generatedNotNull) add(table, createRest string) {
	if reGeneratedNotNull.MatchString(stripQuoted(createRest)) {
		g[table] = true
	}
}

// list is the tables, sorted; nil when none.
func (g generatedNotNull) list() []string {
	return functionalKeys(g).list()
}
