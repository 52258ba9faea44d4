package rules

import (
	"fmt"
	"strconv"

	"github.com/mytune/mytune/profile"
)

// The table cache as its counters show it. MySQL 8.4 manual, "How MySQL
// Opens and Closes Tables": if Opened_tables is large or grows quickly,
// increase table_open_cache; Table_open_cache_misses counts the opens the
// cache could not serve.

// TableCacheMissRatio is Table_open_cache_misses / (hits + misses), -1
// when the counters are unknown or no table was opened.
func (e Env) TableCacheMissRatio() float64 {
	u := e.F.Usage
	if u.TableCacheHits < 0 || u.TableCacheMisses < 0 || u.TableCacheHits+u.TableCacheMisses <= 0 {
		return -1
	}
	return u.TableCacheMisses / (u.TableCacheHits + u.TableCacheMisses)
}

// TableCacheOverflowed is true when the server's status shows the table
// cache full more often than a run of mytune's own could make it:
// Table_open_cache_overflows since start above TableCacheReaderOpens (an
// open evicts at most one table). Measured on MariaDB 10.11.19 started
// with table_open_cache 310 beside 303 tables and no other client: the
// first run of mytune made 3 overflows, and the second fired on them.
func (e Env) TableCacheOverflowed() bool {
	return e.F.Usage.TableCacheOverflows > float64(e.TableCacheReaderOpens())
}

// readerOpensPerTable is how many opens of each table the rule leaves to
// mytune itself: its information_schema.TABLES read of sizes opens every
// table once a run (measured on MariaDB 10.11.19, Table_open_cache_hits +
// misses: 301 a run with 301 tables; 606 with 303 before the sizes and the
// largest tables were read in one pass), so two runs, or one of an earlier
// mytune, stay under it.
const readerOpensPerTable = 2

// TableCacheReaderOpens is the table opens left to mytune's own runs:
// readerOpensPerTable x the tables it sees (0 when none were read).
func (e Env) TableCacheReaderOpens() int { return readerOpensPerTable * max(e.F.Tables, 0) }

// TableCacheDefault is table_open_cache's default for the target (0 when
// none is known): MariaDB 2000, MySQL 4000.
func (e Env) TableCacheDefault() int {
	d, _, ok := defaultValue(e.F.Flavor, e.F.Version, 0, "table_open_cache")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(d)
	return n
}

// tableCacheReserve and tableCacheMin are how the server caps
// table_open_cache to its file descriptors at start: at most
// (open_files_limit - reserve - max_connections) / 2, never below min.
// MySQL sql/mysqld.cc adjust_table_cache_size: reserve 10, min
// TABLE_OPEN_CACHE_MIN 400. MariaDB 10.11.19, measured here (ulimit -n 2048:
// 933 with max_connections 151, 759 with 500; ulimit -n 512: 200, "Changed
// limits" in the error log): reserve 30, min 200.
var (
	tableCacheReserve = map[bool]int{true: 30, false: 10} // keyed by IsMariaDB
	tableCacheMin     = map[bool]int{true: 200, false: 400}
)

// TableCacheCap is the largest table_open_cache the live server keeps with
// its open_files_limit and max_connections; 0 when open_files_limit is
// unknown (no live server) or says nothing of the OS's limit: the server
// asks the OS at start for as many files as its settings want and shows
// what it got, so an open_files_limit that holds what the current
// settings want was not cut by the OS, whose limit is then unknown (QA: a
// MariaDB with table_open_cache 10 showed 223 under an OS limit of 20000,
// and 2000 was advised down to 200).
func (e Env) TableCacheCap() int {
	if !e.filesCut() {
		return 0
	}
	maria := e.F.Flavor == profile.FlavorMariaDB
	return max(tableCacheMin[maria], (e.F.OpenFilesLimit-tableCacheReserve[maria]-e.F.MaxConnections)/2)
}

// filesWanted is the open files the server asks the OS for at start with
// its current settings. MySQL sql/mysqld.cc adjust_open_files_limit: the
// most of 10 + max_connections + table_open_cache × 2, max_connections × 5
// and the open_files_limit set, 5000 by default (MySQL 8.4 manual,
// open_files_limit); a set value below that is taken as the OS's cut.
// MariaDB 10.11.19, measured here under an OS limit of 20000: 223 for
// table_open_cache 10 and max_connections 30, 6584 for 400 and 151, 2505
// for 100 and 500: filesWantedFor with the instances read (33 = 30 +
// extra_max_connections 1 + thread_pool_size 2 on that host).
func (e Env) filesWanted() int {
	mc, toc := e.F.MaxConnections, e.F.TableOpenCache
	if e.F.Flavor == profile.FlavorMariaDB {
		inst := e.F.TableCacheInstances
		if inst <= 0 {
			inst = tableCacheInstancesDefault
		}
		return e.filesWantedFor(mc, toc, inst)
	}
	return max(10+mc+toc*2, mc*5, 5000)
}

// instancesLowered is true when a MariaDB server's
// table_open_cache_instances reads as what the server lowers it to when
// the OS gave it fewer files than it asked for: below the default 8, equal
// to max(1, (open_files_limit - 30 - max_connections) / 2 /
// table_open_cache), and open_files_limit not exactly what that many
// instances ask for. filesWanted with the lowered count then holds
// within open_files_limit although the server was cut (MariaDB 10.11.19
// under ulimit -n 20000, measured: table_open_cache 2000 asked for 32184
// files with 8 instances, got 20000 and kept 4 instances; review r7: 20004
// tables were advised table_open_cache 24004, which the next start lowered
// to 9909, "Changed limits" in its error log).
func (e Env) instancesLowered() bool {
	f := e.F
	if f.Flavor != profile.FlavorMariaDB || f.TableCacheInstances <= 0 || f.TableCacheInstances >= 8 || f.TableOpenCache <= 0 ||
		f.OpenFilesLimit == e.filesWanted() {
		return false
	}
	return f.TableCacheInstances == max(1, (f.OpenFilesLimit-tableCacheReserve[true]-f.MaxConnections)/2/f.TableOpenCache)
}

// TableCacheFor is want held to TableCacheCap: a larger value is lowered by
// the server at its next start and would be advised again after it.
func (e Env) TableCacheFor(want int) int {
	if c := e.TableCacheCap(); c > 0 && want > c {
		return c
	}
	return want
}

// TableCacheCapText says why the advice stops below want when it does,
// else "".
func (e Env) TableCacheCapText(want int) string {
	c := e.TableCacheCap()
	if c == 0 || want <= c {
		return ""
	}
	maria := e.F.Flavor == profile.FlavorMariaDB
	how := fmt.Sprintf("with open_files_limit %d and max_connections %d it keeps at most (%d - %d - %d) / 2 open",
		e.F.OpenFilesLimit, e.F.MaxConnections, e.F.OpenFilesLimit, tableCacheReserve[maria], e.F.MaxConnections)
	if c == tableCacheMin[maria] {
		how = fmt.Sprintf("with open_files_limit %d and max_connections %d it keeps only its minimum of %d open",
			e.F.OpenFilesLimit, e.F.MaxConnections, c)
	}
	return fmt.Sprintf(" The server caps it at %d: %s (it lowers a larger value at start, \"Changed limits\" in its error "+
		"log); to hold %d, raise the file-descriptor limit the server starts with (LimitNOFILE in its systemd unit, or "+
		"open_files_limit).", c, how, want)
}
