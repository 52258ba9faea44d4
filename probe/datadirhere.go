package probe

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// datadirMarkers are files and directories every initialised MySQL or
// MariaDB data directory holds (the system tablespace, MySQL 8's data
// dictionary, MariaDB's Aria log, the mysql schema).
var datadirMarkers = []string{"ibdata1", "mysql.ibd", "aria_log_control", "mysql"}

// notTheServersHere reports whether dir, the @@datadir a server on this
// machine reported, holds none of datadirMarkers though it can be read:
// the server sees another directory of that name, in a mount namespace of
// its own (a container whose port is published on this host). A marker
// that cannot be checked (no permission) counts as present.
func notTheServersHere(dir string) bool {
	for _, m := range datadirMarkers {
		_, err := os.Lstat(filepath.Join(dir, m))
		if !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	return true
}

// notTheServersError is the usage error for a server datadir that is not
// the server's here (notTheServersHere): need says what needed it, where
// names the server.
func notTheServersError(need, dir, where string) error {
	return inputf("%s: the server's datadir %s (@@datadir of %s) holds no MySQL/MariaDB files on this machine (none of %v): "+
		"the server runs in a mount namespace of its own, as in a container, and measuring here would measure another directory; "+
		"give --datadir with the host path of its volume, or /proc/PID/root%s with the server's process id",
		need, dir, where, datadirMarkers, dir)
}
