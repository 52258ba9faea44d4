package threads

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// binaryNamesSed is the sed script that has a schema file set utf8mb4
// where mydumper's header sets binary: only before the file's CREATE
// TABLE, whatever the letters' case (GNU sed's I flag), so the statement
// itself is left as it is.
const binaryNamesSed = `1,/CREATE TABLE/s/SET NAMES binary/SET NAMES utf8mb4/I`

// BinaryNamesSuffix names the directory beside the dump that keeps the
// originals of the schema files binaryNamesLines changes (DIR.binary):
// not inside the dump, because myloader 0.10 loads any file there whose
// name holds "-schema.sql" (followed live: a kept src.kind-schema.sql.binary
// was loaded as src.kind's schema, and the unchanged CREATE TABLE won).
const BinaryNamesSuffix = ".binary"

// binaryNamesLines are the lines that have the schema files of the
// dump's Dump.BinaryNames tables set utf8mb4 before myloader runs them
// (their data files keep binary: their rows are the columns' own bytes);
// nil for another format or none (BinaryNamesWarning says why). Each
// original is copied into DIR.binary first, unless an earlier run kept it
// there (keepOnce); plain files are changed by sed -i, gzip and zstd ones
// through a decompressed copy in DIR.binary that replaces the file only
// when every step succeeded (each loop runs in a subshell that exits 1 at
// the first failing file: a pasted line's exit leaves the user's shell
// open, and a break would end it with 0).
func binaryNamesLines(dd dirs) []string {
	if dd.format != "mydumper" {
		return nil
	}
	plain, gz, zst, _ := binaryNamesFiles(dd.load, dd.binary)
	keep := shQuote(strings.TrimRight(dd.load, "/") + BinaryNamesSuffix)
	var lines []string
	if len(plain) > 0 {
		lines = append(lines, fmt.Sprintf(`mkdir -p -- %s && (for f in %s; do b=%s/"${f##*/}"; %s && sed -i '%s' -- "$f" || exit 1; done)`,
			keep, strings.Join(plain, " "), keep, keepOnce, binaryNamesSed))
	}
	gunzipped := fmt.Sprintf(`if [ ! -e "$f" ] && [ -e "${f%%.gz}" ]; then f=${f%%.gz}; b=${b%%.gz}; %s && sed -i '%s' -- "$f" || exit 1; continue; fi; `,
		keepOnce, binaryNamesSed)
	for _, c := range []struct {
		files            []string
		unz, recz, first string
	}{{gz, "gzip -dc", "gzip -n", gunzipped}, {zst, "zstd -q -dc", "zstd -q", ""}} {
		if len(c.files) > 0 {
			lines = append(lines, fmt.Sprintf(`mkdir -p -- %s && (for f in %s; do b=%s/"${f##*/}"; %s%s && %s -- "$f" > "$b.txt" && sed -i '%s' "$b.txt" && %s < "$b.txt" > "$b.new" && mv -- "$b.new" "$f" && rm -- "$b.txt" || exit 1; done)`,
				keep, strings.Join(c.files, " "), keep, c.first, keepOnce, c.unz, binaryNamesSed, c.recz))
		}
	}
	return lines
}

// A gzip file that is gone while its gunzipped self is there (the
// zero-date warning's edit gunzips the schema files it changes, and a user
// reading the warnings first runs it first: review r69 saw this line then
// stop at "cp: cannot stat") is edited as a plain one.
//
// keepOnce copies a schema file ($f) into DIR.binary ($b) unless an
// earlier run kept it there: the block pasted twice (as after a failed
// myloader) copied the files it had already set to utf8mb4 over the
// originals, and the undo then restored the edited files (review r69).
// Each file is edited from itself, so a second run changes nothing (the
// sed only sets binary to utf8mb4).
const keepOnce = `{ [ -e "$b" ] || cp -p -- "$f" "$b"; }`

// binaryNamesFiles sorts the tables' schema files (quoted paths in dir)
// by how a line changes them, and names the tables no line changes: a
// CREATE TABLE that is not UTF-8 either, or another compression.
func binaryNamesFiles(dir string, tables []profile.DumpBinaryNames) (plain, gz, zst, byHand []string) {
	for _, e := range tables {
		path := shQuote(filepath.Join(dir, e.File))
		switch {
		case e.NotUTF8:
			byHand = append(byHand, e.Table)
		case strings.HasSuffix(e.File, ".sql"):
			plain = append(plain, path)
		case strings.HasSuffix(e.File, ".gz"):
			gz = append(gz, path)
		case strings.HasSuffix(e.File, ".zst"):
			zst = append(zst, path)
		default:
			byHand = append(byHand, e.Table)
		}
	}
	return plain, gz, zst, byHand
}

