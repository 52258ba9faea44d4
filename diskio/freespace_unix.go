//go:build linux || darwin

package diskio

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// FreeBytes is the space under dir an unprivileged writer may still use
// (statfs f_bavail × f_bsize), the figure Budget takes.
func FreeBytes(dir string) (uint64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, fmt.Errorf("reading free space of %s: %w", dir, err)
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}
