package dump

import (
	"regexp"
	"strconv"
	"strings"
)

// tableDef is what a CREATE TABLE says about how InnoDB stores a row: the
// columns, the clustered key and the secondary indexes.
type tableDef struct {
	cols []colDef
	// pk are the clustered index's columns (indexes into cols): the
	// PRIMARY KEY, else the first UNIQUE index of NOT NULL columns; nil
	// when InnoDB adds its hidden 6-byte DB_ROW_ID (MySQL 8.4 manual,
	// "Clustered and Secondary Indexes").
	pk []keyPart
	// secondary are the other B-tree indexes (FULLTEXT and SPATIAL left out).
	secondary [][]keyPart
	// fulltext are the FULLTEXT indexes' columns; spatial counts the
	// SPATIAL (R-tree) indexes.
	fulltext [][]keyPart
	spatial  int
	// fulltextDefs are the FULLTEXT indexes' definitions as the CREATE
	// TABLE writes them ("FULLTEXT KEY `ft` (`title`,`body`)").
	fulltextDefs []string
	// plain are the plain (KEY or INDEX) secondary indexes, which a load
	// can add after the rows (plainkeys.go).
	plain plainKeys
	// unmodelled says why the rows cannot be sized ("" when they can).
	unmodelled string
	// partitions is the tablespaces a partitioned table is stored in
	// (partitionCount; 0: not partitioned), partitionBy how its rows are
	// spread over them (partitionMethod), and partitionText the
	// partitioning lines mysqldump writes after the options they are read
	// from (bytes appended to: a table of thousands of partitions is
	// thousands of lines).
	partitions    int
	partitionBy   string
	partitionText []byte
}

// colDef is one column.
type colDef struct {
	name string
	typ  string // lower-case type name: "int", "varchar", …
	args []int  // the numbers in the type's parentheses
	// members counts an ENUM's or SET's values.
	members  int
	mbMaxLen int // bytes per character of its character set (1 for binary types)
	nullable bool
	// virtual is a generated column that is not stored (VIRTUAL): it takes
	// no row bytes and the dump carries no value for it.
	virtual bool
	// generated is any generated column (dumps leave them out of INSERTs).
	generated bool
	// autoIncrement is the AUTO_INCREMENT column, which must stay the first
	// column of an index the CREATE TABLE keeps.
	autoIncrement bool
}

// keyPart is one column of an index, with its prefix length in characters
// (0: the whole column).
type keyPart struct {
	col    int
	prefix int
}

// charsetMaxLen is the bytes per character of the character sets (MySQL 8.4
// manual, "Character Sets and Collations Supported by MySQL", Maxlen).
var charsetMaxLen = map[string]int{
	"latin1": 1, "ascii": 1, "binary": 1, "latin2": 1, "latin5": 1, "latin7": 1, "cp1250": 1, "cp1251": 1,
	"cp1256": 1, "cp1257": 1, "cp850": 1, "cp852": 1, "cp866": 1, "koi8r": 1, "koi8u": 1, "greek": 1,
	"hebrew": 1, "tis620": 1, "swe7": 1, "dec8": 1, "hp8": 1, "armscii8": 1, "geostd8": 1, "keybcs2": 1,
	"macce": 1, "macroman": 1, "utf8": 3, "utf8mb3": 3, "utf8mb4": 4, "ucs2": 2, "utf16": 4, "utf16le": 4,
	"utf32": 4, "gbk": 2, "gb2312": 2, "big5": 2, "sjis": 2, "cp932": 2, "euckr": 2, "ujis": 3,
	"eucjpms": 3, "gb18030": 4,
}

// reCharset finds a table's default character set in its options, and a
// column's in its definition ("CHARACTER SET x", "CHARSET x", "CHARSET=x").
var reCharset = regexp.MustCompile(`(?i)\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*'?(\w+)`)

// reCollate finds a COLLATE clause; its prefix names the character set.
var reCollate = regexp.MustCompile(`(?i)\bCOLLATE\s*=?\s*'?(\w+)`)

// parseCreate reads the definitions and options of a CREATE TABLE (the
// text after the table's name, as Statement.Rest holds it).
func parseCreate(rest string) tableDef {
	body, opts := splitCreate(rest)
	tableMax := charsetOf(opts, 0)
	if tableMax == 0 {
		tableMax = 1 // latin1: MariaDB's and MySQL 5.7's default server character set
	}
	d := tableDef{partitions: partitionCount(opts), partitionBy: partitionMethod(opts)}
	if rowCompressed(opts) || strings.Contains(strings.ToUpper(opts), "COMPRESSION=") {
		d.unmodelled = "compressed pages"
	}
	var keys []string
	for _, def := range splitTop(body, ',') {
		def = strings.TrimSpace(def)
		if def == "" {
			continue
		}
		if isKeyDef(def) {
			keys = append(keys, def)
			continue
		}
		c, inlineKey := parseColumn(def, tableMax)
		d.cols = append(d.cols, c)
		if inlineKey != "" {
			keys = append(keys, inlineKey+" (`"+strings.ReplaceAll(c.name, "`", "``")+"`)")
		}
	}
	if len(d.cols) == 0 {
		d.unmodelled = "no column definitions"
	}
	d.keys(keys)
	return d
}

