//go:build unix

package installed

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// untrusted says why the binary real (its symlinks resolved) must not be
// run, or "": it, or a directory above it, belongs to another user than
// root and this one, or others may change it (world-writable, or
// group-writable by a group other than root's; a sticky directory such as
// /tmp keeps others from replacing what is not theirs). A root probe ran
// "mysqld --version" from /opt/*/bin, where the owner of /opt/app could
// put any program (review r15: a script of nobody's in
// /opt/r15app/bin/mysqld ran as uid 0).
func untrusted(real string) string {
	for p := real; ; p = filepath.Dir(p) {
		fi, err := os.Lstat(p)
		if err != nil {
			return fmt.Sprintf("%s cannot be checked (%v)", p, err)
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			return ""
		}
		m, sticky := fi.Mode(), fi.Mode()&os.ModeSticky != 0
		switch {
		case st.Uid != 0 && int(st.Uid) != os.Geteuid():
			return fmt.Sprintf("%s belongs to uid %d", p, st.Uid)
		case m&0o002 != 0 && !sticky:
			return fmt.Sprintf("any user may change %s", p)
		case m&0o020 != 0 && st.Gid != 0 && !sticky:
			return fmt.Sprintf("group %d may change %s", st.Gid, p)
		}
		if filepath.Dir(p) == p {
			return ""
		}
	}
}
