//go:build unix

package e2e

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// writeSetDump writes a mydumper 0.10 dump of one table, `gal`.`t`, in
// one file of 40 INSERTs of 100 rows each (about 4.8 KB an INSERT), in
// the layout mydumper 0.10 writes.
func writeSetDump(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"metadata":              "Started dump at: 2026-12-07 05:00:00\nFinished dump at: 2026-12-07 05:00:01\n",
		"gal-schema-create.sql": "CREATE DATABASE `gal` /*!40100 DEFAULT CHARACTER SET latin1 */;\n",
		"gal.t-schema.sql":      "/*!40101 SET NAMES binary*/;\n/*!40014 SET FOREIGN_KEY_CHECKS=0*/;\n\n/*!40103 SET TIME_ZONE='+00:00' */;\nCREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `v` varchar(40) DEFAULT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1;\n",
		"gal.t.sql":             "",
	}
	var b strings.Builder
	b.WriteString("/*!40101 SET NAMES binary*/;\n/*!40014 SET FOREIGN_KEY_CHECKS=0*/;\n/*!40103 SET TIME_ZONE='+00:00' */;\n")
	for s := 0; s < 40; s++ {
		b.WriteString("INSERT INTO `t` VALUES\n")
		for r := 0; r < 100; r++ {
			id := s*100 + r + 1
			sep := ",\n"
			if r == 99 {
				sep = ";\n"
			}
			fmt.Fprintf(&b, "(%d,\"row-%d-padding-padding-padding\")%s", id, id, sep)
		}
	}
	files["gal.t.sql"] = b.String()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestGaleraWriteSetLimit: on a one-node Galera cluster at
// wsrep_max_ws_size 64K, advise warns that myloader's 1000-INSERT
// transaction exceeds it and prints a line with fewer INSERTs per
// transaction; where myloader is installed, the default line fails
// ("Maximum writeset size exceeded", exit 1, no rows: as review r39
// measured on MariaDB 10.11.19 with the sbtest dump at 16M) and the
// printed one loads every row.
func TestGaleraWriteSetLimit(t *testing.T) {
	lib := testmariadb.GaleraProvider()
	if lib == "" {
		t.Skip("no Galera library (galera-4) installed")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	srv := testmariadb.StartWith(t, "--wsrep-on=ON", "--wsrep-provider="+lib, "--wsrep-cluster-address=gcomm://",
		"--wsrep-new-cluster", "--binlog-format=ROW", "--innodb-autoinc-lock-mode=2", "--wsrep-node-address=127.0.0.1",
		"--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:"+strconv.Itoa(port))
	db, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// after start: the server's own set-up writes more than 64K in one transaction
	if _, err := db.Exec("SET GLOBAL wsrep_max_ws_size = 65536"); err != nil {
		t.Fatal(err)
	}
	dump := writeSetDump(t)
	r := mytune(t, runOpts{}, "advise", "--datadir", t.TempDir(), "--no-measure", "-S", srv.Socket, "-u", testmariadb.FullUser,
		"--password="+testmariadb.FullPassword, "--dump", dump, "--task", "load")
	if r.code != 0 {
		t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
	}
	out := strings.Join(strings.Fields(strings.ReplaceAll(r.stdout, "\\\n", "")), " ")
	for _, want := range []string{"Galera cluster node", "over wsrep_max_ws_size 64.0 KiB", "Maximum writeset size exceeded"} {
		if !strings.Contains(out, want) {
			t.Errorf("advise lacks %q:\n%s", want, r.stdout)
		}
	}
	m := regexp.MustCompile(`--queries-per-transaction (\d+)`).FindStringSubmatch(out)
	if m == nil || m[1] == "1000" {
		t.Fatalf("myloader line keeps 1000 INSERTs per transaction or is missing:\n%s", r.stdout)
	}
	t.Logf("advised --queries-per-transaction %s", m[1])
	if _, err := exec.LookPath("myloader"); err != nil {
		t.Log("myloader not installed: the lines are not run")
		return
	}
	load := func(db, qpt string) (string, error) {
		b, err := exec.Command("myloader", "-S", srv.Socket, "-u", "root", "--threads", "1", "--directory", dump,
			"--queries-per-transaction", qpt, "-B", db).CombinedOutput()
		return string(b), err
	}
	if out, err := load("gal_default", "1000"); err == nil || !strings.Contains(out, "Maximum writeset size exceeded") {
		t.Errorf("myloader at 1000 INSERTs per transaction: err %v, want exit 1 with Maximum writeset size exceeded:\n%s", err, out)
	}
	if out, err := load("gal_advised", m[1]); err != nil {
		t.Fatalf("myloader at %s INSERTs per transaction: %v\n%s", m[1], err, out)
	}
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM gal_advised.t").Scan(&n); err != nil || n != 4000 {
		t.Errorf("gal_advised.t holds %d rows (%v), want 4000", n, err)
	}
}
