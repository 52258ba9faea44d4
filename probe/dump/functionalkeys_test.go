package dump

import "testing"

// TestFunctionalKeys: an index with an expression key part, as MySQL
// 8.0.13+ writes it in SHOW CREATE TABLE, is found; column and prefix key
// parts, and text in a COMMENT, are not.
func TestFunctionalKeys(t *testing.T) {
	cases := []struct {
		name, rest string
		want       bool
	}{
		{"expression alone", " `a` (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `fk` (((`id` + 1)))\n) ENGINE=InnoDB", true},
		{"after a column", "  UNIQUE KEY `u` (`v`,(coalesce(`v`,_utf8mb4'x')))", true},
		{"after a prefix and DESC", "  KEY `k` (`a`(10) DESC, (lower(`b`)))", true},
		{"CREATE INDEX form inside ALTER-like text", "  INDEX `i` ((cast(`j` as char(20))))", true},
		{"a prefix key part", "  KEY `k` (`name`(10))", false},
		{"plain columns", "  PRIMARY KEY (`id`),\n  KEY `k` (`a`,`b`)", false},
		{"a comment that looks like one", "  `c` int COMMENT 'KEY `x` ((1))',\n  KEY `k` (`c`)", false},
		{"a FULLTEXT key", "  FULLTEXT KEY `ft` (`body`)", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := functionalKeys{}
			f.add("d.t", c.rest)
			if got := len(f.list()) == 1; got != c.want {
				t.Errorf("functional %v, want %v", got, c.want)
			}
		})
	}
}
