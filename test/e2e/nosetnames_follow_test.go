//go:build unix

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestNoSetNamesFollowed follows the printed load line of a mariadb-dump
// --compact file (no SET NAMES; UTF-8 text) under LANG=C, where the
// mysql client would send the file as latin1 (every non-ASCII row stored
// double-encoded: seen live, session 59), into the server the file came
// from with its database dropped: every row must come back byte for byte.
func TestNoSetNamesFollowed(t *testing.T) {
	needTools(t, "mariadb", "mariadb-dump")
	srv := testmariadb.Start(t)
	sql := sqlAt(t, srv.Socket, "--default-character-set=utf8mb4")
	sql("CREATE DATABASE cp DEFAULT CHARSET utf8mb4; CREATE TABLE cp.t (id INT PRIMARY KEY, v VARCHAR(20)) DEFAULT CHARSET utf8mb4; " +
		"INSERT INTO cp.t VALUES (1, 'ä😀'), (2, 'plain'), (3, '日本'); CREATE TABLE cp.l (id INT PRIMARY KEY, v VARCHAR(20)) DEFAULT CHARSET latin1; " +
		"INSERT INTO cp.l VALUES (1, 'é')")
	state := func() string {
		return sql("SELECT 't', id, HEX(v) FROM cp.t ORDER BY id; SELECT 'l', id, HEX(v) FROM cp.l ORDER BY id")
	}
	before := state()
	path := filepath.Join(t.TempDir(), "compact.sql")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("mariadb-dump", "--socket", srv.Socket, "-u", "root", "--compact", "--databases", "cp")
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = f, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mariadb-dump: %v\n%s", err, stderr.String())
	}
	f.Close()
	profilePath, err := filepath.Abs(filepath.Join("..", "..", "advisor", "threads", "testdata", "key-defer-fit", "profile-host-sysbench8.json"))
	if err != nil {
		t.Fatal(err)
	}
	cmds, _ := adviseLoad(t, profilePath, path, srv.Socket)
	var lines []string
	for _, c := range cmds {
		if strings.HasPrefix(c, "mysql ") {
			lines = append(lines, withSocket(c, srv.Socket))
		}
	}
	if len(lines) == 0 {
		t.Fatalf("no mysql line; commands:\n%s", strings.Join(cmds, "\n"))
	}
	sql("DROP DATABASE cp")
	t.Setenv("LANG", "C")
	t.Setenv("LC_ALL", "C")
	runPrinted(t, lines)
	if after := state(); after != before {
		t.Errorf("the rows differ from the source's:\n%s\nwant\n%s", after, before)
	}
}
