package threads

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// mariaDBOnlyEngines are storage engines MariaDB ships and MySQL does not
// (MariaDB KB "Storage Engines"; MySQL 8.4 manual, "Alternative Storage
// Engines", lists none of them): a MySQL target never has them.
var mariaDBOnlyEngines = []string{"Aria", "SEQUENCE", "S3", "CONNECT", "SPIDER", "Columnstore"}

// missingEngines are the storage engines the dump's tables name that the
// target lacks, and how that is known: the live target's SHOW ENGINES
// (Server.EnginesAvailable), else MariaDB's own engines on a MySQL target.
func missingEngines(p *profile.Profile, o Options) (names []string, basis string) {
	d, t := p.Dump, targetOf(p, o)
	if d == nil {
		return nil, ""
	}
	used := d.EngineNames()
	if s := p.Server; s != nil && s.Reachable && t.Source == profile.SourceServer && s.EnginesAvailable != nil {
		for _, e := range used {
			if !slices.ContainsFunc(s.EnginesAvailable, func(a string) bool { return strings.EqualFold(a, e) }) {
				names = append(names, e)
			}
		}
		return names, "TARGET's SHOW ENGINES does not list " + map[bool]string{true: "it", false: "them"}[len(names) == 1] + " as usable"
	}
	if !mysqlFlavor(t) {
		return nil, ""
	}
	for _, e := range used {
		if slices.ContainsFunc(mariaDBOnlyEngines, func(m string) bool { return strings.EqualFold(m, e) }) {
			names = append(names, e)
		}
	}
	return names, "MySQL has none of MariaDB's own engines; read from TARGET's version, no server was asked"
}

// EngineWarning says which storage engines the dump's tables name that
// the target lacks, and what each loader then does (MariaDB 10.11.19,
// 2026-12-07, docs/benchmarks/live-server.md, "A dump whose tables' engine
// the target lacks"): "" when none.
func EngineWarning(p *profile.Profile, o Options) string {
	names, basis := missingEngines(p, o)
	if len(names) == 0 {
		return ""
	}
	tables := 0
	for _, e := range p.Dump.Engines {
		if slices.Contains(names, e.Name) {
			tables += e.Tables
		}
	}
	what := "its loader fails on each CREATE TABLE that names one, or creates the table in TARGET's default engine where the " +
		"session's sql_mode lacks NO_ENGINE_SUBSTITUTION"
	switch p.Dump.Format {
	case "mydumper":
		what = engineMyloaderText
	case "mysqldump":
		what = engineMysqldumpText
	}
	return fmt.Sprintf("%s of the dump %s ENGINE=%s, which TARGET lacks (%s): %s. Load the engine on TARGET first (INSTALL SONAME, "+
		"or plugin-load-add in my.cnf), or change ENGINE= in the dump's schema files to an engine TARGET has",
		count(tables, "table"), map[bool]string{true: "names", false: "name"}[tables == 1], strings.Join(names, ", ENGINE="), basis, what)
}

// What the loaders did with a table of an engine the target lacks
// (MariaDB 10.11.19 without ha_archive, a table of ENGINE=ARCHIVE among
// two InnoDB ones, 2026-12-07): myloader 0.10 skipped it and its rows and
// exited 1; the mysql client fed a mariadb-dump file created it as InnoDB
// and loaded its rows, exit 0, the substitution only a warning no batch
// client shows.
const (
	engineMyloaderText = "myloader skips each table whose CREATE TABLE names one, and its rows (\"Unknown storage engine\", then " +
		"\"Table … doesn't exist\"), restores the rest and exits 1"
	engineMysqldumpText = "the mysql client creates each such table in TARGET's default engine without a word (the dump's header sets " +
		"SQL_MODE='NO_AUTO_VALUE_ON_ZERO', which leaves out NO_ENGINE_SUBSTITUTION; the substitution is only a warning), so its rows " +
		"land in another engine than the source's"
)
