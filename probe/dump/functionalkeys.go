package dump

import (
	"regexp"
	"sort"
)

// reFunctionalKey finds an index with an expression among its key parts,
// as MySQL 8.0.13+'s SHOW CREATE TABLE writes one ("KEY `k` (((`v` +
// 1)))", "UNIQUE KEY `u` (`a`,(coalesce(`b`,'x')))": MySQL 8.4 manual,
// CREATE INDEX, "Functional Key Parts"): after the index's name, column
// parts (a backquoted name, a prefix length, ASC/DESC) and then a part
// that opens with "(". MariaDB 10.11.19 refuses such a CREATE TABLE
// (ERROR 1064 near "((`id` + 1))", 2026-12-07), so myloader 0.10 skips
// the table and its rows and exits 1.
var reFunctionalKey = regexp.MustCompile("(?i)\\b(?:KEY|INDEX)\\s+(?:`[^`]*`\\s*)?\\((?:\\s*`[^`]*`(?:\\(\\d+\\))?(?:\\s+(?:ASC|DESC))?\\s*,)*\\s*\\(")

// functionalKeys are the tables whose CREATE TABLE has an index with an
// expression key part, by "schema.table".
type functionalKeys map[string]bool

// add records table when its CREATE TABLE text (quoted strings blanked
// first: a COMMENT may say anything) has a functional key part.
func (f functionalKeys) add(table, createRest string) {
	if reFunctionalKey.MatchString(stripQuoted(createRest)) {
		f[table] = true
	}
}

// list is the tables, sorted; nil when none.
func (f functionalKeys) list() []string {
	if len(f) == 0 {
		return nil
	}
	out := make([]string, 0, len(f))
	for t := range f {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}
