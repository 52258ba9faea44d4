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
	command   string
}{
	{"xz", ".xz", []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}, "xz -dk"},
	{"bzip2", ".bz2", []byte("BZh"), "bunzip2 -k"},
}

// unsupportedDump refuses, with what to do, a dump file mytune cannot read:
// one compressed with xz or bzip2 (mytune reads plain, gzip and zstd),
// or mysqldump --xml output, which is no SQL (the mysql client cannot
// load it; LOAD XML reads one table's rows, without its CREATE TABLE:
// MySQL 8.4 manual, "LOAD XML Statement"). nil otherwise.
func unsupportedDump(path string, f *os.File) error {
	var head [64]byte
	n, _ := f.ReadAt(head[:], 0)
	for _, c := range unsupportedCompressions {
		if bytes.HasPrefix(head[:n], c.magic) || strings.HasSuffix(path, c.ext) {
			plain := strings.TrimSuffix(path, c.ext)
			if plain == path {
				plain = path + ".sql"
			}
			return fmt.Errorf("%s: %w: %s-compressed, which mytune does not read (it reads plain, gzip and zstd dumps): "+
				"decompress it first (%s %s) and give --dump %s, or recompress it with gzip or zstd", path, ErrNotDump, c.name,
				c.command, shellWord(path), shellWord(plain))
		}
	}
	if bytes.HasPrefix(bytes.TrimLeft(head[:n], "\ufeff \t\r\n"), []byte("<?xml")) {
		return fmt.Errorf("%s: %w: an XML dump (mysqldump --xml), which the mysql client cannot load (it holds no SQL, "+
			"and LOAD XML reads only one table's rows, without its CREATE TABLE): dump the databases again without --xml "+
			"(mysqldump --databases DB …) and give --dump that file", path, ErrNotDump)
	}
	return nil
}

// shellWord is path single-quoted when it holds characters a POSIX shell
// would read otherwise.
func shellWord(path string) string {
	if strings.Trim(filepath.ToSlash(path), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}
