//go:build !unix

package host

import (
	"errors"
	"os"
)

// pageSize is the runtime's page size.
func pageSize() int { return os.Getpagesize() }

// mapFresh is not available here: the first-touch measurement needs
// mmap(2), so it becomes a recorded gap.
func mapFresh(int) ([]byte, error) {
	return nil, errors.New("not measured on this OS (it maps fresh memory with mmap)")
}

// unmapFresh does nothing where mapFresh maps nothing.
func unmapFresh([]byte) {}
