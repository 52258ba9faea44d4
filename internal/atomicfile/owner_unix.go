//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedByMe reports whether fi, an existing --out file, belongs to this
// user: only then is its mode kept. Another user's file (one planted in
// /tmp with mode 0666) gave its mode to the report root wrote over it, so
// that user could then edit root's report, a my.cnf fragment to append
// (review r15).
func ownedByMe(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || int(st.Uid) == os.Geteuid()
}
