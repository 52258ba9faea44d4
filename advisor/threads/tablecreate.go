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
