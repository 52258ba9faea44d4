package installed

import (
	"bytes"
	"errors"
)

// versionMaxBytes caps what one `--version` run may print: mariadbd 10.11
// prints one line of 90 bytes; a wrapper that floods its output (`exec
// yes`) would otherwise fill memory until the timeout (review r18: 548 MB
// resident in 5 s on this project's 2-core machine).
const versionMaxBytes = 64 << 10

// errTooMuch stops the copy of a run's output at versionMaxBytes; the
// program then gets EPIPE (or SIGPIPE) on its next write.
var errTooMuch = errors.New("more output than a --version prints")

// cappedBuffer keeps the first max bytes written to it and refuses the
// rest.
type cappedBuffer struct {
	buf  bytes.Buffer
	max  int
	over bool
}

// Write keeps p while the buffer holds less than max bytes.
func (c *cappedBuffer) Write(p []byte) (int, error) {
	if c.buf.Len()+len(p) > c.max {
		c.buf.Write(p[:c.max-c.buf.Len()])
		c.over = true
		return 0, errTooMuch
	}
	return c.buf.Write(p)
}

// String is what was kept.
func (c *cappedBuffer) String() string { return c.buf.String() }
