package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// slowFileDirs are the DATA DIRECTORY tables off the datadir
// (Storage.FileDirs) whose commit loop, measured there, made at most
// T.FileDirSyncRatio of the syncs per second the datadir's made. Only
// tables: on review r37's bed the undo tablespaces on the slow disk cost
// no throughput the runs could tell from noise (1,819 and 2,767
// transactions/s against 1,747 and 2,534 unthrottled), the tables did.
func (e Env) slowFileDirs() []profile.FileDir {
	data := syncRate(e.dataFsync)
	if data <= 0 {
		return nil
	}
	var out []profile.FileDir
	for _, fd := range e.Storage.FileDirs {
		if fd.Fsync == nil || fd.Variable != "DATA DIRECTORY" {
			continue
		}
		if r := syncRate(*fd.Fsync); r > 0 && r <= data*e.T.FileDirSyncRatio {
			out = append(out, fd)
		}
	}
	return out
}

// syncRate is a commit loop's syncs per second (from p50 if no rate).
func syncRate(l profile.Latency) float64 {
	if l.OpsPerS > 0 {
		return l.OpsPerS
	} else if l.P50US > 0 {
		return 1e6 / l.P50US
	}
	return 0
}

// FileDirSlow is true when tables created with DATA DIRECTORY are on a
// disk whose measured sync rate is at most T.FileDirSyncRatio of the
// datadir's (slowFileDirs).
func (e Env) FileDirSlow() bool { return len(e.slowFileDirs()) > 0 }

// FileDirSlowText names each such set, where it is and both measured
// rates: "4 table(s) (DATA DIRECTORY = /t: s.a, …, 56.0 MiB) on /mnt
// (loop1): 48 syncs/s there against 1090 in the datadir (1/23)".
func (e Env) FileDirSlowText() string {
	data := syncRate(e.dataFsync)
	var parts []string
	for _, fd := range e.slowFileDirs() {
		what := fmt.Sprintf("%d table(s) (DATA DIRECTORY = %s: %s", len(fd.Tables), fd.Path, tableNames(fd.Tables))
		if fd.FileBytes > 0 {
			what += ", " + e.Human(fd.FileBytes)
		}
		r := syncRate(*fd.Fsync)
		parts = append(parts, fmt.Sprintf("%s) on %s (%s): %s syncs/s there against %s in the datadir (1/%s)",
			what, fd.MountPoint, profile.OrUnknown(fd.Device), e.N(r), e.N(data), e.N(data/r)))
	}
	return strings.Join(parts, "; ")
}

// tableNames names up to 5 tables and counts the rest.
func tableNames(tables []string) string {
	const shown = 5
	if len(tables) <= shown {
		return strings.Join(tables, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(tables[:shown], ", "), len(tables)-shown)
}