// BinaryNamesWarning says what a load of a mydumper dump under its schema
// files' SET NAMES binary would do to the Dump.BinaryNames tables and
// what the line before myloader (binaryNamesLines) does about it; "" for
// another format or none.
func BinaryNamesWarning(p *profile.Profile) string {
	d := p.Dump
	if d == nil || len(d.BinaryNames) == 0 {
		return ""
	}
	switch d.Format {
	case "mysqldump":
		return mysqldumpBinaryNote(d)
	case "mydumper":
	default:
		return ""
	}
	plain, gz, zst, byHand := binaryNamesFiles(d.Path, d.BinaryNames)
	return binaryNamesNote(d.BinaryNames, len(plain)+len(gz)+len(zst) > 0, strings.TrimRight(d.Path, "/")+BinaryNamesSuffix, byHand)
}

// binaryNamesNote says what a load under SET NAMES binary would do to the
// tables (MariaDB 10.11.19 with myloader 0.10, 2026-12-07, live-server.md:
// a FOREIGN KEY to `pär` stored as one to `pÃ¤r`, then ERROR 1452 on the
// child's INSERTs; a latin1 ENUM('ä','b') stored as ('Ã¤','b') and a
// row's 'ä' loaded as ”; review r69: a latin1 LIST COLUMNS partition's
// VALUES IN ('ä') stored as 'Ã¤', "Table has no partition for value", and a
// RANGE's LESS THAN ('ö') as 'Ã¶', its rows in the other partition), what
// the lines do about it, and which tables they leave (byHand).
func binaryNamesNote(tables []profile.DumpBinaryNames, lined bool, keep string, byHand []string) string {
	note := "myloader runs each schema file under the SET NAMES binary that mydumper writes atop it, which changes these tables, most without an error: " +
		strings.Join(binaryNamesDamage(tables, myloaderListLoss), "; ") + " (MariaDB 10.11.19 with myloader 0.10, checked 2026-12-07; mydumper issue #1974 reports the ENUM case on MySQL too)"
	if lined {
		note += ". The line before myloader has those schema files (only them: the data files keep binary, their rows are the columns' own bytes) " +
			"SET NAMES utf8mb4, keeping the originals in " + keep + " (copy them back to undo); run it before myloader (again is harmless)"
	}
	if len(byHand) > 0 {
		note += fmt.Sprintf(". Not changed by a line: %s (a CREATE TABLE that is not UTF-8, or a compression mytune does not rewrite): "+
			"compare each with SHOW CREATE TABLE on the source after the load", namedTables(byHand))
	}
	return note
}

// What becomes of a LIST partition's rows that find no partition: myloader
// reports the chunk and goes on (review r69), the mysql client stops the
// file there (review r70: "ERROR 1526 (HY000) at line 42: Table has no
// partition for value from column_list", exit 1, the tables after it not
// created).
const (
	myloaderListLoss = "myloader reports the chunk, its rows are lost"
	clientListLoss   = "ERROR 1526: the mysql client stops there and loads nothing after it"
)

// binaryNamesDamage says, per kind, what a load under SET NAMES binary
// does to the tables; listLoss says what becomes of a LIST partition's
// rows that find no partition.
func binaryNamesDamage(tables []profile.DumpBinaryNames, listLoss string) []string {
	var refs, cols, parents, names, parts, partCols []string
	for _, e := range tables {
		if len(e.PartitionColumns) > 0 {
			parts = append(parts, e.Table)
			for _, c := range e.PartitionColumns {
				partCols = append(partCols, e.Table+"."+c)
			}
		}
		if len(e.Parents) > 0 {
			refs, parents = append(refs, e.Table), append(parents, e.Parents...)
		}
		if len(e.Columns) > 0 {
			cols = append(cols, e.Table)
			for _, c := range e.Columns {
				names = append(names, e.Table+"."+c)
			}
		}
	}
	var what []string
	if len(refs) > 0 {
		what = append(what, fmt.Sprintf("%s %s FOREIGN KEYs to %s, whose names are not ASCII: the target stores each constraint naming "+
			"a table that does not exist (`pär` as `pÃ¤r`), and every INSERT into the child then fails (ERROR 1452)",
			namedTables(refs), map[bool]string{true: "has", false: "have"}[len(refs) == 1], strings.Join(parents, ", ")))
	}
	if len(cols) > 0 {
		what = append(what, fmt.Sprintf("%s %s columns of a character set other than UTF-8 whose DEFAULT or ENUM/SET values are not ASCII "+
			"(%s): the target stores them double-encoded ('ä' as 'Ã¤'), so a row's 'ä' in such an ENUM loads as '' with only a warning "+
			"(a gbk or big5 one is refused instead, \"Invalid gbk character string\", and its table is not created: review r69)",
			namedTables(cols), map[bool]string{true: "has", false: "have"}[len(cols) == 1], strings.Join(names, ", ")))
	}
	if len(parts) > 0 {
		what = append(what, fmt.Sprintf("%s %s partitions whose VALUES on a column whose character set is not UTF-8 are not ASCII (%s): "+
			"the target stores those bounds double-encoded too, so a LIST partition's rows find no partition (%s) "+
			"and a RANGE partition's land in another partition without an error",
			namedTables(parts), map[bool]string{true: "has", false: "have"}[len(parts) == 1], strings.Join(partCols, ", "), listLoss))
	}
	return what
}

