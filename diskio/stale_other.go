//go:build !linux && !darwin

package diskio

// Stale is a test file an earlier run left behind.
type Stale struct {
	Path  string
	PID   int
	Bytes int64
}

// RemoveStale does nothing on this OS, where Run is unsupported and so
// no run can have left a test file.
func RemoveStale(string, string) ([]Stale, error) { return nil, nil }
