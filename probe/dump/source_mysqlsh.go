package dump

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// shellTableJSON is a MySQL Shell dump's schema@table.json: the LOAD DATA
// options its chunks need (MySQL Shell manual, "Instance Dump Utility":
// the default dialect is tsv, fields tab-separated, escaped by '\', lines
// ending in '\n', no enclosure).
type shellTableJSON struct {
	Options struct {
		Columns                  []string          `json:"columns"`
		FieldsTerminatedBy       *string           `json:"fieldsTerminatedBy"`
		FieldsEnclosedBy         *string           `json:"fieldsEnclosedBy"`
		FieldsOptionallyEnclosed bool              `json:"fieldsOptionallyEnclosed"`
		FieldsEscapedBy          *string           `json:"fieldsEscapedBy"`
		LinesTerminatedBy        *string           `json:"linesTerminatedBy"`
		DecodeColumns            map[string]string `json:"decodeColumns"`
	} `json:"options"`
	DecodeColumns map[string]string `json:"decodeColumns"`
}

// defaultDialect reports whether the table's chunks use the tsv dialect
// calibrate loads (any other is left out, said in a note).
func (t shellTableJSON) defaultDialect() bool {
	is := func(p *string, want string) bool { return p == nil || *p == want }
	o := t.Options
	return is(o.FieldsTerminatedBy, "\t") && is(o.FieldsEnclosedBy, "") && !o.FieldsOptionallyEnclosed &&
		is(o.FieldsEscapedBy, `\`) && is(o.LinesTerminatedBy, "\n") && len(o.DecodeColumns) == 0 && len(t.DecodeColumns) == 0
}

// shellSource lists a MySQL Shell dump's chunks (schema@table@N.tsv.zst,
// schema@table.tsv.zst…) with each table's DDL (schema@table.sql) and
// column list (schema@table.json).
func shellSource(ctx context.Context, dir string, files fileSet) (*Source, error) {
	src := &Source{Path: dir, Format: FormatMySQLShell, Charset: "utf8mb4"}
	data, err := readBounded(ctx, filepath.Join(dir, "@.json"), MaxMetadataBytes)
	if err != nil {
		return nil, err
	}
	var inst struct {
		DefaultCharacterSet string `json:"defaultCharacterSet"`
	}
	if err := json.Unmarshal(data, &inst); err != nil {
		return nil, fmt.Errorf("reading %s: %w (is the dump complete?)", filepath.Join(dir, "@.json"), err)
	}
	if inst.DefaultCharacterSet != "" {
		src.Charset = inst.DefaultCharacterSet
	}
	tables := map[string]SourceTable{}
	left := map[string]bool{}
	var chunks []pending
	for name, size := range files {
		f := classifyShell(name)
		if f.kind != "data" || !strings.HasSuffix(trimCompression(name), ".tsv") {
			continue
		}
		parts := strings.SplitN(name, "@", 3)
		prefix := parts[0] + "@" + strings.TrimSuffix(trimCompression(parts[1]), ".tsv")
		if _, ok := tables[prefix]; !ok && !left[prefix] {
			t, err := shellTable(dir, files, prefix, f)
			if err != nil {
				left[prefix] = true
				src.Notes = append(src.Notes, fmt.Sprintf("table %s.%s left out: %v", f.schema, f.table, err))
				continue
			}
			tables[prefix] = t
		}
		if !left[prefix] {
			chunks = append(chunks, pending{key: prefix, chunk: name, file: DataFile{Path: filepath.Join(dir, name), Kind: KindTSV, Bytes: size}})
		}
	}
	src.order(tables, chunks)
	return src, nil
}

// shellTable reads one table's DDL and options.
func shellTable(dir string, files fileSet, prefix string, f shellFile) (SourceTable, error) {
	for _, need := range []string{prefix + ".json", prefix + ".sql"} {
		if !files.has(need) {
			return SourceTable{}, fmt.Errorf("its %s is missing", need)
		}
	}
	data, err := readBounded(context.Background(), filepath.Join(dir, prefix+".json"), MaxMetadataBytes)
	if err != nil {
		return SourceTable{}, err
	}
	var tj shellTableJSON
	if err := json.Unmarshal(data, &tj); err != nil {
		return SourceTable{}, fmt.Errorf("reading %s.json: %w", prefix, err)
	}
	if !tj.defaultDialect() {
		return SourceTable{}, fmt.Errorf("its chunks are not in the default tsv dialect")
	}
	rest, err := readCreate(filepath.Join(dir, prefix+".sql"))
	if err != nil {
		return SourceTable{}, err
	}
	return SourceTable{Schema: f.schema, Name: f.table, CreateRest: rest, Columns: tj.Options.Columns}, nil
}
