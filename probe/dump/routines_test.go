package dump

import (
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Rows of mysql.proc as mydumper 0.10 wrote them from MariaDB 10.11.19
// (mydumper -R -E -G, 2026-12-03), bodies shortened: the sys schema's
// routines live there, and a user schema's.
const (
	procHead = "/*!40101 SET NAMES binary*/;\n/*!40014 SET FOREIGN_KEY_CHECKS=0*/;\n/*!40103 SET TIME_ZONE='+00:00' */;\nINSERT INTO `proc` VALUES\n"
	procSys  = `("sys","extract_schema_from_file_name","FUNCTION","extract_schema_from_file_name","SQL","NO_SQL","YES","INVOKER","path VARCHAR(512)\n    ","varchar(64)","BEGIN END","mariadb.sys@localhost","2026-12-03 19:27:54","2026-12-03 19:27:54","","","utf8mb3","utf8mb3_general_ci","utf8mb3_general_ci","BEGIN END","NONE")`
	procShop = `("shop","p1","PROCEDURE","p1","SQL","CONTAINS_SQL","NO","DEFINER","","","SELECT COUNT(*) FROM shop.orders","root@localhost","2026-12-03 19:28:03","2026-12-03 19:28:03","","","utf8mb3","utf8mb3_general_ci","latin1_swedish_ci","SELECT COUNT(*) FROM shop.orders","NONE")`
)

// TestRoutineTables: mysql.proc rows are reported as routines left
// behind only when they hold a user schema's routine that no
// db-schema-post.sql carries (mydumper without -R); the sys schema's own
// rows, or a user schema whose -schema-post.sql is there (-R -E -G), are
// not (QA: the note fired on a -R -E -G dump of MariaDB).
func TestRoutineTables(t *testing.T) {
	cases := []struct {
		name     string
		rows     []string
		post     bool // shop-schema-post.sql present
		gzip     bool
		noShop   bool // the dump holds no shop schema (only tiny)
		tables   string
		routines string
	}{
		{"-R -E -G: shop's routine in shop-schema-post.sql, sys's in mysql.proc", []string{procSys, procShop}, true, false, false, "", ""},
		{"without -R: shop's routine only as a mysql.proc row", []string{procSys, procShop}, false, false, false, "mysql.proc", "shop"},
		{"without -R, gzip: read through", []string{procSys, procShop}, false, true, false, "mysql.proc", "shop"},
		{"only sys's routines: nothing of the user schemas stays behind", []string{procSys}, false, false, false, "", ""},
		{"a routine of a schema the dump leaves out (--regex, -B): not this dump's", []string{procSys, procShop},
			false, false, true, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"metadata":                "Started dump at: 2026-12-03 19:28:07\nFinished dump at: 2026-12-03 19:28:07\n",
				"mysql-schema-create.sql": "CREATE DATABASE `mysql`;\n", "shop-schema-create.sql": "CREATE DATABASE `shop`;\n",
				"mysql.proc-schema.sql":  "CREATE TABLE `proc` (\n  `db` char(64) NOT NULL\n) ENGINE=Aria;\n",
				"shop.orders-schema.sql": "CREATE TABLE `orders` (\n  `id` int(11) NOT NULL\n) ENGINE=InnoDB;\n",
				"shop.orders.sql":        "INSERT INTO `orders` VALUES\n(1),\n(2);\n",
			}
			if c.noShop {
				delete(files, "shop-schema-create.sql")
				delete(files, "shop.orders-schema.sql")
				delete(files, "shop.orders.sql")
				files["tiny-schema-create.sql"] = "CREATE DATABASE `tiny`;\n"
			}
			proc := procHead + strings.Join(c.rows, ",\n") + ";\n"
			if c.post {
				files["shop-schema-post.sql"] = "CREATE DEFINER=`root`@`localhost` PROCEDURE `p1`()\nSELECT COUNT(*) FROM shop.orders;\n"
			}
			for name, text := range files {
				writeFile(t, filepath.Join(dir, name), []byte(text))
			}
			if c.gzip {
				writeGzip(t, filepath.Join(dir, "mysql.proc.sql.gz"), proc)
			} else {
				writeFile(t, filepath.Join(dir, "mysql.proc.sql"), []byte(proc))
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(d.SystemRoutineTables, "|"); got != c.tables {
				t.Errorf("SystemRoutineTables = %q, want %q", got, c.tables)
			}
			if got := strings.Join(d.RoutineSchemas, "|"); got != c.routines {
				t.Errorf("RoutineSchemas = %q, want %q", got, c.routines)
			}
		})
	}
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeGzip(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
