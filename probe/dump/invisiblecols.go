package dump

import "regexp"

// reMySQLInvisibleColumn finds a column MySQL 8.0.23+ made invisible, as
// its SHOW CREATE TABLE writes one ("`h` int DEFAULT NULL /*!80023
// INVISIBLE */": MySQL 8.4 manual, Invisible Columns) on the column's own
// line, which starts with its backquoted name (an invisible index's line
// starts with KEY). MariaDB 10.11.19 skipped the versioned comment and
// made the column visible (2026-12-07, docs/benchmarks/live-server.md);
// MariaDB's own dumps write a bare INVISIBLE, not matched.
var reMySQLInvisibleColumn = regexp.MustCompile("(?m)^\\s*`[^`\\n]*`[^\\n]*/\\*!8\\d{4}\\s+INVISIBLE\\s*\\*/")

// invisibleColumns are the tables whose CREATE TABLE has a column MySQL
// made invisible, by "schema.table".
type invisibleColumns map[string]bool

// add records table when its CREATE TABLE text (quoted strings blanked
// first: a COMMENT may say anything) has such a column.
func (c invisibleColumns) add(table, createRest string) {
	if reMySQLInvisibleColumn.MatchString(stripQuoted(createRest)) {
		c[table] = true
	}
}

// list is the tables, sorted; nil when none.
func (c invisibleColumns) list() []string {
	return functionalKeys(c).list()
}
