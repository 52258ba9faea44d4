package dump

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestInvisibleColumns: a column MySQL 8.0.23+ made invisible, as its SHOW
// CREATE TABLE writes it, is found; MariaDB's own INVISIBLE, MySQL's
// invisible index and text in a COMMENT are not.
func TestInvisibleColumns(t *testing.T) {
	cases := []struct {
		name, rest string
		want       bool
	}{
		{"MySQL 8 column", " `t3` (\n  `id` int NOT NULL,\n  `h` int DEFAULT NULL /*!80023 INVISIBLE */,\n  PRIMARY KEY (`id`)\n)", true},
		{"generated and invisible", "  `v` int GENERATED ALWAYS AS ((`id` + 1)) VIRTUAL /*!80023 INVISIBLE */,", true},
		{"MariaDB's own", "  `h` int(11) INVISIBLE DEFAULT NULL,\n  `rs` timestamp(6) GENERATED ALWAYS AS ROW START INVISIBLE,", false},
		{"an invisible index", "  PRIMARY KEY (`id`),\n  KEY `ka` (`a`) /*!80000 INVISIBLE */", false},
		{"a comment that looks like one", "  `c` int COMMENT '/*!80023 INVISIBLE */',", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := invisibleColumns{}
			f.add("d.t", c.rest)
			if got := len(f.list()) == 1; got != c.want {
				t.Errorf("invisible %v, want %v", got, c.want)
			}
		})
	}
}

// TestInvisibleColumnsSilentOnTestdata: no dump under testdata reports
// such a table.
func TestInvisibleColumnsSilentOnTestdata(t *testing.T) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		d, err := Read(context.Background(), filepath.Join("testdata", e.Name()))
		if err != nil {
			continue // not a dump (fuzz corpus, notes) or one refused before any scan
		}
		if len(d.InvisibleColumnTables) > 0 {
			t.Errorf("%s: invisible column tables %v, want none", e.Name(), d.InvisibleColumnTables)
		}
	}
}
