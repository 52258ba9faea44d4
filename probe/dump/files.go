package dump

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// fileSet is the top-level regular files of a dump directory: name → bytes.
type fileSet map[string]uint64

func (f fileSet) has(name string) bool {
	_, ok := f[name]
	return ok
}

// dumpReadErr is the error for a dump directory or file that cannot be
// read: on a permission error (a dump kept by its owner, 0600), what to do.
func dumpReadErr(what, path string, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%s %s: %w: run mytune as a user who may read the dump (its owner, or root)", what, path, err)
	}
	return fmt.Errorf("%s %s: %w", what, path, err)
}

// listFiles reads the names and sizes of the regular files directly in dir
// (symbolic links to regular files included).
// Dump tools write flat directories, so subdirectories are not descended.
func listFiles(ctx context.Context, dir string) (fileSet, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, dumpReadErr("listing dump directory", dir, err)
	}
	files := make(fileSet, len(entries))
	for i, e := range entries {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("listing dump directory %s: %w", dir, err)
			}
		}
		info, err := fileInfo(dir, e)
		if err != nil || !info.Mode().IsRegular() {
			continue // removed while listing, a dangling link, or not a file
		}
		files[e.Name()] = uint64(info.Size())
	}
	return files, nil
}

// fileInfo is e's file info, a symbolic link's target's (a dump assembled
// from links is loaded through them, as myloader and mysqlsh follow them).
func fileInfo(dir string, e os.DirEntry) (os.FileInfo, error) {
	if e.Type()&os.ModeSymlink != 0 {
		return os.Stat(filepath.Join(dir, e.Name()))
	}
	return e.Info()
}

// compressionOf names the compression of a file by its extension.
func compressionOf(name string) string {
	switch {
	case strings.HasSuffix(name, ".zst"):
		return "zstd"
	case strings.HasSuffix(name, ".gz"):
		return "gzip"
	}
	return "none"
}

// trimCompression removes a .gz or .zst extension.
func trimCompression(name string) string {
	for _, ext := range []string{".zst", ".gz"} {
		if s, ok := strings.CutSuffix(name, ext); ok {
			return s
		}
	}
	return name
}

// systemSchemas are the schemas a MySQL or MariaDB server makes itself
// (MySQL 8.4 manual, "The mysql System Schema", "sys Schema"; the two
// schemas of server state).
var systemSchemas = map[string]bool{"mysql": true, "sys": true, "performance_schema": true, "information_schema": true}

// fillSystem fills the dump's system-schema fields: which of them it
// holds, their tables, chunks and bytes, and whether mysql.proc or
// mysql.event carry rows (stored routines and events as data).
func (t *tally) fillSystem(d *profile.Dump) {
	d.SystemSchemas, d.SystemRoutineTables, d.Databases = nil, nil, []string{}
	d.SystemTables, d.SystemChunks, d.SystemBytes = 0, 0, 0
	user := map[string]bool{}
	for s := range t.schemas {
		if systemSchemas[s] {
			d.SystemSchemas = append(d.SystemSchemas, s)
		}
	}
	sort.Strings(d.SystemSchemas)
	for key, tb := range t.tables {
		schema := t.schemaOf[key]
		if !systemSchemas[schema] {
			user[schema] = schema != ""
			continue
		}
		d.SystemTables, d.SystemChunks, d.SystemBytes = d.SystemTables+1, d.SystemChunks+tb.Chunks, d.SystemBytes+tb.Bytes
		if (key == "mysql.proc" || key == "mysql.event") && tb.Chunks > 0 && tb.Bytes > 0 {
			d.SystemRoutineTables = append(d.SystemRoutineTables, key)
		}
	}
	sort.Strings(d.SystemRoutineTables)
	for s, named := range user {
		if named {
			d.Databases = append(d.Databases, s)
		}
	}
	sort.Strings(d.Databases)
}

// MaxTopTables is how many of the largest tables a profile keeps.
const MaxTopTables = 10