// rowCompressed is whether a CREATE TABLE's options (the text after the
// definitions) make its pages ROW_FORMAT=COMPRESSED: that, or a
// KEY_BLOCK_SIZE, which implies it. The buffer pool holds such a page
// twice, compressed and not (MariaDB KB, "InnoDB COMPRESSED Row Format"):
// loading the sysbench dump as ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8 took
// 156 MiB of pool against 94 MiB for the same rows uncompressed, and as
// PAGE_COMPRESSED=1, compressed only on disk, 94 MiB as well (MariaDB
// 10.11.19, 2026-12-07, docs/benchmarks/live-server.md, "Compressed and
// encrypted tables"): a page-compressed table's rows are sized as any
// other's.
func rowCompressed(options string) bool {
	up := strings.ToUpper(options)
	return strings.Contains(up, "ROW_FORMAT=COMPRESSED") || strings.Contains(up, "KEY_BLOCK_SIZE")
}

// splitCreate splits the text after the table name into the definitions
// (inside the first parentheses) and the table options after them.
func splitCreate(rest string) (body, opts string) {
	open := strings.IndexByte(rest, '(')
	if open < 0 {
		return "", rest
	}
	after := afterDefinitions(rest[open:])
	end := len(rest) - len(after)
	if end-1 <= open {
		return "", rest
	}
	return rest[open+1 : end-1], after
}

// splitTop splits s at sep outside parentheses and quotes.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, quote, start := 0, byte(0), 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && quote != '`' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == sep && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// keyWords start a definition that is an index or constraint, not a column.
var keyWords = []string{"PRIMARY", "UNIQUE", "KEY", "INDEX", "FULLTEXT", "SPATIAL", "CONSTRAINT", "FOREIGN", "CHECK", "PERIOD"}

// isKeyDef reports whether a definition is an index or a constraint (a
// column's name is quoted in dumps; a bare one that is a key word is not
// a column).
func isKeyDef(def string) bool {
	if def[0] == '`' {
		return false
	}
	word := strings.ToUpper(identAt(def))
	for _, k := range keyWords {
		if word == k {
			return true
		}
	}
	return false
}

// charsetOf is the bytes per character of the character set a text names
// (CHARACTER SET, else a COLLATE's prefix); def when it names none.
func charsetOf(s string, def int) int {
	if m := reCharset.FindStringSubmatch(s); m != nil {
		if n, ok := charsetMaxLen[strings.ToLower(m[1])]; ok {
			return n
		}
	}
	if m := reCollate.FindStringSubmatch(s); m != nil {
		cs, _, _ := strings.Cut(strings.ToLower(m[1]), "_")
		if n, ok := charsetMaxLen[cs]; ok {
			return n
		}
	}
	return def
}

// reTypeArgs reads the numbers of a type's parentheses.
var reTypeArgs = regexp.MustCompile(`^\s*\(([^)]*)\)`)

// parseColumn reads one column definition; inlineKey is "PRIMARY KEY" or
// "UNIQUE KEY" when the definition declares one (id INT PRIMARY KEY).
func parseColumn(def string, tableMax int) (c colDef, inlineKey string) {
	c.name = identAt(def)
	rest := def[len(c.name):]
	if def[0] == '`' {
		_, after, _ := identifier([]byte(def))
		rest = string(after)
	}
	rest = strings.TrimLeft(rest, " \t\r\n")
	typ := identAt(rest)
	c.typ, rest = strings.ToLower(typ), rest[len(typ):] // ToLower may change the length of bytes that are not UTF-8
	if m := reTypeArgs.FindStringSubmatch(rest); m != nil {
		if c.typ == "enum" || c.typ == "set" {
			c.members = len(splitTop(m[1], ','))
		} else {
			for _, a := range strings.Split(m[1], ",") {
				n, _ := strconv.Atoi(strings.TrimSpace(a))
				c.args = append(c.args, n)
			}
		}
		rest = rest[len(m[0]):]
	}
	up := strings.ToUpper(stripQuoted(rest))
	c.nullable = !strings.Contains(up, "NOT NULL") && !strings.Contains(up, "PRIMARY KEY") && c.typ != "serial"
	c.generated = strings.Contains(up, "GENERATED ALWAYS") || strings.HasPrefix(strings.TrimSpace(up), "AS ") ||
		strings.Contains(up, " AS (")
	c.virtual = c.generated && !strings.Contains(up, "STORED") && !strings.Contains(up, "PERSISTENT")
	c.autoIncrement = strings.Contains(up, "AUTO_INCREMENT")
	c.mbMaxLen = 1
	if textual(c.typ) {
		c.mbMaxLen = charsetOf(rest, tableMax)
		if strings.Contains(up, " BINARY") && !strings.Contains(up, "CHARACTER SET") {
			c.mbMaxLen = tableMax
		}
	}
	switch {
	case strings.Contains(up, "PRIMARY KEY"):
		inlineKey = "PRIMARY KEY"
	case c.typ == "serial" || strings.Contains(up, "UNIQUE"):
		inlineKey = "UNIQUE KEY"
	}
	return c, inlineKey
}

