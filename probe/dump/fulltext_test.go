package dump

import (
	"math"
	"strings"
	"testing"
)

func TestFtWords(t *testing.T) {
	cases := []struct {
		name string
		text string
		want int
	}{
		{"empty", "", 0},
		{"words of 3 or more characters", "the cat sat on a mat", 4},
		{"short words are not tokens", "a an to of", 0},
		{"punctuation splits words", "glacier,ice-sheet;moraine", 4},
		{"digits and underscores are word characters", "abc_1 2024 x9", 2},
		{"multi-byte letters count as characters", "été ça naïve", 2},
		{"one long run", "wabcdefghijklmnop", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ftWords([]byte(c.text)); got != c.want {
				t.Errorf("ftWords(%q) = %d, want %d", c.text, got, c.want)
			}
		})
	}
}

func TestModelFulltextSpatial(t *testing.T) {
	cases := []struct {
		name     string
		create   string
		rows     string
		fulltext int
		words    float64
		spatial  int
	}{
		{"one FULLTEXT index over two columns",
			"CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `title` varchar(200) NOT NULL,\n  `body` text NOT NULL,\n  PRIMARY KEY (`id`),\n  FULLTEXT KEY `ft` (`title`,`body`)\n) ENGINE=InnoDB",
			" VALUES (1,'glacier ice','the moraine of a valley'),(2,'fjord','sea')", 1, 3.5, 0}, // 5 words and 2
		{"two FULLTEXT indexes count a shared column twice",
			"CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `title` varchar(200) NOT NULL,\n  `body` text NOT NULL,\n  PRIMARY KEY (`id`),\n  FULLTEXT KEY `a` (`title`),\n  FULLTEXT KEY `b` (`title`,`body`)\n) ENGINE=InnoDB",
			" VALUES (1,'glacier ice','moraine')", 2, 5, 0},
		{"SPATIAL indexes counted, not B-tree entries",
			"CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `k` int NOT NULL,\n  `pt` point NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`),\n  SPATIAL KEY `sp` (`pt`)\n) ENGINE=InnoDB",
			" VALUES (1,5,0x000000000101000000000000000000F03F000000000000F03F)", 0, 0, 1},
		{"no such index", "CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `c` varchar(20) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB",
			" VALUES (1,'some words here')", 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, ok := modelTable("db.t", parseCreate(c.create), parseTuples([]byte(c.rows)), nil)
			if !ok {
				t.Fatal("not modelled")
			}
			if m.FulltextIndexes != c.fulltext || math.Abs(m.FulltextWordsPerRow-c.words) > 1e-9 || m.SpatialIndexes != c.spatial {
				t.Errorf("fulltext %d, words %.2f, spatial %d; want %d, %.2f, %d", m.FulltextIndexes, m.FulltextWordsPerRow, m.SpatialIndexes, c.fulltext, c.words, c.spatial)
			}
			if len(m.FulltextKeys) != c.fulltext || c.fulltext > 0 && !strings.HasPrefix(m.FulltextKeys[0], "FULLTEXT KEY `") {
				t.Errorf("FULLTEXT definitions %q", m.FulltextKeys)
			}
			if len(m.IndexEntryBytes) != map[bool]int{true: 1, false: 0}[c.spatial > 0] {
				t.Errorf("B-tree index entries %v: FULLTEXT or SPATIAL counted among them", m.IndexEntryBytes)
			}
		})
	}
}
