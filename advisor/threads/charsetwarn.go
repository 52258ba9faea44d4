package threads

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// UCA1400Since is the first MariaDB with the Unicode 14.0 collations
// (utf8mb4_uca1400_ai_ci and kin: MDEV-27009, MariaDB 10.10.1 release
// notes), which MySQL does not have; MariaDB 10.11.19 knows them
// (2026-12-07).
var UCA1400Since = profile.Version{Major: 10, Minor: 10, Patch: 1}

// unknownNames are the dump's character sets and collations the target
// lacks, and how that is known: "it answered" for a live server asked
// (Server.CharsetsKnown, CollationsKnown), else from its flavor and
// version for the two families that cross between them (MySQL 8's
// utf8mb4_0900_* and MariaDB's *_uca1400_*); nil when none or unknown.
func unknownNames(p *profile.Profile, o Options) (names []string, basis string) {
	d, t := p.Dump, targetOf(p, o)
	if d == nil || len(d.Charsets)+len(d.Collations) == 0 {
		return nil, ""
	}
	if s := p.Server; s != nil && s.Reachable && t.Source == profile.SourceServer && (s.CharsetsKnown != nil || s.CollationsKnown != nil) {
		for _, m := range []map[string]bool{s.CharsetsKnown, s.CollationsKnown} {
			for name, known := range m {
				if !known {
					names = append(names, name)
				}
			}
		}
		sort.Strings(names)
		return names, answeredBasis(s, names)
	}
	v, err := profile.ParseVersionStrict(t.Version)
	for _, c := range d.Collations {
		switch {
		case strings.Contains(c, "_0900_") && t.IsMariaDB() && (err != nil || v.Less(Collations0900Since)):
			names, basis = append(names, c), "MariaDB has MySQL 8's utf8mb4_0900_* collations only since 11.4.5"
		case strings.Contains(c, "_uca1400_") && mysqlFlavor(t):
			names, basis = append(names, c), "MySQL has none of MariaDB's *_uca1400_* collations"
		case strings.Contains(c, "_uca1400_") && t.IsMariaDB() && err == nil && v.Less(UCA1400Since):
			names, basis = append(names, c), "MariaDB has the *_uca1400_* collations only since 10.10.1"
		}
	}
	if len(names) > 0 {
		basis += "; read from TARGET's version, no server was asked"
	}
	return names, basis
}

// CharsetWarning says which of the dump's character sets and collations
// the target lacks and what its loader then does: myloader 0.10 skips the
// table whose CREATE TABLE names one and its rows ("Unknown collation",
// then "Table … doesn't exist"), or every table of a database whose CREATE
// DATABASE does, restores the rest and exits 1 (MariaDB 10.11.19,
// 2026-12-07, docs/benchmarks/live-server.md); the mysql client stops at
// the first error ("ERROR 1273"); "" when none is missing.
func CharsetWarning(p *profile.Profile, o Options) string {
	names, basis := unknownNames(p, o)
	if len(names) == 0 {
		return ""
	}
	what := "its loader fails on each statement that names one"
	switch p.Dump.Format {
	case "mydumper":
		what = "myloader skips each database, table or view whose CREATE names one (a database with all its tables) and their rows " +
			"(\"Unknown collation\", then \"Table … doesn't exist\" or \"Error switching to database\"), restores the rest and exits 1"
	case "mysqldump":
		what = "the load stops at the first statement that names one (\"ERROR 1115\" / \"ERROR 1273\"), leaving the tables after it unloaded"
	}
	return fmt.Sprintf("the dump names %s, which TARGET lacks (%s): %s. Replace %s in the dump's schema files first%s, or load into a "+
		"server that has %s", strings.Join(names, ", "), basis, what, map[bool]string{true: "it", false: "them"}[len(names) == 1],
		replacementHint(names, targetOf(p, o)), map[bool]string{true: "it", false: "them"}[len(names) == 1])
}

// replacementHint names the target's counterpart of the commonest
// crossing collation (utf8mb4_0900_ai_ci, MySQL 8.0's default for
// utf8mb4, and MariaDB's utf8mb4_uca1400_ai_ci), else says where to look.
func replacementHint(names []string, t profile.Target) string {
	for _, n := range names {
		switch {
		case n == "utf8mb4_0900_ai_ci" && t.IsMariaDB():
			v, err := profile.ParseVersionStrict(t.Version)
			switch {
			case err != nil:
				return " (utf8mb4_0900_ai_ci by utf8mb4_uca1400_ai_ci on MariaDB 10.10 and later, utf8mb4_unicode_520_ci before; SHOW COLLATION on TARGET lists the rest)"
			case v.Less(UCA1400Since):
				return " (utf8mb4_0900_ai_ci by utf8mb4_unicode_520_ci; SHOW COLLATION on TARGET lists the rest)"
			}
			return " (utf8mb4_0900_ai_ci by utf8mb4_uca1400_ai_ci; SHOW COLLATION on TARGET lists the rest)"
		case n == "utf8mb4_uca1400_ai_ci" && mysqlFlavor(t):
			return " (utf8mb4_uca1400_ai_ci by utf8mb4_0900_ai_ci; SHOW COLLATION on TARGET lists the rest)"
		}
	}
	return " (by one SHOW COLLATION or SHOW CHARACTER SET on TARGET lists)"
}

// answeredBasis says which of the server's answers named the missing names.
func answeredBasis(s *profile.Server, names []string) string {
	var said []string
	for _, n := range names {
		if known, asked := s.CharsetsKnown[n]; asked && !known && !slices.Contains(said, "\"Unknown character set\"") {
			said = append(said, "\"Unknown character set\"")
		}
		if known, asked := s.CollationsKnown[n]; asked && !known && !slices.Contains(said, "\"Unknown collation\"") {
			said = append(said, "\"Unknown collation\"")
		}
	}
	return "TARGET answered " + strings.Join(said, " and ") + " when mytune asked"
}
