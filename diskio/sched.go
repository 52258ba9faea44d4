package diskio

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// starvedShare: a slice whose workers waited for a CPU, on average, for at
// least 1/starvedShare of the time its completions paused (the pauses of a
// quarter of its longest or more) paused for the host's CPU, not for its
// device. Why: during a throttle's pause the workers sleep in the kernel
// for their I/O and are not runnable, so their runqueue wait (schedstat
// run_delay) accrues only while a batch is served; on a fast disk an I/O
// completes in ~0.1 ms, so a pause of milliseconds with no completion is
// every worker runnable and waiting, each one's wait covering the pause.
// Measured on this project's 2-core VM (2026-12-01 04:15 UTC): on the hdd
// bed (150 IOPS, load 6-9) the 20 slices' mean wait was 0.1-7 ms against
// pauses of 93-566 ms (at most 0.04 of them, median 0.003); on the fast
// disk with 10 CPU burners (load 10) 47 of 49 slices waited 0.5-12x their
// pauses (median 1.7x), the other two 0.28x and 0.43x (pauses under 1 ms
// and 4 ms: anchors there change the window by as much). Half lies between.
const starvedShare = 2

// starved reports whether the pauses of slice b (idle, their total time
// inside it) were CPU starvation of its own workers rather than a device
// that serves in batches: their mean runqueue wait during the slice is at
// least half of idle. False when the wait is unknown (no schedstat: not
// Linux, or a /proc without it) or there was no pause.
func starved(b sliceBound, idle time.Duration) bool {
	return b.runWait >= 0 && idle > 0 && b.runWait*starvedShare >= idle
}

// schedReader reads the cumulative runqueue wait of the given threads of
// this process, in ns, -1 for a thread it cannot read; injectable for tests.
type schedReader func(tids []int) []int64

// procSchedReader reads run_delay, the second field of
// <procRoot>/<pid>/task/<tid>/schedstat (Documentation/scheduler/sched-stats.rst:
// "time spent waiting on a runqueue", ns). A tid of 0 (not known) reads -1.
func procSchedReader(procRoot string) schedReader {
	if procRoot == "" {
		procRoot = "/proc"
	}
	dir := filepath.Join(procRoot, strconv.Itoa(os.Getpid()), "task")
	return func(tids []int) []int64 {
		out := make([]int64, len(tids))
		for i, tid := range tids {
			out[i] = -1
			if tid <= 0 {
				continue
			}
			if v, err := readRunDelay(filepath.Join(dir, strconv.Itoa(tid), "schedstat")); err == nil {
				out[i] = v
			}
		}
		return out
	}
}

// readRunDelay parses the run_delay field of one schedstat file.
func readRunDelay(path string) (int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, fmt.Errorf("%s: %d fields, want 3", path, len(f))
	}
	return strconv.ParseInt(string(f[1]), 10, 64)
}

// meanWait is the mean increase from before to after over the first n
// entries that both read; -1 when none did.
func meanWait(before, after []int64, n int) time.Duration {
	var sum, k int64
	for i := 0; i < n && i < len(before) && i < len(after); i++ {
		if before[i] >= 0 && after[i] >= before[i] {
			sum += after[i] - before[i]
			k++
		}
	}
	if k == 0 {
		return -1
	}
	return time.Duration(sum / k)
}
