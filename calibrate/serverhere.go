package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// localHostname is this machine's name; tests stand in another.
var localHostname = os.Hostname

// datadirMarkers are files every initialised MySQL or MariaDB data
// directory holds (the system tablespace, MySQL 8's data dictionary,
// MariaDB's Aria log, the mysql schema), as the probe checks them.
var datadirMarkers = []string{"ibdata1", "mysql.ibd", "aria_log_control", "mysql"}

// ServerHere reports whether the directory the server named (its datadir
// when datadir, else its binary log's) is the server's own as this machine
// sees it, so its free space here is the server's: the server's @@hostname
// is this machine's (not a server elsewhere whose path also exists here),
// and a datadir holds one of datadirMarkers (not a server in a mount
// namespace of its own, a container, whose path here is another
// directory). Without that, calibrate read the free space of the local
// directory of that name and let a server with 255 MiB free lose 136 MiB
// to one run (review r15).
func ServerHere(ctx context.Context, db *sql.DB, dir string, datadir bool) bool {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var name string
	if err := db.QueryRowContext(qc, qHostname.in("")).Scan(&name); err != nil {
		return false
	}
	if here, err := localHostname(); err != nil || here != name {
		return false
	}
	if !datadir {
		return true
	}
	for _, m := range datadirMarkers {
		if _, err := os.Lstat(filepath.Join(dir, m)); !errors.Is(err, fs.ErrNotExist) {
			return true
		}
	}
	return false
}
