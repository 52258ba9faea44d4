package threads

import (
	"encoding/hex"
	"strings"
)

// deferSet is the tables whose key lines of one kind (FULLTEXT, or plain
// KEY/INDEX) the load's filter takes out: every table's (all), or those
// named, by name alone (in any schema) or by schema and name (exact: a
// table of the same name elsewhere keeps its lines). Names are
// hex-encoded, so any name is safe in the program and in the shell.
type deferSet struct {
	all          bool
	names, exact []string
}

// any reports whether the set takes any table's lines out.
func (s deferSet) any() bool { return s.all || s.named() }

// named reports whether the set names its tables.
func (s deferSet) named() bool { return len(s.names)+len(s.exact) > 0 }

// deferName is one table a set names.
type deferName struct {
	schema, table string
	exact         bool
}

// setOf is the set naming tables (each name once).
func setOf(tables []deferName) deferSet {
	var s deferSet
	seen := map[string]bool{}
	for _, t := range tables {
		key := t.table
		if t.exact {
			key = t.schema + "\x00" + t.table
		}
		switch {
		case seen[key]:
		case t.exact:
			s.exact = append(s.exact, hex.EncodeToString([]byte(key)))
		default:
			s.names = append(s.names, hex.EncodeToString([]byte(key)))
		}
		seen[key] = true
	}
	return s
}

// deferredProgram is the perl program that takes the deferred key lines
// out of a dump's CREATE TABLEs, streaming in O(1) memory (one line held
// back): ft's FULLTEXT KEY/INDEX lines and keys' plain KEY/INDEX lines;
// when the line taken out was the last definition, the comma ending the
// line before goes too. format ("mydumper" or "mysqldump") says where an
// exact table's schema is read (schemaExpr). With every FULLTEXT table
// and no plain keys it is fulltextFilter.
func deferredProgram(ft, keys deferSet, format string) string {
	var drop []string
	switch {
	case ft.all:
		drop = append(drop, `/^\s*FULLTEXT (KEY|INDEX) /`)
	case ft.named():
		drop = append(drop, `$f && /^\s*FULLTEXT (KEY|INDEX) /`)
	}
	if keys.named() {
		drop = append(drop, `$k && /^\s*(KEY|INDEX) /`)
	}
	if len(drop) == 0 {
		return "print" // nothing deferred: the file as it is
	}
	start := routineGuard + `$c=1 if !$r && /^CREATE TABLE/; `
	if ft.named() || keys.named() {
		start = namedStart(ft, keys, format)
	}
	cond := strings.Join(drop, " || ")
	if len(drop) > 1 {
		cond = "(" + cond + ")"
	}
	return start + `if ($c && ` + cond + `) { $h =~ s/,(\s*)$/$1/ if !/,\s*$/ } ` +
		`else { print $h; $h = $_ } $c=0 if /^\)/; if (eof) { print $h; $h = "" }`
}

// namedStart is the program's part that, at each CREATE TABLE outside a
// routine, sets $k (its plain keys go) and $f (its FULLTEXT keys go) from
// the sets: %t/%x for keys, %ft/%fx for FULLTEXT (by name / exact).
func namedStart(ft, keys deferSet, format string) string {
	var sets, assign []string
	exact := len(ft.exact)+len(keys.exact) > 0
	add := func(s deferSet, flag, byName, byExact string) {
		if !s.named() {
			return
		}
		sets = append(sets, `%`+byName+` = map { pack("H*", $_), 1 } qw(`+strings.Join(s.names, " ")+`)`)
		expr := "$" + flag + " = exists $" + byName + "{$n}"
		if len(s.exact) > 0 {
			sets = append(sets, `%`+byExact+` = map { pack("H*", $_), 1 } qw(`+strings.Join(s.exact, " ")+`)`)
			expr += " || exists $" + byExact + `{"$S\0$n"}`
		}
		assign = append(assign, expr)
	}
	add(keys, "k", "t", "x")
	add(ft, "f", "ft", "fx")
	flags := "$k = 0; "
	if ft.named() {
		flags = "$k = 0; $f = 0; "
	}
	schema := ""
	if exact {
		schema = "$S = " + schemaExpr(format) + "; "
	}
	return "BEGIN { " + strings.Join(sets, "; ") + " } " + routineGuard + useLine(exact, format) +
		"if (!$r && /^CREATE TABLE/) { $c = 1; " + flags + "if (/^CREATE TABLE (?:IF NOT EXISTS )?(?:`((?:[^`]|``)*)`\\.)?`((?:[^`]|``)*)`/) { ($s, $n) = ($1, $2); " +
		"s/``/`/g for $n, $s; " + schema + strings.Join(assign, "; ") + " } } "
}

// routineGuard keeps the filters out of routines, triggers and events: a
// mysqldump file writes them between "DELIMITER ;;" and "DELIMITER ;",
// and a line of a routine's body may begin with CREATE TABLE. In any
// case, as the client takes its delimiter command (review r67).
const routineGuard = `$r = $1 ne ";" if /^DELIMITER\s+(\S+)/i; `

// useLine follows a mysqldump file's USE lines (mysqldump --databases
// writes "USE `db`;" before each database's tables) when some table is
// matched by its schema; "" otherwise. In any case, as the client reads
// them: a hand-edited "use `s2`;" missed left $d at the schema before, so
// s2's kept table of a deferred name lost its keys (review r67); and
// whatever follows the name ("use s2 ;", "USE `s2`; -- moved"), as the
// client and the dump reader take it.
func useLine(exact bool, format string) string {
	if !exact || format != "mysqldump" {
		return ""
	}
	return "if (/^USE\\s+(?:`((?:[^`]|``)*)`|([^\\s;`]+))/i) { $d = defined $1 ? $1 : $2; $d =~ s/``/`/g } "
}

// schemaExpr is an exact table's schema: the one its CREATE TABLE names,
// else its file's (mydumper's db.table-schema.sql, the file the reader
// took it from), else the last USE's (mysqldump). A schema not found is
// "\x01", which matches nothing, so the keys stay inline.
func schemaExpr(format string) string {
	from := `defined $d ? $d : "\x01"`
	if format == "mydumper" {
		from = "$ARGV =~ m{([^/]*)\\.\\Q$n\\E-schema\\.sql$}s ? $1 : \"\\x01\""
	}
	return "defined $s ? $s : " + from
}
