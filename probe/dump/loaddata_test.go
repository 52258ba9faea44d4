package dump

import (
	"context"
	"path/filepath"
	"testing"
)

// TestMydumperLoadData: a mydumper --load-data dump (QA9 md17: .dat rows
// beside .sql LOAD DATA statements) counts each .dat and its .sql as one
// chunk and is marked LoadData; a .dat without its .sql is a chunk of its
// own, and an ordinary dump is not marked.
func TestMydumperLoadData(t *testing.T) {
	const loadStmt = "LOAD DATA LOCAL INFILE 'shop.items.00000.dat' REPLACE INTO TABLE `items` FIELDS TERMINATED BY '\\t';\n"
	base := map[string]string{
		"metadata":               "# Started dump at: 2026-12-01 10:00:00\n[config]\nquote-character = BACKTICK\n# Finished dump at: 2026-12-01 10:00:02\n",
		"shop-schema-create.sql": "CREATE DATABASE `shop`;\n",
		"shop.items-schema.sql":  "CREATE TABLE `items` (`id` int, `v` text);\n",
		"shop.orders-schema.sql": "CREATE TABLE `orders` (`id` int);\n",
		"shop.orders.00000.sql":  "INSERT INTO `orders` VALUES (1);\n",
		"shop.orders.00001.sql":  "INSERT INTO `orders` VALUES (2);\n",
	}
	cases := []struct {
		name     string
		files    map[string]string
		chunks   int
		loadData bool
	}{
		{"two .dat chunks with their .sql: 2 chunks, 4 with orders'", map[string]string{
			"shop.items.00000.dat": "0\tvalue 0\n", "shop.items.00000.sql": loadStmt,
			"shop.items.00001.dat": "1\tvalue 1\n", "shop.items.00001.sql": loadStmt}, 4, true},
		{"no .dat: an ordinary dump", map[string]string{"shop.items.00000.sql": "INSERT INTO `items` VALUES (1,'a');\n"}, 3, false},
		{"a .dat alone is a chunk", map[string]string{"shop.items.00000.dat": "0\tvalue 0\n"}, 3, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, set := range []map[string]string{base, c.files} {
				for name, body := range set {
					writeFile(t, filepath.Join(dir, name), []byte(body))
				}
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if d.Chunks != c.chunks || d.LoadData != c.loadData || d.Tables != 2 {
				t.Errorf("tables %d, chunks %d, load_data %v; want 2, %d, %v", d.Tables, d.Chunks, d.LoadData, c.chunks, c.loadData)
			}
		})
	}
}
