package dump

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/mytune/mytune/profile"
)

// binaryNames are the dump's tables whose schema file a load under its
// own SET NAMES binary would create otherwise than the source had them
// (profile.DumpBinaryNames), by "schema.table".
type binaryNames map[string]profile.DumpBinaryNames

// add records table (in schema, its schema file named file) when names,
// what the file's SET NAMES sets before the CREATE TABLE, is binary and
// rest, that CREATE TABLE after the table's name, references a table
// whose name is not ASCII or holds a non-ASCII literal in a column of a
// character set that is not UTF-8.
func (b binaryNames) add(schema, table, file, names, rest string) {
	if names != "binary" || isASCII(rest) {
		return
	}
	cols, opts := columnCharsets(rest)
	e := profile.DumpBinaryNames{Table: schema + "." + table, File: file, Parents: nonASCIIParents(schema, rest),
		Columns: nonUTF8Literals(cols), PartitionColumns: nonUTF8Partitions(cols, opts)}
	if len(e.Parents)+len(e.Columns)+len(e.PartitionColumns) == 0 {
		return
	}
	e.NotUTF8 = !utf8.ValidString(rest)
	b[e.Table] = e
}

// addLiterals records a mysqldump file's table ("schema.table") when
// names, what the file's last SET NAMES set, is binary and rest, its
// CREATE TABLE from the definitions through the ENGINE line and the
// partition lines after it, quotes a non-ASCII literal in a column that
// is not UTF-8 or in the VALUES of partitions on such a column. Its names are not
// looked at: mysqldump sets character_set_client to utf8mb4 around each
// CREATE TABLE and leaves the connection's character set binary, so
// identifiers are read right and literals as binary (mariadb-dump
// --default-character-set=binary, MariaDB 10.11.19, session 59: a latin1
// ENUM('ä','b') loaded as ('Ã¤','b'), the FOREIGN KEY to `pär` kept).
func (b binaryNames) addLiterals(table, names, rest string) {
	if names != "binary" || isASCII(rest) {
		return
	}
	cols, opts := columnCharsets(rest)
	e := profile.DumpBinaryNames{Table: table, Columns: nonUTF8Literals(cols), PartitionColumns: nonUTF8Partitions(cols, opts)}
	if len(e.Columns)+len(e.PartitionColumns) > 0 {
		e.NotUTF8 = !utf8.ValidString(rest)
		b[table] = e
	}
}

// list is the tables, sorted by name; nil when none.
func (b binaryNames) list() []profile.DumpBinaryNames {
	if len(b) == 0 {
		return nil
	}
	out := make([]profile.DumpBinaryNames, 0, len(b))
	for _, e := range b {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Table < out[j].Table })
	return out
}

