package calibrate

import (
	"fmt"
	"os"

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

// capBySpace limits what the tables and one step may hold to FreeShare of
// the datadir's free space when the datadir is on this machine, and says so.
func capBySpace(smp *sample, datadir string) string {
	free, ok := freeBytes(datadir)
	if !ok {
		return fmt.Sprintf("the server's datadir %q is not on this machine, so its free space is unknown: calibrate kept at most %s "+
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
