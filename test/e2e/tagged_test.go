//go:build unix

package e2e

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// tagUser is the account the tag test runs mytune as: its connections are
// the ones whose statements the general log must show tagged.
const tagUser, tagPassword = "mytune_tagcheck", "Tag-pw-2026"

// generalLine is one entry of MariaDB's general query log: an optional
// date and time, the connection id, the command and its argument. Lines that
// do not match continue the statement before them.
var generalLine = regexp.MustCompile(`^(?:\d{6}\s+\d{1,2}:\d{2}:\d{2})?\s+(\d+) (Connect|Query|Prepare|Execute|Close stmt|Quit|Init DB|Field List|Reset stmt|Change user|Long Data)\t?(.*)$`)

// TestEveryStatementTagged runs probe, advise and calibrate (rows and a
// mydumper dump) as a private account on a MariaDB with the general log on
// and fails on any statement of that account's connections without the
// /* mytune */ tag: the driver sends the DSN's session settings
// (sql_log_bin, autocommit) and database/sql's BEGIN/COMMIT untagged unless
// mytune sends them itself.
func TestEveryStatementTagged(t *testing.T) {
	logDir := t.TempDir()
	_ = os.Chmod(logDir, 0o777) // the server may run as another user
	logFile := filepath.Join(logDir, "general.log")
	srv := testmariadb.StartWith(t, "--general-log=ON", "--general-log-file="+logFile)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, host := range []string{"%", "localhost"} {
		for _, q := range []string{"CREATE USER '" + tagUser + "'@'" + host + "' IDENTIFIED BY '" + tagPassword + "'",
			"GRANT ALL ON *.* TO '" + tagUser + "'@'" + host + "'"} {
			if _, err := root.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	dumpDir := filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-real")
	server := []string{"-S", srv.Socket, "-u", tagUser}
	cases := []struct {
		name string
		args []string
	}{
		{"probe", []string{"probe", "--datadir", t.TempDir(), "--no-measure", "--format", "json"}},
		{"advise", []string{"advise", "--datadir", t.TempDir(), "--no-measure"}},
		{"advise --dump", []string{"advise", "--datadir", t.TempDir(), "--no-measure", "--dump", dumpDir}}, // the account's grants (review r52)
		{"calibrate", []string{"calibrate", "--duration", "2s", "--no-predict", "--schema", "mytune_tag_rows"}},
		{"calibrate --dump", []string{"calibrate", "--dump", dumpDir, "--duration", "8s", "--rounds", "1", "--schema", "mytune_tag_dump"}},
	}
	env := []string{"MYTUNE_DISCOVERY=off", "MYSQL_PWD=" + tagPassword}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := os.Truncate(logFile, 0); err != nil {
				t.Fatal(err)
			}
			r := mytune(t, runOpts{env: env, timeout: 90 * time.Second}, append(c.args, server...)...)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			checked, untagged := untaggedStatements(t, logFile, tagUser)
			if checked == 0 {
				t.Fatalf("the general log holds no statement of %s", tagUser)
			}
			for i, s := range untagged {
				if i == 5 {
					t.Errorf("… %d untagged statements in all", len(untagged))
					break
				}
				t.Errorf("untagged statement: %s", s)
			}
		})
	}
}

// untaggedStatements reads a general log and returns how many statements
// the user's connections sent and those without the tag.
func untaggedStatements(t *testing.T, logFile, user string) (checked int, untagged []string) {
	t.Helper()
	f, err := os.Open(logFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mine := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		m := generalLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		id, cmd, arg := m[1], m[2], m[3]
		switch cmd {
		case "Connect":
			mine[id] = strings.HasPrefix(arg, user+"@")
		case "Query", "Prepare", "Execute":
			if !mine[id] {
				continue
			}
			checked++
			if !strings.HasPrefix(strings.TrimSpace(arg), "/* mytune */") {
				untagged = append(untagged, cmd+" "+arg)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return checked, untagged
}
