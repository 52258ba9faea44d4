package threads

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestPrintedAnalyzeLineRunsOnMariaDB follows the statistics advice on a
// real MariaDB: with the printed apply, rows loaded into new tables leave
// their saved statistics those of empty tables (what the setting's risk
// says); the printed mysqlcheck line, placeholders filled, recalculates
// them; the printed undo turns the recalculation back on.
func TestPrintedAnalyzeLineRunsOnMariaDB(t *testing.T) {
	if _, err := exec.LookPath("mysqlcheck"); err != nil {
		t.Skip("no mysqlcheck (apt-get install mariadb-client)")
	}
	s := testmariadb.Start(t)
	rootExec(t, s, "CREATE USER '"+toolUser+"'@'%' IDENTIFIED BY '"+toolPass+"'",
		"CREATE USER '"+toolUser+"'@'localhost' IDENTIFIED BY '"+toolPass+"'",
		"GRANT ALL ON *.* TO '"+toolUser+"'@'%'", "GRANT ALL ON *.* TO '"+toolUser+"'@'localhost'")
	dbs := []string{"it's", "shop two", "-dash", "bulk.db", "my db.v1"}
	p := withServer(prof(2, 0, fastCurve, smallTables(dbs...)), server("mariadb", "10.11.6-MariaDB", map[string]string{"innodb_buffer_pool_size": "17179869184"}))
	plan := Size(p, Options{Task: TaskLoad})
	i := slices.IndexFunc(plan.Temporary, func(s Setting) bool { return strings.Contains(s.Apply, "innodb_stats_auto_recalc") })
	if i < 0 {
		t.Fatalf("no statistics setting in %+v", plan.Temporary)
	}
	set := plan.Temporary[i]
	rootExec(t, s, set.Apply)
	for _, db := range dbs {
		q := "`" + strings.ReplaceAll(db, "`", "``") + "`"
		rootExec(t, s, "CREATE DATABASE "+q, "CREATE TABLE "+q+".t (id INT PRIMARY KEY, k INT, KEY k_1 (k)) ENGINE=InnoDB",
			"INSERT INTO "+q+".t VALUES (1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8),(9,9),(10,10)")
	}
	const saved = "SELECT COALESCE(SUM(n_rows), -1) FROM mysql.innodb_table_stats WHERE table_name = 't' AND database_name IN ('it''s', 'shop two', '-dash', 'bulk.db', 'my db.v1')"
	if n := rowCount(t, s, saved); n != 0 {
		t.Fatalf("with %q applied, the saved statistics count %d rows, want 0 (an empty table's)", set.Apply, n)
	}
	runLine(t, fill(onlyLine(t, plan.Commands, "mysqlcheck "), "TARGET", s.Port), true)
	if n := rowCount(t, s, saved); n != 50 {
		t.Fatalf("after the printed mysqlcheck line the saved statistics count %d rows, want 50", n)
	}
	rootExec(t, s, set.Undo)
	if n := rowCount(t, s, "SELECT @@GLOBAL.innodb_stats_auto_recalc"); n != 1 {
		t.Fatalf("after %q innodb_stats_auto_recalc is %d", set.Undo, n)
	}
}
