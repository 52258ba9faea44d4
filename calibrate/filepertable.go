package calibrate

import (
	"context"
	"database/sql"
	"time"

	"github.com/mytune/mytune/internal/usage"
)

// checkFilePerTable refuses a server whose innodb_file_per_table is OFF,
// before anything is created: calibrate's tables would then be made in
// the system tablespace (ibdata1), which never gives its space back when
// they are dropped, so every run grew it for good (review r15: a 5 s run
// of 19.1 MiB of rows took ibdata1 from 12 MiB to 76 MiB on MariaDB
// 10.11, without a word). A value that cannot be read lets the run go on.
func checkFilePerTable(ctx context.Context, db *sql.DB, timeout time.Duration) error {
	if on, known := serverFlag(ctx, db, timeout, qFilePerTable); !known || on {
		return nil
	}
	return usage.Errorf("innodb_file_per_table is OFF on this server: calibrate's scratch tables would be made in the " +
		"system tablespace (ibdata1), which keeps the space they take for good after they are dropped; calibrate a server " +
		"with innodb_file_per_table=ON (it is dynamic: SET GLOBAL innodb_file_per_table=ON, then the run) or a copy of it")
}

// serverFlag reads an ON/OFF variable with q within timeout; known is
// false when it could not be read.
func serverFlag(ctx context.Context, db *sql.DB, timeout time.Duration, q stmt) (on, known bool) {
	qc, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var v sql.NullBool
	if err := db.QueryRowContext(qc, q.in("")).Scan(&v); err != nil || !v.Valid {
		return false, false
	}
	return v.Bool, true
}
