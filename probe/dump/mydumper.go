package dump

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mytune/mytune/profile"
)

// looksLikeMydumper reports whether a directory listing is a mydumper dump:
// a metadata file (metadata.partial while it runs or when it failed) or
// db.table-schema.sql files (mydumper docs/files.rst, "Output Files").
func looksLikeMydumper(files fileSet) bool {
	if files.has("metadata") || files.has("metadata.partial") {
		return true
	}
	for name := range files {
		if strings.Contains(trimCompression(name), "-schema.sql") {
			return true
		}
	}
	return false
}

// mydumperFile is what one file name of a mydumper dump stands for.
type mydumperFile struct {
	kind          string // "data", "table-schema", "view", "schema", "other"
	schema, table string
}

// mydumperSchemaSuffixes are the endings mydumper gives the statements it
// writes beside the data, longest first, with what each file holds
// (mydumper docs/files.rst, "Output Files"; db-level ones have no table).
var mydumperSchemaSuffixes = []struct{ suffix, kind string }{
	{"-schema-triggers", "other"}, {"-schema-sequence", "other"},
	{"-schema-create", "schema"}, {"-schema-post", "other"},
	{"-schema-view", "view"}, {"-schema", "table-schema"},
}

// classifyMydumper reads a mydumper file name: db.table.sql,
// db.table.00001.sql (chunks, --rows), db.table.00000.sql.zst (newer
// releases), db.table-schema.sql, db.view-schema-view.sql and
// db-schema-create.sql, each optionally .gz or .zst compressed. Only a
// name's ending marks a schema file, so a database or table whose name
// holds "-schema" (shop-schema.orders.sql) is data; the one name mydumper
// writes alike for two files (db.t-schema.sql: t's CREATE TABLE, or the
// data of a table named t-schema) is told apart by classifyMydumperIn.
func classifyMydumper(name string) mydumperFile {
	base := trimCompression(name)
	stem, ok := "", false
	for _, ext := range []string{".sql", ".dat", ".csv"} {
		if stem, ok = strings.CutSuffix(base, ext); ok {
			break
		}
	}
	if !ok {
		return mydumperFile{kind: "other"}
	}
	for _, s := range mydumperSchemaSuffixes {
		prefix, ok := strings.CutSuffix(stem, s.suffix)
		if !ok || prefix == "" {
			continue
		}
		db, tbl, dotted := strings.Cut(prefix, ".")
		switch {
		case s.kind == "schema" || s.suffix == "-schema-post":
			// db-schema-create.sql; a database named with a dot
			// (arch.ive-schema-create.sql) too, unless classifyMydumperIn
			// finds the CREATE TABLE of a table of that name
			return mydumperFile{kind: s.kind, schema: prefix}
		case dotted && s.kind != "schema" && db != "" && tbl != "":
			return mydumperFile{kind: s.kind, schema: db, table: tbl}
		}
	}
	db, rest, ok := strings.Cut(stem, ".")
	if !ok || db == "" || rest == "" {
		return mydumperFile{kind: "other"}
	}
	return mydumperFile{kind: "data", schema: db, table: trimChunkNumbers(rest)}
}

// classifyMydumperIn is classifyMydumper within a dump's files: a
// db.t-schema.sql whose dump also holds db.t-schema-schema.sql (the
// CREATE TABLE of a table named t-schema) is that table's data, and a
// file of a database named with a dot is read as that database's
// (splitAtDatabase).
func classifyMydumperIn(files fileSet, name string) mydumperFile {
	return keepTableDigits(files, name, splitAtDatabase(files, classifySchemaFileIn(files, name)))
}

// splitAtDatabase moves the cut between database and table of a file
// name to the longest database the dump creates: mydumper 0.10 writes
// database bulk.db's table t1 as bulk.db.t1.sql beside
// bulk.db-schema-create.sql (mydumper 0.10.0 on 2026-12-03,
// testdata/mydumper-0.10-dbdot: db.dot.t1.sql, db.dot-schema-create.sql),
// which classifyMydumper reads as table db.t1 of database bulk. A dump
// without -schema-create.sql files (mydumper -m) names no database, so
// its names stay cut at the first dot.
func splitAtDatabase(files fileSet, f mydumperFile) mydumperFile {
	if f.table == "" {
		return f
	}
	full := f.schema + "." + f.table
	for i := len(full) - 1; i > len(f.schema); i-- {
		if full[i] == '.' && createsDatabase(files, full[:i]) && i+1 < len(full) {
			return mydumperFile{kind: f.kind, schema: full[:i], table: full[i+1:]}
		}
	}
	return f
}

