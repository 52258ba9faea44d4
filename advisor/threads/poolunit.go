package threads

import "github.com/mytune/mytune/profile"

// chunkedPoolUntil is the first MariaDB whose buffer pool is one instance
// (MDEV-15058, MariaDB 10.5): before it, as on MySQL, the pool is laid out
// in innodb_buffer_pool_instances instances of innodb_buffer_pool_chunk_size
// chunks.
var chunkedPoolUntil = profile.Version{Major: 10, Minor: 5}

// onlinePoolUnit is what an online resize of the target's pool is aligned
// to: innodb_buffer_pool_chunk_size × innodb_buffer_pool_instances on
// MySQL and Percona and on MariaDB before 10.5 (MySQL 8.4 manual,
// "Configuring InnoDB Buffer Pool Size": the size is adjusted to a
// multiple of that, also while running; instances are read-only), else
// PoolChunkBytes. The live server's values when it was read, else the
// advised, my.cnf or default ones for a pool that started at startBytes:
// 8 instances from 1G, 1 below (innodb_buffer_pool_instances; MariaDB
// 10.2-10.4 alike), chunks of 128M. Before, a target without a live
// server got 128M: --target mysql-5.7.44 grew an advised 2G pool (8
// instances) to 3.25G, which mysqld rounds to 4G, so the undo's
// IF(@@GLOBAL.innodb_buffer_pool_size = 3489660928, …) never matched.
func onlinePoolUnit(p *profile.Profile, o Options, startBytes uint64) uint64 {
	t := targetOf(p, o)
	if !chunkedPool(t) {
		return PoolChunkBytes
	}
	if s := p.Server; s != nil && s.Reachable {
		chunk, inst := sizeIn(s.Variables, "innodb_buffer_pool_chunk_size"), sizeIn(s.Variables, "innodb_buffer_pool_instances")
		if chunk > 0 && inst > 0 {
			return chunk * inst
		}
	}
	chunk, inst := uint64(PoolChunkBytes), uint64(8)
	for _, vars := range varSets(p, o) {
		if n := sizeIn(vars, "innodb_buffer_pool_chunk_size"); n > 0 {
			chunk = n
			break
		}
	}
	for _, vars := range varSets(p, o) {
		if n := sizeIn(vars, "innodb_buffer_pool_instances"); n > 0 {
			inst = n
			break
		}
	}
	if startBytes < 1<<30 {
		inst = 1 // instances take effect only from a 1G pool
	}
	if chunk*inst > startBytes && startBytes > 0 {
		chunk = startBytes / inst // the server truncates the chunk at start
	}
	return max(chunk*inst, 1)
}

// chunkedPool reports whether target t lays its pool out in chunks ×
// instances: MySQL and Percona, and MariaDB before chunkedPoolUntil;
// false for a target whose flavor is unknown.
func chunkedPool(t profile.Target) bool {
	if mysqlFlavor(t) {
		return true
	}
	v, ok := profile.ParseVersion(t.Version)
	return t.IsMariaDB() && ok && t.Version != "" && v.Less(chunkedPoolUntil)
}
