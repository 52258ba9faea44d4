package threads

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// restoreDirs are the target server's redo and undo directories when it
// keeps them outside its datadir (its innodb_log_group_home_dir and
// innodb_undo_directory, from the live server, else its my.cnf); "" for
// one in the datadir or unknown. Copy-back puts the redo log and the undo
// tablespaces where its own options say, the datadir when it is given
// only --datadir: a server whose directories are elsewhere then does not
// start ("File …/ib_logfile0 was not found", MariaDB 10.11.19, review
// r44), or starts on the old files left there.
func restoreDirs(p *profile.Profile, datadir string) (logDir, undoDir string) {
	var vars map[string]string
	switch {
	case p.Server != nil && p.Server.Variables != nil:
		vars = p.Server.Variables
	case p.MyCnf != nil:
		vars, _ = p.MyCnf.For(profile.FlavorMariaDB)
	}
	outside := func(name string) string {
		v := strings.TrimSpace(vars[name])
		if !filepath.IsAbs(v) || filepath.Clean(v) == datadir {
			return ""
		}
		return filepath.Clean(v)
	}
	return outside("innodb_log_group_home_dir"), outside("innodb_undo_directory")
}

// copyBackDirFlags are the copy-back options that put the redo log and
// the undo tablespaces where the target server reads them.
func copyBackDirFlags(logDir, undoDir string) string {
	var s string
	if undoDir != "" {
		s += " --innodb-undo-directory=" + shellWord(undoDir)
	}
	if logDir != "" {
		s += " --innodb-log-group-home-dir=" + shellWord(logDir)
	}
	return s
}

