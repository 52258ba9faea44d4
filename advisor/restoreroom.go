package advisor

import (
	"fmt"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// RestoreRoomID is the finding that a planned restore does not, or may
// not, fit on the datadir's filesystem.
const RestoreRoomID = "restore.disk_room"

// restoreRoomRefs: what a full disk does to InnoDB (MySQL 8.4 manual,
// "How MySQL Handles a Full Disk"; a QA load on a 250 MiB-free ext4 ended
// with "The table 'big' is full", error 28, and 0 bytes free).
var restoreRoomRefs = []string{"https://dev.mysql.com/doc/refman/8.4/en/full-disk.html"}

// restoreRoom is a crit finding when a planned restore's tables take more
// than the datadir's free space even at the least (LoadedRange's low), a
// warn when only its high end does; nil when it fits, when no load is
// planned or the free space is unknown.
func restoreRoom(p profile.Profile, loads bool) []Finding {
	free := p.Storage.FreeBytes
	if !loads || p.Dump == nil || free == 0 {
		return nil
	}
	low, high, sized := threads.LoadedRange(p.Dump)
	how := "its tables as the row model sizes them from the dump's CREATE TABLE and sampled rows"
	if !sized {
		how = "its InnoDB tables' SQL: no table could be sized row by row"
	}
	where := fmt.Sprintf("%s free on %s", profile.HumanBytes(free), p.Storage.MountPoint)
	switch {
	case low > free:
		return []Finding{{ID: RestoreRoomID, Severity: SeverityCrit, Category: "storage",
			Summary: fmt.Sprintf("The restore does not fit: it needs at least ~%s, %s", profile.HumanBytes(low), where),
			Detail: fmt.Sprintf("At the least ~%s (%s); up to ~%s with the tablespaces' growth. Loading it as planned "+
				"fills the disk: InnoDB stops with \"The table … is full\" and the load fails part-way. Free at least %s "+
				"(or restore to a larger disk) before running the load commands below.",
				profile.HumanBytes(low), how, profile.HumanBytes(high), profile.HumanBytes(low-free)),
			References: restoreRoomRefs}}
	case high > free:
		return []Finding{{ID: RestoreRoomID, Severity: SeverityWarn, Category: "storage",
			Summary: fmt.Sprintf("The restore may not fit: it needs ~%s to ~%s, %s", profile.HumanBytes(low), profile.HumanBytes(high), where),
			Detail: fmt.Sprintf("~%s at the least (%s), up to ~%s with the tablespaces' growth (a dump of many small "+
				"tables takes up to 5x its SQL on disk: docs/benchmarks/loaded-size.md). Keep %s free beyond what is "+
				"free now, or watch the disk while it loads.",
				profile.HumanBytes(low), how, profile.HumanBytes(high), profile.HumanBytes(high-free)),
			References: restoreRoomRefs}}
	}
	return nil
}
