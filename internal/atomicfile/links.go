package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mytune/mytune/internal/usage"
)

// maxLinks bounds the symlinks checkLinks follows, as the kernel's 40.
const maxLinks = 40

// checkLinks refuses a path whose symlinks another user could have
// planted: one in a directory anyone may write to (/tmp), owned neither by
// this user nor by the directory's owner. The kernel refuses to follow such
// a link (fs.protected_symlinks, for sticky directories); Write resolves
// links itself and renames over the target, which passed that guard: as
// root, --out /tmp/report.json that another user had linked to
// /etc/shadow replaced /etc/shadow. Every symlink among the path's
// leading directories is checked, and the chain of the last one.
func checkLinks(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil // Write's own errors say it
	}
	for p := abs; ; p = filepath.Dir(p) {
		if err := checkChain(p); err != nil {
			return err
		}
		if p == filepath.Dir(p) {
			return nil
		}
	}
}

// checkChain checks the symlink at p, if it is one, and those it leads to.
func checkChain(p string) error {
	for range maxLinks {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return nil
		}
		if uid, ok := plantedBy(p, fi); ok {
			return usage.Errorf("%s is a symlink owned by another user (uid %d) in a directory anyone may write to: "+
				"mytune does not follow such a link (nor does the kernel, under fs.protected_symlinks=1); remove it, or give --out another path", p, uid)
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return nil
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return nil
}
