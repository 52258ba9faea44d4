package storage

import "path/filepath"

// SameFilesystem reports whether paths a and b are on one filesystem: the
// same device number (st_dev) once symlinks are resolved.
func SameFilesystem(a, b string) (bool, error) {
	var devs [2][2]uint32
	for i, p := range []string{a, b} {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return false, err
		}
		if devs[i][0], devs[i][1], err = statDev(real); err != nil {
			return false, err
		}
	}
	return devs[0] == devs[1], nil
}