// stripQuoted blanks quoted strings (DEFAULT 'NOT NULL' is not a clause).
func stripQuoted(s string) string {
	b := []byte(s)
	quote := byte(0)
	for i := 0; i < len(b); i++ {
		switch {
		case quote != 0:
			if b[i] == '\\' && i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
				continue
			}
			if b[i] == quote {
				quote = 0
			}
			b[i] = ' '
		case b[i] == '\'' || b[i] == '"':
			quote = b[i]
			b[i] = ' '
		}
	}
	return string(b)
}

// textual reports whether a type holds characters of a character set.
func textual(typ string) bool {
	switch typ {
	case "char", "varchar", "tinytext", "text", "mediumtext", "longtext", "character", "nchar", "nvarchar",
		"national", "long", "json", "enum", "set":
		return true
	}
	return false
}

// keys reads the index definitions into the clustered key and the
// secondary indexes.
func (d *tableDef) keys(defs []string) {
	firstUnique := -1
	for _, def := range defs {
		up := strings.ToUpper(def)
		word := strings.ToUpper(identAt(def))
		if word == "CONSTRAINT" { // CONSTRAINT `name` PRIMARY KEY / UNIQUE / FOREIGN KEY / CHECK
			_, after, _ := strings.Cut(up, " ")
			after = strings.TrimSpace(after)
			switch i, j := strings.Index(up, " PRIMARY KEY"), strings.Index(up, " UNIQUE"); {
			case strings.HasPrefix(after, "PRIMARY") || strings.HasPrefix(after, "UNIQUE"):
			case i >= 0 && (j < 0 || i < j):
				after = up[i+1:]
			case j >= 0:
				after = up[j+1:]
			default:
				continue // FOREIGN KEY, CHECK: no index of its own here
			}
			word = identAt(after)
		}
		switch word {
		case "FULLTEXT":
			if parts, ok := d.keyParts(def); ok {
				d.fulltext = append(d.fulltext, parts)
			}
			d.fulltextDefs = append(d.fulltextDefs, def)
			continue
		case "SPATIAL":
			d.spatial++
			continue
		case "FOREIGN", "CHECK", "PERIOD", "CONSTRAINT":
			continue
		}
		parts, ok := d.keyParts(def)
		if !ok {
			if word == "PRIMARY" && d.unmodelled == "" {
				d.unmodelled = "a primary key on an expression"
			}
			d.plain.functional(word)
			continue // a functional index (MySQL 8.0.13+): its entries are not sized, the table's rows are
		}
		switch {
		case word == "PRIMARY":
			d.pk = parts
		case word == "UNIQUE" && firstUnique < 0 && d.allNotNull(parts):
			firstUnique = len(d.secondary)
			d.secondary = append(d.secondary, parts)
		default:
			d.plain.add(word, def, len(d.secondary))
			d.secondary = append(d.secondary, parts)
		}
	}
	if d.pk == nil && firstUnique >= 0 { // InnoDB clusters on the first NOT NULL unique index
		d.pk = d.secondary[firstUnique]
		d.secondary = append(d.secondary[:firstUnique], d.secondary[firstUnique+1:]...)
		d.plain.removed(firstUnique)
	}
	d.plain.checkAutoIncrement(d)
}

// keyParts reads an index's column list (the last parenthesised group
// before its options); ok is false for an expression part.
func (d *tableDef) keyParts(def string) ([]keyPart, bool) {
	open := strings.IndexByte(def, '(')
	if open < 0 {
		return nil, false
	}
	after := afterDefinitions(def[open:])
	end := len(def) - len(after) - 1
	if end <= open { // never closed
		return nil, false
	}
	list := def[open+1 : end]
	var parts []keyPart
	for _, p := range splitTop(list, ',') {
		p = strings.TrimSpace(p)
		if p == "" || p[0] == '(' {
			return nil, false
		}
		name := identAt(p)
		idx := d.colIndex(name)
		if idx < 0 {
			return nil, false
		}
		kp := keyPart{col: idx}
		if m := reTypeArgs.FindStringSubmatch(p[len(name)+2*boolInt(p[0] == '`'):]); m != nil {
			kp.prefix, _ = strconv.Atoi(strings.TrimSpace(m[1]))
		}
		parts = append(parts, kp)
	}
	return parts, len(parts) > 0
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// colIndex finds a column by name (case-insensitive, as MySQL compares
// column names); -1 when there is none.
func (d *tableDef) colIndex(name string) int {
	for i, c := range d.cols {
		if strings.EqualFold(c.name, name) {
			return i
		}
	}
	return -1
}

// allNotNull reports whether every column of an index is NOT NULL.
func (d *tableDef) allNotNull(parts []keyPart) bool {
	for _, p := range parts {
		if d.cols[p.col].nullable {
			return false
		}
	}
	return true
}
