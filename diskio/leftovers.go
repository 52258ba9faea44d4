package diskio

import (
	"errors"
	"io"
	"os"
	"sync"
)

// live are the test files runs in this process have made and not yet
// removed: path → struct{}.
var live sync.Map

// liveMu keeps a test file's creation and RemoveTestFiles apart, and
// quitting, set by RemoveTestFiles, refuses creations after it: without
// them a file made just after the removal pass (a second signal 2 ms after
// the first, while the run was still making its file) outlived the
// process (TestProbeSignalledTwice, once in a busy CI run).
var (
	liveMu   sync.Mutex
	quitting bool
)

// errQuitting is a creation refused because the process is ending.
var errQuitting = errors.New("the process is ending (a second signal): no test file made")

// trackedCreate records path and makes it with op, unless RemoveTestFiles
// has run; untrack after it is removed, so RemoveTestFiles can find it in
// between.
func trackedCreate(path string, op fileOpener) (io.Closer, error) {
	liveMu.Lock()
	defer liveMu.Unlock()
	if quitting {
		return nil, errQuitting
	}
	live.Store(path, struct{}{})
	lock, err := op.create(path)
	if err != nil {
		live.Delete(path)
	}
	return lock, err
}

func untrack(path string) { live.Delete(path) }

// RemoveTestFiles removes every test file a run in this process has made
// and not yet removed, best effort, and refuses any made after it: the CLI
// calls it when a second signal ends the process at once, before the
// runs' own clean-up could.
func RemoveTestFiles() {
	liveMu.Lock()
	defer liveMu.Unlock()
	quitting = true
	live.Range(func(k, _ any) bool {
		_ = os.Remove(k.(string))
		live.Delete(k)
		return true
	})
}
