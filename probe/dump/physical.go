package dump

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/profile"
)

// checkpointFiles are the names a physical backup's checkpoints file has:
// Percona XtraBackup and mariadb-backup up to MariaDB 11.x write
// xtrabackup_checkpoints; newer mariadb-backup writes
// mariadb_backup_checkpoints (MDEV-18931). The info files follow suit.
var checkpointFiles = []string{"xtrabackup_checkpoints", "mariadb_backup_checkpoints"}

var infoFiles = []string{"xtrabackup_info", "mariadb_backup_info"}

// compressedSuffixes are the endings of files a compressed backup holds,
// which --prepare cannot read until --decompress (XtraBackup's qpress,
// zstd and lz4; mariabackup's qpress up to 10.x).
var compressedSuffixes = []string{".qp", ".zst", ".lz4"}

// logFiles are the backup's copied redo at its top level: mariadb-backup
// 10.5+ keeps it as ib_logfile0, XtraBackup and older mariabackup as
// xtrabackup_logfile.
var logFiles = map[string]bool{"ib_logfile0": true, "xtrabackup_logfile": true}

// encryptedSuffix ends the files of an XtraBackup --encrypt backup.
const encryptedSuffix = ".xbcrypt"

// IsPhysical reports whether dir is a physical backup directory: it holds
// a checkpoints file (compressed or encrypted ones too).
func IsPhysical(dir string) bool {
	for _, name := range checkpointFiles {
		for _, suffix := range append([]string{""}, append(compressedSuffixes, encryptedSuffix)...) {
			if st, err := os.Stat(filepath.Join(dir, name+suffix)); err == nil && st.Mode().IsRegular() {
				return true
			}
		}
	}
	return false
}

// ReadPhysical reads the physical backup in dir: its checkpoints file, its
// info file, backup-my.cnf and the sizes of its files. It reads no table
// data.
func ReadPhysical(ctx context.Context, dir string) (*profile.PhysicalBackup, error) {
	if _, bounded := ctx.Deadline(); !bounded {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	b := &profile.PhysicalBackup{Path: abs}
	if shellquote.NeedsEscapes(abs) {
		b.PathQuoted = shellquote.DollarQuoted(abs)
	}
	if err := sizeBackup(ctx, abs, b); err != nil {
		return nil, err
	}
	b.DataDirectoryPresent, b.DataDirectoryNewDirs = dataDirectoryState(b.DataDirectoryFiles)
	cp := readKeyValues(abs, checkpointFiles)
	if cp == nil && b.Compressed == "" && b.Encrypted == "" {
		return nil, fmt.Errorf("%s: %w: a physical backup's checkpoints file could not be read "+
			"(xtrabackup_checkpoints): check its permissions", abs, ErrNotDump)
	}
	b.Type = cp["backup_type"]
	b.ToLSN, _ = strconv.ParseUint(cp["to_lsn"], 10, 64)
	b.LastLSN, _ = strconv.ParseUint(cp["last_lsn"], 10, 64)
	if b.Type == profile.BackupFull && b.LastLSN > b.ToLSN {
		b.RedoBytes = b.LastLSN - b.ToLSN
	}
	info := readKeyValues(abs, infoFiles)
	b.Tool, b.ToolVersion, b.ServerVersion = info["tool_name"], info["tool_version"], info["server_version"]
	b.Partial = strings.EqualFold(info["partial"], "Y")
	cnf := readKeyValues(abs, []string{"backup-my.cnf"})
	if v, ok := cnf["innodb_page_size"]; ok {
		b.PageSizeBytes, _ = profile.ParseSize(v)
	}
	if v := cnf["innodb_undo_directory"]; filepath.IsAbs(v) {
		b.UndoDirectory = filepath.Clean(v)
	}
	b.UndoTablespaces, _ = strconv.Atoi(cnf["innodb_undo_tablespaces"])
	if st, err := os.Stat(filepath.Join(abs, "mysql")); err == nil && st.IsDir() {
		b.SystemSchema = true
	}
	return b, nil
}

// islMaxBytes bounds what is read of an .isl file: InnoDB writes one
// path in it (OS_FILE_MAX_PATH, 4000 bytes, in MariaDB's os0file.h).
const islMaxBytes = 4000

// readLinkFile is the absolute path an InnoDB .isl file names, where
// copy-back writes the table's .ibd; "" when unreadable or not absolute.
func readLinkFile(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, islMaxBytes)
	n, _ := io.ReadFull(f, buf)
	target := strings.TrimSpace(string(buf[:n]))
	if !filepath.IsAbs(target) {
		return ""
	}
	return target
}

// dataDirectoryState is which of files (the backup's .isl targets) exist
// now, and the directories above each one's schema directory that do not,
// parents first: copy-back creates those mode 0700, its runner's (review
// r45: /var/tmp/r45/newparent and newparent/deep, root's, drwx------).
func dataDirectoryState(files []string) (present, newDirs []string) {
	seen := map[string]bool{}
	for _, f := range files {
		if _, err := os.Lstat(f); err == nil {
			present = append(present, f)
		}
		var missing []string
		for d := filepath.Dir(filepath.Dir(f)); d != filepath.Dir(d); d = filepath.Dir(d) {
			if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
				break // there (or unreadable: not one copy-back creates)
			}
			missing = append(missing, d)
		}
		for i := len(missing) - 1; i >= 0; i-- {
			if !seen[missing[i]] {
				seen[missing[i]] = true
				newDirs = append(newDirs, missing[i])
			}
		}
	}
	return present, newDirs
}

// sizeBackup sums the sizes of the files under dir and notes compressed
// or encrypted ones.
func sizeBackup(ctx context.Context, dir string, b *profile.PhysicalBackup) error {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if b.Files%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil // removed while listing
		}
		b.Files++
		b.TotalBytes += uint64(info.Size())
		name := d.Name()
		if logFiles[name] && filepath.Dir(path) == dir {
			b.LogFileBytes += uint64(info.Size())
		}
		for _, s := range compressedSuffixes {
			if strings.HasSuffix(name, s) && b.Compressed == "" {
				b.Compressed = s
			}
		}
		if strings.HasSuffix(name, encryptedSuffix) {
			b.Encrypted = encryptedSuffix
		}
		if strings.HasSuffix(name, ".isl") && len(b.DataDirectoryFiles) < profile.MaxOutsideTablespaces {
			if target := readLinkFile(path); target != "" {
				b.DataDirectoryFiles = append(b.DataDirectoryFiles, target)
			}
		}
		return nil
	})
	if err != nil {
		return dumpReadErr("reading physical backup", dir, err)
	}
	return nil
}

// readKeyValues reads the first of names found in dir as "key = value"
// lines (the checkpoints and info files; backup-my.cnf's option lines,
// whose "[mysqld]" and comments it skips); nil when none can be read.
func readKeyValues(dir string, names []string) map[string]string {
	for _, name := range names {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		defer f.Close()
		kv := map[string]string{}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), "=")
			if k = strings.TrimSpace(k); ok && k != "" && !strings.HasPrefix(k, "#") {
				kv[k] = strings.TrimSpace(v)
			}
		}
		return kv
	}
	return nil
}
