package probe

import (
	"os"
	"path/filepath"
	"regexp"

	"github.com/mytune/mytune/profile"
)

// redoFileName matches the redo log files of MariaDB (one ib_logfile0;
// ib_logfile101 while a resize writes the new one is not the log) and of
// MySQL before 8.0.30 (ib_logfile0 … ib_logfileN-1).
var redoFileName = regexp.MustCompile(`^ib_logfile[0-9]{1,2}$`)

// redoLogBytes is the size of the redo log files in dir: its ib_logfile*
// files and the files of its #innodb_redo directory (MySQL 8.0.30+, where
// the log's files, spares included, add up to innodb_redo_log_capacity).
// Only names and sizes are read; 0 when there are none or dir cannot be
// read.
func redoLogBytes(dir string) uint64 {
	var total uint64
	add := func(d string, match func(string) bool) {
		entries, err := os.ReadDir(d)
		if err != nil {
			return
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || !match(e.Name()) {
				continue
			}
			if fi, err := e.Info(); err == nil {
				total += uint64(fi.Size())
			}
		}
	}
	add(dir, redoFileName.MatchString)
	add(filepath.Join(dir, "#innodb_redo"), func(string) bool { return true })
	return total
}

// recordRedoLog sets p.Storage.RedoLogBytes from the directory that keeps
// the redo log: RedoDir when innodb_log_group_home_dir puts it elsewhere,
// else the measured datadir.
func recordRedoLog(p *profile.Profile) {
	dir := p.Storage.Path
	if rd := p.Storage.RedoDir; rd != nil {
		dir = rd.Path
	}
	if dir != "" {
		p.Storage.RedoLogBytes = redoLogBytes(dir)
	}
}
