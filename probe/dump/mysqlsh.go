package dump

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/mytune/mytune/profile"
)

// shellInfo is what a MySQL Shell dump's @.json and @.done.json say
// (MySQL Shell manual, "Instance Dump Utility": the dump's metadata files).
type shellInfo struct {
	Dumper        string            `json:"dumper"`
	ServerVersion string            `json:"serverVersion"`
	Schemas       []string          `json:"schemas"`
	Basenames     map[string]string `json:"basenames"`
	Compression   string            `json:"compression"`
	DataBytes     uint64            `json:"dataBytes"` // @.done.json
	// TableDataBytes is @.done.json's schema → table → uncompressed bytes.
	TableDataBytes map[string]map[string]uint64 `json:"tableDataBytes"`
}

// parseShellJSON reads @.json (or @.done.json) into info, keeping fields
// already set. Unknown fields are ignored: later releases add many.
func parseShellJSON(data []byte, info *shellInfo) error {
	var v shellInfo
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("not MySQL Shell dump JSON: %w", err)
	}
	if v.Dumper != "" {
		info.Dumper = v.Dumper
	}
	if v.ServerVersion != "" {
		info.ServerVersion = v.ServerVersion
	}
	if len(v.Schemas) > 0 {
		info.Schemas = v.Schemas
	}
	if len(v.Basenames) > 0 {
		info.Basenames = v.Basenames
	}
	if v.Compression != "" {
		info.Compression = v.Compression
	}
	if v.DataBytes > 0 {
		info.DataBytes = v.DataBytes
	}
	if len(v.TableDataBytes) > 0 {
		info.TableDataBytes = v.TableDataBytes
	}
	return nil
}

// shellFile is what one file of a MySQL Shell dump stands for.
type shellFile struct {
	kind          string // "data", "table", "other"
	schema, table string
}

// classifyShell reads a MySQL Shell dump file name: schema@table.json
// (one per table), schema@table@N.tsv.zst and the last chunk
// schema@table@@N.tsv.zst, unchunked schema@table.tsv.zst, partitions
// schema@table@part@N…; names are percent-encoded. Index files (.idx) and
// instance files (@.json, @.sql…) are "other".
func classifyShell(name string) shellFile {
	if strings.HasPrefix(name, "@") || strings.HasSuffix(name, ".idx") {
		return shellFile{kind: "other"}
	}
	base := trimCompression(name)
	ext := filepath.Ext(base)
	parts := strings.Split(strings.TrimSuffix(base, ext), "@")
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
		return shellFile{kind: "other"}
	}
	schema, table := unescapeShell(parts[0]), unescapeShell(parts[1])
	switch ext {
	case ".tsv", ".csv", ".txt":
		return shellFile{kind: "data", schema: schema, table: table}
	case ".json":
		if len(parts) == 2 {
			return shellFile{kind: "table", schema: schema, table: table}
		}
		return shellFile{kind: "data", schema: schema, table: table} // json dialect chunk
	}
	return shellFile{kind: "other"}
}

