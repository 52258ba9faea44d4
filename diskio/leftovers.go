package diskio

import (
	"os"
	"sync"
)

// live are the test files runs in this process have made and not yet
// removed: path → struct{}.
var live sync.Map

// track records a test file before it is created, untrack after it is
// removed, so RemoveTestFiles can find it in between.
func track(path string)   { live.Store(path, struct{}{}) }
func untrack(path string) { live.Delete(path) }

// RemoveTestFiles removes every test file a run in this process has made
// and not yet removed, best effort: the CLI calls it when a second signal
// ends the process at once, before the runs' own clean-up could.
func RemoveTestFiles() {
	live.Range(func(k, _ any) bool {
		_ = os.Remove(k.(string))
		live.Delete(k)
		return true
	})
}
