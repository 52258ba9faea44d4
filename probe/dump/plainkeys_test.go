package dump

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPlainKeys reads the plain secondary indexes a load can add after the
// rows, where each sits among the secondary indexes, and why they must
// stay, from CREATE TABLE texts as mydumper 0.10 writes them (SHOW CREATE
// TABLE of MariaDB 10.11) and the cases around them.
func TestPlainKeys(t *testing.T) {
	cases := []struct {
		name string
		rest string
		want plainKeys
	}{
		{"sysbench (mydumper 0.10)", "(\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `k` int(11) NOT NULL DEFAULT 0,\n  `c` char(120) NOT NULL DEFAULT '',\n" +
			"  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB AUTO_INCREMENT=100001 DEFAULT CHARSET=latin1",
			plainKeys{defs: []string{"KEY `k_1` (`k`)"}, at: []int{0}}},
		{"UNIQUE, FULLTEXT and SPATIAL are not plain; INDEX is", "(`id` int NOT NULL, `a` int, `t` text, `p` point NOT NULL, PRIMARY KEY (`id`), UNIQUE KEY `u` (`a`), " +
			"KEY `ka` (`a`,`id`), FULLTEXT KEY `f` (`t`), SPATIAL KEY `s` (`p`), INDEX `i` (`t`(10)))",
			plainKeys{defs: []string{"KEY `ka` (`a`,`id`)", "INDEX `i` (`t`(10))"}, at: []int{1, 2}}},
		{"no PRIMARY KEY: the first NOT NULL UNIQUE clusters, the positions follow", "(`a` int NOT NULL, `b` int, KEY `kb` (`b`), UNIQUE KEY `ua` (`a`), KEY `kb2` (`b`,`a`))",
			plainKeys{defs: []string{"KEY `kb` (`b`)", "KEY `kb2` (`b`,`a`)"}, at: []int{0, 1}}},
		{"AUTO_INCREMENT led by a plain KEY only: kept", "(`id` int NOT NULL AUTO_INCREMENT, `a` int NOT NULL, PRIMARY KEY (`a`,`id`), KEY `kid` (`id`))",
			plainKeys{defs: []string{"KEY `kid` (`id`)"}, at: []int{0}, kept: "its AUTO_INCREMENT column `id` leads no index but a plain KEY, which the CREATE TABLE needs (ERROR 1075 without it)"}},
		{"AUTO_INCREMENT led by a UNIQUE key: the plain keys may go", "(`id` int NOT NULL AUTO_INCREMENT, `a` int NOT NULL, PRIMARY KEY (`a`), UNIQUE KEY `uid` (`id`), KEY `ka` (`a`,`id`))",
			plainKeys{defs: []string{"KEY `ka` (`a`,`id`)"}, at: []int{1}}},
		{"a functional key part (MySQL 8.0.13+): kept", "(`id` int NOT NULL, `j` json, PRIMARY KEY (`id`), KEY `f` ((cast(`j` as unsigned))), KEY `k` (`id`))",
			plainKeys{defs: []string{"KEY `k` (`id`)"}, at: []int{0}, kept: "a key on an expression (a functional key part)"}},
		{"a key over two lines: kept", "(`id` int NOT NULL, `a` int, `b` int, PRIMARY KEY (`id`), KEY `ab` (`a`,\n `b`))",
			plainKeys{defs: []string{"KEY `ab` (`a`,\n `b`)"}, at: []int{0}, kept: "a key definition spans several lines, which the line filter that takes keys out does not read"}},
		{"a DEFAULT that says AUTO_INCREMENT is not one", "(`id` int NOT NULL, `c` varchar(20) DEFAULT 'AUTO_INCREMENT', PRIMARY KEY (`id`), KEY `kc` (`c`))",
			plainKeys{defs: []string{"KEY `kc` (`c`)"}, at: []int{0}}},
		{"no secondary index", "(`id` int NOT NULL, PRIMARY KEY (`id`))", plainKeys{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := parseCreate(c.rest).plain; !reflect.DeepEqual(got, c.want) {
				t.Errorf("plain keys = %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestMysqldumpKeyTables reads the plain keys of a mysqldump file's tables
// where review r67 found them missed or misplaced: a table named with a
// "(" (its definitions were read from inside its name) and a database
// selected by a hand-edited lower-case "use" (its tables were taken for
// the previous database's).
func TestMysqldumpKeyTables(t *testing.T) {
	create := func(name string) string {
		return "CREATE TABLE `" + name + "` (\n  `id` int(11) NOT NULL,\n  `k` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB;\n" +
			"INSERT INTO `" + name + "` VALUES (1,2),(2,3);\n"
	}
	cases := []struct {
		name, text string
		want       []string
	}{
		{"a ( in a table's name", "USE `x`;\n" + create("p(q)"), []string{"x.p(q)"}},
		{"lower-case use, bare and quoted", "USE `a`;\n" + create("t") + "use b;\n" + create("t") + "use `c`;\n" + create("t"), []string{"a.t", "b.t", "c.t"}},
		{"a bare name with a dot, as the client reads it", "USE `a`;\n" + create("t") + "use s.1 ;\n" + create("t"), []string{"a.t", "s.1.t"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := readDumpText(t, c.text)
			if !reflect.DeepEqual(d.SecondaryKeyTables, c.want) {
				t.Errorf("secondary key tables = %q, want %q", d.SecondaryKeyTables, c.want)
			}
			for _, m := range d.TableModels {
				if !reflect.DeepEqual(m.SecondaryKeys, []string{"KEY `k_1` (`k`)"}) {
					t.Errorf("%s: keys %q, want KEY `k_1` (`k`)", m.Name, m.SecondaryKeys)
				}
			}
		})
	}
}

// readDumpText reads a mysqldump file holding text between mariadb-dump's
// first and last lines.
func readDumpText(t *testing.T, text string) *profile.Dump {
	t.Helper()
	path := filepath.Join(t.TempDir(), "d.sql")
	if err := os.WriteFile(path, []byte("-- MariaDB dump 10.19\n"+text+"-- Dump completed\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := Read(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
