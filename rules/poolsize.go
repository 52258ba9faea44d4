package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Buffer pool sizing as rule expressions see it (issue 20). The pool is
// sized to the working set, InnoDB's data + indexes with headroom to grow,
// unless the host is declared dedicated to the server or the data size is
// not known: then it is sized to memory. Either way it never takes more
// than memory allows after the OS reserve, the connections' buffers and
// what other processes use (PoolGrowthCapBytes), and it is never left
// below the server's default on a machine with room.

// innodbEngine is the ENGINE information_schema.TABLES names for InnoDB.
const innodbEngine = "innodb"

// innodbBytes is the data and index bytes of the InnoDB user tables of s,
// or of all user tables when s has no per-engine sizes (older profiles).
func innodbBytes(s *profile.Server) (data, index uint64) {
	if len(s.Engines) == 0 {
		return s.DataBytes, s.IndexBytes
	}
	for name, u := range s.Engines {
		if strings.EqualFold(name, innodbEngine) {
			data, index = data+u.DataBytes, index+u.IndexBytes
		}
	}
	return data, index
}

// WorkingSetBytes is what the buffer pool caches: the InnoDB tables' data
// plus indexes (information_schema DATA_LENGTH + INDEX_LENGTH).
func (e Env) WorkingSetBytes() uint64 {
	return max(e.F.InnoDBDataBytes+e.F.InnoDBIndexBytes, e.HiddenDataBytes(), e.TablesLagBytes())
}

// tablesLagSlackBytes is how much more than twice what
// information_schema.TABLES says the tablespace files may hold before the
// table sizes are taken to lag: a file holds free pages and whole
// extents beyond its rows (MariaDB 10.11: 96 KiB for an empty table), and
// a lag below 64 MiB moves no pool, rounded to 128M chunks below 1G.
const tablesLagSlackBytes = 64 << 20

// tablesLagPerTableBytes is what a small table's file holds beyond the
// pages information_schema.TABLES counts for it: MariaDB 10.11 makes 96 KiB
// for an empty table, whose pages count 32 KiB (review r55: 46,004 small
// tables, 298.2 MiB in TABLES, 758.8 MiB of files, no lag: the pool was
// sized to the files, 2G where the data wanted 512M). So many tables
// allow their files that much each before the sizes are taken to lag.
const tablesLagPerTableBytes = 96 << 10

// TablesLagBytes is the size of the InnoDB tablespace files when that is
// more than twice what information_schema.TABLES says the InnoDB tables
// hold, plus tablesLagSlackBytes and tablesLagPerTableBytes a table: the table sizes then lag (MySQL 8.0
// caches them for information_schema_stats_expiry; InnoDB recalculates
// its statistics only after 10% of a table changed), and the files, free
// space included, are the better measure of the data; 0 otherwise.
func (e Env) TablesLagBytes() uint64 {
	files, tables := e.F.InnoDBFileBytes, e.F.InnoDBDataBytes+e.F.InnoDBIndexBytes
	perTable := uint64(max(e.F.InnoDBTables, 0)) * tablesLagPerTableBytes
	if !e.F.HasServer || files <= 2*tables+tablesLagSlackBytes+perTable {
		return 0
	}
	return files
}

// tablesLagBasisText is poolBasisText when the pool is sized to the
// tablespace files (TablesLagBytes).
func (e Env) tablesLagBasisText(p PoolPlan) string {
	return fmt.Sprintf("Sized to the data's files: information_schema.TABLES says the InnoDB tables hold %s, but their tablespace "+
		"files hold %s (information_schema.%s): the table sizes lag (%s; ANALYZE TABLE brings them up to date). "+
		"A file also holds free space, so %s is the most the data can be; with %s%% headroom that is %s, rounded up to whole chunks "+
		"(128M below 1G, 1G above): %s.", e.Human(e.F.InnoDBDataBytes+e.F.InnoDBIndexBytes), e.Human(e.TablesLagBytes()),
		e.tablespacesTable(), e.tablesLagText(), e.Human(e.TablesLagBytes()), e.N((e.T.DataHeadroom-1)*100),
		e.Human(float64(e.TablesLagBytes())*e.T.DataHeadroom), e.Size(p.WantBytes))
}

// tablespacesTable is the information_schema table the file sizes come
// from (probe/server's qFilesMariaDB, qFilesMySQL8).
func (e Env) tablespacesTable() string {
	if e.F.IsMariaDB() {
		return "INNODB_SYS_TABLESPACES"
	}
	return "INNODB_TABLESPACES"
}

