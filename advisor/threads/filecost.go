package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// FileCPUBytes is the CPU a restore spends on each data file of a chunked
// dump whatever its rows, as the bytes of SQL the same CPU time loads: the
// loader opens and reads the file and sets its session up (character set,
// time zone, foreign key checks, the schema), begins and commits a
// transaction; the server parses and runs each statement. Measured
// (testdata/file-fit/, 2026-12-04, one sitting on the fast bed, 2 CPUs,
// MariaDB 10.11, myloader 0.10): one 100,000-row table in 16,667 files of
// 6 rows (22.1 MB of SQL) loaded in 4.35 s at 16 threads (median of 2),
// CPU-bound; the CPU model's 32.2 MB/s at that host's speed loads 140 MB
// in that time, 118 MB more than the SQL: 7.1 kB a file. Without it the
// estimate said 0.5-1.1 s for that load (QA 18: 15-40x short for
// 20,000-100,000 files).
const FileCPUBytes = 7100

// fileCPUBytes is what the dump's data files add to the CPU's work, in
// bytes of SQL (FileCPUBytes each): chunked dumps only, a mysqldump file
// is one file.
func fileCPUBytes(d *profile.Dump) float64 {
	if d == nil || d.Format == "mysqldump" || d.Chunks <= 0 {
		return 0
	}
	return float64(d.Chunks) * FileCPUBytes
}

// fileCPUText says what fileCPUBytes added ("" when nothing).
func fileCPUText(d *profile.Dump) string {
	b := fileCPUBytes(d)
	if b <= 0 {
		return ""
	}
	return fmt.Sprintf(" + %s MB of per-file work (%s × %.1f kB: the session set-up, transaction and parsing each file costs, measured on 16,667 files of 6 rows)",
		mb(b), count(d.Chunks, "data file"), FileCPUBytes/1e3)
}

// fileCommitCost is the time the restore's sessions wait on the commit
// each data file of a chunked dump ends with (myloader commits a file's
// statements as one transaction, loadDump a chunk), fast and slow: files ×
// one commit's wait (commitEach: how the load's durability makes it wait)
// ÷ min(threads, files)^SyncParallelFast at the fast end and
// ^SyncParallelSlow at the slow end (commits of different sessions share
// the log's syncs as growing tablespaces share the journal's: growth.go).
// Overlapping the rest at the fast end, after it at the slow end; 0 when
// commits do not wait, the disk was not measured or it is under 0.1 s.
func fileCommitCost(s profile.Storage, d *profile.Dump, threads, wait int) (fast, slow float64, text string) {
	if d == nil || d.Format == "mysqldump" || d.Chunks <= 0 {
		return 0, 0, ""
	}
	each, what := commitEach(s, wait)
	par := float64(min(max(threads, 1), d.Chunks))
	all := float64(d.Chunks) * each
	fast, slow = all/math.Pow(par, SyncParallelFast), all/math.Pow(par, SyncParallelSlow)
	if slow < 0.1 {
		return 0, 0, ""
	}
	return fast, slow, fmt.Sprintf("; the commit ending each of %s: %s ÷ %.0f^%.2f–%.0f^%.2f sessions at once = %s, overlapping the rest at the fast end, after it at the slow end",
		count(d.Chunks, "data file"), what, par, SyncParallelFast, par, SyncParallelSlow, secsRange(fast, slow))
}
