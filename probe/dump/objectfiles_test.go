package dump

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestObjectFilesNote: a mydumper dump without --triggers, --routines and
// --events holds no file for them, and the load restores none without a
// word (QA: mydumper 0.10 -B shop, a schema with a trigger, two routines
// and an event); a dump with any such file of a user schema, or whose
// routines are mysql.proc rows (said elsewhere), gets no note.
func TestObjectFilesNote(t *testing.T) {
	data := fileSet{"metadata": 1, "shop-schema-create.sql": 1, "shop.orders-schema.sql": 1, "shop.orders.sql": 1}
	with := func(names ...string) fileSet {
		f := fileSet{}
		for n, s := range data {
			f[n] = s
		}
		for _, n := range names {
			f[n] = 1
		}
		return f
	}
	shop := map[string]bool{"shop": true}
	cases := []struct {
		name     string
		files    fileSet
		schemas  map[string]bool
		routines []string
		want     string // "" no note
	}{
		{"mydumper -B shop: none", data, shop, nil, "if `shop` on the source hold any, myloader restores none of them"},
		{"with -G: a triggers file", with("shop.orders-schema-triggers.sql.gz"), shop, nil, ""},
		{"with -R -E: a schema-post file", with("shop-schema-post.sql"), shop, nil, ""},
		{"only the sys schema's post file", with("sys-schema-post.sql", "mysql-schema-post.sql"), map[string]bool{"shop": true, "sys": true, "mysql": true}, nil, "--databases shop >"},
		{"routines as mysql.proc rows: said elsewhere", data, shop, []string{"shop"}, ""},
		{"a name the shell must quote", data, map[string]bool{"my db": true}, nil, "--databases 'my db' >"},
		{"no user schema", fileSet{"metadata": 1}, map[string]bool{"mysql": true}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := objectFilesNote(c.files, c.schemas, c.routines)
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Errorf("note %q, want %q in it", got, c.want)
			}
		})
	}
}

// TestReadMydumperNoObjectFiles: Read puts the note among a mydumper
// dump's notes, and leaves it out when the dump has its -schema-post.sql.
func TestReadMydumperNoObjectFiles(t *testing.T) {
	files := map[string]string{
		"metadata":               "Started dump at: 2026-12-06 03:22:28\nFinished dump at: 2026-12-06 03:22:30\n",
		"shop-schema-create.sql": "CREATE DATABASE `shop`;\n",
		"shop.orders-schema.sql": "CREATE TABLE `orders` (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n",
		"shop.orders.sql":        "INSERT INTO `orders` VALUES\n(1),\n(2);\n",
	}
	for _, c := range []struct {
		name  string
		extra map[string]string
		want  bool
	}{
		{"mydumper -B shop", nil, true},
		{"mydumper -B shop -R -E", map[string]string{"shop-schema-post.sql": "DROP PROCEDURE IF EXISTS `p`;\n"}, false},
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
			got := slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, "holds no trigger, stored routine or event") })
			if got != c.want {
				t.Errorf("note there %v, want %v (notes %q)", got, c.want, d.Notes)
			}
		})
	}
}
