package advisor

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// ioClassBestEffort and ioClassIdle are ioprio_get(2)'s numbers of the
// best-effort class (what a task gets by default) and the idle one.
const (
	ioClassBestEffort = 2
	ioClassIdle       = 3
)

// priorityItems notes a probe that ran below the normal priority (`nice
// -n 19`, `ionice -c3`, as a cron job may run it): it got the CPUs or the
// disk after every other task, so beside other work it reads the disk as
// slower than a server at normal priority finds it (review r18: 291 and
// 135 MB/s of sequential writes under ionice -c3 beside a writer, 554 and
// 653 MB/s without, and no note said why).
func priorityItems(pr *profile.Priority) []trustItem {
	if pr == nil {
		return nil
	}
	var out []trustItem
	if pr.Nice > 0 {
		out = append(out, trustItem{note: profile.TrustNote{Kind: profile.TrustLowPriority, Figure: profile.TrustFigureHost,
			Measured: float64(pr.Nice), Threshold: 0, Unit: profile.TrustUnitNice,
			Text: fmt.Sprintf("the probe ran at nice %d, below normal priority: beside other work it got the CPUs last, "+
				"and the fast-disk figures may read low; measure at nice 0", pr.Nice)}})
	}
	if pr.IOClass == profile.IOClassIdle {
		out = append(out, trustItem{note: profile.TrustNote{Kind: profile.TrustIdleIOClass, Figure: profile.TrustFigureHost,
			Measured: ioClassIdle, Threshold: ioClassBestEffort, Unit: profile.TrustUnitIOClass,
			Text: "the probe ran in the idle I/O class (ionice -c3): a disk scheduler that honours it (mq-deadline, bfq) " +
				"serves its I/O only when no other task's waits, so beside other I/O the disk figures read low; " +
				"measure without ionice -c3"}})
	}
	return out
}
