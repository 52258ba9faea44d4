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

// binaryNamesSchema is TestBinaryNamesFollowed's source: FOREIGN KEYs to
// tables whose names are not ASCII (in the child's database and in
// another), a latin1 table with a non-ASCII ENUM and DEFAULTs, a latin1
// column in a utf8mb4 table, and tables whose non-ASCII text myloader
// keeps as it is (a utf8mb4 ENUM, comments, a generated column's
// expression), and a latin1 RANGE COLUMNS partition bounded by 'ö', whose
// rows a load as dumped puts into the other partition (review r69).
const binaryNamesSchema = "CREATE DATABASE src DEFAULT CHARSET utf8mb4; CREATE DATABASE `réf` DEFAULT CHARSET utf8mb4; USE src; " +
	"CREATE TABLE `pär` (id INT PRIMARY KEY, e ENUM('ä','b') DEFAULT 'ä') DEFAULT CHARSET=utf8mb4 COMMENT='Tabelle für Kinder'; " +
	"CREATE TABLE kind (id INT PRIMARY KEY, pid INT, KEY(pid), CONSTRAINT fk1 FOREIGN KEY (pid) REFERENCES `pär` (id)) DEFAULT CHARSET=utf8mb4; " +
	"CREATE TABLE `réf`.cur (id INT PRIMARY KEY) DEFAULT CHARSET=utf8mb4; " +
	"CREATE TABLE kind2 (id INT PRIMARY KEY, cid INT, KEY(cid), CONSTRAINT fk2 FOREIGN KEY (cid) REFERENCES `réf`.cur (id)) DEFAULT CHARSET=utf8mb4; " +
	"CREATE TABLE lat (id INT PRIMARY KEY, e ENUM('ä','b') DEFAULT 'ä', c VARCHAR(10) DEFAULT 'ö' COMMENT 'ü') DEFAULT CHARSET=latin1; " +
	"CREATE TABLE mixed (id INT PRIMARY KEY, c CHAR(3) CHARACTER SET latin1 DEFAULT 'ä', u VARCHAR(5) DEFAULT 'ü') DEFAULT CHARSET=utf8mb4; " +
	"CREATE TABLE rng (id INT, c VARCHAR(10), PRIMARY KEY (id, c)) DEFAULT CHARSET=latin1 " +
	"PARTITION BY RANGE COLUMNS(c) (PARTITION p1 VALUES LESS THAN ('ö'), PARTITION p2 VALUES LESS THAN (MAXVALUE)); " +
	"CREATE TABLE gen (id INT PRIMARY KEY, c VARCHAR(10), g VARCHAR(20) AS (CONCAT(c, 'ä')) STORED) DEFAULT CHARSET=latin1; " +
	"INSERT INTO rng VALUES (1,'ä'),(2,'z'); INSERT INTO gen (id, c) VALUES (1,'ä'); " +
	"INSERT INTO `pär` VALUES (1,'ä'),(2,'b'); INSERT INTO kind VALUES (1,1),(2,2); INSERT INTO `réf`.cur VALUES (7); INSERT INTO kind2 VALUES (1,7); " +
	"INSERT INTO lat VALUES (1,'ä','ö'),(2,'b','x'); INSERT INTO mixed VALUES (1,'ä','ü');"

