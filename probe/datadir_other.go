//go:build !unix

package probe

import (
	"errors"
)

// sameFilesystem has no device numbers to compare here.
func sameFilesystem(_, _ string) (bool, error) {
	return false, errors.New("device numbers are not available on this system")
}
