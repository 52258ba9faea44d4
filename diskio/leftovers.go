package diskio

import (
	"errors"
	"io"
	"os"
	"sync"
	"time"
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

// removeFile is os.Remove; a test makes it block as on a frozen disk.
var removeFile = os.Remove

// RemoveTestFiles removes every test file a run in this process has made
// and not yet removed, best effort, and refuses any made after it: the CLI
// calls it when a second signal ends the process at once, before the
// runs' own clean-up could. It waits at most within for the removals (an
// unlink on a frozen filesystem blocks until the thaw) and returns the
// files not removed by then, or that could not be removed.
func RemoveTestFiles(within time.Duration) (left []string) {
	liveMu.Lock()
	quitting = true
	var paths []string
	live.Range(func(k, _ any) bool {
		paths = append(paths, k.(string))
		live.Delete(k)
		return true
	})
	liveMu.Unlock()
	type removal struct {
		path string
		err  error
	}
	results := make(chan removal, len(paths))
	for _, p := range paths {
		go func() { results <- removal{p, removeFile(p)} }()
	}
	timer := time.NewTimer(within)
	defer timer.Stop()
	answered := map[string]bool{}
	for range paths {
		select {
		case r := <-results:
			answered[r.path] = true
			if r.err != nil && !errors.Is(r.err, os.ErrNotExist) {
				left = append(left, r.path)
			}
		case <-timer.C:
			return pending(paths, left, answered)
		}
	}
	return left
}

// pending is left plus the paths whose removal had not answered.
func pending(paths, left []string, answered map[string]bool) []string {
	seen := map[string]bool{}
	for _, p := range left {
		seen[p] = true
	}
	for _, p := range paths {
		if !seen[p] && !answered[p] {
			left = append(left, p)
		}
	}
	return left
}