// tally adds up data files per table and fills the shape fields of d.
type tally struct {
	tables  map[string]*profile.DumpTable
	schemas map[string]bool
	// schemaOf is each table's database, by its key "schema.table" (a
	// database's name may hold a dot, so the key alone does not say it).
	schemaOf    map[string]string
	compression map[string]int
	// creates holds the schema files' CREATE TABLEs once read.
	creates *createCache
	// names are the character sets and collations the schema files name.
	names charsetNames
	// functional are the tables with an expression key part.
	functional functionalKeys
	// dataDirs are the tables with a DATA DIRECTORY, by path.
	dataDirs dataDirectories
	// encryption are the tables with ENCRYPTED= or ENCRYPTION_KEY_ID=.
	encryption encryptionOptions
	// rowCompressed are the tables whose pages are ROW_FORMAT=COMPRESSED.
	rowCompressed map[string]bool
	// definers are the accounts the dump's objects run as.
	definers definers
	// objects are the dump's views, routines, triggers and events.
	objects objects
	// genNotNull are the tables with a generated column declared NOT NULL.
	genNotNull generatedNotNull
	// invisible are the tables with a column MySQL made invisible.
	invisible invisibleColumns
	// wide are the tables whose records some InnoDB page refuses.
	wide wideTables
	// zeroDefaults are the columns with a zero-date DEFAULT.
	zeroDefaults zeroDefaults
	// kinds are the FULLTEXT, SPATIAL, foreign-key, versioned and sequence tables.
	kinds tableKinds
	// binary are the tables a load under their schema file's SET NAMES binary changes.
	binary binaryNames
	// setNames is what a mysqldump file's last SET NAMES set (binaryNames).
	setNames string
	// created and createdText are a mysqldump file's last CREATE TABLE
	// ("schema.table") and its text from the definitions on, with the
	// partition lines read after its ENGINE line (createTailLine).
	created     string
	createdText strings.Builder
	// text follows whether a mysqldump file's text is UTF-8.
	text utf8Text
}

func newTally() *tally {
	return &tally{tables: map[string]*profile.DumpTable{}, schemas: map[string]bool{}, schemaOf: map[string]string{}, compression: map[string]int{}, creates: newCreateCache(), functional: functionalKeys{}, dataDirs: dataDirectories{}, encryption: encryptionOptions{}, rowCompressed: map[string]bool{}, definers: definers{},
		genNotNull: generatedNotNull{}, invisible: invisibleColumns{}, wide: wideTables{}, zeroDefaults: zeroDefaults{}, kinds: tableKinds{}, binary: binaryNames{}}
}

// table registers a table (from a schema or metadata file) without data.
func (t *tally) table(schema, name string) *profile.DumpTable {
	t.schemas[schema] = true
	key := schema + "." + name
	tb, ok := t.tables[key]
	if !ok {
		t.schemaOf[key] = schema
		tb = &profile.DumpTable{Name: key}
		t.tables[key] = tb
	}
	return tb
}

// chunk records one data file of a table.
func (t *tally) chunk(schema, name, file string, bytes uint64) {
	tb := t.table(schema, name)
	tb.Bytes += bytes
	tb.Chunks++
	t.compression[compressionOf(file)]++
}

// fill writes tables, chunks, schemas, the largest tables and the
// compression most data files use into d.
func (t *tally) fill(d *profile.Dump) {
	d.Tables = len(t.tables)
	d.Schemas = len(t.schemas)
	d.CaseCollisions = t.caseCollisions()
	t.fillSystem(d)
	list := make([]profile.DumpTable, 0, len(t.tables))
	for _, tb := range t.tables {
		d.Chunks += tb.Chunks
		list = append(list, *tb)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Bytes != list[j].Bytes {
			return list[i].Bytes > list[j].Bytes
		}
		return list[i].Name < list[j].Name
	})
	if len(list) > 0 && list[0].Bytes > 0 {
		d.LargestTable, d.LargestTableBytes = list[0].Name, list[0].Bytes
	}
	if len(list) > MaxTopTables {
		list = list[:MaxTopTables]
	}
	d.TopTables = list
	d.Engines = t.engines()
	d.Charsets, d.Collations = t.names.lists()
	d.FunctionalKeyTables = t.functional.list()
	d.Definers = t.definers.list()
	d.Objects, d.ObjectsOmitted = t.objects.sorted(), t.objects.omitted
	d.GeneratedNotNullTables = t.genNotNull.list()
	d.InvisibleColumnTables = t.invisible.list()
	d.ZeroDateDefaults = t.zeroDefaults.list()
	d.DataDirectories = t.dataDirs.list()
	d.Encryption = t.encryption.list()
	d.RowCompressedTables, d.RowCompressedBytes = t.rowCompressedTables()
	d.WideTables = t.wide.list()
	d.DumpTableKinds = t.kinds.lists()
	d.BinaryNames = t.binary.list()
	if note := engineNote(d); note != "" {
		d.Notes = append(d.Notes, note)
	}
	best := 0
	for c, n := range t.compression {
		if n > best || (n == best && c < d.Compression) {
			d.Compression, best = c, n
		}
	}
}
