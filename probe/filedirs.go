package probe

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// fileDirVars are the settings that move a set of the server's files off
// the datadir, with what each set holds: innodb_undo_directory the undo
// tablespaces (chosen at mariadb-install-db time with
// innodb_undo_tablespaces), innodb_data_home_dir the system tablespace
// and ibtmp1 (innodb_temp_data_file_path is read against it), and
// MariaDB's aria_log_dir_path Aria's transaction log. Each defaults to
// the datadir.
var fileDirVars = []struct{ name, files string }{
	{"innodb_undo_directory", "undo tablespaces"},
	{"innodb_data_home_dir", "the system tablespace (ibdata) and ibtmp1"},
	{"aria_log_dir_path", "Aria's transaction log (aria_log.*)"},
}

// fileDirSettings are the file sets fileDirVars name, as the live server
// on this host or the my.cnf (when no server answered) has them, each
// resolved against the datadir; the undo directory only while there are
// undo tablespaces (innodb_undo_tablespaces not 0).
func fileDirSettings(p *profile.Profile, onThisHost bool) []profile.FileDir {
	var vars map[string]string
	var datadir, source string
	switch {
	case p.Server != nil && p.Server.Reachable && onThisHost:
		vars, datadir, source = p.Server.Variables, orDefault(p.Server.Datadir, p.Storage.Path), "server"
	case p.MyCnf != nil && (p.Server == nil || !p.Server.Reachable):
		vars, datadir, source = p.MyCnf.Variables, orDefault(p.MyCnf.Variables["datadir"], p.Storage.Path), "mycnf"
	default:
		return nil
	}
	var out []profile.FileDir
	for _, v := range fileDirVars {
		value := strings.TrimSpace(vars[v.name])
		if value == "" || strings.EqualFold(value, "NULL") || filepath.Clean(value) == "." {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSpace(vars["innodb_undo_tablespaces"])); v.name == "innodb_undo_directory" && err == nil && n == 0 {
			continue
		}
		dir := value
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(datadir, dir)
		}
		out = append(out, profile.FileDir{RedoDir: profile.RedoDir{Path: filepath.Clean(dir), Setting: value, Source: source},
			Variable: v.name, Files: v.files})
	}
	return out
}

// dataDirectorySets groups the server's DATA DIRECTORY tables
// (OutsideTablespaces named "schema/table") by the directory given to
// DATA DIRECTORY: the parent of the .ibd's schema directory.
func dataDirectorySets(s *profile.Server) []profile.FileDir {
	byDir := map[string]*profile.FileDir{}
	var dirs []string
	for _, ts := range s.OutsideTablespaces {
		if !strings.Contains(ts.Name, "/") {
			continue
		}
		dir := filepath.Dir(filepath.Dir(ts.Path))
		fd := byDir[dir]
		if fd == nil {
			fd = &profile.FileDir{RedoDir: profile.RedoDir{Path: dir, Setting: dir, Source: "server"}, Variable: "DATA DIRECTORY", Files: "tables"}
			byDir[dir] = fd
			dirs = append(dirs, dir)
		}
		fd.Tables = append(fd.Tables, strings.Replace(ts.Name, "/", ".", 1))
		fd.FileBytes += ts.FileBytes
	}
	sort.Strings(dirs)
	out := make([]profile.FileDir, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, *byDir[d])
	}
	return out
}

