package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// Assumptions of the time a restore's sessions wait while InnoDB grows the
// tablespaces of the tables they fill (docs/benchmarks/estimate.md, "The
// latency bed's cost per table"):
const (
	// ExtendSyncsPerTable is how many data-file syncs a restore pays per
	// table it fills, whatever its rows: InnoDB grows a new file-per-table
	// tablespace a few pages at a time until its first extents, and syncs
	// the file twice after each growth (MariaDB's
	// fil_space_extend_must_retry, storage/innobase/fil/fil0fil.cc:
	// os_file_set_size, then os_file_flush and, for a user tablespace,
	// fil_space_t::flush_low), about 53 growths. Read from the server, not fitted to
	// times: Innodb_data_fsyncs rose by 3,417, 3,343 and 3,403 over three one-thread
	// loads of many32x4 (32 sysbench tables × 25k rows, a secondary index
	// each) into MariaDB 10.11.19 on the latency bed, 106 per table, with
	// innodb_stats_auto_recalc ON or OFF alike and no page flushed during
	// the load (Innodb_buffer_pool_pages_flushed 0). At one thread the fit
	// shapes ran 0.45 s per chunk (1.34 s per table) beyond the CPU's time,
	// about 121 of the 10.9-11.3 ms commits their probes read
	// (testdata/latency-fit/). Measured on 25k-100k-row tables: a table too
	// small to grow 53 times pays less (not measured).
	ExtendSyncsPerTable = 106
	// SyncParallelExponent is how the growth's waits shrink with the
	// sessions filling different tables at once: ÷ min(threads,
	// tables)^0.5. The syncs share one file-system journal, so they do not
	// overlap fully: in the latency fit's medians, beyond the CPU's time
	// (12.7 s at one thread, 6.3-6.4 at 4, 5.6 at 16 for 32 tables),
	// many32x4's growth shrank 4^0.46 at 4 threads and 16^0.60 at 16,
	// sysbench8's 4^0.36 at 4 (at 16 it hides behind the CPU); 0.5 is
	// between.
	SyncParallelExponent = 0.5
)

// growthCost is the time the restore's sessions wait on growing the
// tablespaces of the dump's tables: tables × ExtendSyncsPerTable commits at
// the probe's 16K write + fdatasync p50, ÷ min(threads,
// tables)^SyncParallelExponent; 0 when the latency or the tables are
// unknown. A disk that syncs in a tenth of a millisecond pays a few
// hundredths of a second, left out (below 0.05 s); one whose every write
// waits milliseconds (a network volume, the latency bed) pays seconds per
// table. calibratedEstimate does not add it (whether the calibration's
// sampled rate carries it is not measured).
func growthCost(s profile.Storage, d *profile.Dump, threads int) (float64, string) {
	lat := s.Fsync.P50US / 1e6
	if lat <= 0 || d.Tables <= 0 {
		return 0, ""
	}
	par := min(max(threads, 1), d.Tables)
	sec := float64(d.Tables*ExtendSyncsPerTable) * lat / math.Pow(float64(par), SyncParallelExponent)
	if sec < 0.05 { // a fast disk's few hundredths of a second: left out, text and time alike
		return 0, ""
	}
	return sec, fmt.Sprintf("; growing the tablespaces: %s × %d data-file syncs at %s (the probe's commit p50) ÷ %d^%.1f sessions at once = %.1f s, overlapping the rest at the fast end, after it at the slow end",
		count(d.Tables, "table"), ExtendSyncsPerTable, micros(s.Fsync.P50US), par, SyncParallelExponent, sec)
}
