//go:build linux || darwin

package diskio

import (
	"fmt"

	"github.com/mytune/mytune/internal/fsstat"
)

// FreeBytes is the space under dir an unprivileged writer may still use
// (statfs f_bavail × f_bsize), the figure Budget takes.
func FreeBytes(dir string) (uint64, error) {
	info, err := fsstat.Of(dir)
	if err != nil {
		return 0, fmt.Errorf("reading free space of %s: %w", dir, err)
	}
	return info.AvailBytes, nil
}
