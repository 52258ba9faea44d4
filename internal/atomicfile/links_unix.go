//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// plantedBy says whether the symlink p (fi, its Lstat) may have been put
// there by another user: its directory is world-writable and the link
// belongs neither to this user nor to the directory's owner (the rule of
// the kernel's fs.protected_symlinks, sticky or not). It returns the
// link's owner.
func plantedBy(p string, fi fs.FileInfo) (uint32, bool) {
	link, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	dfi, err := os.Stat(filepath.Dir(p))
	if err != nil {
		return 0, false
	}
	dir, ok := dfi.Sys().(*syscall.Stat_t)
	if !ok || dfi.Mode().Perm()&0o002 == 0 {
		return 0, false
	}
	return link.Uid, int(link.Uid) != os.Geteuid() && link.Uid != dir.Uid
}
