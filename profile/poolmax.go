package profile

// PoolMax is what a MariaDB release does with innodb_buffer_pool_size_max,
// the most SET GLOBAL innodb_buffer_pool_size may grow the pool to.
type PoolMax int

// PoolMax values.
const (
	// PoolMaxNone: no such variable; the pool grows online in chunks.
	PoolMaxNone PoolMax = iota
	// PoolMaxAtStart: unset, it is the pool the server started with, so
	// SET GLOBAL cannot grow the pool past it (the 11.8.6 and 12.2.2
	// captures: both 12G).
	PoolMaxAtStart
	// PoolMaxLarge: unset, it is 8 TiB of reserved address space on 64-bit
	// Linux (the 10.11.19 capture: 8796093022208).
	PoolMaxLarge
)

// poolMaxSeries are the MariaDB series that have innodb_buffer_pool_size_max,
// the release that added it (MDEV-29445: MariaDB KB "System Variables Added
// in MariaDB 11.8", 11.8.2; innodb_buffer_pool_chunk_size ignored from
// 10.11.12, 11.4.6 and 11.8.2) and the one whose default became 8 TiB
// (MDEV-38671: 10.11.17, 11.4.11, 11.8.7, 12.3.2; mariadb-docs DOCS-6628).
// The 12 series had it from its start.
var poolMaxSeries = []struct{ series, added, large Version }{
	{Version{Major: 10, Minor: 11}, Version{Major: 10, Minor: 11, Patch: 12}, Version{Major: 10, Minor: 11, Patch: 17}},
	{Version{Major: 11, Minor: 4}, Version{Major: 11, Minor: 4, Patch: 6}, Version{Major: 11, Minor: 4, Patch: 11}},
	{Version{Major: 11, Minor: 8}, Version{Major: 11, Minor: 8, Patch: 2}, Version{Major: 11, Minor: 8, Patch: 7}},
}

// MariaDBPoolMax says what MariaDB release v does with
// innodb_buffer_pool_size_max when nothing sets it. Series not listed
// before 12.0 (10.6 and older, 11.0-11.3, 11.5-11.7) have no such variable.
func MariaDBPoolMax(v Version) PoolMax {
	for _, s := range poolMaxSeries {
		if v.Major != s.series.Major || v.Minor != s.series.Minor {
			continue
		}
		switch {
		case v.Less(s.added):
			return PoolMaxNone
		case v.Less(s.large):
			return PoolMaxAtStart
		}
		return PoolMaxLarge
	}
	switch {
	case v.Major < 12:
		return PoolMaxNone
	case v.Less(Version{Major: 12, Minor: 3, Patch: 2}):
		return PoolMaxAtStart
	}
	return PoolMaxLarge
}
