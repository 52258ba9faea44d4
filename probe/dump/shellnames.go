package dump

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// shellSchemaJSON is the part of a MySQL Shell dump's per-schema file
// (schema-basename.json) that names the tables' files: table → the
// basename of its files. Dumper::get_basename (mysql-shell
// modules/util/dump/dumper.cc) cuts a basename longer than 225 characters
// and adds an ordinal, so only this map ties such files to their table.
type shellSchemaJSON struct {
	Schema    string            `json:"schema"`
	Basenames map[string]string `json:"basenames"`
}

// shellTableBasenames reads each schema's .json (named by @.json's
// basenames) and returns file basename → [schema, table]. A schema file
// that is missing or unreadable JSON adds nothing: the file names are
// then read as they are.
func shellTableBasenames(ctx context.Context, dir string, files fileSet, schemaBases map[string]string) (map[string][2]string, error) {
	out := map[string][2]string{}
	for schema, base := range schemaBases {
		name := base + ".json"
		if !files.has(name) {
			continue
		}
		data, err := readBounded(ctx, filepath.Join(dir, name), MaxMetadataBytes)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w (is the dump complete?)", filepath.Join(dir, name), err)
		}
		var sj shellSchemaJSON
		if json.Unmarshal(data, &sj) != nil {
			continue
		}
		for table, tb := range sj.Basenames {
			out[tb] = [2]string{schema, table}
		}
	}
	return out, nil
}

// classifyShellIn is classifyShell with the tables' basenames: a file
// whose name begins with one (followed by "@" or ".") belongs to that
// table, whatever its basename says after truncation.
func classifyShellIn(long map[string][2]string, name string) shellFile {
	f := classifyShell(name)
	if len(long) == 0 || f.kind == "other" {
		return f
	}
	for i := len(name) - 1; i > 0; i-- {
		if name[i] != '@' && name[i] != '.' {
			continue
		}
		if st, ok := long[name[:i]]; ok {
			f.schema, f.table = st[0], st[1]
			if strings.HasPrefix(name[i:], ".json") {
				f.kind = "table"
			}
			return f
		}
	}
	return f
}
