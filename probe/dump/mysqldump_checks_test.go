package dump

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMysqldumpChecks: what a mysqldump file's load depends on beyond its
// statements, read from real files and from constructed text.
func TestMysqldumpChecks(t *testing.T) {
	type want struct {
		incomplete, sandbox, noHeader, collations bool
		fks, generated                            int
		largest                                   uint64
	}
	files := []struct {
		name, path string
		want       want
	}{
		{"a whole mariadb-dump file", "mariadb-dump-10.11.sql", want{sandbox: true, largest: 116}},
		{"cut after 60 lines: no '-- Dump completed'", "mariadb-dump-10.11-cut.sql", want{incomplete: true, sandbox: true, fks: 1, generated: 1, largest: 114}},
		{"--compact: no session header, a foreign key and a generated column", "mariadb-dump-10.11-compact-fk.sql", want{sandbox: true, noHeader: true, fks: 1, generated: 1, largest: 114}},
		{"--compact --no-create-info: no header comments, so not judged cut", "mariadb-dump-10.11-compact-ignore.sql", want{sandbox: true, noHeader: true, largest: 41}},
	}
	for _, c := range files {
		t.Run(c.name, func(t *testing.T) {
			d, err := Read(context.Background(), filepath.Join("testdata", c.path))
			if err != nil {
				t.Fatal(err)
			}
			checkDumpChecks(t, d, c.want.incomplete, c.want.sandbox, c.want.noHeader, c.want.collations, c.want.fks, c.want.generated, c.want.largest)
		})
	}
	texts := []struct {
		name, text string
		want       want
	}{
		{"MySQL 8's collations and a long line, no header", "CREATE TABLE `t` (\n  `a` varchar(9) COLLATE utf8mb4_0900_ai_ci\n) ENGINE=InnoDB;\nINSERT INTO `t` VALUES ('" +
			strings.Repeat("x", 200000) + "');\n", want{noHeader: true, collations: true, largest: 200000 + 29}},
		{"a CREATE DATABASE in MySQL 8's default collation", "CREATE DATABASE /*!32312 IF NOT EXISTS*/ `d` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci */;\n",
			want{collations: true, largest: 115}},
		{"a header SET of its own counts", "SET FOREIGN_KEY_CHECKS=0;\nCREATE TABLE `t` (\n  `a` int\n) ENGINE=InnoDB;\n", want{largest: 26}},
	}
	for _, c := range texts {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: FormatMysqldump}
			s := &sqlScan{t: newTally(), d: d, createdDBs: map[string]bool{}, model: newSQLModeller()}
			if err := s.run(context.Background(), strings.NewReader(c.text)); err != nil {
				t.Fatal(err)
			}
			checkDumpChecks(t, d, c.want.incomplete, c.want.sandbox, c.want.noHeader, c.want.collations, c.want.fks, c.want.generated, c.want.largest)
		})
	}
}

func checkDumpChecks(t *testing.T, d *profile.Dump, incomplete, sandbox, noHeader, collations bool, fks, generated int, largest uint64) {
	t.Helper()
	if d.Incomplete != incomplete || d.SandboxLine != sandbox || d.NoSessionHeader != noHeader || d.MySQL8Collations != collations ||
		d.ForeignKeys != fks || d.GeneratedColumns != generated || d.LargestLineBytes != largest {
		t.Errorf("incomplete %v sandbox %v noHeader %v collations %v fks %d generated %d largest %d; want %v %v %v %v %d %d %d",
			d.Incomplete, d.SandboxLine, d.NoSessionHeader, d.MySQL8Collations, d.ForeignKeys, d.GeneratedColumns, d.LargestLineBytes,
			incomplete, sandbox, noHeader, collations, fks, generated, largest)
	}
}