// tablesLagText says why the table sizes lag the files: the cache MySQL
// 8.0 and later keep, or InnoDB's statistics.
func (e Env) tablesLagText() string {
	if !e.F.IsMariaDB() && e.F.Version.AtLeast(8, 0, 0) {
		expiry := e.F.Raw["information_schema_stats_expiry"]
		if expiry == "" {
			expiry = "86400"
		}
		return fmt.Sprintf("MySQL 8.0 and later show table sizes up to information_schema_stats_expiry (%s s) old", expiry)
	}
	return "InnoDB updates a table's size there only when it recalculates the table's statistics, after 10% of its rows " +
		"changed (never for a table with STATS_AUTO_RECALC=0 or with innodb_stats_auto_recalc OFF), so a table just loaded shows too small"
}

// hiddenSlackBytes is the data pages a buffer pool holds beyond the
// tables an account sees before mytune says the account sees only part:
// an empty MariaDB 10.11 holds 301 data pages (4.7 MiB: the system
// tablespace and the mysql schema's InnoDB tables, which the table sizes
// leave out), so twice the visible tables plus 16 MiB.
const hiddenSlackBytes = 16 << 20

// HiddenDataBytes is the data the buffer pool holds when that is more
// than the account can see in information_schema.TABLES (an account
// without SELECT on every schema sees only its own tables): the pool's
// data pages, a lower bound of the data; 0 when the account sees it all
// (it sees the mysql schema's tables: a pool still holding the pages of
// tables just dropped is no hidden data) or the pool's pages are unknown.
func (e Env) HiddenDataBytes() uint64 {
	visible, pool := e.F.InnoDBDataBytes+e.F.InnoDBIndexBytes, e.F.PoolDataPageBytes
	if !e.F.HasServer || e.F.SeesAllTables || pool <= 2*visible+hiddenSlackBytes {
		return 0
	}
	return pool
}

// poolHasRoom is true when the data the pool holds is all there is: no
// page was evicted to make room (poolEvictedText says none) and more than
// poolFreeShareFits of the pool is free beyond the pages the page cleaner
// keeps free once the pool is full (innodb_lru_scan_depth per instance: a
// full 128M MariaDB 10.11 pool measured 1536 of 8112 pages free, 18.9%,
// while Innodb_buffer_pool_pages_LRU_freed was 18929).
func (e Env) poolHasRoom() bool {
	if e.poolEvictedText() != "" || e.F.PoolFreeShare <= poolFreeShareFits {
		return false
	}
	return e.F.PoolFreePages > e.F.PoolCleanerFreePages
}

// poolFreeShareFits is the least free share of the pool that can say the
// data fits it: InnoDB keeps a few free pages even in a full pool, so 5%
// (and more free pages than the page cleaner keeps, poolHasRoom).
const poolFreeShareFits = 0.05

// poolEvictedText says what shows the pool evicted pages to make room for
// others, "" when nothing does: pages freed from the LRU list, or more
// pages read from disk than the pool holds.
func (e Env) poolEvictedText() string {
	switch {
	case e.F.PoolEvictedPages > 0:
		return fmt.Sprintf("Innodb_buffer_pool_pages_LRU_freed says it evicted %s pages to make room", e.N(e.F.PoolEvictedPages))
	case e.F.PoolTotalPages > 0 && e.PoolMissesBeyondLoad() > e.F.PoolTotalPages:
		return fmt.Sprintf("Innodb_buffer_pool_reads says it read %s pages from disk, more than the %s it holds%s",
			e.N(e.F.Usage.PoolReads), e.N(e.F.PoolTotalPages), e.poolLoadBeside())
	}
	return ""
}

// poolFullText says why the pool is taken to be full: the eviction
// poolEvictedText found, or free pages no more than the page cleaner keeps.
func (e Env) poolFullText() string {
	if t := e.poolEvictedText(); t != "" {
		return t
	}
	return fmt.Sprintf("only %s of its pages are free (%.0f%%), what InnoDB's page cleaner keeps free in a full pool "+
		"(innodb_lru_scan_depth %s per instance)", e.N(e.F.PoolFreePages), 100*max(e.F.PoolFreeShare, 0),
		e.N(e.F.PoolCleanerFreePages/float64(max(e.F.BufferPoolInstances, 1))))
}

