//go:build !unix

package storage

import (
	"fmt"
	"runtime"
)

// statDev has no device numbers to give outside Unix: the storage facts are
// read from Linux's /proc and /sys.
func statDev(path string) (uint32, uint32, error) {
	return 0, 0, fmt.Errorf("device numbers of %s are not available on %s: storage facts need Linux", path, runtime.GOOS)
}

// statSpace is not implemented outside Unix.
func statSpace(path string) (free, total uint64, err error) {
	return 0, 0, fmt.Errorf("free space of %s is not read on %s", path, runtime.GOOS)
}

// blockDevNumber is not implemented outside Unix.
func blockDevNumber(node string) (uint32, uint32, error) {
	return 0, 0, fmt.Errorf("block devices are not read on %s", runtime.GOOS)
}

// statOwner is not implemented outside Unix.
func statOwner(path string) (uid, gid uint32, err error) {
	return 0, 0, fmt.Errorf("the owner of %s is not read on %s", path, runtime.GOOS)
}
