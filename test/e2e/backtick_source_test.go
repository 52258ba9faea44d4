//go:build unix

package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestDumpLineSkipsBacktickNames: advise for a live source holding a
// table whose name has a backtick prints a mydumper line whose --regex
// leaves it out, and a warning with the mariadb-dump lines for it (QA
// 2026-12-06: the plain printed line crashed mydumper 0.10 on such a
// table, exit 139, the dump left unfinished as metadata.partial).
func TestDumpLineSkipsBacktickNames(t *testing.T) {
	srv := testmariadb.Start(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, q := range []string{"CREATE DATABASE shop", "CREATE TABLE shop.`weird``tick` (id INT PRIMARY KEY)"} {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	r := mytune(t, runOpts{}, "advise", "--datadir", t.TempDir(), "--no-measure", "-S", srv.Socket, "-u", testmariadb.FullUser,
		"--password="+testmariadb.FullPassword, "--task", "dump", "--format", "json")
	if r.code != 0 {
		t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
	}
	var a struct {
		Threads struct{ Commands, Notes []string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
		t.Fatal(err)
	}
	line := ""
	for _, c := range a.Threads.Commands {
		if strings.HasPrefix(c, "mydumper ") {
			line = c
		}
	}
	if !strings.Contains(line, `(?!(shop\.weird\`+"`"+`tick)$)`) {
		t.Errorf("the mydumper line does not leave shop.`weird``tick` out: %q", line)
	}
	if !strings.Contains(strings.Join(a.Threads.Notes, "|"), "mariadb-dump --host SOURCE --user USER -p shop 'weird`tick'") {
		t.Errorf("no mariadb-dump line for the table in the notes: %q", a.Threads.Notes)
	}
}
