package dump

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// otherDirError refuses a directory that is no mydumper or MySQL Shell
// dump, saying what it holds when mytune can tell: a physical backup (advise
// plans its restore), a mysqldump --tab directory (each table's NAME.sql, its CREATE TABLE, beside NAME.txt,
// its rows for LOAD DATA; a view's NAME.sql alone), with the lines that
// load it (the tables' .sql first: a view's CREATE VIEW fails on a table
// not made yet, "ERROR 1146 … doesn't exist", QA with mariadb-dump 10.11
// --tab and cat DIR/*.sql); .sql files without mydumper's metadata (a
// folder of mysqldump files), with the file to give instead; else the
// dump kinds mytune reads.
func otherDirError(dir string, files fileSet) error {
	if IsPhysical(dir) {
		return fmt.Errorf("%s: %w: a physical backup (mariadb-backup or XtraBackup), which holds files, not rows to load: "+
			"mytune advise --dump %s plans its restore (prepare, copy-back)", dir, ErrNotDump, shellWord(dir))
	}
	var sqls, tabs []string
	for name := range files {
		if base, ok := strings.CutSuffix(name, ".sql"); ok {
			sqls = append(sqls, name)
			if files.has(base + ".txt") {
				tabs = append(tabs, base)
			}
		}
	}
	sort.Strings(sqls)
	switch {
	case len(tabs) > 0:
		db := tabDatabase(filepath.Join(dir, tabs[0]+".sql"))
		return fmt.Errorf("%s: %w: a mysqldump --tab directory (%d tables as NAME.sql and NAME.txt), whose load mytune does not "+
			"size: dump again without --tab (mysqldump --databases DB … > FILE) and give --dump that file, or load it as it is: %s",
			dir, ErrNotDump, len(tabs), tabLoadLines(dir, db))
	case len(sqls) > 0:
		return fmt.Errorf("%s: %w: %d .sql files but no mydumper metadata file and no MySQL Shell @.json: give --dump one "+
			"mysqldump file (--dump %s)", dir, ErrNotDump, len(sqls), shellWord(filepath.Join(dir, sqls[0])))
	}
	return fmt.Errorf("%s: %w: expected a MySQL Shell dump (@.json and schema@table@N.tsv.zst chunks), "+
		"a mydumper dump (metadata and db.table.sql files) or a mysqldump .sql file", dir, ErrNotDump)
}

// tabLoadLines are the shell lines that load a --tab directory into db:
// the database, each table's .sql, then the views' (a .sql without a
// .txt), then the rows (mysqlimport --local: LOAD DATA LOCAL INFILE, by
// the table named as the file).
func tabLoadLines(dir, db string) string {
	d, word := shellWord(dir), shellWord(db)
	ident := "`" + strings.ReplaceAll(db, "`", "``") + "`"
	client := "mysql --host TARGET --user USER -p"
	return strings.Join([]string{
		client + " -e " + shellWord("CREATE DATABASE IF NOT EXISTS "+ident),
		"for f in " + d + "/*.txt; do " + client + " " + word + ` < "${f%.txt}.sql" || break; done`,
		"for f in " + d + `/*.sql; do [ -e "${f%.sql}.txt" ] || ` + client + " " + word + ` < "$f" || break; done`,
		"mysqlimport --local --host TARGET --user USER -p " + word + " " + d + "/*.txt",
	}, "; ")
}

// tabDatabase is the database a --tab .sql file's header names ("--
// Host: … Database: shop"), "DB" when it names none.
func tabDatabase(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "DB"
	}
	defer f.Close()
	var head [2048]byte
	n, _ := f.Read(head[:])
	for line := range bytes.Lines(head[:n]) {
		if _, db, ok := bytes.Cut(line, []byte("Database: ")); ok && bytes.HasPrefix(line, prefixHost) {
			if s := strings.TrimSpace(string(db)); s != "" {
				return s
			}
		}
	}
	return "DB"
}
