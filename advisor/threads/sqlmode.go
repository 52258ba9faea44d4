package threads

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// Default sql_mode of each server series, what a target runs with when
// nothing sets it: MySQL 8.0 and 8.4 manuals, "Server SQL Modes" ("The
// default SQL mode in MySQL 8.x includes these modes"); MySQL 5.7 manual,
// the same page (5.7.8 and later); MySQL 5.6: NO_ENGINE_SUBSTITUTION;
// MariaDB KB, "SQL_MODE" (10.2.4 and later; 10.1.7 to 10.2.3).
const (
	sqlModeMySQL80    = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"
	sqlModeMySQL57    = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"
	sqlModeMySQL56    = "NO_ENGINE_SUBSTITUTION"
	sqlModeMariaDB102 = "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"
	sqlModeMariaDB101 = "NO_ENGINE_SUBSTITUTION,NO_AUTO_CREATE_USER"
)

// sqlMode is the sql_mode a load meets on the target and where mytune
// read it.
type sqlMode struct {
	modes map[string]bool
	text  string // as read ("" for an empty sql_mode)
	from  string // "the target's @@GLOBAL.sql_mode", "MySQL 8.0's default sql_mode", …
}

// has reports whether the mode holds name (upper case).
func (m sqlMode) has(name string) bool { return m.modes[name] }

// strict reports whether the mode turns bad values into errors for
// InnoDB tables (STRICT_TRANS_TABLES or STRICT_ALL_TABLES).
func (m sqlMode) strict() bool { return m.has("STRICT_TRANS_TABLES") || m.has("STRICT_ALL_TABLES") }

// without is the mode's text with names left out, in the order read.
func (m sqlMode) without(names ...string) string {
	var keep []string
	for _, s := range strings.Split(m.text, ",") {
		s = strings.TrimSpace(s)
		drop := s == ""
		for _, n := range names {
			drop = drop || strings.EqualFold(s, n)
		}
		if !drop {
			keep = append(keep, s)
		}
	}
	return strings.Join(keep, ",")
}

// newSQLMode reads a sql_mode value ("STRICT_TRANS_TABLES,NO_ZERO_DATE").
func newSQLMode(text, from string) sqlMode {
	m := sqlMode{modes: map[string]bool{}, text: strings.TrimSpace(text), from: from}
	for _, s := range strings.Split(m.text, ",") {
		if s = strings.ToUpper(strings.TrimSpace(s)); s != "" {
			m.modes[s] = true
		}
	}
	return m
}

// targetSQLMode is the target's global sql_mode: the live server's (or a
// saved SHOW GLOBAL VARIABLES'), else the my.cnf's sql_mode for that
// flavor, else the default of the target's version; ok is false when no
// version is known either.
func targetSQLMode(p *profile.Profile, o Options) (sqlMode, bool) {
	t := targetOf(p, o)
	if s := p.Server; s != nil && s.Reachable && (t.Source == profile.SourceServer || (o.Target.Flavor == "" && o.Target.Version == "")) {
		if v, ok := s.Variables["sql_mode"]; ok {
			from := "the target's @@GLOBAL.sql_mode"
			if s.Source == profile.ServerSourceCapture {
				from = "the sql_mode of the target's saved SHOW GLOBAL VARIABLES"
			}
			return newSQLMode(v, from), true
		}
	}
	if vars, _ := p.MyCnf.For(t.Flavor); vars != nil {
		if v, ok := vars["sql_mode"]; ok {
			return newSQLMode(v, "the sql_mode the target's my.cnf sets"), true
		}
	}
	v, ok := profile.ParseVersion(t.Version)
	if !ok {
		return sqlMode{}, false
	}
	if t.IsMariaDB() {
		switch {
		case v.AtLeast(10, 2, 4):
			return newSQLMode(sqlModeMariaDB102, "MariaDB "+seriesOf(v)+"'s default sql_mode"), true
		case v.AtLeast(10, 1, 7):
			return newSQLMode(sqlModeMariaDB101, "MariaDB "+seriesOf(v)+"'s default sql_mode"), true
		}
		return sqlMode{}, false
	}
	switch {
	case v.AtLeast(8, 0, 0):
		return newSQLMode(sqlModeMySQL80, "MySQL "+seriesOf(v)+"'s default sql_mode"), true
	case v.AtLeast(5, 7, 8):
		return newSQLMode(sqlModeMySQL57, "MySQL "+seriesOf(v)+"'s default sql_mode"), true
	}
	return newSQLMode(sqlModeMySQL56, "MySQL "+seriesOf(v)+"'s default sql_mode"), true
}

// seriesOf is "8.0", "10.11": a version's major and minor numbers.
func seriesOf(v profile.Version) string {
	s := v.String()
	return s[:strings.LastIndexByte(s, '.')]
}