// createsDatabase reports whether the dump holds db's
// db-schema-create.sql (compressed or not) as a database's file, not as
// the data of a table named like one.
func createsDatabase(files fileSet, db string) bool {
	for _, ext := range []string{"", ".gz", ".zst"} {
		name := db + "-schema-create.sql" + ext
		if files.has(name) && classifySchemaFileIn(files, name).kind == "schema" {
			return true
		}
	}
	return false
}

// classifySchemaFileIn is classifyMydumper with the two names mydumper
// writes alike told apart by the dump's other files.
func classifySchemaFileIn(files fileSet, name string) mydumperFile {
	f := classifyMydumper(name)
	if f.table == "" && strings.Contains(f.schema, ".") {
		// arch.ive-schema-create.sql: database arch.ive's CREATE DATABASE,
		// or the data of a table arch.`ive-schema-create`, which has its
		// own arch.ive-schema-create-schema.sql
		stem := strings.TrimSuffix(trimCompression(name), ".sql")
		for _, ext := range []string{"", ".gz", ".zst"} {
			if files.has(stem + "-schema.sql" + ext) {
				db, tbl, _ := strings.Cut(stem, ".")
				return mydumperFile{kind: "data", schema: db, table: trimChunkNumbers(tbl)}
			}
		}
		return f
	}
	if f.kind != "table-schema" || !strings.HasSuffix(trimCompression(name), "-schema.sql") {
		return f
	}
	asTable := f.table + "-schema"
	own := f.schema + "." + asTable + "-schema.sql"
	for _, n := range []string{own, own + ".gz", own + ".zst"} {
		if files.has(n) {
			return mydumperFile{kind: "data", schema: f.schema, table: asTable}
		}
	}
	return f
}

