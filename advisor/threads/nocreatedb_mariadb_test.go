package threads

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

// TestNoCreateDBLinesRunOnMariaDB pastes the printed lines for a real
// mariadb-dump --databases tiny shop --no-create-db file (USE, no CREATE
// DATABASE) into a real MariaDB: without the CREATE DATABASE line the load
// fails ("ERROR 1049 (42000): Unknown database 'tiny'"); with it every row
// arrives, on a target without the databases or with one of them.
func TestNoCreateDBLinesRunOnMariaDB(t *testing.T) {
	file, err := filepath.Abs("../../probe/dump/testdata/mariadb-dump-10.11-nocreatedb.sql")
	if err != nil {
		t.Fatal(err)
	}
	dst := testmariadb.Start(t)
	rootExec(t, dst, "CREATE USER '"+toolUser+"'@'%' IDENTIFIED BY '"+toolPass+"'",
		"CREATE USER '"+toolUser+"'@'localhost' IDENTIFIED BY '"+toolPass+"'",
		"GRANT ALL ON *.* TO '"+toolUser+"'@'%'", "GRANT ALL ON *.* TO '"+toolUser+"'@'localhost'")
	d := &profile.Dump{Format: "mysqldump", Path: file, Compression: "none", Tables: 5, Chunks: 1, TotalBytes: 4775,
		InsertStatements: 5, DropsTables: true, UncreatedDatabases: []string{"tiny", "shop"}}
	cases := []struct {
		name   string
		before []string
	}{
		{"a fresh target", nil},
		{"a target that has one of the databases", []string{"CREATE DATABASE tiny"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rootExec(t, dst, append([]string{"DROP DATABASE IF EXISTS tiny", "DROP DATABASE IF EXISTS shop"}, c.before...)...)
			plan := Size(withServer(prof(2, 0, fastCurve, d), server("mariadb", "10.11.6-MariaDB", nil)), Options{Task: TaskLoad})
			if len(plan.Commands) != 2 || !strings.Contains(plan.Commands[0], "CREATE DATABASE IF NOT EXISTS `tiny`; CREATE DATABASE IF NOT EXISTS `shop`") {
				t.Fatalf("want the CREATE DATABASE line, then the load; got %q", plan.Commands)
			}
			for _, line := range plan.Commands {
				line = strings.Replace(fill(line, "TARGET", dst.Port), " -p", " -p'"+toolPass+"'", 1)
				runLine(t, line, true)
			}
			for q, want := range map[string]int{"SELECT COUNT(*) FROM tiny.t": 6, "SELECT COUNT(*) FROM tiny.u": 4, "SELECT COUNT(*) FROM shop.orders": 30} {
				if n := rowCount(t, dst, q); n != want {
					t.Errorf("%s = %d after the printed lines, want %d", q, n, want)
				}
			}
		})
	}
}
