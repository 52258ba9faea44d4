package dump

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
)

// mydumperSource lists a mydumper directory's data files (db.table.sql,
// db.table.NNNNN.sql, optionally .gz/.zst) and reads each table's CREATE
// TABLE from its db.table-schema.sql file (mydumper docs/files.rst),
// through cc (nil: read each file now).
func mydumperSource(ctx context.Context, dir string, files fileSet, cc *createCache) (*Source, error) {
	src := &Source{Path: dir, Format: FormatMydumper}
	tables := map[string]SourceTable{}
	var data []pending
	skipped := map[string]bool{}
	for name, size := range files {
		f := classifyMydumperIn(files, name)
		if f.kind != "data" {
			continue
		}
		key := f.schema + "." + f.table
		if !strings.HasSuffix(trimCompression(name), ".sql") {
			skipped["data files in mydumper's LOAD DATA formats (.dat, .csv) are not loaded"] = true
			continue
		}
		if _, ok := tables[key]; !ok && !skipped[key] {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("reading the schema files of %s: %w", dir, err)
			}
			rest, err := mydumperCreate(dir, files, f.schema, f.table, cc)
			if err != nil {
				skipped[key] = true
				src.Notes = append(src.Notes, fmt.Sprintf("table %s left out: %v", key, err))
				continue
			}
			tables[key] = SourceTable{Schema: f.schema, Name: f.table, CreateRest: rest}
		}
		data = append(data, pending{key: key, chunk: name, file: DataFile{Path: filepath.Join(dir, name), Kind: KindSQL, Bytes: size}})
	}
	for note := range skipped {
		if strings.Contains(note, " ") {
			src.Notes = append(src.Notes, note)
		}
	}
	src.order(tables, data)
	return src, nil
}

// mydumperCreate finds db.table-schema.sql (any compression) and reads it.
func mydumperCreate(dir string, files fileSet, schema, table string, cc *createCache) (string, error) {
	base := schema + "." + table + "-schema.sql"
	for _, name := range []string{base, base + ".gz", base + ".zst"} {
		if files.has(name) {
			return cc.read(filepath.Join(dir, name))
		}
	}
	return "", fmt.Errorf("no %s schema file", base)
}
