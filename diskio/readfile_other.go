//go:build !linux

package diskio

// openForRead is Linux only here.
func openForRead(string) (ioFile, bool, int, error) { return nil, false, 0, ErrUnsupported }
