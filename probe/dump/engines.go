package dump

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// engineNames spells the storage engines as SHOW ENGINES does (MySQL 8.4
// and MariaDB 11.8 manuals, "Alternative Storage Engines"); an engine not
// listed keeps the dump's spelling.
var engineNames = map[string]string{
	"innodb": "InnoDB", "myisam": "MyISAM", "aria": "Aria", "memory": "MEMORY",
	"heap": "MEMORY", "csv": "CSV", "archive": "ARCHIVE", "blackhole": "BLACKHOLE",
	"mrg_myisam": "MRG_MyISAM", "federated": "FEDERATED", "rocksdb": "ROCKSDB",
	"tokudb": "TokuDB", "spider": "SPIDER", "connect": "CONNECT", "s3": "S3",
	"sequence": "SEQUENCE", "columnstore": "Columnstore", "ndbcluster": "ndbcluster",
}

// tableEngine reads the ENGINE= table option from the text of a CREATE
// TABLE after the table's name (its column and index definitions in
// parentheses, then the table options); "" when it names none. Only the
// options after the definitions are searched, so a column named engine
// is not taken for one.
func tableEngine(createRest string) string {
	opts := afterDefinitions(createRest)
	up := strings.ToUpper(opts)
	for from := 0; ; {
		i := strings.Index(up[from:], "ENGINE")
		if i < 0 {
			return ""
		}
		i += from
		from = i + len("ENGINE")
		if i > 0 && isIdentByte(up[i-1]) {
			continue // SECONDARY_ENGINE, …
		}
		rest := strings.TrimLeft(opts[from:], " \t\r\n")
		if !strings.HasPrefix(rest, "=") {
			continue
		}
		return canonicalEngine(identAt(strings.TrimLeft(rest[1:], " \t\r\n")))
	}
}

// afterDefinitions is s after its first balanced parenthesised group,
// quotes respected; s itself when it has none (CREATE TABLE … LIKE, or
// text cut short).
func afterDefinitions(s string) string {
	depth, quote := 0, byte(0)
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
			if depth == 0 {
				return s[i+1:]
			}
		}
	}
	return s
}

// identAt reads a bare, `quoted` or 'quoted' identifier at the start of s.
func identAt(s string) string {
	if s != "" && (s[0] == '`' || s[0] == '\'' || s[0] == '"') {
		if end := strings.IndexByte(s[1:], s[0]); end >= 0 {
			return s[1 : end+1]
		}
	}
	end := 0
	for end < len(s) && isIdentByte(s[end]) {
		end++
	}
	return s[:end]
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// canonicalEngine spells an engine name as SHOW ENGINES does.
func canonicalEngine(name string) string {
	if n, ok := engineNames[strings.ToLower(name)]; ok {
		return n
	}
	return name
}

// engine records the engine a table's CREATE TABLE names.
func (t *tally) engine(schema, name, engine string) {
	if engine != "" {
		t.table(schema, name).Engine = engine
	}
}

// engines adds the tables' bytes up per engine, most bytes first.
func (t *tally) engines() []profile.DumpEngine {
	by := map[string]*profile.DumpEngine{}
	for key, tb := range t.tables {
		if systemSchemas[t.schemaOf[key]] {
			continue // the server's own tables: their engines are its business
		}
		name := tb.Engine
		if name == "" {
			name = profile.DumpEngineUnknown
		}
		e, ok := by[name]
		if !ok {
			e = &profile.DumpEngine{Name: name}
			by[name] = e
		}
		e.Tables++
		e.Bytes += tb.Bytes
	}
	list := make([]profile.DumpEngine, 0, len(by))
	for _, e := range by {
		list = append(list, *e)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Bytes != list[j].Bytes {
			return list[i].Bytes > list[j].Bytes
		}
		return list[i].Name < list[j].Name
	})
	return list
}

// readSchemaEngines reads the engine of each table from its schema file
// (files: "schema.table" → file name in dir): the first CREATE TABLE of
// each. A file that cannot be read leaves its table's engine unknown; a
// note counts them.
func readSchemaEngines(ctx context.Context, dir string, files map[[2]string]string, t *tally) (note string, err error) {
	unread := 0
	for key, name := range files {
		if err := ctx.Err(); err != nil {
			return "", fmt.Errorf("reading the schema files of %s: %w", dir, err)
		}
		rest, err := t.creates.read(filepath.Join(dir, name))
		if err != nil {
			unread++
			continue
		}
		t.binary.add(key[0], key[1], name, t.creates.names(filepath.Join(dir, name)), rest)
		t.engine(key[0], key[1], tableEngine(rest))
		t.names.add(rest)
		t.functional.add(key[0]+"."+key[1], rest)
		t.genNotNull.add(key[0]+"."+key[1], rest)
		t.invisible.add(key[0]+"."+key[1], rest)
		t.zeroDefaults.add(key[0]+"."+key[1], rest)
		t.dataDirs.add(key[0]+"."+key[1], afterDefinitions(rest))
		t.encryption.add(key[0]+"."+key[1], afterDefinitions(rest))
		t.compressedRows(key[0]+"."+key[1], afterDefinitions(rest))
		t.wide.add(key[0]+"."+key[1], rest)
		t.kinds.add(key[0], key[0]+"."+key[1], rest)
	}
	if unread > 0 {
		note = fmt.Sprintf("%d schema files had no readable CREATE TABLE: their tables' engine is unknown (counted as InnoDB)", unread)
	}
	return note, nil
}

// engineNote says which of the dump's tables are not InnoDB, "" when all
// are (or none says otherwise).
func engineNote(d *profile.Dump) string {
	tables, bytes, names := d.NonInnoDB()
	if tables == 0 {
		return ""
	}
	what := "tables"
	if d.SystemTables > 0 {
		what = "tables of the user schemas"
	}
	return fmt.Sprintf("%d of %d %s (%s of data) are %s, not InnoDB", tables, d.Tables-d.SystemTables, what,
		profile.HumanBytes(bytes), strings.Join(names, ", "))
}
