package dump

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readCase is one dump in testdata and the shape Read must find.
type readCase struct {
	name          string
	path          string
	format        string
	totalBytes    uint64
	fileBytes     uint64
	basis         string
	tables        int
	chunks        int
	schemas       int
	largest       string
	largestBytes  uint64
	compression   string
	sourceVersion string
	dataBytes     uint64
	inserts       int
	transactions  int // only with autocommit off
	// schemaStmts: mysqldump files' CREATE/DROP/ALTER statements (grep -cE
	// '^(/\*![0-9]+ ?)?(CREATE|DROP|ALTER)\b' with a routine body's lines left out).
	schemaStmts int
	dumperHas   string
	noteHas     string
	// engines is "Name:tables:bytes" per engine, most bytes first ("" skips the check).
	engines string
	// dropsDBs are the databases the file drops whole, "|"-joined.
	dropsDBs string
	// uncreated are the databases the file USEs but never creates, "|"-joined.
	uncreated string
	// databases, when set, are the user schemas holding tables, "|"-joined.
	databases string
}

var readCases = []readCase{
	{name: "real mydumper 0.10 dump, gzip, chunked table", path: "mydumper-0.10-real", format: FormatMydumper,
		totalBytes: 27073, fileBytes: 8746, basis: "uncompressed", // zcat | wc -c
		tables: 3, chunks: 4, schemas: 1, largest: "shop.orders", largestBytes: 16043,
		compression: "gzip", dumperHas: "mydumper", engines: "InnoDB:3:25907"},
	// table bytes: zcat of each data file | wc -c
	{name: "real mydumper 0.10 dump, InnoDB, MyISAM, Aria and MEMORY tables", path: "mydumper-0.10-engines", format: FormatMydumper,
		totalBytes: 364036, fileBytes: 39636, basis: "uncompressed", tables: 4, chunks: 4, schemas: 1,
		largest: "legacy.log", largestBytes: 240164, compression: "gzip", dumperHas: "mydumper",
		engines: "MyISAM:1:240164 Aria:1:69021 InnoDB:1:45019 MEMORY:1:8424",
		noteHas: "3 of 4 tables (310.2 KiB of data) are MyISAM, Aria, MEMORY, not InnoDB"},
	// table bytes: the lines from each CREATE TABLE to the next (awk over the zcat)
	{name: "real mariadb-dump file, InnoDB, MyISAM, Aria and MEMORY tables", path: "mariadb-dump-10.11-engines.sql.gz", schemaStmts: 17, format: FormatMysqldump,
		totalBytes: 366237, fileBytes: 45231, basis: "uncompressed", tables: 4, chunks: 1, schemas: 1,
		largest: "legacy.log", largestBytes: 240679, compression: "gzip", sourceVersion: "10.11.19-MariaDB-0+deb12u1",
		inserts: 4, dumperHas: "MariaDB dump", engines: "MyISAM:1:240679 Aria:1:69509 InnoDB:1:45621 MEMORY:1:9208",
		noteHas: "3 of 4 tables (311.9 KiB of data) are MyISAM, Aria, MEMORY, not InnoDB"},
	// table bytes: the lines from each table's first statement to the next table's (awk)
	{name: "real mariadb-dump --no-create-info --replace, names with doubled backticks", path: "mariadb-dump-10.11-replace-nocreate.sql", schemaStmts: 4,
		format: FormatMysqldump, totalBytes: 5886, fileBytes: 5886, basis: "uncompressed", tables: 2, chunks: 1, schemas: 1,
		largest: "we`ird.t`2", largestBytes: 4182, compression: "none", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 2,
		dumperHas: "MariaDB dump", noteHas: "the file creates no table (dumped with --no-create-info)", engines: "unknown:2:4980"},
	{name: "real mariadb-dump --compact --no-create-info --insert-ignore: no header at all", path: "mariadb-dump-10.11-compact-ignore.sql", schemaStmts: 0,
		format: FormatMysqldump, totalBytes: 4382, fileBytes: 4382, basis: "uncompressed", tables: 2, chunks: 1, schemas: 1,
		largest: "(no database).t`2", largestBytes: 4017, compression: "none", inserts: 2, noteHas: "creates no table"},
	{name: "real mariadb-dump --add-drop-database --skip-add-drop-table", path: "mariadb-dump-10.11-dropdb.sql", schemaStmts: 8,
		format: FormatMysqldump, totalBytes: 6948, fileBytes: 6948, basis: "uncompressed", tables: 2, chunks: 1, schemas: 1,
		largest: "we`ird.t`2", largestBytes: 4559, compression: "none", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 2,
		dumperHas: "MariaDB dump", engines: "InnoDB:2:5709", dropsDBs: "we`ird"},
	{name: "newer mydumper, ini metadata, zstd, view and empty table", path: "mydumper-0.17-zstd", format: FormatMydumper,
		totalBytes: 7430, fileBytes: 7430, basis: "on-disk", tables: 3, chunks: 4, schemas: 1, largest: "shop.orders", largestBytes: 5500,
		compression: "zstd", sourceVersion: "8.0.36", dumperHas: "ini-style"},
	{name: "the same dump in zstd: read through", path: "mydumper-zstd", format: FormatMydumper,
		totalBytes: 27073, fileBytes: 6319, basis: "uncompressed",
		tables: 3, chunks: 4, schemas: 1, largest: "shop.orders", largestBytes: 16043,
		compression: "zstd", dumperHas: "mydumper"},
	{name: "the same dump, every file a symbolic link", path: "mydumper-0.10-links", format: FormatMydumper,
		totalBytes: 27073, fileBytes: 8746, basis: "uncompressed",
		tables: 3, chunks: 4, schemas: 1, largest: "shop.orders", largestBytes: 16043,
		compression: "gzip", dumperHas: "mydumper"},
	{name: "real mydumper 0.10 dump, names holding -schema", path: "mydumper-0.10-hyphen", format: FormatMydumper,
		totalBytes: 13528, fileBytes: 13528, basis: "uncompressed", tables: 2, chunks: 2, schemas: 1,
		largest: "shop-schema.orders", largestBytes: 7642, compression: "none", dumperHas: "mydumper"},
	{name: "mydumper that did not finish", path: "mydumper-partial", format: FormatMydumper,
		totalBytes: 88, fileBytes: 88, basis: "uncompressed", tables: 1, chunks: 1, schemas: 1, largest: "app.t", largestBytes: 26,
		compression: "none", noteHas: "may not have finished"},
	{name: "MySQL Shell 8.0 dump, percent-encoded schema", path: "mysqlsh-8.0", format: FormatMySQLShell,
		totalBytes: 1048576 + 13741 - 11800, fileBytes: 13741, basis: "uncompressed", // dataBytes + the non-data files
		tables: 3, chunks: 6, schemas: 2, largest: "sakila.rental", largestBytes: 1000000,
		compression: "zstd", sourceVersion: "8.0.33", dataBytes: 1048576, dumperHas: "mysqlsh Ver 8.0.33",
		// sakila@actor.sql: ENGINE=MyISAM after a column named engine; the others' DDL names none
		engines: "unknown:2:1041576 MyISAM:1:7000", noteHas: "1 of 3 tables (6.8 KiB of data) are MyISAM"},
	{name: "real mariadb-dump file", path: "mariadb-dump-10.11.sql", schemaStmts: 13, format: FormatMysqldump,
		totalBytes: 28943, fileBytes: 28943, basis: "uncompressed", tables: 3, chunks: 1, schemas: 1, largest: "shop.orders", largestBytes: 16802,
		compression: "none", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 3, dumperHas: "MariaDB dump 10.19",
		noteHas: "one client session"},
	{name: "real mariadb-dump file, gzip", path: "mariadb-dump-10.11.sql.gz", schemaStmts: 13, format: FormatMysqldump,
		totalBytes: 28943, fileBytes: 8694, basis: "uncompressed", tables: 3, chunks: 1, schemas: 1, largest: "shop.orders", largestBytes: 16802,
		compression: "gzip", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 3, dumperHas: "MariaDB dump"},
	{name: "real mariadb-dump file of one database, no --databases", path: "mariadb-dump-10.11-nodb.sql", schemaStmts: 8, format: FormatMysqldump,
		totalBytes: 15168, fileBytes: 15168, basis: "uncompressed", tables: 2, chunks: 1, schemas: 1, largest: "shop-schema.orders", largestBytes: 8457,
		compression: "none", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 2, dumperHas: "MariaDB dump",
		noteHas: "selects no database"},
	{name: "real mariadb-dump file, zstd", path: "mariadb-dump-10.11.sql.zst", schemaStmts: 13, format: FormatMysqldump,
		totalBytes: 28943, fileBytes: 5223, basis: "uncompressed", tables: 3, chunks: 1, schemas: 1, largest: "shop.orders", largestBytes: 16802,
		compression: "zstd", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 3, dumperHas: "MariaDB dump"},
	{name: "real mariadb-dump --no-autocommit --skip-extended-insert: one COMMIT per table", path: "mariadb-dump-10.11-noautocommit.sql", schemaStmts: 9,
		format: FormatMysqldump, totalBytes: 3069, fileBytes: 3069, basis: "uncompressed", tables: 2, chunks: 1, schemas: 1,
		largest: "tiny.u", largestBytes: 1020, compression: "none", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 10,
		transactions: 2, dumperHas: "MariaDB dump", noteHas: "its load commits 2 transaction(s), not one per INSERT statement (10)"},
	{name: "real mariadb-dump --databases --no-create-db: USE without CREATE DATABASE", path: "mariadb-dump-10.11-nocreatedb.sql", schemaStmts: 20,
		format: FormatMysqldump, totalBytes: 4775, fileBytes: 4775, basis: "uncompressed", tables: 5, chunks: 1, schemas: 2,
		largest: "shop.orders", largestBytes: 915, compression: "none", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 5,
		dumperHas: "MariaDB dump", uncreated: "tiny|shop", databases: "shop|tiny", noteHas: "the file selects databases `tiny`, `shop` that it never creates (dumped with --no-create-db)"},
	{name: "real mariadb-dump --routines --triggers --events: a procedure's own CREATE TEMPORARY TABLE is no statement of the file's",
		path: "mariadb-dump-10.11-routines.sql", schemaStmts: 21, // the binary log of its load: 22 event groups, its one INSERT and these
		format: FormatMysqldump, totalBytes: 9189, fileBytes: 9189, basis: "uncompressed", tables: 2, chunks: 1, schemas: 1,
		largest: "rt.audit", largestBytes: 5591, // its lines to the file's end: the view, event and routines after it too
		compression: "none", sourceVersion: "10.11.19-MariaDB-0+deb12u1", inserts: 1,
		dumperHas: "MariaDB dump"},
	{name: "real mydumper 0.10 dump, a table named t.1: its .1 is no chunk number", path: "mydumper-0.10-tabledigits", format: FormatMydumper,
		totalBytes: 10901, fileBytes: 10901, basis: "uncompressed", tables: 2, chunks: 4, schemas: 1, largest: "dg.t2", largestBytes: 10062, // every file (stat)
		compression: "none", dumperHas: "mydumper", databases: "dg"},
	{name: "real mydumper 0.10 -m dump: data files only", path: "mydumper-0.10-noschemas", format: FormatMydumper,
		totalBytes: 405, fileBytes: 405, basis: "uncompressed", tables: 2, chunks: 2, schemas: 1, largest: "tiny.t", largestBytes: 185,
		compression: "none", dumperHas: "mydumper", engines: "unknown:2:330", databases: "tiny",
		noteHas: "the dump holds no table definitions (no -schema.sql files: dumped with mydumper -m/--no-schemas)"},
}

