package probe

import (
	"fmt"
	"slices"

	"github.com/mytune/mytune/diskio"
)

// CostNote is what Gather says on stderr before it measures a directory
// that holds a MySQL/MariaDB data directory: how long the probe keeps that
// disk busy, how much it may write there and with how many threads, that a
// server running on it slows meanwhile, and the flags that make the run
// lighter or skip it. "" when nothing is measured or dir holds no datadir
// (review r22: on a throttled SD-card-like bed a 4-thread sysbench on the
// datadir fell from ~115 to 21-45 transactions/s for the ~8 s of the write
// steps, p95 90 ms → 484 ms, and nothing had said so before the run; the
// note after the run said only that the figures may read low).
func CostNote(dir string, o Options) string {
	if !o.Measure {
		return ""
	}
	marker := datadirMarker(dir)
	if marker == "" {
		return ""
	}
	return fmt.Sprintf("%s holds a MySQL/MariaDB data directory (%s found): for about %s the probe keeps its disk busy "+
		"(up to %d threads of 16 KiB random writes and reads, and commits of its own) and %s: a server running on it "+
		"slows meanwhile (its commits and page reads wait behind the probe's); %s--duration shortens the run, "+
		"--no-measure skips it", dir, marker, o.Duration, slices.Max(diskio.ThreadCounts), costBytes(o.MaxBytes), lighter(o.MaxBytes))
}

// costBytes says how much the probe may write: a given --max-bytes is a
// hard cap; the default budget may grow on a fast disk (diskio.GrowCeiling).
func costBytes(maxBytes uint64) string {
	if maxBytes > 0 {
		return fmt.Sprintf("writes at most %d MiB there (--max-bytes)", maxBytes/diskio.MiB)
	}
	return fmt.Sprintf("writes up to %d MiB there (on a fast disk up to %d GiB, never more than 5%% of the free space)",
		diskio.DefaultMaxBytes/diskio.MiB, diskio.GrowCeilingBytes>>30)
}

// lighter names the flag that makes the probe write less: "" when the
// given --max-bytes is already the smallest.
func lighter(maxBytes uint64) string {
	switch {
	case maxBytes == 0:
		return fmt.Sprintf("--max-bytes %dMiB keeps the writes to that, ", diskio.DefaultMaxBytes/diskio.MiB)
	case maxBytes > diskio.MinBudgetBytes:
		return fmt.Sprintf("a smaller --max-bytes (at least %d MiB) writes less, ", diskio.MinBudgetBytes/diskio.MiB)
	}
	return ""
}
