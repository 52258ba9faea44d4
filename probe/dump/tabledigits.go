package dump

import "strings"

// keepTableDigits gives a data file back the digits trimChunkNumbers took
// from its table's name when that name, with them, has its own CREATE
// TABLE file: mydumper 0.10 writes table `t.1`'s one data file as
// db.t.1.sql beside db.t.1-schema.sql, and a chunked table t's as
// db.t.00000.sql (mydumper 0.10.0 on 2026-12-05,
// testdata/mydumper-0.10-tabledigits), so without its schema file the
// `.1` reads as a chunk number and the rows as a table t's that has none.
func keepTableDigits(files fileSet, name string, f mydumperFile) mydumperFile {
	if f.kind != "data" || f.table == "" {
		return f
	}
	stem := strings.TrimSuffix(trimCompression(name), ".sql")
	rest, ok := strings.CutPrefix(stem, f.schema+".")
	if !ok || rest == f.table {
		return f
	}
	for cand := rest; cand != f.table && strings.HasPrefix(cand, f.table); {
		if hasSchemaFile(files, f.schema+"."+cand) {
			return mydumperFile{kind: f.kind, schema: f.schema, table: cand}
		}
		i := strings.LastIndexByte(cand, '.')
		if i <= 0 || !allDigits(cand[i+1:]) {
			break
		}
		cand = cand[:i]
	}
	return f
}

// hasSchemaFile reports whether the dump holds table's (db.table)
// -schema.sql, compressed or not.
func hasSchemaFile(files fileSet, table string) bool {
	for _, ext := range []string{"", ".gz", ".zst"} {
		if files.has(table + "-schema.sql" + ext) {
			return true
		}
	}
	return false
}
