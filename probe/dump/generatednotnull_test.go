package dump

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedNotNull: a generated column declared NOT NULL, as MySQL
// writes it in SHOW CREATE TABLE, is found; MariaDB's own generated and
// system-versioning columns, and text in a COMMENT, are not.
func TestGeneratedNotNull(t *testing.T) {
	cases := []struct {
		name, rest string
		want       bool
	}{
		{"stored", " `t1` (\n  `id` int NOT NULL,\n  `k` int GENERATED ALWAYS AS ((`id` + 1)) STORED NOT NULL,\n  PRIMARY KEY (`id`)\n)", true},
		{"virtual", "  `v` varchar(20) GENERATED ALWAYS AS (concat(`a`,_utf8mb4' x')) VIRTUAL NOT NULL,", true},
		{"a quoted paren in the expression", "  `v` varchar(9) GENERATED ALWAYS AS (concat(`a`,_utf8mb4')')) STORED NOT NULL,", true},
		{"nullable MySQL column", "  `k` int GENERATED ALWAYS AS ((`id` + 1)) STORED,\n  `n` int NOT NULL,", false},
		{"MariaDB's own", "  `k` int(11) GENERATED ALWAYS AS (`id` + 1) STORED,\n  `v` int(11) GENERATED ALWAYS AS (`id` * 2) VIRTUAL INVISIBLE,", false},
		{"system versioning", "  `rs` timestamp(6) GENERATED ALWAYS AS ROW START INVISIBLE,\n  `re` timestamp(6) GENERATED ALWAYS AS ROW END NOT NULL,", false},
		{"a comment that looks like one", "  `c` int COMMENT 'GENERATED ALWAYS AS (1) STORED NOT NULL',", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := generatedNotNull{}
			g.add("d.t", c.rest)
			if got := len(g.list()) == 1; got != c.want {
				t.Errorf("generated NOT NULL %v, want %v", got, c.want)
			}
		})
	}
}

// TestGeneratedNotNullSilentOnTestdata: no dump under testdata (MariaDB's
// own dumps and the MySQL Shell ones) reports such a table.
func TestGeneratedNotNullSilentOnTestdata(t *testing.T) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "fuzz" || strings.HasSuffix(e.Name(), ".md") || strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		d, err := Read(context.Background(), filepath.Join("testdata", e.Name()))
		if err != nil {
			t.Logf("%s: %v", e.Name(), err)
			continue
		}
		if len(d.GeneratedNotNullTables) > 0 {
			t.Errorf("%s: generated NOT NULL tables %v, want none", e.Name(), d.GeneratedNotNullTables)
		}
	}
}

// TestGeneratedNotNullRead: a mydumper directory and a mysqldump file
// whose CREATE TABLE is MySQL 8's (the schema r32 loaded into MariaDB
// 10.11.19 on 2026-12-07) report the table.
func TestGeneratedNotNullRead(t *testing.T) {
	create := "CREATE TABLE `t1` (\n  `id` int NOT NULL,\n  `k` int GENERATED ALWAYS AS ((`id` + 1)) STORED NOT NULL,\n" +
		"  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;\n"
	dir := t.TempDir()
	files := map[string]string{
		"metadata":              "Started dump at: 2026-12-07 01:28:22\nFinished dump at: 2026-12-07 01:28:22\n",
		"src-schema-create.sql": "CREATE DATABASE `src` /*!40100 DEFAULT CHARACTER SET utf8mb4 */ /*!80016 DEFAULT ENCRYPTION='N' */;\n",
		"src.t1-schema.sql":     "/*!40101 SET NAMES binary*/;\n" + create,
		"src.t1.sql":            "INSERT INTO `t1` (`id`) VALUES\n(1),\n(2);\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	sqlFile := filepath.Join(t.TempDir(), "dump.sql")
	sql := "-- MySQL dump 10.13  Distrib 8.4.3, for Linux (x86_64)\n--\n-- Host: localhost    Database: src\n" +
		"/*!40101 SET NAMES utf8mb4 */;\n/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n" +
		"/*!40103 SET TIME_ZONE='+00:00' */;\nUSE `src`;\nDROP TABLE IF EXISTS `t1`;\n" + create +
		"INSERT INTO `t1` (`id`) VALUES (1),(2);\n-- Dump completed on 2026-12-07  1:28:22\n"
	if err := os.WriteFile(sqlFile, []byte(sql), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{dir, sqlFile} {
		d, err := Read(context.Background(), path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got := strings.Join(d.GeneratedNotNullTables, ","); got != "src.t1" {
			t.Errorf("%s (%s): generated NOT NULL tables %q, want src.t1", path, d.Format, got)
		}
	}
}
