package dump

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSessionBinlogOff: MySQL 8 mysqldump's header line turning the binary
// log off for the file's session is found, in the forms a hand-edited
// file may take; its restore at the end ("= @MYSQLDUMP_TEMP_LOG_BIN"), a
// SET of 1 and a comment are not.
func TestSessionBinlogOff(t *testing.T) {
	head := "-- MySQL dump 10.13  Distrib 8.4.3, for Linux (x86_64)\n/*!40101 SET NAMES utf8mb4 */;\n" +
		"/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n"
	tail := "CREATE DATABASE /*!32312 IF NOT EXISTS*/ `src` /*!40100 DEFAULT CHARACTER SET utf8mb4 */;\nUSE `src`;\n" +
		"CREATE TABLE `t` (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\nINSERT INTO `t` VALUES (1);\n" +
		"SET @@SESSION.SQL_LOG_BIN = @MYSQLDUMP_TEMP_LOG_BIN;\n-- Dump completed on 2026-12-07  1:28:22\n"
	cases := []struct {
		name, line string
		want       bool
	}{
		{"mysqldump 8", "SET @MYSQLDUMP_TEMP_LOG_BIN = @@SESSION.SQL_LOG_BIN;\nSET @@SESSION.SQL_LOG_BIN= 0;\n", true},
		{"SET SESSION form", "SET SESSION sql_log_bin = OFF;\n", true},
		{"versioned comment", "/*!50000 SET sql_log_bin=0 */;\n", true},
		{"only the save and restore", "SET @MYSQLDUMP_TEMP_LOG_BIN = @@SESSION.SQL_LOG_BIN;\n", false},
		{"turned on", "SET @@SESSION.SQL_LOG_BIN= 1;\n", false},
		{"a comment", "-- SET @@SESSION.SQL_LOG_BIN= 0;\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "dump.sql")
			if err := os.WriteFile(path, []byte(head+c.line+tail), 0o600); err != nil {
				t.Fatal(err)
			}
			d, err := Read(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			if d.SessionBinlogOff != c.want {
				t.Errorf("session binlog off %v, want %v", d.SessionBinlogOff, c.want)
			}
		})
	}
}

// TestSessionBinlogOffSilentOnTestdata: none of the mysqldump files under
// testdata (mariadb-dump's) reports the line.
func TestSessionBinlogOffSilentOnTestdata(t *testing.T) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	for _, e := range entries {
		if !strings.Contains(e.Name(), ".sql") {
			continue
		}
		d, err := Read(context.Background(), filepath.Join("testdata", e.Name()))
		if err != nil {
			continue // bzip2, xz and XML dumps are refused before any scan
		}
		read++
		if d.SessionBinlogOff {
			t.Errorf("%s: session binlog off, want not", e.Name())
		}
	}
	if read == 0 {
		t.Fatal("no mysqldump file read")
	}
}
