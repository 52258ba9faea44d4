package dump

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOtherDirError: a directory that is no mydumper or MySQL Shell dump
// is refused saying what it is when mytune can tell (QA: mariadb-dump
// 10.11 --tab=DIR shop was refused as "not a dump: expected … a mysqldump
// .sql file", and a folder of mysqldump files the same), with lines that
// load a --tab directory (tables' .sql, then views', then mysqlimport).
func TestOtherDirError(t *testing.T) {
	header := "-- MariaDB dump 10.19  Distrib 10.11.19-MariaDB\n--\n-- Host: localhost    Database: shop\n"
	cases := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"a --tab directory", map[string]string{"t.sql": header + "CREATE TABLE `t` (`a` int);\n", "t.txt": "1\n", "v.sql": header},
			[]string{"a mysqldump --tab directory (1 tables", "'CREATE DATABASE IF NOT EXISTS `shop`'", `< "${f%.txt}.sql"`,
				`[ -e "${f%.sql}.txt" ] ||`, "mysqlimport --local --host TARGET --user USER -p shop "}},
		{"a --tab directory without a header", map[string]string{"t.sql": "CREATE TABLE `t` (`a` int);\n", "t.txt": "1\n"},
			[]string{"'CREATE DATABASE IF NOT EXISTS `DB`'", "-p DB "}},
		{"a folder of mysqldump files", map[string]string{"a.sql": header, "b.sql": header},
			[]string{"2 .sql files but no mydumper metadata", "give --dump one mysqldump file (--dump '"}},
		{"an empty directory", map[string]string{}, []string{"expected a MySQL Shell dump"}},
		{"unrelated files", map[string]string{"readme.txt": "hi"}, []string{"expected a MySQL Shell dump"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "my dump")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			for name, text := range c.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Read(context.Background(), dir)
			if !errors.Is(err, ErrNotDump) {
				t.Fatalf("error %v, want ErrNotDump", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q, want %q in it", err, w)
				}
			}
		})
	}
}