// PoolDataKnown is true when a live server told the size of its tables,
// or, when the account sees only part of them (HiddenDataBytes), the pool
// still has room, so the data it holds is all there is to cache.
func (e Env) PoolDataKnown() bool {
	if e.HiddenDataBytes() > 0 {
		return e.poolHasRoom()
	}
	return e.F.HasServer && (e.F.Tables > 0 || e.F.DataBytes > 0)
}

// DedicatedHost is true when the server declares the host its own:
// innodb_dedicated_server=ON, which MySQL 8.0.3+ and Percona accept (MySQL
// 8.4 manual, "Enabling Automatic InnoDB Configuration for a Dedicated
// MySQL Server": only for an instance that "can use all available system
// resources"). MariaDB has no such switch: mytune never guesses a host
// dedicated from its memory use, which other processes may take any time.
func (e Env) DedicatedHost() bool {
	return e.F.DedicatedServer && Accepts(e.F.Flavor, e.F.Version, "innodb_dedicated_server")
}

// PoolToMemory is true when the pool is sized to memory rather than to the
// working set: a dedicated host, or no data size to size to.
func (e Env) PoolToMemory() bool { return e.DedicatedHost() || !e.PoolDataKnown() }

// PoolSizing is the buffer pool target with the numbers it came from: the
// pool as sized before the temporary-table term (basePoolPlan), unless
// even tmp_table_size at its floor and max_connections at its least do not
// fit next to it (memPlan step 4): then the pool sized on the after-advice
// budget, what is left.
func (e Env) PoolSizing() PoolPlan {
	if e.memPlan().Step == memPoolShrunk {
		return e.sizePool(e.BudgetAfter())
	}
	return e.basePoolPlan()
}

// BufferPoolTarget is the recommended innodb_buffer_pool_size; 0 when no
// pool fits.
func (e Env) BufferPoolTarget() uint64 { return e.PoolSizing().TargetBytes }

// GrowthCapped is true when what is available now holds the pool below
// the size the data or memory would give it.
func (e Env) GrowthCapped() bool { return e.PoolSizing().HeldBy == PoolHeldAvailable }

// BufferPoolGrows is true when the pool should be advised up: the target
// is above it and either the pool is below the working set (data + indexes
// do not fit) or below the server's default, or the step is worth a
// change: T.BufferPoolGrowRatio times the pool and T.BufferPoolGrowMinBytes
// more. The step thresholds never hide a pool smaller than its data.
func (e Env) BufferPoolGrows() bool { return e.poolGrows(e.BufferPoolTarget()) }

// poolGrows is BufferPoolGrows for a pool target.
func (e Env) poolGrows(target uint64) bool {
	cur := e.F.BufferPoolBytes
	switch {
	case target <= cur:
		return false
	case e.PoolDataKnown() && cur < e.WorkingSetBytes(), cur < profile.DefaultBufferPoolBytes:
		return true
	}
	return float64(target) >= float64(cur)*e.T.BufferPoolGrowRatio && target-cur >= e.T.BufferPoolGrowMinBytes
}

// PoolSizingText says how BufferPoolTarget was sized, with the numbers
// used: the basis (data or memory) and why, the working set with its
// headroom, the hit ratio, what memory allows after the OS, the
// connections and other processes, and which bound set the size.
func (e Env) PoolSizingText() string {
	p := e.PoolSizing()
	parts := []string{e.poolBasisText(p)}
	if h := e.PoolHitText(); h != "" {
		parts = append(parts, h)
	}
	sized := p
	if p.SizedBytes > 0 {
		sized.TargetBytes = p.SizedBytes // what the data and memory give; Cap says what became of it
	}
	parts = append(parts, e.poolMemoryText(sized))
	if p.Cap != "" {
		parts = append(parts, upperFirst(p.Cap)+".")
	}
	return strings.Join(parts, " ")
}

