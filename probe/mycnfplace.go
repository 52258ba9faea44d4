package probe

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// myCnfPlacement looks around the --mycnf file for what decides where the
// advised fragment can go (profile.MyCnfPlacement): whether the server
// ignores it (world-writable), and whether it sits in an option directory
// read with !includedir, with the .cnf files read after it. mariadbd reads
// such a directory's .cnf files in name order (mariadbd 10.11.19
// --print-defaults on Debian's layout: 99-local.cnf's values win over
// 50-server.cnf's). A directory that cannot be listed leaves Later empty.
func myCnfPlacement(path string) *profile.MyCnfPlacement {
	pl := &profile.MyCnfPlacement{}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o002 != 0 {
		pl.WorldWritable = true
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return pl
	}
	dir := filepath.Dir(abs)
	if !strings.HasSuffix(filepath.Base(dir), ".d") {
		return pl
	}
	pl.ConfDir = dir
	entries, err := os.ReadDir(dir)
	if err != nil {
		return pl
	}
	self := filepath.Base(abs)
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".cnf") && n > self && !e.IsDir() {
			pl.Later = append(pl.Later, n)
		}
	}
	sort.Strings(pl.Later)
	return pl
}
