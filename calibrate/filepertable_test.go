package calibrate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestFilePerTableOff: with innodb_file_per_table OFF a calibrate run made
// its tables in ibdata1 and grew it for good (review r15: 12 MiB → 76 MiB
// after a 5 s run). It is now refused before anything is created, and
// ibdata1 keeps its size; with it ON the run goes as before.
func TestFilePerTableOff(t *testing.T) {
	srv := testmariadb.StartWith(t, "--innodb-file-per-table=0")
	db := openAs(t, "root@unix("+srv.Socket+")/")
	ibdata := filepath.Join(srv.Datadir, "ibdata1")
	cases := []struct {
		name    string
		on      int
		refused bool
	}{
		{"OFF: refused, ibdata1 untouched", 0, true},
		{"ON: the run goes", 1, false},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := db.ExecContext(t.Context(), fmt.Sprintf("SET GLOBAL innodb_file_per_table = %d", c.on)); err != nil {
				t.Fatal(err)
			}
			before, err := os.Stat(ibdata)
			if err != nil {
				t.Fatal(err)
			}
			schema := fmt.Sprintf("mytune_cal_fpt%d", i)
			_, err = Run(t.Context(), db, Options{Schema: schema, Duration: time.Second, MaxBytes: 32 << 20})
			after, _ := os.Stat(ibdata)
			refused := err != nil && strings.Contains(err.Error(), "innodb_file_per_table is OFF")
			if refused != c.refused || exists(t, db, schema) {
				t.Errorf("Run: %v (schema left: %v); want refused %v", err, exists(t, db, schema), c.refused)
			}
			if c.refused && after.Size() != before.Size() {
				t.Errorf("ibdata1 grew from %d to %d bytes", before.Size(), after.Size())
			}
		})
	}
}