// namesWrapProgram is the perl program (perl -ne) a mysqldump file whose
// SET NAMES is binary loads through when some of its CREATE TABLEs quote
// non-ASCII literals in columns that are not UTF-8: each CREATE TABLE
// statement outside a DELIMITER block (a routine's body) that holds a
// byte above ASCII and is valid UTF-8, while the last SET NAMES before it
// set binary ($n, read as the probe's reSetNames reads it), runs under SET
// NAMES utf8mb4, and binary is set back after it, so the rows still load
// as the bytes they were dumped as. A file that sets another character set
// (the utf8mb4 part of mysqldump files put into one) is left as it is:
// wrapped too, its rows loaded under the binary set back (review r70: a
// latin1 LIST partition's row 'ä' then found no partition, ERROR 1526). A
// statement cut short at the end is printed as it was.
const namesWrapProgram = `if (/^DELIMITER\s+(\S+)/i) { $r = $1 ne ";" } ` +
	`if (!$r && !$c && /^(?:\/\*!\d*\s*)?SET\s+NAMES\s+\x27?(\w+)/i) { $n = lc $1 } ` +
	`if (!$r && !$c && /^CREATE TABLE /) { $c = 1; $s = "" } ` +
	`if ($c) { $s .= $_; if (/;\s*$/) { $c = 0; $u = $s; ` +
	`print(($n eq "binary" && $s =~ /[\x80-\xff]/ && utf8::decode($u)) ? "/*!40101 SET NAMES utf8mb4 */;\n$s/*!40101 SET NAMES binary */;\n" : $s) } next } ` +
	`print; END { print $s if $c }`

// namesWrapped reports whether a mysqldump file's load needs
// namesWrapProgram: a table of Dump.BinaryNames whose CREATE TABLE is
// UTF-8.
func namesWrapped(d *profile.Dump) bool {
	if d == nil || d.Format != "mysqldump" {
		return false
	}
	return slices.ContainsFunc(d.BinaryNames, func(e profile.DumpBinaryNames) bool { return !e.NotUTF8 })
}

// mysqldumpBinaryNote says what a mysqldump file's SET NAMES binary does
// to the Dump.BinaryNames tables' literals and what the load line does
// about it (mariadb-dump --default-character-set=binary and the mariadb
// client of MariaDB 10.11.19, 2026-12-07: mysqldump sets only
// character_set_client to utf8mb4 around each CREATE TABLE, so names are
// read right and literals as binary; a latin1 ENUM('ä','b') came back
// ('Ã¤','b') and its row's 'ä' as ”).
func mysqldumpBinaryNote(d *profile.Dump) string {
	var byHand []string
	for _, e := range d.BinaryNames {
		if e.NotUTF8 {
			byHand = append(byHand, e.Table)
		}
	}
	note := "the file sets SET NAMES binary (mysqldump --default-character-set=binary), and mysqldump sets only character_set_client " +
		"(utf8mb4) around each CREATE TABLE, so the server reads their literals as binary: " + strings.Join(binaryNamesDamage(d.BinaryNames, clientListLoss), "; ") +
		" (mariadb-dump and the mariadb client of MariaDB 10.11.19, checked 2026-12-07)"
	if namesWrapped(d) {
		note += ". The load line runs each CREATE TABLE that holds non-ASCII text where the file set binary under SET NAMES utf8mb4 (a perl filter in its pipe; " +
			"the file is not changed) and sets binary back after it, so the rows still load as the bytes they were dumped as"
	}
	if len(byHand) > 0 {
		note += fmt.Sprintf(". Not changed by the line: %s (a CREATE TABLE that is not UTF-8): compare each with SHOW CREATE TABLE on the source after the load",
			namedTables(byHand))
	}
	return note
}
