package advisor

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// clampBounds are the range mariadbd 10.11 holds a variable to at start:
// a my.cnf value outside it is "adjusted to" the bound (my_getopt; each
// seen with mariadbd 10.11.19 in QA run 14's logs, testdata/qa14/live1.cnf:
// "option 'innodb-io-capacity': unsigned value 50 adjusted to 100"). 0 is
// no bound.
var clampBounds = map[string]struct{ min, max uint64 }{
	"innodb_io_capacity":             {min: 100},     // 50 adjusted to 100
	"innodb_flush_log_at_trx_commit": {max: 3},       // 5 adjusted to 3
	"innodb_log_file_size":           {min: 4 << 20}, // 524288 adjusted to 4194304
	"innodb_log_buffer_size":         {min: 2 << 20}, // 1048576 adjusted to 2097152
	"innodb_buffer_pool_size":        {min: 2 << 20}, // 1024 adjusted to 2097152
}

// tableCacheExtraFiles are the files mariadbd keeps aside before it sizes
// table_open_cache to the open-files limit: table_open_cache =
// (open_files_limit - 30 - max_connections) / 2 (mariadbd 10.11.19 on
// live1.cnf: "Changed limits: max_open_files: 20000 max_connections: 310
// table_cache: 9830 (was 100000)", and (20000-30-310)/2 = 9830).
const tableCacheExtraFiles = 30

// serverClamp is how the server adjusts the file's value of name at start,
// given the variables it runs with: the value it ends with and why, or
// ok false when it keeps the value.
func serverClamp(name string, file uint64, srv map[string]string) (got uint64, why string, ok bool) {
	if b, known := clampBounds[name]; known {
		switch {
		case b.min > 0 && file < b.min:
			return b.min, "raised it to its minimum", true
		case b.max > 0 && file > b.max:
			return b.max, "limited it to its maximum", true
		}
	}
	if got, why, ok := filesClamp(name, file, srv); ok {
		return got, why, true
	}
	conns, err := profile.ParseSize(srv["max_connections"])
	if err != nil {
		return 0, "", false
	}
	switch name {
	case "thread_cache_size": // mariadbd 10.11.19 on live1.cnf: 1k with max_connections 310 runs as 310
		if file > conns {
			return conns, "limited it to max_connections", true
		}
	case "max_connections": // sql/mysqld.cc's arithmetic (rules.MariaDBConnectionsKept); said only when it gives what the server runs
		if kept, ok := connsKept(file, srv); ok && kept < file {
			return kept, fmt.Sprintf("lowered it to what open_files_limit %s allows", srv["open_files_limit"]), true
		}
	case "table_open_cache":
		files, err := profile.ParseSize(srv["open_files_limit"])
		if err == nil && files > tableCacheExtraFiles+conns && file > (files-tableCacheExtraFiles-conns)/2 {
			return (files - tableCacheExtraFiles - conns) / 2, fmt.Sprintf("limited it to what open_files_limit %d allows", files), true
		}
	}
	return 0, "", false
}

// clamped reports whether the server's value of name is the file's value
// as the server adjusts it at start (MariaDB only), and says so.
func clamped(flavor, name, fileVal, srvVal string, srv map[string]string) (string, bool) {
	if flavor != profile.FlavorMariaDB {
		return "", false
	}
	f, err1 := profile.ParseSize(fileVal)
	s, err2 := profile.ParseSize(srvVal)
	if err1 != nil || err2 != nil {
		return "", false
	}
	got, why, ok := serverClamp(name, f, srv)
	if !ok || got != s {
		return "", false
	}
	return fmt.Sprintf("%s %s in the file: the server %s, %s", name, fileVal, why, srvVal), true
}

// connsKept is the max_connections mariadbd keeps at start from the
// file's value with the open_files_limit, table_open_cache and
// table_open_cache_instances it runs with; ok false when one is unread.
func connsKept(file uint64, srv map[string]string) (uint64, bool) {
	var n [3]uint64
	for i, name := range []string{"open_files_limit", "table_open_cache", "table_open_cache_instances"} {
		v, err := profile.ParseSize(srv[name])
		if err != nil || v == 0 || v > math.MaxInt32 { // an int on every platform, 32-bit included
			return 0, false
		}
		n[i] = v
	}
	if file > math.MaxInt32 {
		return 0, false
	}
	return uint64(rules.MariaDBConnectionsKept(int(n[0]), int(file), int(n[1]), int(n[2]))), true
}

// filesClamp is how mariadbd adjusts the open-files settings of the file
// at start, each seen in review r29 (2026-12-07, mariadbd 10.11.19 run as
// root with a hard limit of 20000 open files, ulimit -Hn): open_files_limit
// 1000000 ran as 20000, since the server keeps what setrlimit granted and
// asks for at least the file's value (sql/mysqld.cc, my_set_max_open_files),
// so less than the file is always the OS's limit; innodb_open_files 65536
// ran as 9735, the table_open_cache it ran with, after "InnoDB:
// innodb_open_files 65536 should not be greater than the open_files_limit
// 20000" (storage/innobase/handler/ha_innodb.cc, innodb_init_params: above
// open_files_limit it falls to table_open_cache when that is smaller).
func filesClamp(name string, file uint64, srv map[string]string) (got uint64, why string, ok bool) {
	limit, err := profile.ParseSize(srv["open_files_limit"])
	if err != nil || limit == 0 {
		return 0, "", false
	}
	switch name {
	case "open_files_limit":
		if file > limit {
			return limit, "got only what the operating system allowed (the process's hard limit on open files, ulimit -Hn; systemd's LimitNOFILE raises it)", true
		}
	case "innodb_open_files":
		tc, err := profile.ParseSize(srv["table_open_cache"])
		if err == nil && file > limit && file > tc {
			return tc, fmt.Sprintf("lowered it, above open_files_limit %d, to table_open_cache", limit), true
		}
	}
	return 0, "", false
}
