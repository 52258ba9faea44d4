package server

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// quietFileNote decides whether an option file looked up without being
// named (~/.my.cnf, ~/.mylogin.cnf) may be opened: ok when it is a regular
// file (or a symlink to one). A missing file is not ok with no note. Any
// other kind (a FIFO, a socket, a device, a directory) is not ok with a
// note and is never opened: opening a FIFO blocks until something writes
// to it, and a run that reads no file it was not given would hang before
// its first probe with no timeout to end it (review r18: a FIFO at
// ~/.my.cnf hung advise; the mariadb client hangs there too, but it is run
// by hand, mytune from scripts). A file named on purpose (--defaults-file,
// which may be a shell's <(…) pipe) is read as given.
func quietFileNote(path string) (note string, ok bool) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", false
	case err != nil:
		return fmt.Sprintf("%s is skipped, as the mysql client skips it: %v "+
			"(pass --defaults-file, or run as the user it belongs to, to read it)", path, err), false
	case !st.Mode().IsRegular():
		return fmt.Sprintf("%s is skipped: it is a %s, not a file, and reading it could wait forever "+
			"(pass the options with --defaults-file or flags instead)", path, fileKind(st.Mode())), false
	}
	return "", true
}

// fileKind names a file mode's type for a note.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	case m.IsDir():
		return "directory"
	}
	return "special file"
}
