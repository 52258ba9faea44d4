package dump

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// reCharsetName finds the character sets and collations a dump's
// statements name, as SHOW CREATE TABLE / DATABASE / VIEW / FUNCTION
// write them (MariaDB 10.11.19 and mydumper 0.10 on 2026-12-07: "DEFAULT
// CHARSET=latin1 COLLATE=latin1_swedish_ci", "CHARACTER SET latin1
// COLLATE latin1_bin", "RETURNS varchar(5) CHARSET utf8mb4 COLLATE
// utf8mb4_general_ci") and as the view and routine headers set them
// ("SET collation_connection = utf8mb3_general_ci"; mysqldump quotes
// none of them either). A SET of a user variable ("= @PREV_…") names
// none, nor does a column named `charset_id`.
var reCharsetName = regexp.MustCompile(`(?i)\b(CHARACTER\s+SET|CHARSET|COLLATE|character_set_client|character_set_results|collation_connection)\b\s*(?:=\s*)?([a-z0-9_]{1,64})\b`)

// charsetNames are the character sets and collations a dump names.
type charsetNames struct {
	charsets, collations map[string]bool
}

// add records the names in text; quoted strings (a column's COMMENT or
// DEFAULT) and backquoted names are left out first, so a comment that says
// "COLLATE x" or a column named `charset x` names nothing.
func (n *charsetNames) add(text string) {
	up := strings.ToUpper(text)
	if !strings.Contains(up, "COLLAT") && !strings.Contains(up, "CHARSET") && !strings.Contains(up, "CHARACTER") {
		return
	}
	for _, m := range reCharsetName.FindAllStringSubmatch(blankBackquoted(stripQuoted(text)), -1) {
		name := strings.ToLower(m[2])
		if name == "binary" || name == "default" {
			continue
		}
		if n.charsets == nil {
			n.charsets, n.collations = map[string]bool{}, map[string]bool{}
		}
		if strings.HasPrefix(strings.ToLower(m[1]), "collat") {
			n.collations[name] = true
		} else {
			n.charsets[name] = true
		}
	}
}

// lists returns the names sorted, nil when there are none.
func (n *charsetNames) lists() (charsets, collations []string) {
	return sortedKeys(n.charsets), sortedKeys(n.collations)
}

// sortedKeys is m's keys in order, nil for an empty m.
func sortedKeys(m map[string]bool) []string {
	if len(m) == 0 {
		return nil
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// blankBackquoted blanks `names` (a doubled backquote inside one is part
// of it).
func blankBackquoted(s string) string {
	b, in := []byte(s), false
	for i := range b {
		if b[i] == '`' {
			in = !in
			b[i] = ' '
		} else if in {
			b[i] = ' '
		}
	}
	return string(b)
}

// MaxHeaderFileBytes bounds what is read of one database, view, routine or
// trigger file for the names it sets: mydumper 0.10 writes a few hundred
// bytes a view and a few KiB a database's routines; the names are set
// before each statement, so a longer file's first 4 MiB name them.
const MaxHeaderFileBytes = 4 << 20

// readObjectNames adds to t the names a mydumper dump's database, view,
// routine and trigger files set (the tables' own CREATE TABLEs are read
// by readSchemaEngines). A file it cannot read names nothing: it fails
// the load on its own, as the traps say.
func readObjectNames(ctx context.Context, dir string, files fileSet, t *tally) error {
	for name := range files {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("reading the schema files of %s: %w", dir, err)
		}
		f := classifyMydumperIn(files, name)
		if f.kind == "data" || f.kind == "table-schema" {
			continue
		}
		if !strings.Contains(trimCompression(name), "-schema") {
			continue
		}
		rc, err := OpenData(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(io.LimitReader(rc, MaxHeaderFileBytes))
		rc.Close()
		t.names.add(string(b))
		t.definers.add(string(b))
		t.objects.add(f.schema, string(b))
	}
	return nil
}