// poolBasisText says whether the pool is sized to the data or to memory,
// why, and the working set with its headroom.
func (e Env) poolBasisText(p PoolPlan) string {
	switch {
	case e.DedicatedHost():
		return "Sized to memory: innodb_dedicated_server is ON, so the host is the server's own (MySQL 8.4 manual: " +
			"InnoDB then takes 75% of memory above 4G)."
	case !e.F.HasServer:
		return "Sized to memory: no server was read, so the size of the data is not known."
	case e.HiddenDataBytes() > 0 && !e.PoolDataKnown():
		return fmt.Sprintf("Sized to memory: this account sees %s of InnoDB tables in information_schema.TABLES, but the buffer pool holds %s "+
			"of data pages and has no room left (%s), so the data is larger than the account can see and than the pool; "+
			"run mytune as an account with SELECT on every schema to size the pool to the data.",
			e.Human(e.F.InnoDBDataBytes+e.F.InnoDBIndexBytes), e.Human(e.HiddenDataBytes()), e.poolFullText())
	case e.HiddenDataBytes() > 0:
		return fmt.Sprintf("Sized to the data the pool holds: this account sees %s of InnoDB tables in information_schema.TABLES, "+
			"but the buffer pool holds %s of data pages with %.0f%% of it free, so the data is about that and fits; with %s%% headroom "+
			"that is %s, rounded up to whole chunks: %s (an account with SELECT on every schema gives a size from the tables).",
			e.Human(e.F.InnoDBDataBytes+e.F.InnoDBIndexBytes), e.Human(e.HiddenDataBytes()), 100*e.F.PoolFreeShare,
			e.N((e.T.DataHeadroom-1)*100), e.Human(float64(e.HiddenDataBytes())*e.T.DataHeadroom), e.Size(p.WantBytes))
	case !e.PoolDataKnown() && e.F.TablesError != "":
		again := "run advise again when the server is less busy"
		if e.F.Captured {
			again = "run advise against the live server (server flags instead of --variables)"
		}
		return "Sized to memory: the table sizes could not be read (information_schema.TABLES: " + e.F.TablesError +
			"), so the size of the data is not known; " + again + " to size the pool to the data."
	case !e.PoolDataKnown():
		return "Sized to memory: information_schema.TABLES showed this account no table, so the size of the data is not known."
	case e.TablesLagBytes() > 0:
		return e.tablesLagBasisText(p)
	}
	why := "innodb_dedicated_server is OFF, so the host may run other work"
	if !Accepts(e.F.Flavor, e.F.Version, "innodb_dedicated_server") {
		why = "this server has no innodb_dedicated_server to say the host is its own, and mytune does not guess it"
	}
	ws, fit := e.WorkingSetBytes(), "which the pool holds"
	if ws > e.F.BufferPoolBytes {
		fit = "more than the pool holds"
	}
	if !e.F.SeesAllTables {
		// an account that sees none of the mysql schema's tables may miss whole schemas
		why += "; this account sees none of the mysql schema's tables, so it may not see every schema: " +
			"the sizes below are what it sees, a lower bound (run mytune as an account with SELECT on every schema)"
		fit = "at least; the pool holds that much"
		if ws > e.F.BufferPoolBytes {
			fit = "at least, more than the pool holds"
		}
	}
	idx := "no secondary-index bytes"
	if e.F.InnoDBIndexBytes > 0 {
		idx = e.Human(e.F.InnoDBIndexBytes) + " of secondary indexes"
	}
	return fmt.Sprintf("Sized to the data, not to memory (%s): InnoDB's tables hold %s of data (with the primary keys) and %s, %s in all, %s; "+
		"with %s%% headroom to grow that is %s, rounded up to whole chunks (128M below 1G, 1G above): %s.",
		why, e.Human(e.F.InnoDBDataBytes), idx, e.Human(ws), fit,
		e.N((e.T.DataHeadroom-1)*100), e.Human(float64(ws)*e.T.DataHeadroom), e.Size(p.WantBytes))
}

// PoolHitText gives the buffer pool hit ratio when the server has run long
// enough (an hour, as for the redo rate) to have met its workload, or says
// that it has not; "" without status counters.
func (e Env) PoolHitText() string {
	u := e.F.Usage
	switch {
	case !e.F.HasServer || u.PoolReads < 0 || u.PoolReadRequests < 0:
		return ""
	case e.F.UptimeS < minUptimeForRateS || u.PoolReadRequests <= 0:
		return fmt.Sprintf("The server is up for only %s (%s page requests): too short for its hit ratio to show what its workload needs.",
			upFor(e.F.UptimeS), e.N(u.PoolReadRequests))
	}
	s := fmt.Sprintf("Since it started %s ago, %.2f%% of %s page requests hit the pool (%s were read from disk%s)",
		upFor2(e.F.UptimeS), 100*u.HitRatio(), e.N(u.PoolReadRequests), e.N(u.PoolReads), e.poolLoadText())
	if e.PoolDataKnown() && e.WorkingSetBytes() > e.F.BufferPoolBytes {
		s += ": pages read so far fit, not all the data"
	}
	return s + "."
}

