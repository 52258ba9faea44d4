package rules

import "math"

// How mysqld lays the buffer pool out at start-up, so a finding names the
// pool it will really get (MySQL 8.0/8.4 manual, "Configuring InnoDB
// Buffer Pool Size" and innodb_buffer_pool_instances). MariaDB is not
// modelled: it has one pool instance since 10.5 (MDEV-15058; the KB's
// innodb_buffer_pool_chunk_size drops "within each buffer pool instance"
// from 10.5), and newer releases autosize the chunk (chunk size 0), so the
// rule using this is for MySQL and Percona only.

// poolInstancesThreshold is the pool size from which
// innodb_buffer_pool_instances takes effect (MySQL manual,
// innodb_buffer_pool_instances: "takes effect only when you set
// innodb_buffer_pool_size to 1GB or more"; below it there is one instance).
const poolInstancesThreshold = gib

// PoolLayout is the instances, chunk size and rounded pool size mysqld
// uses for a configured pool.
type PoolLayout struct {
	Instances            int
	ChunkBytes, Unit     uint64 // Unit = ChunkBytes x Instances
	ConfiguredBytes      uint64
	RoundedBytes         uint64 // ConfiguredBytes rounded up to a whole Unit
	ChunkShrunk          bool   // the chunk was truncated to pool / instances
	InstancesIgnored     bool   // instances > 1 set, but the pool is below 1G
	ConfiguredChunkBytes uint64
}

// LayoutPool applies the manual's three rules in order: instances only
// from a 1G pool; a chunk x instances above the pool truncates the chunk
// to pool / instances; the pool is rounded up to a multiple of chunk x
// instances.
func LayoutPool(poolBytes, chunkBytes uint64, instances int) PoolLayout {
	l := PoolLayout{Instances: max(instances, 1), ChunkBytes: chunkBytes, ConfiguredBytes: poolBytes,
		ConfiguredChunkBytes: chunkBytes}
	if poolBytes < poolInstancesThreshold && l.Instances > 1 {
		l.Instances, l.InstancesIgnored = 1, true
	}
	if l.ChunkBytes == 0 || poolBytes == 0 {
		l.RoundedBytes = poolBytes
		return l
	}
	if l.ChunkBytes*uint64(l.Instances) > poolBytes {
		l.ChunkBytes, l.ChunkShrunk = poolBytes/uint64(l.Instances), true
	}
	l.Unit = l.ChunkBytes * uint64(l.Instances)
	l.RoundedBytes = poolBytes
	if poolBytes%l.Unit != 0 && poolBytes <= math.MaxUint64-(l.Unit-1) {
		// Near 2^64 there is no larger multiple to round up to: the
		// sum would wrap to a small size ("rounds the pool up to 0 B").
		l.RoundedBytes = (poolBytes + l.Unit - 1) / l.Unit * l.Unit
	}
	return l
}

// Pool is the layout of the buffer pool in effect.
func (e Env) Pool() PoolLayout {
	return LayoutPool(e.F.BufferPoolBytes, e.F.BufferPoolChunkBytes, e.F.BufferPoolInstances)
}
