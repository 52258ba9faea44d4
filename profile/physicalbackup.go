package profile

import "strings"

// Physical backup types as the backup's checkpoints file names them
// (backup_type): mariadb-backup and Percona XtraBackup write
// "full-backuped" after --backup and "incremental" for an
// --incremental-basedir backup; after --prepare XtraBackup writes
// "full-prepared" ("log-applied" after --apply-log-only, which a last
// --prepare completes), and mariadb-backup 10.11 "log-applied" (seen here:
// its prepared backup's ib_logfile0 shrank from 529 MB to 12 KiB).
const (
	BackupFull        = "full-backuped"
	BackupPrepared    = "full-prepared"
	BackupLogApplied  = "log-applied"
	BackupIncremental = "incremental"
)

// PhysicalBackup is what mytune read of a physical backup directory
// (mariadb-backup, mariabackup or Percona XtraBackup): its checkpoints,
// its info file and backup-my.cnf, and its files' sizes. It holds no
// table data; a restore plan is made from it (advisor/threads/physical.go).
type PhysicalBackup struct {
	Path string `json:"path"`
	// PathQuoted is Path as a bash word when it is not plain UTF-8 (as
	// Dump.PathQuoted).
	PathQuoted string `json:"path_quoted,omitempty"`
	// Tool is the program that made the backup as its info file names it
	// ("mariadb-backup", "mariabackup", "xtrabackup"); ToolVersion its
	// version; ServerVersion the server's it was taken from.
	Tool          string `json:"tool,omitempty"`
	ToolVersion   string `json:"tool_version,omitempty"`
	ServerVersion string `json:"server_version,omitempty"`
	// Type is the checkpoints file's backup_type (BackupFull, …).
	Type string `json:"type"`
	// ToLSN and LastLSN are the checkpoints file's to_lsn (the checkpoint
	// the copy started from) and last_lsn (the end of the redo it copied).
	ToLSN   uint64 `json:"to_lsn,omitempty"`
	LastLSN uint64 `json:"last_lsn,omitempty"`
	// RedoBytes is LastLSN - ToLSN for a backup not yet prepared: the
	// redo --prepare applies (at least; it starts from the last checkpoint
	// at or before ToLSN).
	RedoBytes uint64 `json:"redo_bytes,omitempty"`
	// TotalBytes is the size of every file in the backup (what
	// --copy-back writes); Files counts them.
	TotalBytes uint64 `json:"total_bytes"`
	// LogFileBytes is the part of TotalBytes in the backup's copied redo
	// (ib_logfile0, xtrabackup_logfile), which --prepare empties.
	LogFileBytes uint64 `json:"log_file_bytes,omitempty"`
	Files        int    `json:"files"`
	// Compressed and Encrypted are the suffixes of files that must be
	// decompressed or decrypted before --prepare (".qp", ".zst", ".lz4";
	// ".xbcrypt"), "" when there are none.
	Compressed string `json:"compressed,omitempty"`
	Encrypted  string `json:"encrypted,omitempty"`
	// Partial is true for a backup of some tables only (--tables,
	// --databases: the info file's partial = Y).
	Partial bool `json:"partial,omitempty"`
	// PageSizeBytes is backup-my.cnf's innodb_page_size (0 when unset: 16 KiB).
	PageSizeBytes uint64 `json:"page_size_bytes,omitempty"`
	// SameFilesystemAsDatadir is whether the backup lies on the datadir's
	// filesystem (nil when unknown): --move-back then renames, writing nothing.
	SameFilesystemAsDatadir *bool `json:"same_filesystem_as_datadir,omitempty"`
	// DatadirOwner is "user:group" owning the datadir the backup would go
	// into ("" when unknown): copy-back leaves the files its runner's.
	DatadirOwner string `json:"datadir_owner,omitempty"`
	// DataDirectoryFiles are the files the backup's .isl files name (tables
	// created with DATA DIRECTORY, at most MaxOutsideTablespaces): copy-back
	// writes each there, outside the datadir, and fails on a file it finds
	// ("File exists", mariadb-backup 10.11.19).
	DataDirectoryFiles []string `json:"data_directory_files,omitempty"`
	// DataDirectoryPresent are those of DataDirectoryFiles that exist on
	// this machine now: copy-back stops on each ("File exists",
	// mariadb-backup 10.11.19, review r44) unless it is moved aside.
	DataDirectoryPresent []string `json:"data_directory_present,omitempty"`
	// DataDirectoryNewDirs are the directories above a DATA DIRECTORY
	// table's schema directory that do not exist now, parents first:
	// copy-back creates them mode 0700, its runner's, and a server running
	// as another user cannot reach the table's file ("Tablespace is
	// missing for a table", MariaDB 10.11.19, review r45).
	DataDirectoryNewDirs []string `json:"data_directory_new_dirs,omitempty"`
	// UndoDirectory is backup-my.cnf's innodb_undo_directory, the backup's
	// server's ("" when unset).
	UndoDirectory string `json:"undo_directory,omitempty"`
	// UndoTablespaces is backup-my.cnf's innodb_undo_tablespaces: the
	// backup's undo001 … files, which copy-back puts into the undo directory.
	UndoTablespaces int `json:"undo_tablespaces,omitempty"`
	// SystemSchema is whether the backup holds the mysql schema's
	// directory: a partial backup without it copies back into a datadir
	// the server does not start on (no privilege tables).
	SystemSchema bool `json:"system_schema,omitempty"`
	// ReadRate is the backup's disk's read rate when it does not lie on
	// the datadir's filesystem: copy-back reads every file from there.
	ReadRate
}

// Prepared reports whether the backup needs no more --prepare: XtraBackup's
// full-prepared, or mariadb-backup's log-applied (it has no
// --apply-log-only stage since MariaDB 10.2: its --prepare writes
// log-applied).
func (b *PhysicalBackup) Prepared() bool {
	if b.Type == BackupPrepared {
		return true
	}
	return b.Type == BackupLogApplied && !strings.EqualFold(b.Tool, "xtrabackup")
}

// CopyBytes is what --copy-back writes once the backup is prepared: its
// copied redo emptied by the prepare when that is still to run.
func (b *PhysicalBackup) CopyBytes() uint64 {
	if b.Prepared() || b.LogFileBytes > b.TotalBytes {
		return b.TotalBytes
	}
	return b.TotalBytes - b.LogFileBytes
}
