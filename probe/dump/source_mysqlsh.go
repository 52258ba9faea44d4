package dump

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
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

// decodeColumns lists the table's columns MySQL Shell encoded (sorted).
func (t shellTableJSON) decodeColumns() []string {
	var out []string
	for _, m := range []map[string]string{t.Options.DecodeColumns, t.DecodeColumns} {
		for c := range m {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return out
}

// shellSource lists a MySQL Shell dump's chunks (schema@table@N.tsv.zst,
// schema@table.tsv.zst…) with each table's DDL (schema@table.sql) and
// column list (schema@table.json), the DDL through cc (nil: read now).
func shellSource(ctx context.Context, dir string, files fileSet, cc *createCache) (*Source, error) {
	src := &Source{Path: dir, Format: FormatMySQLShell, Charset: "utf8mb4"}
	data, err := readBounded(ctx, filepath.Join(dir, "@.json"), MaxMetadataBytes)
	if err != nil {
		return nil, err
	}
	var inst struct {
		DefaultCharacterSet string            `json:"defaultCharacterSet"`
		Basenames           map[string]string `json:"basenames"`
	}
	if err := json.Unmarshal(data, &inst); err != nil {
		return nil, fmt.Errorf("reading %s: %w (is the dump complete?)", filepath.Join(dir, "@.json"), err)
	}
	if inst.DefaultCharacterSet != "" {
		src.Charset = inst.DefaultCharacterSet
	}
	long, err := shellTableBasenames(ctx, dir, files, inst.Basenames) // tables whose file names were cut
	if err != nil {
		return nil, err
	}
	tables := map[string]SourceTable{}
	left := map[string]bool{}
	var chunks []pending
	for name, size := range files {
		f := classifyShellIn(long, name)
		if f.kind != "data" || !strings.HasSuffix(trimCompression(name), ".tsv") {
			continue
		}
		parts := strings.SplitN(name, "@", 3)
		prefix := parts[0] + "@" + strings.TrimSuffix(trimCompression(parts[1]), ".tsv")
		if _, ok := tables[prefix]; !ok && !left[prefix] {
			t, err := shellTable(dir, files, prefix, f, cc)
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
	if note := leftOutShare(files, left); note != "" {
		src.Notes = append(src.Notes, note)
	}
	return src, nil
}

// leftOutShare says how much of the dump's chunk bytes the left-out tables
// hold, so that a calibration on the rest is read as what it is; "" when
// none is left out.
func leftOutShare(files fileSet, left map[string]bool) string {
	var all, out uint64
	for name, size := range files {
		f := classifyShell(name)
		if f.kind != "data" {
			continue
		}
		all += size
		parts := strings.SplitN(name, "@", 3)
		if len(parts) >= 2 && left[parts[0]+"@"+strings.TrimSuffix(trimCompression(parts[1]), ".tsv")] {
			out += size
		}
	}
	if out == 0 || all == 0 {
		return ""
	}
	return fmt.Sprintf("the tables left out hold %.0f%% of the dump's chunk bytes: the calibration measures the rest only",
		100*float64(out)/float64(all))
}

// shellTable reads one table's DDL and options.
func shellTable(dir string, files fileSet, prefix string, f shellFile, cc *createCache) (SourceTable, error) {
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
	if cols := tj.decodeColumns(); len(cols) > 0 {
		return SourceTable{}, fmt.Errorf("its column(s) %s are encoded in the chunks (decodeColumns: MySQL Shell writes "+
			"binary columns as base64 or hex and decodes them with SET on load), which calibrate does not replay", strings.Join(cols, ", "))
	}
	if !tj.defaultDialect() {
		return SourceTable{}, fmt.Errorf("its chunks are not in the default tsv dialect (fields or lines terminated, enclosed or escaped otherwise)")
	}
	rest, err := cc.read(filepath.Join(dir, prefix+".sql"))
	if err != nil {
		return SourceTable{}, err
	}
	return SourceTable{Schema: f.schema, Name: f.table, CreateRest: rest, Columns: tj.Options.Columns}, nil
}
