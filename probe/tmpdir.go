package probe

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// tmpdirSetting is where InnoDB writes the sort files of an index build
// (ALTER TABLE, OPTIMIZE TABLE, a bulk load's secondary indexes):
// innodb_tmpdir when set, else tmpdir (MySQL 8.4 manual, "Online DDL
// Space Requirements"), as the live server on this host or the my.cnf
// gives it, with the variable's name and where it was read; "" when
// neither says.
func tmpdirSetting(p *profile.Profile, onThisHost bool) (value, variable, source string) {
	var vars map[string]string
	switch {
	case p.Server != nil && p.Server.Reachable && onThisHost:
		vars, source = p.Server.Variables, "server"
	case p.MyCnf != nil && (p.Server == nil || !p.Server.Reachable):
		vars, source = p.MyCnf.Variables, "mycnf"
	default:
		return "", "", ""
	}
	for _, name := range []string{"innodb_tmpdir", "tmpdir"} {
		if v := strings.TrimSpace(vars[name]); v != "" && !strings.EqualFold(v, "NULL") {
			return v, name, source
		}
	}
	return "", "", ""
}

// locateTmpDir records in p.Storage.TmpDir the filesystem the server's
// sort files go to, on the datadir's filesystem or not: its free space
// bounds the largest index build (rules/tmpdir.go). tmpdir may list
// several directories separated by ':' (used in turn, MySQL 8.4 manual,
// "tmpdir"); the one with the least free space is kept, as any build may
// land there. Nothing is written; a directory that cannot be read is a
// TmpDir with a Note.
func locateTmpDir(ctx context.Context, o Options, p *profile.Profile, onThisHost bool) {
	value, variable, source := tmpdirSetting(p, onThisHost)
	if value == "" || p.Storage.Path == "" {
		return
	}
	var best *profile.TmpDir
	for _, dir := range strings.Split(value, ":") {
		if dir = strings.TrimSpace(dir); dir == "" {
			continue
		}
		td := locateOneTmpDir(ctx, o, p, filepath.Clean(dir))
		if best == nil || td.Note == "" && (best.Note != "" || td.FreeBytes < best.FreeBytes) {
			best = td
		}
	}
	if best == nil {
		return
	}
	best.Setting, best.Source, best.Variable = value, source, variable
	p.Storage.TmpDir = best
}

// locateOneTmpDir is one directory of the tmpdir setting: its filesystem,
// free space, and whether that is the datadir's.
func locateOneTmpDir(ctx context.Context, o Options, p *profile.Profile, dir string) *profile.TmpDir {
	td := &profile.TmpDir{RedoDir: profile.RedoDir{Path: dir}}
	same, err := storage.SameFilesystem(dir, p.Storage.Path)
	if err != nil {
		td.Note = fmt.Sprintf("%s could not be read here (%v): the room for sort files is unknown", dir, err)
		return td
	}
	td.SameFilesystem = same
	st, gaps, err := storage.Locate(ctx, o.Roots, dir)
	p.Gaps = append(p.Gaps, gaps...)
	if err != nil {
		td.Note = fmt.Sprintf("could not locate the filesystem of %s: %v", dir, err)
		return td
	}
	td.FSType, td.MountPoint, td.Device, td.FreeBytes, td.TotalBytes = st.FSType, st.MountPoint, st.Device.Name, st.FreeBytes, st.TotalBytes
	return td
}
