package advisor

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// PoolShrinkUnderLoadNote is said beside an apply-now line that shrinks
// the buffer pool: review r65 pasted such a line into MariaDB 10.11.19
// under an 8-thread sysbench oltp_read_write (data ~2x the pool) on the
// 150-IOPS hdd bed, and 768M -> 256M with 11,848 dirty pages held the
// other sessions at 0-17 transactions/s (from ~110) for the 47.7 s the
// statement ran, then failed with ERROR 1221 "innodb_buffer_pool_size
// change aborted"; with the dirty pages written down first (2,294 left,
// innodb_max_dirty_pages_pct = 0) it failed after 2 s, and in 128M steps
// the last step (384M -> 256M, 8,322 dirty) ran 53.8 s with 13 s at under
// 10% of the transactions (docs/benchmarks/live-server.md, "Every SET
// GLOBAL pasted into a loaded server"). On the host SSD the same shrink
// took 0.30 s with no stall: the disk's writes decide, so the line says
// when to run it rather than refusing it.
const PoolShrinkUnderLoadNote = "-- a shrink evicts pages and first writes the dirty ones: under an 8-thread write load on a " +
	"150-IOPS disk it held the other sessions at 0-17 transactions/s (from ~110) for 47.7 s and then failed with ERROR 1221 " +
	"(innodb_buffer_pool_size change aborted); in 128M steps the last step still took 53.8 s, 13 s of it near 0; " +
	"run it when the server is quiet (0.30 s, no stall, on an SSD under the same load)"

// RedoResizeWaitNote is said beside an apply-now innodb_log_file_size
// line: review r65's pastes into MariaDB 10.11.19 under the same 8-thread
// sysbench returned only once the resized log was in place, 58.6 s (96M ->
// 384M), 83.8 s (384M -> 256M) and 59.3 s (256M -> 96M) on the 150-IOPS
// hdd bed and 3.1-6.1 s on the host SSD, while the other sessions kept committing (no second under
// 10% of their transactions for more than 1 s)
// (docs/benchmarks/live-server.md, "Every SET GLOBAL pasted into a loaded
// server").
const RedoResizeWaitNote = "-- returns only once the resized log is in place: 58.6-83.8 s under a write load on a 150-IOPS disk " +
	"(3.1-6.1 s on an SSD), while other sessions kept committing; let it finish"

// loadNote is the comment said beside an apply-now line that measured a
// stall on a server under load (review r65), "" for the others.
func loadNote(f Finding) string {
	if f.Variable == "innodb_buffer_pool_size" && shrinks(f) {
		return PoolShrinkUnderLoadNote
	}
	if f.Variable == "innodb_log_file_size" {
		return RedoResizeWaitNote
	}
	return ""
}

// shrinks is true when a finding lowers a size it read: both values parse
// and the recommended one is smaller.
func shrinks(f Finding) bool {
	cur, err1 := profile.ParseSize(f.Current)
	rec, err2 := profile.ParseSize(f.Recommended)
	return err1 == nil && err2 == nil && rec < cur
}

// withNote adds a load note to a line, after any comment it has.
func withNote(line, note string) string {
	switch {
	case note == "":
		return line
	case strings.Contains(line, " -- "):
		return line + "; " + strings.TrimPrefix(note, "-- ")
	}
	return line + " " + note
}
