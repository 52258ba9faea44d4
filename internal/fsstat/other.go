//go:build !linux && !darwin && !freebsd && !dragonfly && !openbsd && !netbsd

package fsstat

// Of is not implemented on this OS.
func Of(string) (Info, error) { return Info{}, ErrUnsupported }
