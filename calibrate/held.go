package calibrate

import (
	"slices"
	"sync"
	"sync/atomic"
)

// held is the scratch schemas this process created and has not dropped
// yet: what a second Ctrl-C, which ends the process at once, leaves on
// the server.
var held = struct {
	mu      sync.Mutex
	schemas map[string]bool
}{schemas: map[string]bool{}}

// hold records a scratch schema this process just created.
func hold(schema string) {
	held.mu.Lock()
	defer held.mu.Unlock()
	held.schemas[schema] = true
}

// release forgets a scratch schema once it is dropped.
func release(schema string) {
	held.mu.Lock()
	defer held.mu.Unlock()
	delete(held.schemas, schema)
}

// Held is the scratch schemas this process created and has not dropped
// (sorted): a process ending at once leaves them on the server.
func Held() []string {
	held.mu.Lock()
	defer held.mu.Unlock()
	out := make([]string, 0, len(held.schemas))
	for s := range held.schemas {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// serverFlags is the shell words that reach the server this process
// writes to (SetServerFlags), for CleanupCommand.
var serverFlags atomic.Value

// SetServerFlags records the server flags of this run, as shell words
// (connflags ShellFlags: never a password), for CleanupCommand.
func SetServerFlags(words string) { serverFlags.Store(words) }

// CleanupCommand is the command that drops a scratch schema a run left,
// with the flags that reach the same server: without them, pasted after a
// run on -h db1 -P 3307, it went to the default socket or 127.0.0.1:3306
// (review r15).
func CleanupCommand(schema string) string {
	cmd := "mytune calibrate --cleanup"
	if schema != DefaultSchema {
		cmd += " --schema " + schema
	}
	if words, _ := serverFlags.Load().(string); words != "" {
		cmd += " " + words
	}
	return cmd
}
