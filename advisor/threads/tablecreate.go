package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// TableCreateSec is the server's time to create one table (CREATE TABLE:
// its definition, its tablespace and the dictionary's rows) beyond its
// synchronous writes (fixedCost), at the CPU fit's reference speed, paid
// one table at a time whatever the sessions (the server creates them
// nearly one after another). Measured (testdata/table-cost-observed/,
// 2026-12-04 09:28 UTC, fast bed, 2 CPUs, MariaDB 10.11.19, myloader
// 0.10): 2000 sysbench tables of 10 rows restored in 9.15-10.74 s at 4
// threads and 10.73-11.71 s at 16. Refitted 2026-12-04 15:05 when
// fixedCost's 13 synchronous writes a table went from the 1-thread write
// rate (65 µs there) to the commit p50 (233 µs: 6.1 s of those runs):
// 2.4 ms keeps every run inside (TestTableCreateFit); 6.5 ms before. At
// one thread the same tables took 7.3 ms each at that host (the loader
// waits on each creation alone; not held).
const TableCreateSec = 0.0024

// TableCreateOffSec is TableCreateSec for a load with InnoDB's
// background statistics recalculation off (the advice's during-load
// setting on a fast disk, statsrecalc.go): the stock path's fit loads
// queued every table of more than one row for a recalculation, whose
// index reads and statistics commits ran beside the creations. Measured
// (testdata/table-cost-off-fast/, 2026-12-04 22:28 UTC, fast bed, 2
// CPUs, MariaDB 10.11.19, myloader 0.10, 16 threads): loads of 100, 300
// and 1000 tables of 10 rows took 3.9-4.0 ms a table beyond a one-table
// load with the recalculation off (5.4-6.3 with it), of which 13 commits
// at the probe's 242 µs p50 are 3.15 ms: 0.75-0.85 ms left at a host at
// 1.26x the fit's CPU rate, 0.4 at the fastest run. 0.5 ms at the
// reference rate keeps 14 of the 15 runs (load + analyze) inside, the
// other (4.20 s) 2.3% under (TestTableCreateOffFit).
const TableCreateOffSec = 0.0005

// PartitionCreateSec is the server's time to create a partition beyond a
// table's first (its tablespace's file, pages and dictionary rows) beyond
// its synchronous writes (partitionSyncs), at the CPU fit's reference
// speed, paid one after another in its table's CREATE TABLE whatever the
// sessions and whatever the statistics recalculation. Fitted
// (testdata/partition-create-time-fit/, 2026-12-05 17:12-17:22 UTC, fast
// bed, 2 CPUs, MariaDB 10.11.19, myloader 0.10, 16 sessions): 6 tables of
// 16 and 48 nearly empty partitions took 2.6-3.1 ms a further partition
// (medians, the worst run 5.4) with the host's CPUs 42-49% busy, of which
// CreateDataSyncs at the probe's commit p50 (196-242 µs) are 1.4-1.8 ms.
const PartitionCreateSec = 0.0024

// LoadStartSec is what a load costs before its first table: the loader
// starting, its sessions connecting, its schemas created. Measured
// (testdata/table-cost-off-fast/, the same sitting, a host at 1.26x the
// fit's CPU rate): a dump of one table of 10 rows loaded in 0.067-0.108
// s at 16 threads (median 0.077 with the recalculation off, 0.093 with
// it), that table's creation and 13 commits included (3.5 ms at the
// estimate's fast end there). 0.075 s at the reference rate (0.060 there)
// keeps the fastest one-table load, 0.0666 s, at or above the estimate's
// fast end with them; the slow end pays it ÷ QuietSpreadShare, like the
// rest of the host's CPU work. 0.085 from 2026-12-04 22:40 until a review
// on 2026-12-05 00:10 found two one-table runs under the fast end it gave.
const LoadStartSec = 0.075

// tableCreateCost is the time the server spends creating the dump's
// tables, fast and slow: tables × TableCreateSec (TableCreateOffSec with
// the statistics recalculation off during the load: recalcOff), plus
// PartitionCreateSec a partition beyond a table's first, at the
// host's CPU speed (cpuSpeedScale) and the CPU share its load leaves
// (shareHi at the fast end, shareLo at the slow); 0 when the tables are
// unknown.
func tableCreateCost(p *profile.Profile, d *profile.Dump, shareLo, shareHi float64, recalcOff bool) (fast, slow float64, text string) {
	if d == nil || d.Tables <= 0 {
		return 0, 0, ""
	}
	scale, _ := cpuSpeedScale(p.Host.CPU.Speed)
	ref, why := TableCreateSec, ""
	if recalcOff {
		ref, why = TableCreateOffSec, ", the statistics recalculation off"
	}
	each := ref / max(scale, 0.01)
	all, partsText := float64(d.Tables)*each, ""
	if extra := extraPartitions(d); extra > 0 {
		all += extra * PartitionCreateSec / max(scale, 0.01)
		partsText = fmt.Sprintf(" + %s beyond each table's first × %.2f ms (%.1f at the fit's CPU speed)", count(int(extra), "partition"), PartitionCreateSec/max(scale, 0.01)*1e3, PartitionCreateSec*1e3)
	}
	fast, slow = all/max(shareHi, 0.01), all/max(shareLo, 0.01)
	return fast, slow, fmt.Sprintf("; creating the tables: %s × %.2f ms (%.1f ms at the fit's CPU speed%s, one table at a time whatever the sessions)%s at the CPU share above = %s",
		dumpTables(d), each*1e3, ref*1e3, why, partsText, secsRange(fast, slow))
}

// loadStartCost is LoadStartSec at the host's CPU speed, fast, and ÷
// QuietSpreadShare, slow.
func loadStartCost(p *profile.Profile) (fast, slow float64, text string) {
	scale, _ := cpuSpeedScale(p.Host.CPU.Speed)
	fast = LoadStartSec / max(scale, 0.01)
	slow = fast / QuietSpreadShare
	return fast, slow, fmt.Sprintf("; plus %s for the loader to start (its sessions, the schemas; %.3f s at the fit's CPU speed, measured with one table)",
		secsRange(fast, slow), LoadStartSec)
}