// trimChunkNumbers removes trailing ".00001"-style chunk numbers.
func trimChunkNumbers(s string) string {
	for {
		i := strings.LastIndexByte(s, '.')
		if i <= 0 || !allDigits(s[i+1:]) {
			return s
		}
		s = s[:i]
	}
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// readMydumper builds the shape of a mydumper dump directory.
func readMydumper(ctx context.Context, dir string, all fileSet) (*profile.Dump, error) {
	files, ignored := loadedFiles(all, mydumperReads, "myloader")
	d := &profile.Dump{Path: dir, Format: FormatMydumper, Dumper: "mydumper", FileBytes: files.sum()}
	if ignored != "" {
		d.Notes = append(d.Notes, ignored)
	}
	sizes, basis, note, err := uncompressedSizes(ctx, dir, files)
	if err != nil {
		return nil, err
	}
	d.TotalBytesBasis = basis
	if note != "" {
		d.Notes = append(d.Notes, note)
	}
	t, notTables, schemaFiles := tallyMydumper(files, sizes, d)
	if note := noSchemaNote(schemaFiles, t); note != "" {
		d.Notes = append(d.Notes, note)
	}
	note, err = readSchemaEngines(ctx, dir, schemaFiles, t)
	if err != nil {
		return nil, err
	}
	if note != "" {
		d.Notes = append(d.Notes, note)
	}
	if err := readObjectNames(ctx, dir, files, t); err != nil {
		return nil, err
	}
	if err := readMydumperMetadata(ctx, dir, files, d, t, notTables); err != nil {
		return nil, err
	}
	if err := t.modelDir(ctx, dir, files, d); err != nil {
		return nil, err
	}
	t.fill(d)
	undumped, err := definitionTraps(ctx, dir, files, schemaFiles, t)
	if err != nil {
		return nil, err
	}
	traps, trapNotes := myloaderTraps(files, t.schemas, undumped)
	d.LoaderTraps, d.Notes = traps, append(d.Notes, trapNotes...)
	if err := refineRoutineTables(ctx, dir, files, t.schemas, d); err != nil {
		return nil, err
	}
	for _, note := range []string{objectFilesNote(files, t.schemas, d.RoutineSchemas), noRowsNote(d)} {
		if note != "" {
			d.Notes = append(d.Notes, note)
		}
	}
	return d, nil
}

// MaxMetadataBytes bounds how much of a metadata or @.json file is read:
// real ones are a few KiB (one section per table in newer mydumper), so
// 16 MiB only guards against a wrong file.
const MaxMetadataBytes = 16 << 20

// tallyMydumper adds the dump's files up (their sizes into d.TotalBytes):
// the tally of tables and schemas, the views and sequences (not tables to
// load: mydumper writes a placeholder db.view-schema.sql for a view, and
// newer releases list both in metadata), and each table's -schema.sql.
func tallyMydumper(files, sizes fileSet, d *profile.Dump) (*tally, map[[2]string]bool, map[[2]string]string) {
	t := newTally()
	notTables := map[[2]string]bool{}
	schemaFiles := map[[2]string]string{}
	for name, bytes := range sizes {
		d.TotalBytes += bytes
		f := classifyMydumperIn(files, name)
		switch f.kind {
		case "data":
			if loadDataRows(files, name) {
				d.LoadData = true
				t.table(f.schema, f.table).Bytes += bytes // one chunk with its .sql
				continue
			}
			t.chunk(f.schema, f.table, name, bytes)
		case "table-schema":
			t.table(f.schema, f.table)
			schemaFiles[[2]string{f.schema, f.table}] = name
		case "view":
			notTables[[2]string{f.schema, f.table}] = true
		case "schema":
			t.schemas[f.schema] = true
		case "other":
			if f.table != "" && strings.HasSuffix(trimCompression(name), "-schema-sequence.sql") {
				notTables[[2]string{f.schema, f.table}] = true
			}
		}
	}
	for v := range notTables {
		delete(t.tables, v[0]+"."+v[1])
		delete(schemaFiles, v)
	}
	return t, notTables, schemaFiles
}

// loadDataRows reports whether name is the rows of a mydumper --load-data
// chunk: db.t.00000.dat beside db.t.00000.sql (compressed or not), whose
// LOAD DATA LOCAL INFILE statement loads it (mydumper docs, --load-data).
func loadDataRows(files fileSet, name string) bool {
	stem, ok := strings.CutSuffix(trimCompression(name), ".dat")
	if !ok {
		return false
	}
	for _, ext := range []string{".sql", ".sql.gz", ".sql.zst"} {
		if files.has(stem + ext) {
			return true
		}
	}
	return false
}

// readMydumperMetadata adds the metadata file's facts to d and t; the
// tables it lists that are views or sequences (notTables) stay out.
func readMydumperMetadata(ctx context.Context, dir string, files fileSet, d *profile.Dump, t *tally, notTables map[[2]string]bool) error {
	name := "metadata"
	if !files.has(name) {
		name = "metadata.partial"
		d.Notes = append(d.Notes, "no metadata file: the dump may not have finished (mydumper renames metadata.partial when done)")
		if !files.has(name) {
			return nil
		}
	}
	data, err := readBounded(ctx, filepath.Join(dir, name), MaxMetadataBytes)
	if err != nil {
		return err
	}
	m := parseMetadata(data)
	d.SourceVersion = m.ServerVersion
	if m.IniStyle {
		d.Dumper = "mydumper (ini-style metadata: a newer release than 0.10)"
	}
	if !m.Finished {
		d.Notes = append(d.Notes, fmt.Sprintf("%s has no \"Finished dump\" line: the dump may be incomplete", name))
	}
	for _, st := range m.Tables {
		if !notTables[st] {
			t.table(st[0], st[1])
		}
	}
	return nil
}

// readBounded reads at most limit bytes of a file, honouring ctx.
func readBounded(ctx context.Context, path string, limit int64) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, dumpReadErr("reading dump file", path, err)
	}
	defer f.Close()
	buf := make([]byte, 0, 4096)
	chunk := make([]byte, 64<<10)
	for int64(len(buf)) < limit {
		n, err := f.Read(chunk)
		buf = append(buf, chunk[:n]...)
		if err != nil {
			break
		}
	}
	if int64(len(buf)) > limit {
		buf = buf[:limit]
	}
	return buf, nil
}

// noSchemaNote warns of a dump with data files but no table definitions
// (mydumper -m, --no-schemas: no db.table-schema.sql and no
// db-schema-create.sql): myloader creates nothing, so on a target without
// the tables it fails ("Table … doesn't exist"), as a mysqldump
// --no-create-info file does.
func noSchemaNote(schemaFiles map[[2]string]string, t *tally) string {
	if len(schemaFiles) > 0 {
		return ""
	}
	for _, tb := range t.tables {
		if tb.Chunks > 0 {
			return "the dump holds no table definitions (no -schema.sql files: dumped with mydumper -m/--no-schemas): " +
				"its databases and tables must exist on the target before myloader runs, or the load fails (\"Table … doesn't exist\")"
		}
	}
	return ""
}
