//go:build unix

package host

import (
	"os"
	"syscall"
)

// pageSize is the kernel's page size (getpagesize(2)).
func pageSize() int { return os.Getpagesize() }

// mapFresh maps size bytes of private anonymous memory (mmap(2)): pages the
// process has never touched, each faulted in on its first write.
func mapFresh(size int) ([]byte, error) {
	return syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
}

// unmapFresh gives mapFresh's memory back (munmap(2)).
func unmapFresh(mem []byte) { _ = syscall.Munmap(mem) }