// locateFileDirs records in p.Storage.FileDirs each set of the server's
// files kept off the datadir's filesystem (fileDirSettings, and the DATA
// DIRECTORY tables of a server on this host), with its filesystem, free
// space and the commit loop measured there once per filesystem, and adds
// a storage note for each. Measured on MariaDB 10.11.19 (review r37):
// the undo tablespaces, or a schema's tables, on a loop device throttled
// to 100 write IOPS beside an unthrottled datadir, and the report named
// neither.
func locateFileDirs(ctx context.Context, o Options, p *profile.Profile, onThisHost bool) {
	if p.Storage.Path == "" {
		return
	}
	sets := fileDirSettings(p, onThisHost)
	if s := p.Server; s != nil && s.Reachable && onThisHost {
		sets = append(sets, dataDirectorySets(s)...)
	}
	for i := range sets {
		fd := &sets[i]
		if !locateFileDir(ctx, o, p, fd) {
			continue
		}
		if fd.Variable != "DATA DIRECTORY" && p.Server != nil {
			fd.FileBytes = filesIn(p.Server.OutsideTablespaces, fd.Path)
		}
		p.Storage.FileDirs = append(p.Storage.FileDirs, *fd)
		p.Storage.Notes = append(p.Storage.Notes, fileDirNote(fd))
	}
}

// locateFileDir fills fd as locateLogDir does, false when fd.Path is on
// the datadir's filesystem; on the filesystem of a directory already
// measured (the redo log's, an earlier set's) it copies that one's
// figures instead of running the commit loop again. The binary log's is
// not reused: it is measured with appends (BinlogAppendBytes), these
// files are written in place as the redo log is.
func locateFileDir(ctx context.Context, o Options, p *profile.Profile, fd *profile.FileDir) bool {
	known := []*profile.RedoDir{p.Storage.RedoDir}
	for i := range p.Storage.FileDirs {
		known = append(known, &p.Storage.FileDirs[i].RedoDir)
	}
	for _, k := range known {
		if k == nil || k.MountPoint == "" {
			continue
		}
		if same, err := storage.SameFilesystem(fd.Path, k.Path); err == nil && same {
			fd.FSType, fd.MountPoint, fd.Device, fd.FreeBytes, fd.TotalBytes, fd.Fsync = k.FSType, k.MountPoint, k.Device, k.FreeBytes, k.TotalBytes, k.Fsync
			return true
		}
	}
	return locateLogDir(ctx, o, p, &fd.RedoDir, 0, "its disk is unknown, so the writes to these files are priced as the datadir's disk's")
}

// filesIn is the size of the listed tablespace files directly in dir.
func filesIn(ts []profile.Tablespace, dir string) uint64 {
	var n uint64
	for _, t := range ts {
		if filepath.Dir(t.Path) == dir {
			n += t.FileBytes
		}
	}
	return n
}

// fileDirNote is the storage note that names a file set off the
// datadir's filesystem, where it is and what was measured there.
func fileDirNote(fd *profile.FileDir) string {
	s := fmt.Sprintf("%s off the datadir's filesystem: %s = %s (%s)", fd.Files, fd.Variable, fd.Setting, fd.Source)
	if fd.Variable == "DATA DIRECTORY" {
		s = fmt.Sprintf("%d table(s) live off the datadir's filesystem (DATA DIRECTORY = %s): %s", len(fd.Tables), fd.Path, tableList(fd.Tables))
	} else if fd.Path != fd.Setting {
		s += " is " + fd.Path
	}
	if fd.FileBytes > 0 {
		s += fmt.Sprintf(", %s of tablespace files", profile.HumanBytes(fd.FileBytes))
	}
	if fd.MountPoint != "" {
		s += fmt.Sprintf(", on %s (%s %s, %s free)", fd.MountPoint, fd.FSType, orDefault(fd.Device, "unknown device"), profile.HumanBytes(fd.FreeBytes))
	}
	if f := fd.Fsync; f != nil {
		s += fmt.Sprintf("; 16K write + fdatasync there: p50 %.0f µs, p99 %.0f µs, %.0f per second", f.P50US, f.P99US, f.OpsPerS)
	}
	if fd.Note != "" {
		s += "; " + fd.Note
	}
	return s
}

// tableList names up to 5 tables and counts the rest.
func tableList(tables []string) string {
	const shown = 5
	if len(tables) <= shown {
		return strings.Join(tables, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(tables[:shown], ", "), len(tables)-shown)
}
