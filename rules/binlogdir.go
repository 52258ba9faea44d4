package rules

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// BinlogSyncOpsPerS is the measured commit rate where the binary log is
// written (the probe's appends + fdatasync there, probe.BinlogAppendBytes;
// from p50 if no rate); the redo log's
// (FsyncOpsPerS) when that was not measured apart.
func (e Env) BinlogSyncOpsPerS() float64 {
	if f := e.binlogFsync; f.OpsPerS > 0 {
		return f.OpsPerS
	} else if f.P50US > 0 {
		return 1e6 / f.P50US
	}
	return e.FsyncOpsPerS()
}

// CommitsPerSecNow is commits/s per session with the current settings:
// SyncsPerCommit's syncs, one of them the binary log's (on its own disk,
// BinlogSyncOpsPerS) when the binary log is on with sync_binlog=1.
func (e Env) CommitsPerSecNow() float64 {
	n, b := e.SyncsPerCommit(), 0
	if e.F.LogBin && e.F.SyncBinlog == 1 && n > 0 {
		b = 1
	}
	return CommitsPerSecSplit(e.FsyncOpsPerS(), e.BinlogSyncOpsPerS(), n-b, b)
}

// BinlogSyncText is a clause ("; the binary log's sync measured in …")
// that says, when the binary log is on another filesystem and its sync
// was measured there, where and what it made: the figure every commit
// count with the binary log synced uses; "" otherwise.
func (e Env) BinlogSyncText() string {
	bd := e.Storage.BinlogDir
	if bd == nil || bd.Fsync == nil {
		return ""
	}
	return fmt.Sprintf("; the binary log's sync measured in %s, where log_bin_basename keeps it, on %s: %s syncs/s, p50 %s",
		bd.Path, profile.OrUnknown(bd.Device), e.N(e.BinlogSyncOpsPerS()), e.Ms(bd.Fsync.P50US))
}

// BinlogFreeText is where the binary logs grow: the free space of their
// own filesystem (BinlogDir) or of the datadir's; "" when unknown.
func (e Env) BinlogFreeText() string {
	if bd := e.Storage.BinlogDir; bd != nil {
		if bd.MountPoint == "" {
			return ""
		}
		return fmt.Sprintf(" into the %s free on %s (%s), where log_bin_basename keeps them", e.Human(bd.FreeBytes), bd.MountPoint, profile.OrUnknown(bd.Device))
	}
	if !e.DiskKnown() {
		return ""
	}
	return " into the " + e.Human(e.Storage.FreeBytes) + " free on this filesystem"
}