func unescapeShell(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// readMySQLShell builds the shape of a MySQL Shell dump directory.
func readMySQLShell(ctx context.Context, dir string, all fileSet) (*profile.Dump, error) {
	files, ignored := loadedFiles(all, shellReads, "util.loadDump")
	var info shellInfo
	for _, meta := range []string{"@.json", "@.done.json"} {
		if !files.has(meta) {
			continue
		}
		data, err := readBounded(ctx, filepath.Join(dir, meta), MaxMetadataBytes)
		if err != nil {
			return nil, err
		}
		if err := parseShellJSON(data, &info); err != nil {
			return nil, fmt.Errorf("reading %s: %w (is the dump complete?)", filepath.Join(dir, meta), err)
		}
	}
	d := &profile.Dump{Path: dir, Format: FormatMySQLShell, Dumper: info.Dumper,
		SourceVersion: info.ServerVersion, DataBytes: info.DataBytes}
	if !files.has("@.done.json") {
		d.Notes = append(d.Notes, "no @.done.json: the dump did not finish or is still running")
	}
	if ignored != "" {
		d.Notes = append(d.Notes, ignored)
	}
	long, err := shellTableBasenames(ctx, dir, files, info.Basenames)
	if err != nil {
		return nil, err
	}
	t, schemaFiles := shellTally(files, info.Basenames, long)
	for _, s := range info.Schemas {
		t.schemas[s] = true
	}
	note, err := readSchemaEngines(ctx, dir, schemaFiles, t)
	if err != nil {
		return nil, err
	}
	if note != "" {
		d.Notes = append(d.Notes, note)
	}
	d.FileBytes = files.sum()
	if err := shellSizes(ctx, dir, d, t, files, info); err != nil {
		return nil, err
	}
	if err := t.modelDir(ctx, dir, files, d); err != nil {
		return nil, err
	}
	t.fill(d)
	return d, nil
}

// MaxShellDataRatio is the most uncompressed data per byte of data files
// a MySQL Shell dump's @.done.json is believed: zstd's ratio on SQL and
// TSV is 2-10x (2.0x on this project's sysbench dump), and even a table of
// one repeated value stays well under 1000x; beyond, the dump is cut
// short or the file was edited.
const MaxShellDataRatio = 1000

// ShellDataSlack is how much more than the data files' uncompressed size,
// read through, @.done.json's dataBytes may say and still be believed:
// dataBytes counts the data written before compression (mysql-shell
// modules/util/dump/dumper.cc), so a whole dump matches it exactly, and a
// factor of 2 leaves room for the estimate uncompressedSizes makes past
// MaxSampleBytes, while a copy cut short to half its data is caught.
const ShellDataSlack = 2

// shellSizes sets d.TotalBytes and the table bytes of t uncompressed from
// @.done.json (dataBytes, tableDataBytes) when it has them: the data plus
// the other files (DDL, metadata) as stored; else on-disk. A dataBytes over
// MaxShellDataRatio times the data files is checked against what they
// hold uncompressed (a table of one repeated value compresses ~10,900x
// with zstd, QA9's sh-const) and is not believed when they hold less than
// 1/ShellDataSlack of it, or cannot be read.
func shellSizes(ctx context.Context, dir string, d *profile.Dump, t *tally, files fileSet, info shellInfo) error {
	data := fileSet{}
	for name, bytes := range files {
		if classifyShell(name).kind == "data" {
			data[name] = bytes
		}
	}
	if chunkBytes := data.sum(); info.DataBytes > MaxShellDataRatio*max(chunkBytes, 1) {
		sizes, basis, _, err := uncompressedSizes(ctx, dir, data)
		if err != nil {
			return err
		}
		held := "they could not be read through"
		if basis != profile.DumpBytesOnDisk {
			if info.DataBytes <= ShellDataSlack*sizes.sum() {
				d.Notes = append(d.Notes, fmt.Sprintf("@.done.json says %s of data, more than %d times the %s of data files here; "+
					"read through they hold %s, so it is believed", profile.HumanBytes(info.DataBytes), MaxShellDataRatio,
					profile.HumanBytes(chunkBytes), profile.HumanBytes(sizes.sum())))
				shellDataSizes(d, t, files, info)
				return nil
			}
			held = "read through they hold " + profile.HumanBytes(sizes.sum())
		}
		d.Notes = append(d.Notes, fmt.Sprintf("@.done.json says %s of data, more than %d times the %s of data files here, and %s: "+
			"not believed (a copy cut short, or a hand-edited file); sizes are the files' on disk", profile.HumanBytes(info.DataBytes),
			MaxShellDataRatio, profile.HumanBytes(chunkBytes), held))
		d.DataBytes, info.DataBytes = 0, 0
	}
	shellDataSizes(d, t, files, info)
	return nil
}

// shellDataSizes sets the sizes from @.done.json as shellSizes says.
func shellDataSizes(d *profile.Dump, t *tally, files fileSet, info shellInfo) {
	if info.DataBytes == 0 || len(info.TableDataBytes) == 0 {
		d.TotalBytes, d.TotalBytesBasis = d.FileBytes, profile.DumpBytesOnDisk
		return
	}
	d.TotalBytes, d.TotalBytesBasis = info.DataBytes, profile.DumpBytesUncompressed
	for name, bytes := range files {
		if classifyShell(name).kind != "data" {
			d.TotalBytes += bytes
		}
	}
	for _, tb := range t.tables {
		tb.Bytes = 0
	}
	for schema, tables := range info.TableDataBytes {
		for table, bytes := range tables {
			if tb, ok := t.tables[schema+"."+table]; ok {
				tb.Bytes = bytes
			}
		}
	}
}

// shellTally adds a MySQL Shell dump's tables and data files up; basenames
// (schema → file basename in @.json) map file names back to schema names,
// long (file basename → schema and table, from each schema's .json) those
// of tables whose names were cut.
// It also returns each table's DDL file (schema@table.sql) where the dump
// has one.
func shellTally(files fileSet, basenames map[string]string, long map[string][2]string) (*tally, map[[2]string]string) {
	bySchemaBase := map[string]string{}
	for schema, base := range basenames {
		bySchemaBase[unescapeShell(base)] = schema
	}
	t, ddlFiles := newTally(), map[[2]string]string{}
	for name, bytes := range files {
		f := classifyShellIn(long, name)
		if s, ok := bySchemaBase[f.schema]; ok {
			f.schema = s
		}
		switch f.kind {
		case "data":
			t.chunk(f.schema, f.table, name, bytes)
		case "table":
			t.table(f.schema, f.table)
			ddl := strings.TrimSuffix(name, ".json") + ".sql"
			if files.has(ddl) {
				ddlFiles[[2]string{f.schema, f.table}] = ddl
			}
		}
	}
	return t, ddlFiles
}
