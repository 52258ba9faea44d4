package calibrate

import (
	"context"
	"database/sql"
	"time"

	"github.com/mytune/mytune/internal/usage"
)

// checkInnoDBReadOnly refuses a server started with innodb_read_only ON
// before anything is created: InnoDB refuses every write there, and the
// run stopped at its first CREATE TABLE with the server's "Error 1005 …
// errno: 165" alone, which did not say what to do (review r19, MariaDB
// 10.11.19). A value that cannot be read (a server without the variable)
// lets the run go on.
func checkInnoDBReadOnly(ctx context.Context, db *sql.DB, timeout time.Duration) error {
	if on, known := serverFlag(ctx, db, timeout, qInnoDBReadOnly); !known || !on {
		return nil
	}
	return usage.Errorf("this server runs with innodb_read_only ON: InnoDB refuses every write (CREATE TABLE fails with " +
		"errno 165, \"Table is read only\"), so calibrate cannot load its sample there; calibrate a server started without " +
		"innodb_read_only (a copy of the restore target), or restart this one without it first")
}
