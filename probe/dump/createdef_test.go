package dump

import (
	"reflect"
	"testing"
)

// parseCreateCases are TestParseCreate's cases: the rest of a CREATE TABLE
// after its name, and the columns, keys and column traits parseCreate must find.
var parseCreateCases = []struct {
	name       string
	rest       string
	cols       int
	pk         []keyPart
	secondary  [][]keyPart
	mbMax      map[int]int // column → bytes per character
	nullable   map[int]bool
	virtual    map[int]bool
	unmodelled bool
}{
	{"sysbench (mariadb-dump)", "(\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `k` int(11) NOT NULL DEFAULT 0,\n  `c` char(120) NOT NULL DEFAULT '',\n" +
		"  `pad` char(60) NOT NULL DEFAULT '',\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci",
		4, []keyPart{{col: 0}}, [][]keyPart{{{col: 1}}}, map[int]int{2: 1, 3: 1}, map[int]bool{1: false}, nil, false},
	{"inline primary key, utf8mb4 default", "(id INT PRIMARY KEY AUTO_INCREMENT, k INT, c CHAR(120), KEY(k)) DEFAULT CHARSET=utf8mb4",
		3, []keyPart{{col: 0}}, [][]keyPart{{{col: 1}}}, map[int]int{2: 4}, map[int]bool{0: false, 1: true, 2: true}, nil, false},
	{"no primary key: the first NOT NULL unique index clusters", "(`a` int NOT NULL, `b` varchar(10) NOT NULL, `c` int DEFAULT NULL, " +
		"UNIQUE KEY `u0` (`c`), UNIQUE KEY `u1` (`a`,`b`(4)), KEY `kc` (`c`)) ENGINE=InnoDB",
		3, []keyPart{{col: 0}, {col: 1, prefix: 4}}, [][]keyPart{{{col: 2}}, {{col: 2}}}, nil, nil, nil, false},
	{"no key at all", "(`a` int, `b` text CHARACTER SET utf8mb3) ENGINE=InnoDB DEFAULT CHARSET=latin1",
		2, nil, nil, map[int]int{1: 3}, nil, nil, false},
	{"collation names the character set", "(`a` varchar(10) COLLATE utf8mb4_bin NOT NULL, PRIMARY KEY (`a`))",
		1, []keyPart{{col: 0}}, nil, map[int]int{0: 4}, map[int]bool{0: false}, nil, false},
	{"generated columns; FULLTEXT and FOREIGN KEY left out", "(`id` int NOT NULL, `j` json, `v` int GENERATED ALWAYS AS (`id` * 2) VIRTUAL, " +
		"`s` int AS (`id` + 1) STORED, PRIMARY KEY (`id`), FULLTEXT KEY `ft` (`j`), CONSTRAINT `fk` FOREIGN KEY (`id`) REFERENCES `p` (`id`))",
		4, []keyPart{{col: 0}}, nil, nil, nil, map[int]bool{2: true, 3: false}, false},
	{"a default that reads NOT NULL is a string", "(`a` varchar(20) DEFAULT 'NOT NULL', PRIMARY KEY (`a`))",
		1, []keyPart{{col: 0}}, nil, nil, nil, nil, false},
	{"a functional index is left out, the rest sized", "(`a` int NOT NULL, PRIMARY KEY (`a`), KEY `e` ((`a` + 1)))", 1, []keyPart{{col: 0}}, nil, nil, nil, nil, false},
	{"MySQL 8.0's mysqldump", "(\n  `id` int NOT NULL AUTO_INCREMENT,\n  `name` varchar(50) COLLATE utf8mb4_0900_ai_ci DEFAULT NULL COMMENT 'a, (b)',\n" +
		"  `inv` int DEFAULT NULL /*!80023 INVISIBLE */,\n  `g` int GENERATED ALWAYS AS ((`id` * 2)) VIRTUAL,\n  PRIMARY KEY (`id`),\n" +
		"  KEY `idx_name` (`name`),\n  KEY `fx` ((lower(`name`)))\n) ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=latin1 " +
		"/*!80016 DEFAULT ENCRYPTION='N' */ /*!50100 PARTITION BY HASH (`id`) PARTITIONS 4 */",
		4, []keyPart{{col: 0}}, [][]keyPart{{{col: 1}}}, map[int]int{1: 4}, map[int]bool{1: true, 2: true}, map[int]bool{3: true}, false},
	{"compressed pages", "(`a` int NOT NULL, PRIMARY KEY (`a`)) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8", 1, []keyPart{{col: 0}}, nil, nil, nil, nil, true},
	{"KEY_BLOCK_SIZE alone compresses rows", "(`a` int NOT NULL, PRIMARY KEY (`a`)) ENGINE=InnoDB KEY_BLOCK_SIZE=4", 1, []keyPart{{col: 0}}, nil, nil, nil, nil, true},
	{"page-compressed rows are sized (mydumper 0.10 of MariaDB 10.11.19)", "(\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `k` int(11) NOT NULL DEFAULT 0,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n" +
		") ENGINE=InnoDB AUTO_INCREMENT=100001 DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci `page_compressed`='1'", 2, []keyPart{{col: 0}}, [][]keyPart{{{col: 1}}}, nil, nil, nil, false},
	{"LIKE: no definitions", " LIKE `other`", 0, nil, nil, nil, nil, nil, true},
}

func TestParseCreate(t *testing.T) {
	for _, c := range parseCreateCases {
		t.Run(c.name, func(t *testing.T) {
			d := parseCreate(c.rest)
			if len(d.cols) != c.cols {
				t.Fatalf("%d columns %+v, want %d", len(d.cols), d.cols, c.cols)
			}
			if !reflect.DeepEqual(d.pk, c.pk) {
				t.Errorf("clustered key %v, want %v", d.pk, c.pk)
			}
			if !reflect.DeepEqual(d.secondary, c.secondary) {
				t.Errorf("secondary %v, want %v", d.secondary, c.secondary)
			}
			for i, n := range c.mbMax {
				if d.cols[i].mbMaxLen != n {
					t.Errorf("column %s: %d bytes per character, want %d", d.cols[i].name, d.cols[i].mbMaxLen, n)
				}
			}
			for i, n := range c.nullable {
				if d.cols[i].nullable != n {
					t.Errorf("column %s: nullable %v, want %v", d.cols[i].name, d.cols[i].nullable, n)
				}
			}
			for i, v := range c.virtual {
				if d.cols[i].virtual != v || !d.cols[i].generated {
					t.Errorf("column %s: virtual %v generated %v, want virtual %v", d.cols[i].name, d.cols[i].virtual, d.cols[i].generated, v)
				}
			}
			if (d.unmodelled != "") != c.unmodelled {
				t.Errorf("unmodelled %q, want %v", d.unmodelled, c.unmodelled)
			}
		})
	}
}
