package dump

import (
	"bytes"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// tableKind is what a CREATE TABLE makes of a table beyond its columns and
// B-tree indexes: the kinds of table no timed restore loaded (review r54).
type tableKind struct {
	fulltext, spatial, foreignKeys int  // FULLTEXT and SPATIAL indexes, FOREIGN KEY constraints
	plainKeys                      int  // plain (KEY or INDEX) secondary indexes
	versioned, sequence            bool // WITH SYSTEM VERSIONING; a MariaDB SEQUENCE (SEQUENCE=1)
	// parents are the tables its FOREIGN KEYs reference, "schema.table",
	// NUL-separated (a string keeps tableKind comparable).
	parents string
}

// reVersioned finds WITH SYSTEM VERSIONING, the table option or a column's
// (MariaDB KB, "System-Versioned Tables": a column's makes the table
// versioned); reSequence the SEQUENCE=1 option SHOW CREATE TABLE writes for
// a MariaDB sequence (mydumper 0.10 dumps one so, with its one row).
var (
	reVersioned = regexp.MustCompile(`(?i)\bWITH\s+SYSTEM\s+VERSIONING\b`)
	reSequence  = regexp.MustCompile(`(?i)\bSEQUENCE\s*=\s*'?1\b`)
)

// kindOf reads a CREATE TABLE's text after the table's name (quoted
// strings blanked: a COMMENT may say anything).
func kindOf(rest string) tableKind {
	body, opts := splitCreate(stripQuoted(rest))
	k := tableKind{versioned: reVersioned.MatchString(body) || reVersioned.MatchString(opts), sequence: reSequence.MatchString(opts)}
	for _, def := range splitTop(body, ',') {
		def = strings.TrimSpace(def)
		if def == "" {
			continue
		}
		if !isKeyDef(def) { // a column's REFERENCES makes a FOREIGN KEY on MariaDB
			if referencesAt(def) >= 0 {
				k.foreignKeys++
			}
			continue
		}
		up := asciiUpper(blankBackquoted(def)) // a name may say FOREIGN KEY
		switch word := strings.ToUpper(identAt(def)); {
		case word == "FULLTEXT":
			k.fulltext++
		case word == "SPATIAL":
			k.spatial++
		case word == "KEY" || word == "INDEX":
			k.plainKeys++
		case word == "FOREIGN" || word == "CONSTRAINT" && strings.Contains(up, " FOREIGN KEY"):
			k.foreignKeys++
		}
	}
	return k
}

// tableKinds are the dump's tables of each kind, by "schema.table".
type tableKinds map[string]tableKind

// add records table's kind ("schema.table", in schema) when its CREATE
// TABLE makes it one.
func (t tableKinds) add(schema, table, createRest string) {
	k := kindOf(createRest)
	if k.foreignKeys > 0 {
		k.parents = strings.Join(parentsOf(schema, createRest), "\x00")
	}
	if k != (tableKind{}) {
		t[table] = k
	}
}

// parentsOf are the tables the FOREIGN KEYs of a CREATE TABLE in schema
// reference, "schema.table": REFERENCES tbl_name names one in the table's
// own database unless qualified (MySQL manual, "FOREIGN KEY Constraints";
// MariaDB KB, "Foreign Keys"). The words are looked for outside `names`:
// a constraint named `fk REFERENCES x` made x the parent and left the real
// one's keys to be deferred, and its child's CREATE TABLE failed (errno
// 150) on the load (review r68, docs/benchmarks/live-server.md).
func parentsOf(schema, rest string) []string {
	body, _ := splitCreate(stripQuoted(rest))
	var out []string
	for _, def := range splitTop(body, ',') {
		if i := referencesAt(def); i >= 0 {
			if db, table, ok := nameIn([]byte(def[i:]), schema); ok {
				out = append(out, db+"."+table)
			}
		}
	}
	return out
}

// nameIn reads `db`.`table` or `table` (bare or quoted, white space
// around the dot allowed) at the start of b; a name without its database
// is in schema.
func nameIn(b []byte, schema string) (db, table string, ok bool) {
	first, after, ok := identifier(bytes.TrimLeft(b, " \t"))
	if !ok {
		return "", "", false
	}
	if after = bytes.TrimLeft(after, " \t"); len(after) > 0 && after[0] == '.' {
		if second, _, ok := identifier(bytes.TrimLeft(after[1:], " \t")); ok {
			return first, second, true
		}
	}
	return schema, first, true
}

// addForeignKeys records that table ("schema.table") has FOREIGN KEYs to
// parents, which an ALTER TABLE after its CREATE TABLE added.
func (t tableKinds) addForeignKeys(table string, parents []string) {
	k := t[table]
	k.foreignKeys += len(parents)
	k.parents = strings.Join(append(strings.Split(k.parents, "\x00"), parents...), "\x00")
	t[table] = k
}

// lists is the dump's tables of each kind, sorted; a kind without tables
// is nil.
func (t tableKinds) lists() profile.DumpTableKinds {
	var out profile.DumpTableKinds
	for name, k := range t {
		if k.fulltext > 0 {
			out.FulltextTables = append(out.FulltextTables, name)
		}
		if k.spatial > 0 {
			out.SpatialTables = append(out.SpatialTables, name)
		}
		if k.foreignKeys > 0 {
			out.ForeignKeyTables = append(out.ForeignKeyTables, name)
		}
		for _, parent := range strings.Split(k.parents, "\x00") {
			if parent != "" && !slices.Contains(out.ForeignKeyParents, parent) {
				out.ForeignKeyParents = append(out.ForeignKeyParents, parent)
			}
		}
		if k.versioned {
			out.VersionedTables = append(out.VersionedTables, name)
		}
		if k.sequence {
			out.SequenceTables = append(out.SequenceTables, name)
		}
		if k.plainKeys > 0 {
			out.SecondaryKeyTables = append(out.SecondaryKeyTables, name)
		}
	}
	for _, l := range []([]string){out.FulltextTables, out.SpatialTables, out.ForeignKeyTables, out.ForeignKeyParents, out.VersionedTables, out.SequenceTables, out.SecondaryKeyTables} {
		sort.Strings(l)
	}
	return out
}

// createEnded records what a mysqldump file's CREATE TABLE says once its
// ENGINE line is read: rest is the text from its definitions up to that
// line, engineLine the line itself (WITH SYSTEM VERSIONING and SEQUENCE=1
// are on it).
func (t *tally) createEnded(schema, table, rest, engineLine string) {
	t.wide.add(table, rest)
	t.kinds.add(schema, table, rest+engineLine)
	t.created = table
	t.createdText.Reset()
	if t.setNames == "binary" { // the text is kept for addLiterals alone
		t.createdText.WriteString(rest + engineLine)
	}
	t.binary.addLiterals(table, t.setNames, rest+engineLine)
}

// createTailLine reads a line of the partition clause mysqldump writes
// after the ENGINE line: the partitions' VALUES are literals a SET NAMES
// binary load stores double-encoded too (review r70: a latin1 LIST
// COLUMNS table's VALUES IN ('ä') came back 'Ã¤' and the load stopped at
// ERROR 1526; a RANGE's LESS THAN ('ö') came back 'Ã¶', its row moved).
// The text is kept only under SET NAMES binary, grown in a builder and
// read once, at the line that ends the statement: a table of thousands
// of partitions is thousands of lines.
func (t *tally) createTailLine(line string) {
	if t.created == "" || t.setNames != "binary" {
		return
	}
	t.createdText.WriteString("\n" + line)
	if statementEnds([]byte(line)) {
		t.binary.addLiterals(t.created, t.setNames, t.createdText.String())
	}
}

// reReferences is the REFERENCES of a FOREIGN KEY or of a column, between
// white space.
var reReferences = regexp.MustCompile(`(?i)\sREFERENCES\s`)

// referencesAt is where the parent's name starts in a definition (quoted
// strings blanked) that makes a FOREIGN KEY: FOREIGN KEY … REFERENCES, or
// a column's own REFERENCES tbl (col), which MariaDB 10.11 makes a
// constraint of (tbl_ibfk_1; SHOW CREATE TABLE writes it as a CONSTRAINT,
// so only a hand-written schema has one: review r68 loaded one whose
// parent's keys were deferred, errno 150); -1 when it makes none. The words
// are looked for outside `names`.
func referencesAt(def string) int {
	up := asciiUpper(blankBackquoted(def)) // as long as def, byte for byte
	loc := reReferences.FindStringIndex(up)
	if loc == nil || !strings.Contains(up, "FOREIGN KEY") && isKeyDef(strings.TrimSpace(def)) {
		return -1
	}
	return loc[1]
}

// asciiUpper is s with its ASCII letters in upper case and every other
// byte as it was, so that an index into it is one into s (strings.ToUpper
// may change a UTF-8 letter's length).
func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