// TestBinaryNamesFollowed follows the printed load lines of mydumper
// 0.10 dumps (plain and gzip) whose schema files' SET NAMES binary would
// have myloader store a FOREIGN KEY naming `pÃ¤r` and a latin1 ENUM as
// ('Ã¤','b') (checked live, session 59): the lines that set those files
// to utf8mb4, then myloader, into the server the dumps came from with
// their databases dropped. Columns, DEFAULTs, constraints and rows must
// come back as they were, and an INSERT into the children must pass the
// FOREIGN KEY check. Without the sed lines the comparison fails.
func TestBinaryNamesFollowed(t *testing.T) {
	needTools(t, "mydumper", "myloader", "mariadb", "mariadb-dump", "perl", "sed", "gzip")
	srv := testmariadb.Start(t)
	sql := sqlAt(t, srv.Socket, "--default-character-set=utf8mb4")
	sql(binaryNamesSchema)
	state := func() string {
		return sql("SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IFNULL(COLUMN_DEFAULT, '-') FROM information_schema.COLUMNS " +
			"WHERE TABLE_SCHEMA IN ('src', 'réf') ORDER BY 1, 2, 3; SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, UNIQUE_CONSTRAINT_SCHEMA, REFERENCED_TABLE_NAME " +
			"FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = 'src' ORDER BY 2; " +
			"SELECT id, HEX(e), HEX(c) FROM src.lat ORDER BY id; SELECT HEX(c), HEX(u) FROM src.mixed; " +
			"SELECT PARTITION_NAME, PARTITION_DESCRIPTION FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = 'src' AND TABLE_NAME = 'rng' ORDER BY 1; " +
			"SELECT id, HEX(c) FROM src.rng PARTITION (p1) ORDER BY id; SELECT id, HEX(g) FROM src.gen")
	}
	before := state()
	profilePath, err := filepath.Abs(filepath.Join("..", "..", "advisor", "threads", "testdata", "key-defer-fit", "profile-host-sysbench8.json"))
	if err != nil {
		t.Fatal(err)
	}
	all := "DROP DATABASE src; DROP DATABASE `réf`"
	for _, c := range []struct {
		name       string
		args, file []string // mydumper's options; mariadb-dump's databases or database and tables
		drop       string
	}{{"plain", nil, nil, all}, {"gzip", []string{"-c"}, nil, all}, {"mariadb-dump", nil, []string{"--databases", "src", "réf"}, all},
		// rng alone: only its partitions' VALUES are double-encoded, and the file names no database (review r70: before, no warning and no filter)
		{"mariadb-dump, partitions alone", nil, []string{"src", "rng"}, "DROP TABLE src.rng"}} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "dump")
			if c.file != nil {
				dir = binaryMysqldump(t, srv.Socket, c.file...)
			} else {
				mydumpFollow(t, srv.Socket, dir, `^(src|r.+f)\.`, c.args...)
			}
			lines := binaryNamesLoadLines(t, profilePath, dir, srv.Socket)
			sql(c.drop)
			runPrinted(t, lines)
			if after := state(); after != before {
				t.Errorf("the restore differs from the source:\n%s\nwant\n%s", after, before)
			}
			sql("INSERT INTO src.`pär` VALUES (3, 'b'); INSERT INTO src.kind VALUES (3, 3); INSERT INTO src.kind2 VALUES (2, 7); " +
				"DELETE FROM src.kind WHERE id = 3; DELETE FROM src.kind2 WHERE id = 2; DELETE FROM src.`pär` WHERE id = 3")
		})
	}
}

// binaryNamesLoadLines advises the load of dump from the profile at
// profilePath for the server at sock and returns its printed lines that
// change the schema files and load the dump, with the connection filled
// in; it fails when no line changes the schema files.
func binaryNamesLoadLines(t *testing.T, profilePath, dump, sock string) []string {
	t.Helper()
	cmds, notes := adviseLoad(t, profilePath, dump, sock)
	var lines []string
	changes := false
	for _, c := range cmds {
		switch {
		case (strings.HasPrefix(c, "mkdir -p -- ") || strings.HasPrefix(c, "perl ")) && strings.Contains(c, "SET NAMES utf8mb4"):
			changes = true
		case !strings.HasPrefix(c, "myloader ") && !strings.HasPrefix(c, "mkdir ") && !strings.HasPrefix(c, "mysql ") && !strings.HasPrefix(c, "printf "):
			continue
		}
		lines = append(lines, withSocket(c, sock))
	}
	if !changes {
		t.Fatalf("no line sets the schema files to utf8mb4; commands:\n%s\nnotes:\n%s", strings.Join(cmds, "\n"), strings.Join(notes, "\n"))
	}
	return lines
}

// binaryMysqldump dumps what names (--databases DB …, or DB TABLE …)
// with mariadb-dump --default-character-set=binary (its SET NAMES binary
// reads the CREATE TABLEs' literals as binary, their names as utf8mb4)
// into a file and returns its path.
func binaryMysqldump(t *testing.T, sock string, names ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "binary.sql")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr strings.Builder
	cmd := exec.Command("mariadb-dump", append([]string{"--socket", sock, "-u", "root", "--default-character-set=binary"}, names...)...)
	cmd.Stdout, cmd.Stderr = f, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mariadb-dump: %v\n%s", err, stderr.String())
	}
	return path
}