// nonASCIIParents are the tables a CREATE TABLE's FOREIGN KEYs reference
// (parentsOf) whose database or table name is not ASCII.
func nonASCIIParents(schema, rest string) []string {
	var out []string
	for _, p := range parentsOf(schema, rest) {
		if !isASCII(p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// columnText is one column of a CREATE TABLE: its name, its character
// set ("" for a column that holds no text) and its definition's text a
// binary connection would store double-encoded (storedText).
type columnText struct{ name, charset, stored string }

// columnCharsets reads a CREATE TABLE's columns (rest, after the table's
// name) and returns them with its table options: a column's character
// set is its own CHARACTER SET or COLLATE's, else for a textual column
// the table's DEFAULT CHARSET.
func columnCharsets(rest string) (cols []columnText, opts string) {
	body, opts := splitCreate(rest)
	tableCharset := charsetNamed(opts)
	for _, def := range splitTop(body, ',') {
		def = strings.TrimSpace(def)
		if def == "" || isKeyDef(def) {
			continue
		}
		name, after, ok := identifier([]byte(def))
		if !ok {
			continue
		}
		cs := charsetNamed(string(after))
		if cs == "" {
			if c, _ := parseColumn(def, 1); textual(c.typ) {
				cs = tableCharset
			}
		}
		cols = append(cols, columnText{name: name, charset: cs, stored: storedText(string(after))})
	}
	return cols, opts
}

// nonUTF8Literals are the columns whose character set is not a UTF-8 one
// nor binary and whose definition quotes a non-ASCII byte where it is
// stored double-encoded: a DEFAULT (a literal or an expression's), ENUM
// or SET values.
func nonUTF8Literals(cols []columnText) []string {
	var out []string
	for _, c := range cols {
		if nonUTF8(c.charset) && quotesNonASCII(c.stored) {
			out = append(out, c.name)
		}
	}
	return out
}

// nonUTF8 reports whether cs names a character set that is neither a
// UTF-8 one nor binary ("" names none).
func nonUTF8(cs string) bool { return cs != "" && !utf8Charsets[cs] }

// reGenerated finds where a column definition's generation expression
// starts: GENERATED ALWAYS AS (…), or MariaDB's short AS (…).
var reGenerated = regexp.MustCompile(`(?i)\b(?:GENERATED\s+ALWAYS\s+)?AS\s*\(`)

// storedText is a column definition (after its name) up to its COMMENT
// and its generation expression: the literals a binary connection stores
// double-encoded. A comment, a generated column's expression and a CHECK
// constraint are stored as UTF-8 either way (followed live, review r69: a
// latin1 table's AS (CONCAT(c,'ä')) computed E4E4 for 'ä' after a load as
// dumped, and CHECK (c <> 'ä') still refused 'ä'), while a DEFAULT
// expression is not (DEFAULT concat('ä','x') filled C3A478, not E478).
func storedText(after string) string {
	def := beforeComment(after)
	if loc := reGenerated.FindStringIndex(stripQuoted(def)); loc != nil { // stripQuoted keeps the offsets
		return def[:loc[0]]
	}
	return def
}

// rePartitionColumns reads the column list of a RANGE or LIST COLUMNS
// partitioning (quotes blanked); the partitions' VALUES follow it.
var rePartitionColumns = regexp.MustCompile(`(?i)\bPARTITION\s+BY\s+(?:RANGE|LIST)\s+COLUMNS\s*\(([^()]*)\)`)

// nonUTF8Partitions are the columns of a table's RANGE or LIST COLUMNS
// partitioning (in its options, opts) whose character set is not UTF-8
// when the partitions' VALUES, their comments left out, quote non-ASCII
// text: the bounds are stored double-encoded (followed live, review r69:
// a latin1 LIST's VALUES IN ('ä') stored as 'Ã¤', its rows refused "Table
// has no partition for value"; a RANGE's LESS THAN ('ö') as 'Ã¶', both
// rows in the other partition without an error).
func nonUTF8Partitions(cols []columnText, opts string) []string {
	loc := rePartitionColumns.FindStringSubmatchIndex(stripQuoted(opts))
	if loc == nil || !quotesNonASCII(withoutComments(opts[loc[1]:])) {
		return nil
	}
	var out []string
	for _, n := range strings.Split(opts[loc[2]:loc[3]], ",") {
		name := strings.Trim(strings.TrimSpace(n), "`")
		for _, c := range cols {
			if strings.EqualFold(c.name, name) && nonUTF8(c.charset) && !slices.Contains(out, c.name) {
				out = append(out, c.name)
			}
		}
	}
	return out
}

// reComment finds a COMMENT clause (quotes blanked).
var reComment = regexp.MustCompile(`(?i)\bCOMMENT\b`)

// withoutComments is s with the quoted text of its COMMENT clauses
// blanked (a partition's COMMENT is stored as UTF-8 either way).
func withoutComments(s string) string {
	b := []byte(s)
	for _, loc := range reComment.FindAllStringIndex(stripQuoted(s), -1) {
		i := loc[1]
		for i < len(b) && strings.IndexByte(" \t\r\n=", b[i]) >= 0 {
			i++
		}
		if i == len(b) || (b[i] != '\'' && b[i] != '"') {
			continue
		}
		quote := b[i]
		for j := i + 1; j < len(b); j++ {
			switch {
			case b[j] == '\\' && j+1 < len(b), b[j] == quote && j+1 < len(b) && b[j+1] == quote:
				b[j], b[j+1] = ' ', ' '
				j++
				continue
			case b[j] == quote:
				j = len(b)
				continue
			}
			b[j] = ' '
		}
	}
	return string(b)
}

// utf8Charsets are the character sets whose text a binary connection
// stores as a UTF-8 one does: the bytes are the same (binary: no
// conversion either way).
var utf8Charsets = map[string]bool{"utf8": true, "utf8mb3": true, "utf8mb4": true, "binary": true}

// charsetNamed is the character set a definition's text names, quoted
// strings left out: CHARACTER SET or CHARSET, else the prefix of its
// COLLATE ("latin1" of latin1_bin); "" when none.
func charsetNamed(s string) string {
	s = stripQuoted(s)
	if m := reCharset.FindStringSubmatch(s); m != nil {
		return strings.ToLower(m[1])
	}
	if m := reCollate.FindStringSubmatch(s); m != nil {
		cs, _, _ := strings.Cut(strings.ToLower(m[1]), "_")
		return cs
	}
	return ""
}

// beforeComment is a column definition up to its COMMENT clause (the
// whole of it when it has none).
func beforeComment(def string) string {
	up := asciiUpper(stripQuoted(def)) // as long as def, byte for byte
	if i := strings.Index(up, "COMMENT"); i >= 0 {
		return def[:i]
	}
	return def
}

// quotesNonASCII reports whether a quoted string ('…' or "…") in s holds
// a byte outside ASCII.
func quotesNonASCII(s string) bool {
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0 && c >= 0x80:
			return true
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		}
	}
	return false
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
