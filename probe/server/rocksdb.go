package server

import (
	"context"
	"database/sql"
	"strings"
)

// rocksDBMemtables reads the memory MyRocks' memtables may take when the
// plugin is loaded (Server.RocksDBMemtableBytes): on MariaDB 10.11.19 with
// ha_rocksdb and no options, its two column families (default,
// __system__) keep up to 2 x 64 MiB each, and SHOW ENGINE ROCKSDB STATUS
// gave "MemTable Total: 183614136" after a 370 MB sysbench load (review
// r35), memory the pool and connection sums do not count.
func (r *reader) rocksDBMemtables(ctx context.Context) {
	if _, loaded := r.s.Variables["rocksdb_block_cache_size"]; !loaded {
		return
	}
	if r.skip(ctx, "MyRocks memtables (information_schema.ROCKSDB_CF_OPTIONS)") {
		return
	}
	qc, cancel := r.qctx(ctx)
	defer cancel()
	rows, err := r.db.QueryContext(qc, string(qRocksDBMemtables))
	if err != nil {
		r.unread("MyRocks memtables (information_schema.ROCKSDB_CF_OPTIONS)", err)
		return
	}
	defer rows.Close()
	size, count := map[string]uint64{}, map[string]uint64{}
	for rows.Next() {
		var cf, typ string
		var value sql.NullString
		if err := rows.Scan(&cf, &typ, &value); err != nil {
			r.unread("MyRocks memtables", err)
			return
		}
		if strings.EqualFold(typ, "WRITE_BUFFER_SIZE") {
			size[cf] = parseUint(strings.TrimSpace(value.String))
		} else {
			count[cf] = parseUint(strings.TrimSpace(value.String))
		}
	}
	if err := rows.Err(); err != nil {
		r.unread("MyRocks memtables", err)
		return
	}
	r.s.RocksDBMemtableBytes = memtableBytes(size, count)
}

// memtableBytes sums each column family's memtable size times their
// number, saturating.
func memtableBytes(size, count map[string]uint64) uint64 {
	var total uint64
	for cf, s := range size {
		n := count[cf]
		if n == 0 || s == 0 {
			continue
		}
		p := s * n
		if p/n != s || total+p < total {
			return ^uint64(0)
		}
		total += p
	}
	return total
}
