package calibrate

import (
	"sync"

	"github.com/mytune/mytune/probe/dump"
)

// fileState is one sampled file and how far the run has loaded it. Its
// reader stays open across steps, so the next step resumes where the last
// one stopped: the tables grow through the run as in a restore, and no
// row is loaded twice into the same table.
type fileState struct {
	f    dump.DataFile
	name string // the table's name in the dump (a mysqldump unit's end)
	u    *dump.UnitReader
	// charset is the SET NAMES in force at the reader's position, applied
	// again when another session takes the file over.
	charset string
	// pend is the rest of an INSERT a step's deadline stopped in.
	pend *pendingInsert
	done bool
}

// cursor hands out the sample's files to sessions: the files a step left
// half-loaded first, then fresh ones, each to one session at a time.
type cursor struct {
	mu      sync.Mutex
	queue   []*fileState // head first
	all     []*fileState
	started bool // any file was taken since the last reset
}

func newCursor(files []dump.DataFile, src *dump.Source) *cursor {
	c := &cursor{}
	for _, f := range files {
		fs := &fileState{f: f, name: src.Tables[f.Table].Name, charset: f.Charset}
		c.all = append(c.all, fs)
	}
	c.reset()
	return c
}

// take is the next file for a session, nil when every file is loaded.
func (c *cursor) take() *fileState {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.queue) == 0 {
		return nil
	}
	fs := c.queue[0]
	c.queue = c.queue[1:]
	c.started = true
	return fs
}

// give returns a file a session stopped in (deadline, budget): the next
// step resumes it first. A finished file is closed and not queued again.
func (c *cursor) give(fs *fileState) {
	if fs.done {
		fs.close()
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queue = append([]*fileState{fs}, c.queue...)
}

// exhausted reports that every file is loaded (between steps only).
func (c *cursor) exhausted() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.queue) == 0
}

// reset rewinds every file to its start (after the tables were recreated).
func (c *cursor) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queue = c.queue[:0]
	for _, fs := range c.all {
		fs.close()
		fs.done, fs.charset, fs.pend = false, fs.f.Charset, nil
		c.queue = append(c.queue, fs)
	}
	c.started = false
}

// close releases every open reader.
func (c *cursor) close() {
	for _, fs := range c.all {
		fs.close()
	}
}

// reader opens the file at its start the first time.
func (fs *fileState) reader() (*dump.UnitReader, error) {
	if fs.u == nil {
		u, err := dump.OpenUnit(fs.f, fs.name)
		if err != nil {
			return nil, err
		}
		fs.u = u
	}
	return fs.u, nil
}

func (fs *fileState) close() {
	if fs.u != nil {
		fs.u.Close()
		fs.u = nil
	}
}
