package rules

import (
	"fmt"
	"strings"
)

// Measured on MariaDB 10.11.19 (docs/benchmarks/live-server.md, "A
// tmpdir too small for an index build"): ALTER TABLE … ADD INDEX of a
// 54.9 MiB index on a 400,000-row table, and OPTIMIZE TABLE of it, took
// 98 MiB in tmpdir at their peak; with a 16 MiB tmpfs as tmpdir the same
// work failed ("Write to file (merge) failed … error 28", "Temp file write
// failure"). The MySQL manual's bound ("Online DDL Space Requirements"):
// "may require temporary space equal to the amount of data in the table
// plus indexes".

// TmpDirShort is true when the filesystem of innodb_tmpdir (else tmpdir)
// has less free space than the largest user table's data and indexes,
// the manual's bound for the sort files of rebuilding or indexing it.
func (e Env) TmpDirShort() bool {
	td := e.Storage.TmpDir
	return td != nil && td.Note == "" && (td.TotalBytes > 0 || td.FreeBytes > 0) &&
		e.F.HasServer && e.F.LargestTable.Bytes > 0 && td.FreeBytes < e.F.LargestTable.Bytes
}

// TmpDirText says where the sort files go and what room they have: the
// variable and its value, the filesystem, its free space, and whether it
// is memory (tmpfs: the files then take RAM beside the buffer pool).
func (e Env) TmpDirText() string {
	td := e.Storage.TmpDir
	if td == nil {
		return ""
	}
	where := fmt.Sprintf("%s = %s", td.Variable, td.Setting)
	if td.Variable == "tmpdir" {
		where += " (innodb_tmpdir is not set)"
	}
	if td.Setting != td.Path {
		where += ", of which " + td.Path + " has the least room,"
	}
	fs := fmt.Sprintf("%s on %s", td.FSType, td.MountPoint)
	if td.SameFilesystem {
		fs += ", the datadir's filesystem,"
	}
	s := fmt.Sprintf("%s is %s with %s free of %s", where, fs, e.Human(td.FreeBytes), e.Human(td.TotalBytes))
	if memoryFS(td.FSType) {
		s += " (a filesystem in RAM: the sort files also take memory beside the buffer pool)"
	}
	return s
}

// TmpDirRoomText names a place with room for the sort files: the
// datadir's filesystem when it is another one and its free space holds
// the largest table; "" otherwise.
func (e Env) TmpDirRoomText() string {
	td := e.Storage.TmpDir
	if td == nil || td.SameFilesystem || e.Storage.FreeBytes <= e.F.LargestTable.Bytes || e.Storage.MountPoint == "" {
		return ""
	}
	return fmt.Sprintf(" The datadir's filesystem (%s, %s free) has room: a directory there, outside the datadir and owned by the server's user, would do.",
		e.Storage.MountPoint, e.Human(e.Storage.FreeBytes))
}

// memoryFS is true for a filesystem that keeps its files in RAM.
func memoryFS(fstype string) bool {
	switch strings.ToLower(fstype) {
	case "tmpfs", "ramfs":
		return true
	}
	return false
}
