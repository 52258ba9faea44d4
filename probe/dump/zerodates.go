package dump

import (
	"regexp"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// reZeroDefault finds a DATE, DATETIME or TIMESTAMP column whose DEFAULT
// is a quoted date, one column a line as SHOW CREATE TABLE writes them
// ("  `changed` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',"): the
// column's name and the date. zeroDate then says whether the target's
// sql_mode may refuse it.
var reZeroDefault = regexp.MustCompile("(?im)^\\s*`((?:[^`]|``)+)`\\s+(?:date|datetime|timestamp)\\b[^\\n]*?\\bDEFAULT\\s+'([0-9]{4}-[0-9]{2}-[0-9]{2}[^'\\n]*)'")

// zeroDate reports whether s (a date as dumped: "2024-00-15", "0000-00-00
// 00:00:00") has a zero month or day, all-zero dates included: NO_ZERO_DATE
// refuses '0000-00-00', NO_ZERO_IN_DATE a zero month or day in another
// year (MariaDB KB, "SQL_MODE"; MySQL 8.4 manual, "Server SQL Modes"). A
// year 0000 with a month and day ('0000-01-01') is a valid date to both.
func zeroDate(s string) bool {
	if len(s) < 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s[5:7] == "00" || s[8:10] == "00"
}

// zeroDefaults collects the columns whose CREATE TABLE names a zero-date
// DEFAULT, by "schema.table", each column once.
type zeroDefaults map[string][]profile.ZeroDate

// add records table's zero-date defaults found in its CREATE TABLE text
// (the whole definition, or one line of it).
func (z zeroDefaults) add(table, createText string) {
	for _, m := range reZeroDefault.FindAllStringSubmatch(createText, -1) {
		if zeroDate(m[2]) {
			col := strings.ReplaceAll(m[1], "``", "`")
			z[table] = append(z[table], profile.ZeroDate{Table: table, Column: col, Value: m[2]})
		}
	}
}

// list is the columns by table, then in their CREATE TABLE's order, at
// most profile.MaxZeroDateDefaults; nil when none.
func (z zeroDefaults) list() []profile.ZeroDate {
	tables := make([]string, 0, len(z))
	for t := range z {
		tables = append(tables, t)
	}
	sort.Strings(tables)
	var out []profile.ZeroDate
	for _, t := range tables {
		out = append(out, z[t]...)
	}
	if len(out) > profile.MaxZeroDateDefaults {
		out = out[:profile.MaxZeroDateDefaults]
	}
	return out
}

// dateTypes are the column types whose values a sql_mode's NO_ZERO_DATE
// and NO_ZERO_IN_DATE refuse when zero.
var dateTypes = map[string]bool{"date": true, "datetime": true, "timestamp": true}

// sampledZeroDates are the date columns whose sampled rows hold a zero
// date, month or day, the first such value of each, in column order; cols
// maps each row's values to def's columns (valueColumns). nil when none.
func sampledZeroDates(def tableDef, cols []int, rows [][]sqlValue) []profile.ZeroDate {
	first := map[int]string{}
	for _, row := range rows {
		for i, v := range row {
			if i >= len(cols) || v.null || !dateTypes[def.cols[cols[i]].typ] {
				continue
			}
			if _, seen := first[cols[i]]; !seen && zeroDate(v.key) {
				first[cols[i]] = v.key
			}
		}
	}
	var out []profile.ZeroDate
	for c := range def.cols {
		if v, ok := first[c]; ok {
			out = append(out, profile.ZeroDate{Column: def.cols[c].name, Value: v})
		}
	}
	return out
}
