//go:build unix

package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// keyFollowSchemas are the databases TestKeyDeferralFollowed dumps and
// loads again: kd2.t shares its name with kd1.t and kd3.t but is too
// small to leave its keys out, so the filter must match those two by
// their schema.
var keyFollowSchemas = []string{"kd1", "kd2", "kd3"}

// TestKeyDeferralFollowed follows the printed restore lines of a dump
// whose big tables load without their plain keys (the key deferral) as a
// user pastes them, into the live MariaDB the dump came from with its
// databases dropped: the link directory and perl filter (mydumper) or the
// filtered pipe (mysqldump), the loader, the ALTER TABLE line. Every index
// and FOREIGN KEY must come back as it was (information_schema), the
// small same-named tables' keys (kd2.t's plain ones, kd2.ft's FULLTEXT
// one, too few words to defer while kd1.ft's are) must have stayed in
// their CREATE TABLEs, kd3.parent and kd3.child, tied by a FOREIGN KEY,
// keep theirs inline, and a procedure whose body creates a table named t
// with a KEY must come back unchanged. The plan is made from the key-defer
// fit's host profile, where the deferral is measured faster
// (advisor/threads/testdata/key-defer-fit/).
func TestKeyDeferralFollowed(t *testing.T) {
	needTools(t, "mydumper", "myloader", "mariadb-dump", "mariadb", "perl")
	srv := testmariadb.Start(t)
	sql := sqlAt(t, srv.Socket) // read as a file is, so DELIMITER works
	fillKeyFollowSchemas(sql)
	state := func() string { // the body's white space normalized: myloader 0.10 loads ");\nEND" as "); \nEND"
		return sql("SELECT TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, IFNULL(SUB_PART, '-') FROM information_schema.STATISTICS " +
			"WHERE TABLE_SCHEMA LIKE 'kd_' ORDER BY 1, 2, 3, 4; " +
			"SELECT CONSTRAINT_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, REFERENCED_TABLE_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA LIKE 'kd_'; SELECT REGEXP_REPLACE(ROUTINE_DEFINITION, '[[:space:]]+', ' ') FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'kd1'")
	}
	before := state()
	dir := t.TempDir()
	dumpDir, dumpFile := filepath.Join(dir, "dump"), filepath.Join(dir, "all.sql")
	mydumpFollow(t, srv.Socket, dumpDir, `^kd[123]\.`, "-R", "-t", "2")
	f, err := os.Create(dumpFile)
	if err != nil {
		t.Fatal(err)
	}
	dumpCmd := exec.Command("mariadb-dump", append([]string{"--socket", srv.Socket, "-u", "root", "--routines", "--databases"}, keyFollowSchemas...)...)
	var stderr strings.Builder
	dumpCmd.Stdout, dumpCmd.Stderr = f, &stderr
	if err := dumpCmd.Run(); err != nil {
		t.Fatalf("mariadb-dump: %v\n%s", err, stderr.String())
	}
	f.Close()
	profilePath, err := filepath.Abs(filepath.Join("..", "..", "advisor", "threads", "testdata", "key-defer-fit", "profile-host-sysbench8.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dump := range []string{dumpDir, dumpFile} {
		t.Run(filepath.Base(dump), func(t *testing.T) {
			lines := keyFollowLines(t, profilePath, dump, srv.Socket)
			sql("DROP DATABASE kd1; DROP DATABASE kd2; DROP DATABASE kd3")
			runPrinted(t, lines)
			if after := state(); after != before {
				t.Errorf("the restore's indexes or procedure differ from the source's:\n%s\nwant\n%s", after, before)
			}
			if got := sql("SHOW CREATE TABLE kd2.t; SHOW CREATE TABLE kd2.ft"); !strings.Contains(got, "KEY `k_1`") || !strings.Contains(got, "FULLTEXT KEY `f`") {
				t.Errorf("kd2.t or kd2.ft lost a key in the load (the filter matched its name):\n%s", got)
			}
		})
	}
}

// mydumpFollow dumps the tables regex matches with mydumper into dir,
// with args added. A run that has not ended in mydumperTimeout is killed
// and tried once more: mydumper 0.10 hung once in TestKeyDeferralFollowed
// under a full `go test ./...` (two threads in futex waits, 2026-12-07;
// not reproduced in 30 quiet runs; mydumper issue #539 reports such random
// hangs), a tool's fault, not the advice's.
func mydumpFollow(t *testing.T, sock, dir, regex string, args ...string) {
	t.Helper()
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), mydumperTimeout)
		b, err := exec.CommandContext(ctx, "mydumper", append([]string{"--socket", sock, "-u", "root", "--regex", regex, "-o", dir}, args...)...).CombinedOutput()
		hung := ctx.Err() != nil
		cancel()
		switch {
		case err == nil:
			return
		case hung && try == 1:
			t.Logf("mydumper did not end in %s (a known intermittent hang); trying once more", mydumperTimeout)
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("mydumper (try %d, hung %v): %v\n%s", try, hung, err, b)
		}
	}
}

// mydumperTimeout bounds one mydumper run of the follow tests' few small
// tables (under 2 s on this project's 2-CPU machine).
const mydumperTimeout = 90 * time.Second

