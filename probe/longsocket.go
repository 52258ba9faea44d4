package probe

import (
	"fmt"
	"path/filepath"

	"github.com/mytune/mytune/internal/shellquote"
)

// maxSocketPath is the longest path a Unix socket address holds on Linux:
// sun_path is 108 bytes, one of them the closing NUL (unix(7)).
const maxSocketPath = 107

// longSocketCheck is what to check of a socket path too long for any
// client to connect through (connect(2) fails with EINVAL, which Go
// prints as "invalid argument"): a shorter path to it, through a
// symbolic link to its directory, or TCP. Review r11: -S with a 124-byte
// path was answered "check that the server runs and … is its socket",
// while the server ran and that was its socket.
func longSocketCheck(addr string) string {
	const link = "~/.mytune-socket-dir" // the tilde unquoted: every shell expands it
	return fmt.Sprintf("the socket's path: it is %d bytes and a Unix socket address holds at most %d (unix(7)), so no client "+
		"connects through it, whether the server runs or not; reach it by a shorter path (ln -sfn %s %s, then -S %s/%s) "+
		"or over TCP (-h 127.0.0.1 -P PORT)", len(addr), maxSocketPath, shellquote.Word(filepath.Dir(addr)), link,
		link, shellquote.Word(filepath.Base(addr)))
}
