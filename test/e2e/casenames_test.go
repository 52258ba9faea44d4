//go:build unix

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestRestoreCaseCollisions: a dump holding casey.Foo and casey.foo,
// planned against a live MariaDB with lower_case_table_names = 1, warns
// that the load mixes or drops them (reproduced on 2026-12-06: myloader
// put Foo's row into foo, exit 1; mysql < the mysqldump file exited 0 with
// Foo gone); against a server with 0 it does not.
func TestRestoreCaseCollisions(t *testing.T) {
	lower := testmariadb.StartWith(t, "--lower-case-table-names=1")
	plain := testmariadb.Shared(t)
	td := filepath.Join("..", "..", "probe", "dump", "testdata")
	cases := []struct {
		name string
		srv  *testmariadb.Server
		dump string
		want string // "" : no such warning
	}{
		{"mydumper dump into lower_case_table_names 1", lower, "mydumper-0.10-case", "myloader puts the rows of both into one table"},
		{"mysqldump file into lower_case_table_names 1", lower, "mariadb-dump-10.11-case.sql", "DROP TABLE IF EXISTS of the second drops the first"},
		{"mydumper dump into lower_case_table_names 0", plain, "mydumper-0.10-case", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dump, err := filepath.Abs(filepath.Join(td, c.dump))
			if err != nil {
				t.Fatal(err)
			}
			r := mytune(t, runOpts{}, "advise", "--datadir", t.TempDir(), "--no-measure", "-S", c.srv.Socket, "-u", testmariadb.FullUser,
				"--password="+testmariadb.FullPassword, "--dump", dump, "--task", "load", "--format", "json")
			if r.code != 0 {
				t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
			}
			var a struct {
				Threads struct{ Warnings []string }
			}
			if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, w := range a.Threads.Warnings {
				if strings.Contains(w, "differ only in letter case") {
					got = w
				}
			}
			switch {
			case c.want == "" && got != "":
				t.Errorf("warning %q, want none", got)
			case c.want != "" && (!strings.Contains(got, c.want) || !strings.Contains(got, "`casey`.`Foo` and `casey`.`foo`")):
				t.Errorf("warnings %q, want one naming `casey`.`Foo` and `casey`.`foo` that says %q", a.Threads.Warnings, c.want)
			}
		})
	}
}