// poolMemoryText says what memory allows, with what it keeps for the OS,
// the connections and other processes, and the size that results.
func (e Env) poolMemoryText(p PoolPlan) string {
	conns, per, now, what := e.bufConns(), e.BuffersAfterBytes(), e.PerConnBytes()-e.TmpTableConnBytes(), "per-connection buffers"
	if _, kept := e.basePoolPer(); kept != per {
		per, now, what = kept, e.PerConnBytes(), "per-connection buffers and in-memory temporary table (tmp_table_size lowered no further)"
	}
	if e.memPlan().Step == memPoolShrunk {
		conns, per, now, what = e.MaxConnectionsAfter(), e.PerConnAfterBytes(), e.PerConnBytes(), "per-connection buffers and in-memory temporary table"
	}
	conn := ""
	if per != now || conns != e.F.MaxConnections {
		conn = " (as advised here)"
	}
	s := fmt.Sprintf("%s%% of usable memory, never more than what is left after %s for the OS, %s and %d connections x %s of %s%s",
		e.N(e.T.BufferPoolFraction*100), e.Human(e.ReserveBytes()), e.globalText(e.GlobalAfterBytes()), conns, e.Human(per), what, conn)
	s = e.poolShrunkText() + s
	allow := p.MemoryBytes
	if avail, known := e.Host.Memory.AvailableNowBytes(); known {
		s += fmt.Sprintf(", and no more than the %s available now%s allows (current pool + available - reserve: other processes keep the rest)",
			e.Human(avail), e.cgroupRoomText())
		allow = min(allow, max(RoundPoolDown(e.PoolGrowthCapBytes()), e.F.BufferPoolBytes))
	}
	target := e.Size(p.TargetBytes)
	if p.HeldBy == PoolHeldMemory {
		target += e.poolRoundedText(p)
	}
	switch p.HeldBy {
	case PoolHeldData:
		return fmt.Sprintf("Memory allows up to %s: %s. The data sets the size: %s.", e.Size(allow), s, target)
	case PoolHeldDefault:
		return fmt.Sprintf("Memory allows up to %s: %s. The pool stays at least the server's %s default "+
			"(MySQL 8.4 manual and MariaDB KB, innodb_buffer_pool_size): %s.", e.Size(allow), s, e.Human(e.T.BufferPoolMinBytes), target)
	case PoolHeldRoom:
		return fmt.Sprintf("%s, leaves less than the server's %s default: %s.", upperFirst(s), e.Human(e.T.BufferPoolMinBytes), target)
	}
	if !e.PoolToMemory() {
		return fmt.Sprintf("That is more than memory allows: %s, gives %s.", s, target)
	}
	return fmt.Sprintf("%s, gives %s.", upperFirst(s), target)
}

// poolShrunkText says why the pool is sized on the connections' temporary
// tables too (memPlan step 4), "" when it is not: even tmp_table_size at
// its floor and max_connections at its least do not fit next to the pool
// sized on their buffers.
func (e Env) poolShrunkText() string {
	m := e.memPlan()
	if m.Step != memPoolShrunk {
		return ""
	}
	return fmt.Sprintf("The pool sized on the connections' buffers alone (%s) leaves %s for %d connections, too little even with tmp_table_size at its %s floor (max_connections_memory: %d is the least kept), so the pool takes the last cut: ",
		e.Human(m.PoolBytes), e.Human(m.RoomBytes), m.Conns, e.Human(m.TmpBytes), m.ConnFloor)
}

// cgroupRoomText says, when the memory available now is the cgroup's room
// or the commit limit's, how it was reckoned: " (the 1.0 GiB cgroup memory limit less the 805.0
// MiB its processes hold)"; "" otherwise.
func (e Env) cgroupRoomText() string {
	m := e.Host.Memory
	if m.AvailableNowSource() == profile.RoomCommit {
		return fmt.Sprintf(" (vm.overcommit_memory = 2: the %s commit limit less the %s already committed, Committed_AS)",
			e.Human(m.CommitLimitBytes), e.Human(m.CommittedBytes))
	}
	if !m.AvailableNowLimited() {
		return ""
	}
	if m.LimitUsedBytes == 0 {
		return fmt.Sprintf(" (the %s cgroup memory limit; what its processes hold was not read)", e.Human(m.LimitBytes))
	}
	return fmt.Sprintf(" (the %s cgroup memory limit less the %s its processes hold)", e.Human(m.LimitBytes), e.Human(m.LimitUsedBytes))
}

// upperFirst capitalises the first letter of s.
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-32) + s[1:]
}
