package dump

import (
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
	e := profile.DumpBinaryNames{Table: schema + "." + table, File: file, Parents: nonASCIIParents(schema, rest), Columns: nonUTF8Literals(rest)}
	if len(e.Parents)+len(e.Columns) == 0 {
		return
	}
	e.NotUTF8 = !utf8.ValidString(rest)
	b[e.Table] = e
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

// nonUTF8Literals are the columns of a CREATE TABLE whose character set
// (their own CHARACTER SET or COLLATE, else a textual column's table
// DEFAULT CHARSET) is not a UTF-8 one nor binary and whose definition,
// before its COMMENT (comments are stored as UTF-8 either way: checked
// live), quotes a non-ASCII byte: a DEFAULT, ENUM or SET values.
func nonUTF8Literals(rest string) []string {
	body, opts := splitCreate(rest)
	tableCharset := charsetNamed(opts)
	var out []string
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
			c, _ := parseColumn(def, 1)
			if !textual(c.typ) {
				continue
			}
			cs = tableCharset
		}
		if cs != "" && !utf8Charsets[cs] && quotesNonASCII(beforeComment(string(after))) {
			out = append(out, name)
		}
	}
	return out
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
