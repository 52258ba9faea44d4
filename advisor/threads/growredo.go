package threads

import (
	"fmt"

	"github.com/mytune/mytune/probe/profile"
)

// RedoGrowSince are the first releases that resize the redo log online:
// MariaDB 10.9 (SET GLOBAL innodb_log_file_size, MDEV-27812) and MySQL
// 8.0.30 (SET GLOBAL innodb_redo_log_capacity; MySQL manual, "Configuring
// Redo Log Capacity"). MySQL 5.7 and 8.0 before 8.0.30 need a restart.
var RedoGrowSince = map[string][3]int{profile.FlavorMariaDB: {10, 9, 0}, "mysql": {8, 0, 30}}

// growRedo offers growing the redo log for a load whose data fits the
// pool but not the redo log: a redo log that holds the load spares the
// checkpoint flushes a small one forces at the disk's random-write rate.
// Measured on the card bed (152 MB dump, 16-17G pool, 16 threads): a 96M
// redo log 104.8 s, 4352M 18.0 s (BENCHMARK.md, "End to end"). The new
// size must fit in half the datadir's free space, since the resize writes
// the new file beside the old one.
func growRedo(p *profile.Profile, o Options, b pool) (Setting, pool, string, bool) {
	data := dumpInnoDBBytes(p.Dump)
	if data == 0 || b.bytes == 0 || data > b.bytes || b.redo == 0 || b.redo >= data {
		return Setting{}, b, "", false
	}
	t := targetOf(p, o)
	v, ok := parseVersion(t.Version)
	if !ok || t.Version == "" {
		return Setting{}, b, "redo log growth not offered: the target's flavor and version are unknown", false
	}
	name, since := "innodb_redo_log_capacity", RedoGrowSince["mysql"]
	if t.isMariaDB() {
		name, since = "innodb_log_file_size", RedoGrowSince[profile.FlavorMariaDB]
	}
	if less(v, since) {
		return Setting{}, b, fmt.Sprintf("redo log growth not offered: %s resizes it only with a restart", t.Version), false
	}
	grow := (data + PoolChunkBytes - 1) / PoolChunkBytes * PoolChunkBytes
	if free := p.Storage.FreeBytes; free == 0 || grow > free/2 {
		return Setting{}, b, fmt.Sprintf("redo log growth not offered: a %s redo log would hold the load, but the datadir's free space (%s) cannot hold it twice over",
			profile.HumanBytes(grow), profile.HumanBytes(p.Storage.FreeBytes)), false
	}
	g := b
	g.redo = grow
	return Setting{Name: fmt.Sprintf("grow the redo log to %s for the load (the ~%s it loads fits the pool but not the %s redo log)",
		profile.HumanBytes(grow), profile.HumanBytes(data), profile.HumanBytes(b.redo)),
		Apply: fmt.Sprintf("SET GLOBAL %s = %d;", name, grow),
		Undo:  fmt.Sprintf("SET GLOBAL %s = %d;", name, b.redo),
		Warning: fmt.Sprintf("takes %s more of the datadir's disk while resizing (%s free); the undo waits until the loaded pages are written (over 2 minutes on the 100-IOPS card bed): run it when convenient, or keep the larger log; MariaDB's online resize was not crash-safe before the MDEV-34750 fix (2024)",
			profile.HumanBytes(grow), profile.HumanBytes(p.Storage.FreeBytes))}, g, "", true
}
