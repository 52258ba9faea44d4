package dump

import (
	"reflect"
	"testing"
)

// TestAlterForeignKeys: FOREIGN KEYs a file adds with ALTER TABLE after
// its CREATE TABLEs (phpMyAdmin's export style) make their tables children
// and the tables they reference parents, as inline ones do; an ALTER that
// adds a plain key, or MyISAM's DISABLE KEYS hint, makes none.
func TestAlterForeignKeys(t *testing.T) {
	create := func(name string) string {
		return "CREATE TABLE `" + name + "` (\n  `id` int(11) NOT NULL,\n  `k` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB;\n" +
			"INSERT INTO `" + name + "` VALUES (1,2),(2,3);\n"
	}
	cases := []struct {
		name              string
		text              string
		children, parents []string
	}{
		{"a multi-line ALTER adding two constraints, one across databases", "USE `a`;\n" + create("parent") + create("child") + "/*!40000 ALTER TABLE `child` DISABLE KEYS */;\n" +
			"ALTER TABLE `child`\n  ADD CONSTRAINT `fk REFERENCES x` FOREIGN KEY (`k`) REFERENCES `parent` (`k`) ON DELETE CASCADE,\n" +
			"  ADD CONSTRAINT `fk2` FOREIGN KEY (`id`) REFERENCES `other` . `t2` (`id`);\n",
			[]string{"a.child"}, []string{"a.parent", "other.t2"}},
		{"one line, lower case, a qualified child", "USE `a`;\n" + create("p") + create("c") + "alter table `b`.`c` add foreign key (`k`) references p (`k`);\n",
			[]string{"b.c"}, []string{"b.p"}},
		{"an ALTER adding a plain key: no FOREIGN KEY", "USE `a`;\n" + create("t") + "ALTER TABLE `t` ADD KEY `k_2` (`k`, `id`);\n", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := readDumpText(t, c.text)
			if !reflect.DeepEqual(d.ForeignKeyTables, c.children) || !reflect.DeepEqual(d.ForeignKeyParents, c.parents) {
				t.Errorf("children %q parents %q, want %q %q", d.ForeignKeyTables, d.ForeignKeyParents, c.children, c.parents)
			}
		})
	}
}