// outsideChowns are the chown lines for the files copy-back writes
// outside the datadir: the redo log and undo tablespaces in the server's
// own directories, and each DATA DIRECTORY table's file with its schema
// directory. Named file by file, never recursive: those directories may
// hold what is not the server's.
func outsideChowns(b *profile.PhysicalBackup, owner, logDir, undoDir string) []string {
	byDir := map[string][]string{}
	if logDir != "" && !strings.EqualFold(b.Tool, "xtrabackup") {
		byDir[logDir] = append(byDir[logDir], filepath.Join(logDir, "ib_logfile0"))
	}
	for i := 1; undoDir != "" && i <= b.UndoTablespaces; i++ {
		byDir[undoDir] = append(byDir[undoDir], filepath.Join(undoDir, fmt.Sprintf("undo%03d", i)))
	}
	named := map[string]bool{}
	for _, f := range b.DataDirectoryFiles {
		d := filepath.Dir(f)
		if len(byDir[d]) == 0 {
			byDir[d] = append(newDirsAbove(b, d, named), d) // copy-back makes a schema directory mode 0700, its runner's
		}
		byDir[d] = append(byDir[d], f)
	}
	dirs := make([]string, 0, len(byDir))
	for d := range byDir {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	var lines []string
	for _, d := range dirs {
		words := []string{"chown", shellWord(owner)}
		for _, f := range byDir[d] {
			words = append(words, shellWord(f))
		}
		lines = append(lines, strings.Join(words, " "))
	}
	return lines
}

// newDirsAbove are the directories above schema directory d that
// copy-back creates (b.DataDirectoryNewDirs), parents first, each once
// across the lines (named): mode 0700 and its runner's, they keep a server
// of another user from the table's file (MariaDB 10.11.19 as mysql:
// "Tablespace is missing for a table", review r45). Only these: a
// directory that was there may be shared, and keeps its owner.
func newDirsAbove(b *profile.PhysicalBackup, d string, named map[string]bool) []string {
	var dirs []string
	for _, n := range b.DataDirectoryNewDirs {
		if !named[n] && strings.HasPrefix(d, n+string(filepath.Separator)) {
			named[n] = true
			dirs = append(dirs, n)
		}
	}
	return dirs
}

// dataDirectoryWarning says where copy-back writes the backup's DATA
// DIRECTORY tables: outside --datadir, where it fails on a file it finds
// (those there now named), and the directories it creates there.
func dataDirectoryWarning(p *profile.Profile, _ Options) string {
	b := p.Backup
	files := b.DataDirectoryFiles
	if len(files) == 0 {
		return ""
	}
	found := "on a file it finds there: move those files aside too, with the datadir's"
	if n := len(b.DataDirectoryPresent); n > 0 {
		found = fmt.Sprintf("on a file it finds there, and %d %s there now (%s): move %s aside too, with the datadir's",
			n, plural(n, "is", "are"), quotedList(b.DataDirectoryPresent), plural(n, "it", "them"))
	}
	made := "a directory it creates there is its runner's, mode 0700"
	if n := len(b.DataDirectoryNewDirs); n > 0 {
		made = fmt.Sprintf("it creates %d %s above the tables' schema directories that %s not there now (%s), its runner's, "+
			"mode 0700, which a server running as another user cannot enter", n, plural(n, "directory", "directories"),
			plural(n, "is", "are"), quotedList(b.DataDirectoryNewDirs))
		if b.DatadirOwner != "" {
			made += ": the chown lines name them"
		}
	}
	return fmt.Sprintf("%d %s created with DATA DIRECTORY: copy-back writes %s where the backup's .isl files say, "+
		"outside --datadir (%s), and stops with \"File exists\" %s; %s",
		len(files), plural(len(files), "table was", "tables were"), plural(len(files), "its file", "their files"),
		quotedList(files), found, made)
}

// quotedList is the first three of paths as shell words, and how many
// more.
func quotedList(paths []string) string {
	shown := paths[:min(len(paths), 3)]
	quoted := make([]string, len(shown))
	for i, f := range shown {
		quoted[i] = shellWord(f)
	}
	s := strings.Join(quoted, ", ")
	if len(paths) > len(shown) {
		s += fmt.Sprintf(" and %d more", len(paths)-len(shown))
	}
	return s
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// layoutNotes say which directories besides the datadir the copy-back
// writes into, and, when the target's were not read, where the backup's
// server kept its undo tablespaces.
func layoutNotes(p *profile.Profile, logDir, undoDir string) []string {
	var notes []string
	if logDir != "" || undoDir != "" {
		var named []string
		for _, d := range []string{logDir, undoDir} {
			if d != "" {
				named = append(named, shellWord(d))
			}
		}
		dirs := strings.Join(named, ", ")
		notes = append(notes, "the server keeps its redo log or undo tablespaces outside its datadir (innodb_log_group_home_dir, "+
			"innodb_undo_directory): the copy-back line puts them there ("+dirs+"); move the files in those directories aside "+
			"too (copy-back stops with \"File exists\" on one it finds; a server started on the old ones starts on a redo log "+
			"and undo logs that are not the backup's)")
	}
	if b := p.Backup; b.UndoDirectory != "" && p.Server == nil && p.MyCnf == nil {
		notes = append(notes, "the backup's server kept its undo tablespaces in "+b.UndoDirectory+" (backup-my.cnf); "+
			"copy-back puts them into the datadir: if the server's my.cnf names innodb_undo_directory or "+
			"innodb_log_group_home_dir, add --innodb-undo-directory=DIR and --innodb-log-group-home-dir=DIR to the "+
			"copy-back line (mytune read no server and no my.cnf)")
	}
	return notes
}

// qpressNote says what the --decompress line of a .qp backup needs, and
// what mytune could not read while its files are compressed.
func qpressNote(b *profile.PhysicalBackup) string {
	s := "--decompress runs qpress on each .qp file: put it on the PATH first (mariadb-backup 10.11.19 stopped with " +
		"\"qpress: not found\" where it was not installed; Debian 12 does not package it); no time is given: what the " +
		"copy writes is known only once decompressed (a 10.11.19 --compress backup took 10.0 MB, one not compressed " +
		"of the same server seconds before 95.8 MB)"
	if b.ServerVersion == "" {
		s += "; the backup's info file is compressed too, so its server's version and page size were not read: " +
			"run mytune advise --dump again after the --decompress line"
	}
	return s
}

// syncLine syncs the filesystems copy-back wrote to (sync -f: syncfs(2),
// coreutils 8.24+), not every filesystem of the machine: a bare sync
// also waits for whatever else is dirty on the host (review r44:
// test/e2e's TestPhysicalRestoreOutsideDatadir took 69.8 s with a bare
// sync, 3.8 s with sync -f, beside another test bed's held writeback). A
// bare sync when the datadir is unknown.
func syncLine(b *profile.PhysicalBackup, datadir, logDir, undoDir string) string {
	if datadir == "" {
		return "sync"
	}
	words, seen := []string{"sync", "-f"}, map[string]bool{}
	dirs := []string{datadir, logDir, undoDir}
	for _, f := range b.DataDirectoryFiles {
		dirs = append(dirs, filepath.Dir(f))
	}
	for _, d := range dirs {
		if d != "" && !seen[d] {
			seen[d] = true
			words = append(words, shellWord(d))
		}
	}
	return strings.Join(words, " ")
}
