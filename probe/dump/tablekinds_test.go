package dump

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestKindOf reads the kinds of table no timed restore loaded from CREATE
// TABLE texts as mydumper 0.10 wrote them of MariaDB 10.11.19 (review r54,
// 2026-12-07), and the cases around them.
func TestKindOf(t *testing.T) {
	cases := []struct {
		name string
		rest string
		want tableKind
	}{
		{"FULLTEXT (mydumper 0.10)", "(\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `title` varchar(100) NOT NULL,\n  `body` text NOT NULL,\n  `k` int(11) NOT NULL,\n" +
			"  PRIMARY KEY (`id`),\n  KEY `k` (`k`),\n  FULLTEXT KEY `ftb` (`title`,`body`)\n) ENGINE=InnoDB AUTO_INCREMENT=327676 DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci",
			tableKind{fulltext: 1, plainKeys: 1}},
		{"two SPATIAL indexes (mydumper 0.10)", "(\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `name` varchar(40) NOT NULL,\n  `pt` point NOT NULL,\n  `area` geometry NOT NULL,\n" +
			"  PRIMARY KEY (`id`),\n  SPATIAL KEY `spt` (`pt`),\n  SPATIAL KEY `sarea` (`area`)\n) ENGINE=InnoDB AUTO_INCREMENT=458746 DEFAULT CHARSET=latin1",
			tableKind{spatial: 2}},
		{"a named FOREIGN KEY (mydumper 0.10)", "(\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `parent_id` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `kp` (`parent_id`),\n" +
			"  CONSTRAINT `fk_parent` FOREIGN KEY (`parent_id`) REFERENCES `parent` (`id`) ON DELETE CASCADE\n) ENGINE=InnoDB",
			tableKind{foreignKeys: 1, plainKeys: 1}},
		{"an unnamed FOREIGN KEY and a CHECK", "(`a` int, `b` int, FOREIGN KEY (`a`) REFERENCES `p` (`id`), CONSTRAINT `c` CHECK (`b` > 0))", tableKind{foreignKeys: 1}},
		{"system-versioned (mydumper 0.10)", "(\n  `id` int(11) NOT NULL,\n  `balance` decimal(12,2) NOT NULL,\n  PRIMARY KEY (`id`)\n" +
			") ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci WITH SYSTEM VERSIONING", tableKind{versioned: true}},
		{"a versioned column versions the table", "(`a` int, `b` int WITH SYSTEM VERSIONING) ENGINE=InnoDB", tableKind{versioned: true}},
		{"sequence (mydumper 0.10)", "(\n  `next_not_cached_value` bigint(21) NOT NULL,\n  `minimum_value` bigint(21) NOT NULL,\n" +
			"  `start_value` bigint(21) NOT NULL COMMENT 'start value when sequences is created or value if RESTART is used',\n" +
			"  `cycle_count` bigint(21) NOT NULL COMMENT 'How many cycles have been done'\n) ENGINE=InnoDB SEQUENCE=1", tableKind{sequence: true}},
		{"words in comments and names are not kinds", "(`fulltext` text COMMENT 'FULLTEXT KEY, WITH SYSTEM VERSIONING', `s` int, " +
			"KEY `SPATIAL` (`s`)) ENGINE=InnoDB COMMENT='SEQUENCE=1 FOREIGN KEY'", tableKind{plainKeys: 1}},
		{"a table a nextval default reads from", "(`id` bigint(20) NOT NULL DEFAULT nextval(`sq`.`s_order`), PRIMARY KEY (`id`)) ENGINE=InnoDB", tableKind{}},
		{"a column's REFERENCES is a FOREIGN KEY (MariaDB makes one; review r68)", "(`id` int NOT NULL, `rc` int NOT NULL REFERENCES `region` (`code`), PRIMARY KEY (`id`))", tableKind{foreignKeys: 1}},
		{"a column's REFERENCES on the next line, bare names", "(id int NOT NULL,\n  rc int\n    references region(code),\n  KEY k (id))", tableKind{foreignKeys: 1, plainKeys: 1}},
		{"a column named REFERENCES x is none", "(`a REFERENCES x` int, `b` int COMMENT ' REFERENCES y ', KEY `FOREIGN KEY REFERENCES z` (`b`))", tableKind{plainKeys: 1}},
		{"a CHECK named FOREIGN KEY is no FOREIGN KEY (review r68)", "(`a` int, CONSTRAINT `no FOREIGN KEY` CHECK (`a` > 0))", tableKind{}},
		{"sysbench", "(`id` int NOT NULL AUTO_INCREMENT, `k` int NOT NULL, PRIMARY KEY (`id`), KEY `k_1` (`k`)) ENGINE=InnoDB", tableKind{plainKeys: 1}},
		{"INDEX and KEY are plain keys; UNIQUE, PRIMARY are not", "(`a` int, `b` int, `c` int, PRIMARY KEY (`a`), UNIQUE KEY `u` (`b`), INDEX `i` (`c`), KEY `j` (`b`, `c`))", tableKind{plainKeys: 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := kindOf(c.rest); got != c.want {
				t.Errorf("kindOf = %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestTableKindsLists groups the tables by kind, sorted, with no list for a
// kind without tables.
func TestTableKindsLists(t *testing.T) {
	cases := []struct {
		name string
		add  map[string]string
		want profile.DumpTableKinds
	}{
		{"none", map[string]string{"s.t": "(`a` int) ENGINE=InnoDB"}, profile.DumpTableKinds{}},
		{"mixed", map[string]string{
			"mx.doc":   "(`a` text, FULLTEXT KEY `f` (`a`)) ENGINE=InnoDB",
			"mx.acct":  "(`a` int) ENGINE=InnoDB WITH SYSTEM VERSIONING",
			"mx.child": "(`a` int, CONSTRAINT `f` FOREIGN KEY (`a`) REFERENCES `parent` (`id`)) ENGINE=InnoDB",
			"mx.b":     "(`a` text, `p` point NOT NULL, FULLTEXT KEY `f` (`a`), SPATIAL KEY `s` (`p`)) ENGINE=InnoDB",
			"mx.s":     "(`next_not_cached_value` bigint(21) NOT NULL) ENGINE=InnoDB SEQUENCE=1",
		}, profile.DumpTableKinds{FulltextTables: []string{"mx.b", "mx.doc"}, SpatialTables: []string{"mx.b"},
			ForeignKeyTables: []string{"mx.child"}, ForeignKeyParents: []string{"mx.parent"}, VersionedTables: []string{"mx.acct"}, SequenceTables: []string{"mx.s"}}},
		{"FOREIGN KEY parents: unqualified in the child's database, qualified, self, several, a COMMENT naming none", map[string]string{
			"a.c1": "(`x` int, `y` int, KEY `k` (`x`), CONSTRAINT `f1` FOREIGN KEY (`x`) REFERENCES `p1` (`id`) ON DELETE CASCADE,\n" +
				"  CONSTRAINT `f2` FOREIGN KEY (`y`) REFERENCES `b`.`p2` (`id`)) ENGINE=InnoDB COMMENT ' REFERENCES `z` FOREIGN KEY'",
			"a.tree": "(`id` int, `up` int, FOREIGN KEY (`up`) REFERENCES tree (`id`)) ENGINE=InnoDB",
			"a.d":    "(`x` int, CONSTRAINT `f` FOREIGN KEY (`x`) REFERENCES `we``ird` . `p 3` (`id`)) ENGINE=InnoDB",
		}, profile.DumpTableKinds{ForeignKeyTables: []string{"a.c1", "a.d", "a.tree"}, ForeignKeyParents: []string{"a.p1", "a.tree", "b.p2", "we`ird.p 3"},
			SecondaryKeyTables: []string{"a.c1"}}},
		// review r68, live: shop.store's constraint named so made shop.bigfree the parent, and shop.region's keys were deferred
		{"REFERENCES and FOREIGN KEY inside names (mydumper 0.10)", map[string]string{
			"shop.store": "(\n  `id` int(11) NOT NULL,\n  `region_code` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `fk REFERENCES bigfree` (`region_code`),\n" +
				"  CONSTRAINT `fk REFERENCES bigfree` FOREIGN KEY (`region_code`) REFERENCES `region` (`code`)\n) ENGINE=InnoDB",
			"shop.orders": "(`id` int, `c` int, KEY `fk ord``cust ü` (`c`), CONSTRAINT `fk ord``cust ü` FOREIGN KEY (`c`) REFERENCES `ref db`.`cur rency ü` (`code`)) ENGINE=InnoDB",
			"shop.k":      "(`id` int, `a REFERENCES x` int, KEY `FOREIGN KEY REFERENCES y` (`a REFERENCES x`)) ENGINE=InnoDB",
		}, profile.DumpTableKinds{ForeignKeyTables: []string{"shop.orders", "shop.store"}, ForeignKeyParents: []string{"ref db.cur rency ü", "shop.region"},
			SecondaryKeyTables: []string{"shop.k", "shop.orders", "shop.store"}}},
		// review r68, live: a hand-edited store whose column references region: region's keys were deferred, errno 150
		{"a column's REFERENCES, in its database or qualified", map[string]string{
			"shop.store": "(\n  `id` int(11) NOT NULL,\n  `region_code` int(11) NOT NULL REFERENCES `region` (`code`),\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB",
			"shop.o2":    "(`id` int, `cur` char(3) REFERENCES `ref db`.`cur rency ü` (`code`)) ENGINE=InnoDB",
		}, profile.DumpTableKinds{ForeignKeyTables: []string{"shop.o2", "shop.store"}, ForeignKeyParents: []string{"ref db.cur rency ü", "shop.region"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := tableKinds{}
			for name, rest := range c.add {
				schema, _, _ := strings.Cut(name, ".")
				k.add(schema, name, rest)
			}
			if got := k.lists(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("lists = %+v, want %+v", got, c.want)
			}
		})
	}
}
