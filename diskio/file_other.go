//go:build !linux && !darwin

package diskio

import "io"

// osOpener on this OS refuses: there is no direct I/O path implemented here.
type osOpener struct{}

func (osOpener) create(string) (io.Closer, error) { return nil, ErrUnsupported }

func (osOpener) open(string, bool, fileID) (ioFile, error) { return nil, ErrUnsupported }

func (osOpener) dioAlign(string) (int, bool) { return defaultAlign, false }
