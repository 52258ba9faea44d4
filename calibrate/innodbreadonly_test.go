package calibrate

import (
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestInnoDBReadOnlyRefused: on a MariaDB started with innodb_read_only
// ON a run stopped with the server's raw "Error 1005 … errno: 165"
// (review r19); it is now refused before anything is created, with what
// to do, as a usage error.
func TestInnoDBReadOnlyRefused(t *testing.T) {
	srv := testmariadb.StartWith(t)
	srv.RestartWith(t, "--innodb-read-only=ON")
	db := openAs(t, "root@unix("+srv.Socket+")/")
	cases := []struct {
		name, schema string
		want         string
	}{
		{"a run on a read-only InnoDB", "mytune_cal_ro", "runs with innodb_read_only ON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Run(t.Context(), db, Options{Schema: c.schema, Duration: time.Second, MaxBytes: 32 << 20})
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "1005") {
				t.Fatalf("Run: %v; want a refusal saying %q", err, c.want)
			}
			if exists(t, db, c.schema) {
				t.Errorf("schema %s left behind", c.schema)
			}
		})
	}
}
