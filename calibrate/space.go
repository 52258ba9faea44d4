package calibrate

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shirou/gopsutil/v4/disk"

	"github.com/mytune/mytune/profile"
)

// FreeShare is the part of the datadir's free space calibrate --dump may
// fill with its tables (1/10): the load also writes redo and undo, and a
// calibration must never be what fills a production disk.
const FreeShare = 10

// freeBytes is the space an unprivileged writer may still use on the
// filesystem of dir (statfs f_bavail on Unix, GetDiskFreeSpaceEx's caller
// share on Windows, through gopsutil), when dir is on this machine.
func freeBytes(dir string) (uint64, bool) {
	if st, err := os.Stat(dir); dir == "" || err != nil || !st.IsDir() {
		return 0, false
	}
	u, err := disk.Usage(dir)
	if err != nil {
		return 0, false
	}
	return u.Free, true
}

// diskFree is freeBytes; tests stand in a small disk.
var diskFree = freeBytes

// capBySpace limits what the tables and one step may hold to FreeShare of
// the datadir's free space when the datadir is on this machine (here,
// ServerHere), and says so.
func capBySpace(smp *sample, datadir string, here bool) string {
	free, ok := freeBytes(datadir)
	if !ok || !here {
		return fmt.Sprintf("the server's datadir %q cannot be read from here (the server runs on another host, or in a container), so its free space is unknown: calibrate kept at most %s "+
			"in its tables (4 x --max-bytes); make sure the target has that much to spare", datadir, profile.HumanBytes(smp.tableMax))
	}
	limit := free / FreeShare
	if limit >= smp.tableMax {
		return ""
	}
	smp.tableMax = limit
	smp.share = min(smp.share, limit)
	return fmt.Sprintf("the datadir has %s free: calibrate kept at most a tenth, %s, in its tables", profile.HumanBytes(free), profile.HumanBytes(limit))
}

// binlogDir is the directory of the binary log when this pool's writes
// reach it (log_bin ON and the sessions could not turn sql_log_bin off:
// --allow-binlog); "" when they do not. Unread, it is "" too: Open has
// already refused a logged pool without --allow-binlog.
func binlogDir(ctx context.Context, db *sql.DB) string {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var logBin, sessionLog bool
	var base sql.NullString
	if db.QueryRowContext(qc, qBinlogWrites.in("")).Scan(&logBin, &sessionLog, &base) != nil || !logBin || !sessionLog {
		return ""
	}
	if base.String == "" {
		return "?"
	}
	return filepath.Dir(base.String)
}

// capByBinlog bounds what the whole run loads when its writes reach the
// binary log (dir, "" when not): the log keeps every row the run commits,
// whatever the tables' recreation frees in the datadir (QA: with
// --allow-binlog on a 300 MiB disk holding the datadir and the log, the
// log filled it to 0 bytes free and the server stopped, "Disk is full
// writing bin.000001"). Each of loads (the steps and the warm-up) may
// load one step's share, so the share becomes FreeShare of the log
// disk's free space over loads; too small a share is an error saying what
// to do.
func capByBinlog(smp *sample, dir string, loads int, here bool) (string, error) {
	if dir == "" {
		return "", nil
	}
	free, ok := diskFree(dir)
	if !ok || !here {
		return fmt.Sprintf("the binary log is written (--allow-binlog) and its directory %q is not on this machine, so its free "+
			"space is unknown: the run may add up to %s to it; make sure its disk has that much to spare",
			dir, profile.HumanBytes(smp.share*uint64(loads))), nil
	}
	limit := free / FreeShare
	share := limit / uint64(max(loads, 1))
	if share < MinStepBytes {
		return "", fmt.Errorf("the binary log is written (--allow-binlog) and its disk (%s) has %s free: a tenth of it, %s, "+
			"leaves under %s for each of the run's %d loads; free space there, use an account that may skip the binary "+
			"log (SUPER or BINLOG ADMIN), or give fewer --rounds", dir, profile.HumanBytes(free), profile.HumanBytes(limit),
			profile.HumanBytes(MinStepBytes), loads)
	}
	if share >= smp.share {
		return "", nil
	}
	smp.share = share
	smp.tableMax = min(smp.tableMax, limit)
	return fmt.Sprintf("the binary log is written (--allow-binlog) and its disk has %s free: calibrate loaded at most a tenth, "+
		"%s, over the run (%s a step)", profile.HumanBytes(free), profile.HumanBytes(limit), profile.HumanBytes(share)), nil
}
