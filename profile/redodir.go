package profile

// RedoDir is the filesystem that holds the server's redo log when it is
// not the datadir's: innodb_log_group_home_dir on another mount. Its free
// space bounds the redo log (the whole new log is allocated there at
// once), and its commit latency is what every durable commit waits for.
type RedoDir struct {
	// Path is the redo log's directory, resolved against the server's
	// datadir when the setting is relative.
	Path string `json:"path"`
	// Setting is the value as the server or my.cnf has it, and Source
	// where it was read: "server" or "mycnf".
	Setting string `json:"setting"`
	Source  string `json:"source"`
	// FSType, MountPoint and Device are the filesystem under Path.
	FSType     string `json:"fstype,omitempty"`
	MountPoint string `json:"mountpoint,omitempty"`
	Device     string `json:"device,omitempty"`
	FreeBytes  uint64 `json:"free_bytes"`
	TotalBytes uint64 `json:"total_bytes,omitempty"`
	// Fsync is the 16 KiB write + fdatasync loop measured in Path (the
	// redo log's pattern), nil when not measured (see Note).
	Fsync *Latency `json:"fsync,omitempty"`
	// Note says what could not be read or measured there.
	Note string `json:"note,omitempty"`
}

// CommitFsync is the commit pattern's latency where the redo log is
// written: the redo directory's when it is on another filesystem and was
// measured there, else the datadir's (Fsync).
func (s Storage) CommitFsync() Latency {
	if s.RedoDir != nil && s.RedoDir.Fsync != nil {
		return *s.RedoDir.Fsync
	}
	return s.Fsync
}

// RedoFreeBytes is the free space of the filesystem that holds the redo
// log, and whether it is the datadir's (then shared with the data).
func (s Storage) RedoFreeBytes() (free uint64, shared bool) {
	if s.RedoDir != nil {
		return s.RedoDir.FreeBytes, false
	}
	return s.FreeBytes, true
}

// BinlogFsync is the commit pattern's latency where the binary log is
// written: the binlog directory's when it is on another filesystem and
// was measured there, else the datadir's (Fsync), where the binary log
// is by default: with sync_binlog=1 every commit waits for one sync
// there besides the redo log's (CommitFsync).
func (s Storage) BinlogFsync() Latency {
	if s.BinlogDir != nil && s.BinlogDir.Fsync != nil {
		return *s.BinlogDir.Fsync
	}
	return s.Fsync
}

// TmpDir is the filesystem that holds the sort files of an index build
// (ALTER TABLE, OPTIMIZE TABLE, a bulk load's secondary indexes), in
// RedoDir's shape without the commit loop: innodb_tmpdir when set, else
// tmpdir. Setting is the whole value (tmpdir may list several
// directories: Path is the one with the least free space).
type TmpDir struct {
	RedoDir
	// Variable names the setting read: "innodb_tmpdir" or "tmpdir".
	Variable string `json:"variable"`
	// SameFilesystem is true when Path is on the datadir's filesystem.
	SameFilesystem bool `json:"same_filesystem_as_datadir"`
}

// FileDir is a set of the server's files kept off the datadir's
// filesystem other than the redo and binary logs: the undo tablespaces
// (innodb_undo_directory), the system tablespace and ibtmp1
// (innodb_data_home_dir), Aria's log (aria_log_dir_path), or the
// tablespaces of tables created with DATA DIRECTORY, in RedoDir's shape
// (Fsync is the commit loop measured on that filesystem, or copied from
// another set or the redo or binary log directory on the same one).
type FileDir struct {
	RedoDir
	// Variable names the setting read (innodb_undo_directory,
	// innodb_data_home_dir, aria_log_dir_path) or "DATA DIRECTORY" for
	// tables whose .ibd the server lists under an absolute path.
	Variable string `json:"variable"`
	// Files says what lives there ("undo tablespaces", "tables").
	Files string `json:"files"`
	// Tables are the DATA DIRECTORY tables there (schema.table, a
	// partition's schema.table#P#p0), at most MaxOutsideTablespaces.
	Tables []string `json:"tables,omitempty"`
	// FileBytes is the size of the tablespace files there the server
	// listed (0 when it listed none).
	FileBytes uint64 `json:"file_bytes,omitempty"`
}

// MaxOutsideTablespaces bounds Server.OutsideTablespaces: enough to name
// the tables of a schema moved to another disk, few enough for a report.
const MaxOutsideTablespaces = 200

// Tablespace is one InnoDB tablespace file: its name as InnoDB lists it
// ("schema/table", "innodb_undo001", "innodb_system"), its path and size.
type Tablespace struct {
	Name      string `json:"name"`
	Path      string `json:"path"`
	FileBytes uint64 `json:"file_bytes"`
}
