package calibrate

import (
	"slices"
	"sync"
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

// CleanupCommand is the command that drops a scratch schema a run left.
func CleanupCommand(schema string) string {
	if schema != DefaultSchema {
		return "mytune calibrate --cleanup --schema " + schema
	}
	return "mytune calibrate --cleanup"
}
