package dump

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// unsupportedCompressions are the compressions mytune (and the mysql
// client) do not read, by their magic bytes (xz: FD 37 7A 58 5A 00, the
// .xz file format 1.0.4, 2.1.1.1; bzip2: "BZh", the bzip2 file header)
// or extension, with the command that decompresses each (keeping the
// compressed file).
var unsupportedCompressions = []struct {
	name, ext string
	magic     []byte
	command   string // decompresses FILE.ext beside it, keeping it
	stream    string // writes the plain file to stdout (any name)
	inPlace   string // replaces FILE.ext by FILE
}{
	{"xz", ".xz", []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}, "xz -dk", "xz -dc", "xz -d"},
	{"bzip2", ".bz2", []byte("BZh"), "bunzip2 -k", "bunzip2 -c", "bunzip2"},
}

// unsupportedMydumper refuses, with what to do, a mydumper dump whose data
// files are all compressed with bzip2 or xz (mydumper
// --exec-per-thread-extension=.bz2, docs/files.rst): mytune reads plain,
// gzip and zstd files, and counted as they were, the tables had no chunks
// and every file read as a stray. nil when some data file is readable (a
// stray .bz2 copy beside a dump is then a loader trap, not a refusal).
func unsupportedMydumper(dir string, files fileSet) error {
	readable, found := 0, -1
	for name := range files {
		odd := false
		for i, c := range unsupportedCompressions {
			if plain, ok := strings.CutSuffix(name, c.ext); ok {
				odd = true
				if classifyMydumper(plain).kind == "data" {
					found = i
				}
			}
		}
		if !odd && classifyMydumper(name).kind == "data" {
			readable++
		}
	}
	if readable > 0 || found < 0 {
		return nil
	}
	c := unsupportedCompressions[found]
	return fmt.Errorf("%s: %w: a mydumper dump whose files are %s-compressed (*%s, mydumper --exec-per-thread-extension), which mytune "+
		"does not read (it reads plain, gzip and zstd dumps): decompress them first (%s %s/*%s replaces each file by its plain one; "+
		"keep no compressed copies in the directory: myloader 0.10 loads every file whose name contains .sql) and give --dump "+
		"the directory again, or dump again with --compress (gzip)", dir, ErrNotDump, c.name, c.ext, c.inPlace, shellWord(dir), c.ext)
}

// xbstreamMagic opens every chunk of an xbstream file (mariadb-backup's
// extra/mariabackup/xbstream.h XB_STREAM_CHUNK_MAGIC).
var xbstreamMagic = []byte("XBSTCK01")

// unsupportedDump refuses, with what to do, a dump file mytune cannot read:
// one compressed with xz or bzip2 (mytune reads plain, gzip and zstd),
// or mysqldump --xml output, which is no SQL (the mysql client cannot
// load it; LOAD XML reads one table's rows, without its CREATE TABLE:
// MySQL 8.4 manual, "LOAD XML Statement"), or a streamed physical backup
// (xbstream), which must be extracted first. nil otherwise.
func unsupportedDump(path string, f *os.File) error {
	var head [64]byte
	n, _ := f.ReadAt(head[:], 0)
	for _, c := range unsupportedCompressions {
		if bytes.HasPrefix(head[:n], c.magic) || strings.HasSuffix(path, c.ext) {
			plain, how := strings.TrimSuffix(path, c.ext), c.command+" "+shellWord(path)
			if plain == path || plain == "" {
				// xz and bunzip2 -k want their own suffix (QA: "xz -dk backup.sql" skips it: unknown suffix)
				plain = plainName(path)
				how = c.stream + " " + shellWord(path) + " > " + shellWord(plain)
			}
			return fmt.Errorf("%s: %w: %s-compressed, which mytune does not read (it reads plain, gzip and zstd dumps): "+
				"decompress it first (%s) and give --dump %s, or recompress it with gzip or zstd", path, ErrNotDump, c.name,
				how, shellWord(plain))
		}
	}
	if bytes.HasPrefix(head[:n], xbstreamMagic) {
		return fmt.Errorf("%s: %w: a streamed physical backup (mariadb-backup or xtrabackup --stream=xbstream), which mytune "+
			"reads once extracted: mkdir DIR && mbstream -x -C DIR < %s (xbstream -x for XtraBackup's), then give --dump DIR",
			path, ErrNotDump, shellWord(path))
	}
	if bytes.HasPrefix(bytes.TrimLeft(head[:n], "\ufeff \t\r\n"), []byte("<?xml")) {
		return fmt.Errorf("%s: %w: an XML dump (mysqldump --xml), which the mysql client cannot load (it holds no SQL, "+
			"and LOAD XML reads only one table's rows, without its CREATE TABLE): dump the databases again without --xml "+
			"(mysqldump --databases DB …) and give --dump that file", path, ErrNotDump)
	}
	return nil
}

// plainName is where a compressed dump without its compression's suffix
// is decompressed to: its name less .sql/.gz/.zst endings, plus
// ".plain.sql" (backup.sql → backup.plain.sql).
func plainName(path string) string {
	base := path
	for _, ext := range []string{".gz", ".zst", ".sql"} {
		base = strings.TrimSuffix(base, ext)
	}
	return base + ".plain.sql"
}

// shellWord is path single-quoted when it holds characters a POSIX shell
// would read otherwise.
func shellWord(path string) string {
	if strings.Trim(filepath.ToSlash(path), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}