func TestRead(t *testing.T) {
	for _, tc := range readCases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Read(context.Background(), filepath.Join("testdata", tc.path))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			checks := []struct {
				field     string
				got, want any
			}{
				{"Format", d.Format, tc.format}, {"TotalBytes", d.TotalBytes, tc.totalBytes},
				{"FileBytes", d.FileBytes, tc.fileBytes}, {"TotalBytesBasis", d.TotalBytesBasis, tc.basis},
				{"Tables", d.Tables, tc.tables}, {"Chunks", d.Chunks, tc.chunks}, {"Schemas", d.Schemas, tc.schemas},
				{"LargestTable", d.LargestTable, tc.largest}, {"LargestTableBytes", d.LargestTableBytes, tc.largestBytes},
				{"Compression", d.Compression, tc.compression}, {"SourceVersion", d.SourceVersion, tc.sourceVersion},
				{"DataBytes", d.DataBytes, tc.dataBytes}, {"InsertStatements", d.InsertStatements, tc.inserts},
				{"SchemaStatements", d.SchemaStatements, tc.schemaStmts},
				{"Transactions", d.Transactions, tc.transactions}, {"AutocommitOff", d.AutocommitOff, tc.transactions > 0},
			}
			for _, c := range checks {
				if c.got != c.want {
					t.Errorf("%s = %v, want %v", c.field, c.got, c.want)
				}
			}
			if tc.engines != "" {
				var got []string
				for _, e := range d.Engines {
					got = append(got, fmt.Sprintf("%s:%d:%d", e.Name, e.Tables, e.Bytes))
				}
				if strings.Join(got, " ") != tc.engines {
					t.Errorf("Engines = %q, want %q", strings.Join(got, " "), tc.engines)
				}
			}
			if got := strings.Join(d.DropsDatabases, "|"); got != tc.dropsDBs {
				t.Errorf("DropsDatabases = %q, want %q", got, tc.dropsDBs)
			}
			if got := strings.Join(d.Databases, "|"); tc.databases != "" && got != tc.databases {
				t.Errorf("Databases = %q, want %q", got, tc.databases)
			}
			if got := strings.Join(d.UncreatedDatabases, "|"); got != tc.uncreated {
				t.Errorf("UncreatedDatabases = %q, want %q", got, tc.uncreated)
			}
			if d.LargestTableBytes > d.TotalBytes {
				t.Errorf("largest table %d bytes > total %d bytes: units mixed", d.LargestTableBytes, d.TotalBytes)
			}
			if !strings.Contains(d.Dumper, tc.dumperHas) {
				t.Errorf("Dumper = %q, want it to contain %q", d.Dumper, tc.dumperHas)
			}
			if tc.noteHas != "" && !strings.Contains(strings.Join(d.Notes, "|"), tc.noteHas) {
				t.Errorf("Notes = %q, want one containing %q", d.Notes, tc.noteHas)
			}
			if !filepath.IsAbs(d.Path) {
				t.Errorf("Path = %q, want absolute", d.Path)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	truncGzip := filepath.Join(t.TempDir(), "cut.sql.gz")
	whole, err := os.ReadFile("testdata/mariadb-dump-10.11.sql.gz")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(truncGzip, whole[:len(whole)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	badGzip := filepath.Join(t.TempDir(), "all.sql.gz")
	if err := os.WriteFile(badGzip, []byte("CREATE TABLE t (id int);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bz2AsSQL, xmlGzip := unsupportedFixtures(t)
	// the first bytes of `mariadb-backup --backup --stream=xbstream` (10.11.19, 2026-12-07)
	xbstream := filepath.Join(t.TempDir(), "backup.xb")
	writeFile(t, xbstream, []byte("XBSTCK01\x00P\x0b\x00\x00\x00ib_logfile0\x18  \x00\x00\x00\x00"))
	physical := physicalBed(t, "mariadb-10.11-backuped", map[string]int64{"ibdata1": 1 << 20})
	tests := []struct {
		name   string
		ctx    context.Context
		path   string
		target error
		msgHas string
	}{
		{name: "text file is not a dump", ctx: context.Background(), path: "testdata/notes.txt", target: ErrNotDump, msgHas: "expected a mysqldump"},
		{name: "empty directory is not a dump", ctx: context.Background(), path: t.TempDir(), target: ErrNotDump, msgHas: "@.json"},
		{name: "a .gz that is not gzip", ctx: context.Background(), path: badGzip, target: ErrNotDump, msgHas: "gzip header unreadable"},
		{name: "a .zst that is not zstd", ctx: context.Background(), path: "testdata/mydumper-0.17-zstd/shop.orders.00000.sql.zst", target: ErrNotDump, msgHas: "not readable as zstd"},
		{name: "a truncated .sql.gz says so", ctx: context.Background(), path: truncGzip, target: io.ErrUnexpectedEOF, msgHas: "stream ends early"},
		{name: "an xz dump: named, with the command", ctx: context.Background(), path: "testdata/mariadb-dump-10.11-tiny.sql.xz", target: ErrNotDump,
			msgHas: "xz-compressed, which mytune does not read (it reads plain, gzip and zstd dumps): decompress it first (xz -dk "},
		{name: "a bzip2 dump renamed .sql: found by its magic", ctx: context.Background(), path: bz2AsSQL, target: ErrNotDump,
			msgHas: "bzip2-compressed, which mytune does not read (it reads plain, gzip and zstd dumps): decompress it first (bunzip2 -c "},
		// QA: "bunzip2 -k dump.sql" writes dump.sql.out and "xz -dk" skips a name without .xz: stream to a named file
		{name: "a bzip2 dump renamed .sql: the plain file named", ctx: context.Background(), path: bz2AsSQL, target: ErrNotDump,
			msgHas: "dump.plain.sql) and give --dump "},
		{name: "an xbstream file: the extract line", ctx: context.Background(), path: xbstream, target: ErrNotDump,
			msgHas: "a streamed physical backup (mariadb-backup or xtrabackup --stream=xbstream), which mytune reads once extracted: mkdir DIR && mbstream -x -C DIR < "},
		{name: "a physical backup directory: advise plans it", ctx: context.Background(), path: physical, target: ErrNotDump,
			msgHas: "a physical backup (mariadb-backup or XtraBackup), which holds files, not rows to load: mytune advise --dump "},
		{name: "a --xml dump named .sql", ctx: context.Background(), path: "testdata/mariadb-dump-10.11-xml.sql", target: ErrNotDump,
			msgHas: "an XML dump (mysqldump --xml), which the mysql client cannot load"},
		{name: "a --xml dump, gzip", ctx: context.Background(), path: xmlGzip, target: ErrNotDump,
			msgHas: "an XML dump (mysqldump --xml, gzip-compressed), which the mysql client cannot load"},
		{name: "missing path", ctx: context.Background(), path: "testdata/nope", target: fs.ErrNotExist, msgHas: "--dump"},
		{name: "cancelled context", ctx: cancelled, path: "testdata/mysqlsh-8.0", target: context.Canceled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(tc.ctx, tc.path)
			if !errors.Is(err, tc.target) {
				t.Fatalf("Read error = %v, want errors.Is %v", err, tc.target)
			}
			if !strings.Contains(err.Error(), tc.msgHas) {
				t.Errorf("error %q does not say %q", err, tc.msgHas)
			}
		})
	}
}

func TestClassifyMydumper(t *testing.T) {
	tests := []struct {
		file string
		want mydumperFile
	}{
		{"db.t.sql", mydumperFile{"data", "db", "t"}},
		{"db.t.00001.sql.gz", mydumperFile{"data", "db", "t"}},
		{"db.t.00000.00002.sql.zst", mydumperFile{"data", "db", "t"}},
		{"db.t.dat", mydumperFile{"data", "db", "t"}},
		{"db.t-schema.sql", mydumperFile{"table-schema", "db", "t"}},
		{"db.v-schema-view.sql.zst", mydumperFile{"view", "db", "v"}},
		{"db.t-schema-triggers.sql", mydumperFile{"other", "db", "t"}},
		{"db-schema-create.sql.gz", mydumperFile{"schema", "db", ""}},
		{"db-schema-post.sql", mydumperFile{"other", "db", ""}},
		{"db.s-schema-sequence.sql", mydumperFile{"other", "db", "s"}},
		{"shop-schema.orders.sql", mydumperFile{"data", "shop-schema", "orders"}},
		{"shop-schema.orders.00002.sql.gz", mydumperFile{"data", "shop-schema", "orders"}},
		{"shop-schema.orders-schema.sql", mydumperFile{"table-schema", "shop-schema", "orders"}},
		{"shop-schema-schema-create.sql", mydumperFile{"schema", "shop-schema", ""}},
		{"db.audit-schema.00000.sql", mydumperFile{"data", "db", "audit-schema"}},
		{"db.audit-schema-schema.sql", mydumperFile{"table-schema", "db", "audit-schema"}},
		// a database named arch.ive (QA: was read as table arch.`ive-schema-create`);
		// classifyMydumperIn tells it from the data of a table of that name
		{"arch.ive-schema-create.sql", mydumperFile{"schema", "arch.ive", ""}},
		{"arch.ive-schema-post.sql", mydumperFile{"other", "arch.ive", ""}},
		{"arch.ive.t.sql", mydumperFile{"data", "arch", "ive.t"}},
		{"metadata", mydumperFile{kind: "other"}},
		{"notes.sql", mydumperFile{kind: "other"}},
		{"-schema.sql", mydumperFile{kind: "other"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			if got := classifyMydumper(tc.file); got != tc.want {
				t.Errorf("classifyMydumper(%q) = %+v, want %+v", tc.file, got, tc.want)
			}
		})
	}
}

// TestClassifyMydumperIn: db.t-schema.sql is t's CREATE TABLE, unless the
// dump also holds the CREATE TABLE of a table named t-schema, whose
// unchunked data file it then is.
func TestClassifyMydumperIn(t *testing.T) {
	tests := []struct {
		name  string
		files fileSet
		file  string
		want  mydumperFile
	}{
		{"schema of t", fileSet{"db.t-schema.sql": 1, "db.t.sql": 1}, "db.t-schema.sql", mydumperFile{"table-schema", "db", "t"}},
		{"data of t-schema", fileSet{"db.t-schema.sql": 1, "db.t-schema-schema.sql": 1}, "db.t-schema.sql", mydumperFile{"data", "db", "t-schema"}},
		{"data of t-schema, compressed", fileSet{"db.t-schema.sql.gz": 1, "db.t-schema-schema.sql.gz": 1}, "db.t-schema.sql.gz", mydumperFile{"data", "db", "t-schema"}},
		{"database arch.ive's CREATE DATABASE", fileSet{"arch.ive-schema-create.sql": 1, "arch.ive.t-schema.sql": 1}, "arch.ive-schema-create.sql",
			mydumperFile{"schema", "arch.ive", ""}},
		{"data of table b-schema-create", fileSet{"db.b-schema-create.sql": 1, "db.b-schema-create-schema.sql": 1}, "db.b-schema-create.sql",
			mydumperFile{"data", "db", "b-schema-create"}},
		{"data of table b-schema-create, compressed", fileSet{"db.b-schema-create.sql.zst": 1, "db.b-schema-create-schema.sql.zst": 1},
			"db.b-schema-create.sql.zst", mydumperFile{"data", "db", "b-schema-create"}},
		{"its schema file stays one", fileSet{"db.t-schema.sql": 1, "db.t-schema-schema.sql": 1}, "db.t-schema-schema.sql", mydumperFile{"table-schema", "db", "t-schema"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := classifyMydumperIn(tc.files, tc.file); got != tc.want {
				t.Errorf("classifyMydumperIn(%q) = %+v, want %+v", tc.file, got, tc.want)
			}
		})
	}
}

func TestClassifyShell(t *testing.T) {
	tests := []struct {
		file string
		want shellFile
	}{
		{"s@t.tsv.zst", shellFile{"data", "s", "t"}},
		{"s@t@3.tsv.zst", shellFile{"data", "s", "t"}},
		{"s@t@@4.tsv.gz", shellFile{"data", "s", "t"}},
		{"s@t@p0@@1.csv", shellFile{"data", "s", "t"}},
		{"my%40app@us%20ers@0.tsv.zst", shellFile{"data", "my@app", "us ers"}},
		{"s@t.json", shellFile{"table", "s", "t"}},
		{"s@t@2.tsv.zst.idx", shellFile{kind: "other"}},
		{"s@t.sql", shellFile{kind: "other"}},
		{"@.json", shellFile{kind: "other"}},
		{"s.json", shellFile{kind: "other"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			if got := classifyShell(tc.file); got != tc.want {
				t.Errorf("classifyShell(%q) = %+v, want %+v", tc.file, got, tc.want)
			}
		})
	}
}

// TestShellDataBytesNotBelieved: a MySQL Shell dump whose @.done.json
// claims more than MaxShellDataRatio times its data files is believed when
// the files, read through, hold that much (constant rows: ~10,900x with
// zstd), else sized on disk with a note.
func TestShellDataBytesNotBelieved(t *testing.T) {
	cases := []struct {
		name, src, from, to string
		believed            bool
		note                string
	}{
		{"random bytes, not zstd: not believed", "testdata/mysqlsh-8.0", `"dataBytes": 1048576`, `"dataBytes": 5000000000000000`, false,
			"they could not be read through: not believed"},
		{"constant rows, real zstd at 10,900x: believed", "testdata/mysqlsh-const", "", "", true,
			"read through they hold 61.0 MiB, so it is believed"},
		{"constant rows, claim 10x what they hold: not believed", "testdata/mysqlsh-const", `"dataBytes": 64000000`, `"dataBytes": 640000000`, false,
			"read through they hold 61.0 MiB: not believed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			entries, err := os.ReadDir(c.src)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				b, err := os.ReadFile(filepath.Join(c.src, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				if e.Name() == "@.done.json" && c.from != "" {
					b = []byte(strings.Replace(string(b), c.from, c.to, 1))
				}
				if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			believed := d.DataBytes != 0 && d.TotalBytesBasis == "uncompressed"
			if believed != c.believed || !believed && d.TotalBytes != d.FileBytes {
				t.Errorf("data %d, total %d (%s), files %d: believed %v, want %v", d.DataBytes, d.TotalBytes, d.TotalBytesBasis, d.FileBytes, believed, c.believed)
			}
			if !strings.Contains(strings.Join(d.Notes, "|"), c.note) {
				t.Errorf("notes %q, want one with %q", d.Notes, c.note)
			}
		})
	}
}

// TestReadCompressedWithoutExtension: a gzip or zstd mysqldump file saved
// without its extension is read by its magic bytes.
func TestReadCompressedWithoutExtension(t *testing.T) {
	for _, tc := range []struct{ src, comp string }{
		{"testdata/mariadb-dump-10.11.sql.gz", "gzip"},
		{"testdata/mariadb-dump-10.11.sql.zst", "zstd"},
	} {
		b, err := os.ReadFile(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "backup")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := Read(context.Background(), path)
		if err != nil {
			t.Fatalf("%s: %v", tc.comp, err)
		}
		if d.Compression != tc.comp || d.TotalBytes != 28943 || d.Tables != 3 {
			t.Errorf("%s: compression %q, total %d, tables %d; want %s, 28943, 3", tc.comp, d.Compression, d.TotalBytes, d.Tables, tc.comp)
		}
	}
}

// TestReadSystemSchemas: a mydumper dump made without -B or --regex holds
// the server's own mysql and sys schemas (file names as mydumper 0.10
// wrote them from MariaDB 10.11); they are named apart.
func TestReadSystemSchemas(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"metadata":                "Started dump at: 2026-12-03 17:20:00\nFinished dump at: 2026-12-03 17:20:01\n",
		"mysql-schema-create.sql": "CREATE DATABASE `mysql`;\n", "mysql.db-schema.sql": "CREATE TABLE `db` (`Host` char(60)) ENGINE=Aria;\n",
		"mysql.db.sql": "INSERT INTO `db` VALUES ('localhost');\n", "sys-schema-create.sql": "CREATE DATABASE `sys`;\n",
		"mysql.proc-schema.sql":            "CREATE TABLE `proc` (`db` char(64)) ENGINE=Aria;\n",
		"mysql.proc.sql":                   "INSERT INTO `proc` VALUES ('shop');\n",
		"sys.sys_config-schema.sql":        "CREATE TABLE `sys_config` (`variable` varchar(128)) ENGINE=InnoDB;\n",
		"sys.host_summary-schema-view.sql": "CREATE VIEW host_summary AS SELECT 1;\n", "sys.host_summary-schema.sql": "CREATE TABLE `host_summary` (x int);\n",
		"shop-schema-create.sql": "CREATE DATABASE `shop`;\n", "shop.t-schema.sql": "CREATE TABLE `t` (id int) ENGINE=InnoDB;\n",
		"shop.t.sql": "INSERT INTO `t` VALUES (1);\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Read(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Databases, ","); got != "shop" {
		t.Errorf("databases %q, want shop (the system schemas left out)", got)
	}
	if got := strings.Join(d.SystemSchemas, ","); got != "mysql,sys" || d.Schemas != 3 || d.Tables != 4 {
		t.Errorf("system schemas %q, %d schemas, %d tables; want mysql,sys, 3 and 4 (mysql.db, mysql.proc, sys.sys_config, shop.t)", got, d.Schemas, d.Tables)
	}
	if d.SystemTables != 3 || d.SystemChunks != 2 || d.SystemBytes != 39+36 || strings.Join(d.SystemRoutineTables, ",") != "mysql.proc" {
		t.Errorf("system tables %d, chunks %d, bytes %d, routine tables %q; want 3, 2, 75, mysql.proc",
			d.SystemTables, d.SystemChunks, d.SystemBytes, d.SystemRoutineTables)
	}
	if len(d.Engines) != 1 || d.Engines[0].Name != "InnoDB" || d.Engines[0].Tables != 1 {
		t.Errorf("engines %+v, want the user schemas' only: InnoDB, 1 table", d.Engines)
	}
}

// unsupportedFixtures are a real bzip2 dump saved as dump.sql and a real
// --xml dump gzipped, in a temporary directory.
func unsupportedFixtures(t *testing.T) (bz2AsSQL, xmlGzip string) {
	t.Helper()
	bz2, err := os.ReadFile("testdata/mariadb-dump-10.11-tiny.sql.bz2")
	if err != nil {
		t.Fatal(err)
	}
	bz2AsSQL = filepath.Join(t.TempDir(), "dump.sql")
	writeFile(t, bz2AsSQL, bz2)
	xml, err := os.ReadFile("testdata/mariadb-dump-10.11-xml.sql")
	if err != nil {
		t.Fatal(err)
	}
	xmlGzip = filepath.Join(t.TempDir(), "dump.xml.gz")
	writeGzip(t, xmlGzip, string(xml))
	return bz2AsSQL, xmlGzip
}
