package dump

import (
	"context"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestNoCreateAndVerb: a mysqldump file's load into tables that exist
// depends on whether it creates them (--no-create-info writes no CREATE
// TABLE) and on its rows' verb (--insert-ignore, --replace): both are
// kept on the profile (QA: mariadb-dump 10.11 --no-create-info
// --insert-ignore, --replace).
func TestNoCreateAndVerb(t *testing.T) {
	create := "CREATE TABLE `t` (\n  `a` int NOT NULL,\n  PRIMARY KEY (`a`)\n) ENGINE=InnoDB;\n"
	cases := []struct {
		name, text string
		noCreate   bool
		verb       string
	}{
		{"a whole file", create + "INSERT INTO `t` VALUES (1),(2);\n", false, ""},
		{"--no-create-info", "INSERT INTO `t` VALUES (1),(2);\n", true, ""},
		{"--no-create-info --insert-ignore", "INSERT  IGNORE INTO `t` VALUES (1),(2);\n", true, "INSERT IGNORE"},
		{"--no-create-info --replace", "REPLACE INTO `t` VALUES (1),(2);\n", true, "REPLACE"},
		{"--replace with its CREATE TABLE", create + "REPLACE INTO `t` VALUES (1);\n", false, "REPLACE"},
		{"--no-data: no rows, nothing to say", create, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: FormatMysqldump}
			s := &sqlScan{t: newTally(), d: d, createdDBs: map[string]bool{}, model: newSQLModeller()}
			if err := s.run(context.Background(), strings.NewReader(c.text)); err != nil {
				t.Fatal(err)
			}
			if d.CreatesNoTable != c.noCreate || d.InsertVerb != c.verb {
				t.Errorf("CreatesNoTable %v, InsertVerb %q; want %v, %q", d.CreatesNoTable, d.InsertVerb, c.noCreate, c.verb)
			}
		})
	}
}
