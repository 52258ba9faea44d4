//go:build !linux && !darwin

package diskio

// FreeBytes is not implemented on this OS, where Run is unsupported too.
func FreeBytes(string) (uint64, error) { return 0, ErrUnsupported }
