package threads

import "github.com/mytune/mytune/profile"

// oldMaxDirtyPct is innodb_max_dirty_pages_pct's default before
// dirtyDefaultsSince: 75 (MySQL 5.7 manual, "Configuring Buffer Pool
// Flushing": "innodb_max_dirty_pages_pct ... has a default value of 75";
// MariaDB 10.4, KB innodb_max_dirty_pages_pct).
const oldMaxDirtyPct = 75

// dirtyDefaultsSince are the first releases with today's defaults: MySQL
// 8.0.3 raised innodb_max_dirty_pages_pct from 75 to 90 (WL#9707) and
// innodb_max_dirty_pages_pct_lwm from 0 to 10 (WL#9630; the 8.0.3 batch of
// default changes with innodb_flush_neighbors, neighborsDefaultSince);
// MariaDB 10.5 raised the first to 90 and keeps the low-water mark at 0.
var dirtyDefaultsSince = map[string]profile.Version{profile.FlavorMariaDB: {Major: 10, Minor: 5}, "mysql": {Major: 8, Minor: 0, Patch: 3}}

// beforeDirtyDefaults reports whether target t is a release from before
// dirtyDefaultsSince; false when its version is unknown.
func beforeDirtyDefaults(t profile.Target) bool {
	v, ok := profile.ParseVersion(t.Version)
	if !ok || t.Version == "" {
		return false
	}
	since := dirtyDefaultsSince["mysql"]
	if t.IsMariaDB() {
		since = dirtyDefaultsSince[profile.FlavorMariaDB]
	}
	return v.Less(since)
}

// maxDirtyDefault is innodb_max_dirty_pages_pct's default on target t:
// oldMaxDirtyPct before dirtyDefaultsSince, else MaxDirtyPagesPctDefault.
func maxDirtyDefault(t profile.Target) float64 {
	if beforeDirtyDefaults(t) {
		return oldMaxDirtyPct
	}
	return MaxDirtyPagesPctDefault
}

// lwmDefaultOf is innodb_max_dirty_pages_pct_lwm's default on a MySQL or
// Percona target t: 0 before 8.0.3 (MySQL 5.7 manual: "The default low
// water mark is 0"), else lwmDefaultMySQL.
func lwmDefaultOf(t profile.Target) int {
	if beforeDirtyDefaults(t) {
		return 0
	}
	return lwmDefaultMySQL
}
