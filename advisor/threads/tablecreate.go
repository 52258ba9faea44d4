package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// TableCreateSec is the server's time to create one table (CREATE TABLE:
// its definition, its tablespace and the dictionary's rows), at the CPU
// fit's reference speed, paid one table at a time whatever the sessions
// (the server creates them nearly one after another). Measured
// (testdata/table-cost-observed/, 2026-12-04 09:28 UTC, fast bed, 2 CPUs,
// MariaDB 10.11.19, myloader 0.10): 2000 sysbench tables of 10 rows
// restored in 9.94 s at 4 threads and 11.22 s at 16 (medians of 2), of
// which the model's other terms at that host's speed (1.55x the
// reference) take 2.1 s at the fast end (0.4 s of CPU, TableSyncIOs'
// 1.7 s; the files' commits overlap there): 3.92 and 4.56 ms a table,
// 4.24 on average, 6.57 ms at the reference speed, 6.5 kept. At one
// thread the same tables took 7.3 ms each (the loader waits on each
// creation alone). Before it the estimate charged tiny tables 106 growth
// syncs each (ExtendSyncsPerTable), 51-62 s for a 17.9 s load at one
// thread, and only happened to hold at 16.
const TableCreateSec = 0.0065

// tableCreateCost is the time the server spends creating the dump's
// tables, fast and slow: tables × TableCreateSec at the host's CPU speed
// (cpuSpeedScale) and the CPU share its load leaves (shareHi at the fast
// end, shareLo at the slow); 0 when the tables are unknown.
func tableCreateCost(p *profile.Profile, d *profile.Dump, shareLo, shareHi float64) (fast, slow float64, text string) {
	if d == nil || d.Tables <= 0 {
		return 0, 0, ""
	}
	scale, _ := cpuSpeedScale(p.Host.CPU.Speed)
	each := TableCreateSec / max(scale, 0.01)
	fast, slow = float64(d.Tables)*each/max(shareHi, 0.01), float64(d.Tables)*each/max(shareLo, 0.01)
	if slow < 0.1 {
		return 0, 0, ""
	}
	return fast, slow, fmt.Sprintf("; creating the tables: %s × %.1f ms (%.1f ms at the fit's CPU speed, one table at a time whatever the sessions) at the CPU share above = %s",
		dumpTables(d), each*1e3, TableCreateSec*1e3, secsRange(fast, slow))
}
