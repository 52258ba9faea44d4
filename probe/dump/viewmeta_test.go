package dump

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestMydumperMetadataViewsStayOut: newer mydumper's ini metadata has a
// [`db`.`t`] section for views and sequences too (QA9 md17-viewmeta: 1
// table + 1 view read as 2 tables); those its files show to be a view
// (-schema-view) or a sequence (-schema-sequence) are not tables, while a
// table the metadata alone lists still is.
func TestMydumperMetadataViewsStayOut(t *testing.T) {
	const head = "# Started dump at: 2026-12-01 10:00:00\n[config]\nquote-character = BACKTICK\n\n" +
		"[`shop`.`orders`]\nreal_table_name=orders\nrows = 3000\n\n"
	const tail = "[`shop`]\nschema_checksum = FDF2173B\n# Finished dump at: 2026-12-01 10:00:02\n"
	base := map[string]string{
		"shop-schema-create.sql": "CREATE DATABASE `shop`;\n",
		"shop.orders-schema.sql": "CREATE TABLE `orders` (`id` int) ENGINE=InnoDB;\n",
		"shop.orders.00000.sql":  "INSERT INTO `orders` VALUES (1);\n",
	}
	cases := []struct {
		name, sections string
		files          map[string]string
		want           string // the tables, sorted
	}{
		{"a view in metadata", "[`shop`.`v1`]\nreal_table_name=v1\nrows = 0\n\n", map[string]string{
			"shop.v1-schema.sql":      "CREATE TABLE IF NOT EXISTS `v1`(\n`id` tinyint NOT NULL\n) ENGINE=MEMORY;\n",
			"shop.v1-schema-view.sql": "CREATE VIEW `v1` AS select `id` from `orders`;\n"}, "shop.orders"},
		{"a sequence in metadata", "[`shop`.`s1`]\nreal_table_name=s1\nrows = 0\nis_sequence = 1\n\n", map[string]string{
			"shop.s1-schema.sql":          "CREATE SEQUENCE `s1` start with 1 ENGINE=InnoDB;\n",
			"shop.s1-schema-sequence.sql": "CREATE SEQUENCE `s1` start with 1 ENGINE=InnoDB;\n"}, "shop.orders"},
		{"a table only metadata names stays", "[`shop`.`items`]\nreal_table_name=items\nrows = 0\n\n", nil, "shop.items|shop.orders"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "metadata"), []byte(head+c.sections+tail))
			for _, set := range []map[string]string{base, c.files} {
				for name, body := range set {
					writeFile(t, filepath.Join(dir, name), []byte(body))
				}
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tb := range d.TopTables {
				got = append(got, tb.Name)
			}
			sort.Strings(got)
			if strings.Join(got, "|") != c.want || d.Tables != len(got) {
				t.Errorf("tables %d %q, want %q", d.Tables, got, c.want)
			}
		})
	}
}