// fillKeyFollowSchemas creates TestKeyDeferralFollowed's tables: kd1.t,
// kd1.u and kd3.t of 60,000 rows (above KeyDeferMinRows), kd2.t of 500,
// each with a plain key and a prefix key, and kd1.p, a procedure whose
// body holds a CREATE TABLE t line and a KEY line.
func fillKeyFollowSchemas(sql func(string) string) {
	var b strings.Builder
	for _, db := range keyFollowSchemas {
		b.WriteString("CREATE DATABASE " + db + "; ")
	}
	b.WriteString("USE kd1; ") // the seq_1_to_N tables are any database's
	for _, tb := range []struct {
		name string
		rows int
	}{{"kd1.t", 60_000}, {"kd1.u", 60_000}, {"kd2.t", 500}, {"kd3.t", 60_000}} {
		b.WriteString("CREATE TABLE " + tb.name + " (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL, c CHAR(60) NOT NULL, " +
			"KEY k_1 (k), KEY c_1 (c(10))) ENGINE=InnoDB; ")
		b.WriteString("INSERT INTO " + tb.name + " (k, c) SELECT FLOOR(RAND() * 1000000), MD5(RAND()) FROM seq_1_to_" + strconv.Itoa(tb.rows) + "; ")
	}
	// a FOREIGN KEY between two big tables: both keep their keys inline, the others' are still deferred; named so
	// that it says REFERENCES t, through the parent's non-unique KEY pk_1 (review r68: main took kd3.t for the
	// parent, deferred kd3.parent's keys and the child's CREATE TABLE failed, errno 150)
	b.WriteString("CREATE TABLE kd3.parent (id INT NOT NULL PRIMARY KEY, k INT NOT NULL, KEY pk_1 (k)) ENGINE=InnoDB; " +
		"INSERT INTO kd3.parent SELECT seq, seq % 1000 FROM seq_1_to_60000; " +
		"CREATE TABLE kd3.child (id INT NOT NULL PRIMARY KEY, p INT NOT NULL, k INT NOT NULL, KEY ck_1 (k), KEY cp (p), " +
		"CONSTRAINT `fk REFERENCES t` FOREIGN KEY (k) REFERENCES parent (k)) ENGINE=InnoDB; " +
		"INSERT INTO kd3.child SELECT seq, seq, seq % 77 FROM seq_1_to_60000; ")
	for _, ft := range []struct {
		name string
		rows int
	}{{"kd1.ft", 3_000}, {"kd2.ft", 50}} { // 40 words a row: 120,000 words, and 2,000 (under FulltextDeferMinTableWords)
		b.WriteString("CREATE TABLE " + ft.name + " (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, body TEXT NOT NULL, FULLTEXT KEY f (body)) ENGINE=InnoDB; ")
		b.WriteString("INSERT INTO " + ft.name + " (body) SELECT REPEAT(CONCAT(SUBSTR(MD5(RAND()), 1, 8), ' '), 40) FROM seq_1_to_" + strconv.Itoa(ft.rows) + "; ")
	}
	b.WriteString("\nDELIMITER //\nCREATE PROCEDURE kd1.p() BEGIN\nCREATE TABLE t (\n  id int,\n  KEY kp (id)\n);\nEND //\nDELIMITER ;\n")
	sql(b.String())
}

// keyFollowLines advises the load of dump from the profile at
// profilePath against the server at sock, checks that it defers the big
// tables' keys and not kd2.t's, and returns the printed lines before the
// loader's, the loader's and the ALTER TABLE's, with the connection filled
// in.
func keyFollowLines(t *testing.T, profilePath, dump, sock string) []string {
	t.Helper()
	cmds, notes := adviseLoad(t, profilePath, dump, sock)
	var lines []string
	alter := ""
	for _, c := range cmds {
		if !strings.HasPrefix(c, "mkdir ") && !strings.HasPrefix(c, "myloader ") && !strings.HasPrefix(c, "perl ") && !strings.HasPrefix(c, "mysql ") && !strings.HasPrefix(c, "printf ") {
			continue
		}
		c = withSocket(c, sock)
		if strings.Contains(c, "ALTER TABLE") {
			alter = c
		}
		lines = append(lines, c)
	}
	for _, want := range []string{"ALTER TABLE `kd1`.`t` ADD KEY IF NOT EXISTS `k_1`", "ALTER TABLE `kd3`.`t`", "ALTER TABLE `kd1`.`u`",
		"ALTER TABLE `kd1`.`ft` ADD FULLTEXT KEY IF NOT EXISTS `f`"} {
		if !strings.Contains(alter, want) {
			t.Fatalf("no key deferral for the big tables (%q not in the ALTER line %q); commands:\n%s\nnotes:\n%s",
				want, alter, strings.Join(cmds, "\n"), strings.Join(notes, "\n"))
		}
	}
	if strings.Contains(alter, "`kd2`") || strings.Contains(alter, "`parent`") || strings.Contains(alter, "`child`") {
		t.Fatalf("a kd2 table (too small) or a FOREIGN KEY's table deferred: %s", alter)
	}
	return lines
}
