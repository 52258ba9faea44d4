package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// How MariaDB holds max_connections to its file descriptors at start.
// MariaDB sql/mysqld.cc, init_common_variables, the block "connections and
// databases needs lots of files" (10.6 to 10.11), with files the OS gave:
//
//	instances = min(max((files - 30 - max_connections) / 2 / table_open_cache, 1), instances)
//	max_connections = max(min(files - 30 - 2 x min(table_open_cache, 200) x instances, max_connections), 10)
//
// in unsigned arithmetic: a difference below 0 wraps, and the value it
// bounds is kept. Measured on MariaDB 10.11.19 (docs/benchmarks/
// live-server.md, 2026-12-06): ulimit -n 1024 with max_connections 994
// started with 594 and 1 instance, with 995 kept 995, 8 instances and a
// table_open_cache of 2000 it has no files for (no "Changed limits").
// MySQL computes it otherwise (sql/mysqld.cc adjust_max_connections: the
// files less 10 + 2 x TABLE_OPEN_CACHE_MIN 400, whatever the table cache)
// and was not run here, so only MariaDB's is applied.

// tableCacheInstancesDefault is table_open_cache_instances' default
// (MariaDB KB, table_open_cache_instances: 8).
const tableCacheInstancesDefault = 8

// TableCacheAfter is table_open_cache once the advice is applied: what
// memory.table_open_cache_small or memory.table_open_cache_misses
// recommends when its condition holds (the same tests as their when:),
// else the value in effect.
func (e Env) TableCacheAfter() int {
	f, cur := e.F, e.F.TableOpenCache
	if !f.HasServer {
		return cur
	}
	if f.SeesAllTables && f.Tables > 0 && cur < f.Tables {
		if want := e.TableCacheFor(int(float64(f.Tables) * e.T.TableCacheHeadroom)); cur < want {
			return want
		}
		return cur
	}
	if want := e.TableCacheFor(e.TableCacheDefault()); cur < want && e.TableCacheOverflowed() && e.TableCacheMissRatio() > 0 {
		return want
	}
	return cur
}

// tableCacheInstancesSet is the table_open_cache_instances the server asks
// for at start: the value read, or the default when none was read or the
// value read is one the server lowered (instancesLowered).
func (e Env) tableCacheInstancesSet() int {
	if n := e.F.TableCacheInstances; n > 0 && !e.instancesLowered() {
		return n
	}
	return tableCacheInstancesDefault
}

// mariaConnsKept is the max_connections mariadbd keeps at start from want
// with files, table_open_cache toc and inst instances asked for, and the
// instances it keeps (the arithmetic above).
func mariaConnsKept(files, want, toc, inst int) (conns, instances int) {
	if room := files - tableCacheReserve[true] - want; room >= 0 {
		inst = min(max(room/2/toc, 1), inst)
	}
	left := files - tableCacheReserve[true] - 2*min(toc, tableCacheMin[true])*inst
	if left < 0 {
		return want, inst
	}
	return max(min(left, want), MaxConnectionsMin(profile.FlavorMariaDB)), inst
}

// MariaDBConnectionsKept is the max_connections mariadbd keeps at start
// from want with files (its open_files_limit), table_open_cache toc and
// inst instances (mariaConnsKept), for callers outside the rules.
func MariaDBConnectionsKept(files, want, toc, inst int) int {
	if files <= 0 || want <= 0 || toc <= 0 || inst <= 0 {
		return want
	}
	n, _ := mariaConnsKept(files, want, toc, inst)
	return n
}

// MaxConnectionsKept is the max_connections a MariaDB server keeps at its
// next start when its my.cnf asks for want, with the table_open_cache the
// advice leaves and the files its open_files_limit shows the OS gave it;
// want on MySQL or when open_files_limit says nothing of the OS's limit
// (TableCacheCap: the server got all it asked for).
func (e Env) MaxConnectionsKept(want int) int {
	if !e.filesCut() || e.F.Flavor != profile.FlavorMariaDB || e.TableCacheAfter() <= 0 {
		return want
	}
	n, _ := mariaConnsKept(e.F.OpenFilesLimit, want, e.TableCacheAfter(), e.tableCacheInstancesSet())
	return n
}

// MaxConnectionsCapText says, when the server would start with fewer than
// want connections (MaxConnectionsKept), what it keeps, from which numbers,
// and the files it must be given to keep want; else "".
func (e Env) MaxConnectionsCapText(want int) string {
	kept := e.MaxConnectionsKept(want)
	if kept >= want {
		return ""
	}
	files, toc, inst := e.F.OpenFilesLimit, e.TableCacheAfter(), e.tableCacheInstancesSet()
	_, used := mariaConnsKept(files, want, toc, inst)
	how := fmt.Sprintf("%d - %d - 2 x %d x %d = %d", files, tableCacheReserve[true], min(toc, tableCacheMin[true]), used, kept)
	if kept == MaxConnectionsMin(profile.FlavorMariaDB) {
		how = fmt.Sprintf("only its minimum of %d", kept)
	}
	in := fmt.Sprintf("%d instance(s)", used)
	if used < inst {
		in += fmt.Sprintf(", table_open_cache_instances %d lowered for want of files,", inst)
	}
	return fmt.Sprintf(" At its next start the server keeps only %d of them: with open_files_limit %d (the files the OS gave it) "+
		"and table_open_cache %d in %s it keeps at most %s (\"Changed limits\" in its error log), so max_connections = %d "+
		"in the my.cnf starts as %d, though SET GLOBAL takes %d until then. To keep %d, raise the file-descriptor limit the "+
		"server starts with (LimitNOFILE in its systemd unit, or open_files_limit) to at least %d, the files it asks for "+
		"with these settings.", kept, files, toc, in, how, want, kept, want, want, e.filesWantedFor(want, toc, inst))
}

// filesCut is true when the live server's open_files_limit is the OS's cut:
// below what its settings ask for, or table_open_cache_instances lowered
// for want of files (TableCacheCap).
func (e Env) filesCut() bool {
	return e.F.OpenFilesLimit > 0 && (e.F.OpenFilesLimit < e.filesWanted() || e.instancesLowered())
}

// filesWantedFor is the open files MariaDB asks the OS for at start with
// max_connections mc, table_open_cache toc in inst instances: the most of
// 30 + mc + extra_max_connections + toc x 2 x inst (+ thread_pool_size
// unless thread_handling is pool-of-threads) and (mc +
// extra_max_connections) x 5 (MariaDB sql/mysqld.cc, wanted_files and
// max_open_files). Measured on MariaDB 10.11.19 with 2 CPUs: 223 for
// table_open_cache 10 and max_connections 30, 221 with pool-of-threads;
// "request: 4500" for max_connections 800 with extra_max_connections 100.
func (e Env) filesWantedFor(mc, toc, inst int) int {
	extra := e.rawInt("extra_max_connections", 1) // MariaDB KB: default 1
	wanted := tableCacheReserve[true] + mc + extra + toc*2*inst
	if h := strings.ToLower(strings.TrimSpace(e.F.Raw["thread_handling"])); h != "pool-of-threads" {
		wanted += e.rawInt("thread_pool_size", 2) // MariaDB KB: default the CPUs; 2 on the host measured
	}
	return max(wanted, (mc+extra)*5)
}

// rawInt is the integer variable name as read, def when absent or not a
// number.
func (e Env) rawInt(name string, def int) int {
	if n, err := strconv.Atoi(strings.TrimSpace(e.F.Raw[name])); err == nil && n >= 0 {
		return n
	}
	return def
}
