package rules

import "github.com/mytune/mytune/profile"

// DataFilesDirect is true when the server writes its data files with
// O_DIRECT under its innodb_flush_method (profile.DataFilesDirect: O_DSYNC
// too on MariaDB 10.11+, where review r28 was told "InnoDB caches its data
// twice" by a server whose ibdata1 was open with O_DIRECT).
func (f Facts) DataFilesDirect() bool {
	return profile.DataFilesDirect(f.Flavor, f.Version.String(), f.FlushMethod)
}

// RedoSyncSkipped is true when innodb_flush_method=nosync stops the
// MariaDB from syncing its redo log at commit (profile.RedoSyncSkipped).
func (f Facts) RedoSyncSkipped() bool { return profile.RedoSyncSkipped(f.Flavor, f.FlushMethod) }
