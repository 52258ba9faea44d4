package rules

import "strconv"

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
// cache full: Table_open_cache_overflows above 0 since start.
func (e Env) TableCacheOverflowed() bool { return e.F.Usage.TableCacheOverflows > 0 }

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
