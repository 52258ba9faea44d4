package dump

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadMydumperNoRows: a mydumper dump of table definitions only
// (mydumper -d) says it loads no row; one with a data file does not.
func TestReadMydumperNoRows(t *testing.T) {
	files := map[string]string{
		"metadata":               "Started dump at: 2026-12-06 03:22:28\nFinished dump at: 2026-12-06 03:22:30\n",
		"shop-schema-create.sql": "CREATE DATABASE `shop`;\n",
		"shop.orders-schema.sql": "CREATE TABLE `orders` (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n",
	}
	for _, c := range []struct {
		name  string
		extra map[string]string
		want  bool
	}{
		{"mydumper -d: no data file", nil, true},
		{"a data file", map[string]string{"shop.orders.sql": "INSERT INTO `orders` VALUES\n(1);\n"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, set := range []map[string]string{files, c.extra} {
				for name, text := range set {
					if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
						t.Fatal(err)
					}
				}
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			got := slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, "the dump holds no rows: its 1 table(s)") })
			if got != c.want {
				t.Errorf("note there %v, want %v (notes %q)", got, c.want, d.Notes)
			}
		})
	}
}
