package threads

import (
	"fmt"

	"github.com/mytune/mytune/probe/profile"
)

// DefaultBufferPoolBytes is innodb_buffer_pool_size when nothing sets it:
// 128 MiB in MySQL 5.7, 8.0, 8.4 and MariaDB 10.x (their manuals,
// innodb_buffer_pool_size).
const DefaultBufferPoolBytes = 128 << 20

// InnoDBBytesPerDumpByte is how much tablespace a byte of dump SQL becomes:
// 39.7 MB of mydumper SQL (sysbench, 8 tables) filled 110 MB of InnoDB
// files on the restore beds (scripts/bench-restore.sh), 2.8x; rounded up
// to 3 (row headers, pages filled to 15/16, the secondary index).
const InnoDBBytesPerDumpByte = 3

// pool is the buffer pool a load will run with, and where that figure
// came from.
type pool struct {
	bytes uint64
	from  string // "advised", "server", "my.cnf", "default"; "" when unknown
}

// poolOf is the pool after following the advice (o.Advised, the value its
// my.cnf sets), else the live server's, else the my.cnf's, else the
// default when a target is known; zero when none of those says.
func poolOf(p *profile.Profile, o Options) pool {
	const v = "innodb_buffer_pool_size"
	if n := sizeIn(o.Advised, v); n > 0 {
		return pool{n, "advised"}
	}
	if p.Server != nil {
		if n := sizeIn(p.Server.Variables, v); n > 0 {
			return pool{n, "server"}
		}
	}
	if p.MyCnf != nil {
		if n := sizeIn(p.MyCnf.Variables, v); n > 0 {
			return pool{n, "my.cnf"}
		}
	}
	if targetOf(p, o).Version != "" {
		return pool{DefaultBufferPoolBytes, "default"}
	}
	return pool{}
}

func sizeIn(vars map[string]string, name string) uint64 {
	if vars == nil {
		return 0
	}
	n, err := profile.ParseSize(vars[name])
	if err != nil {
		return 0
	}
	return n
}

// describe names the pool for a why or a basis: "the advised 17.0 GiB buffer pool".
func (b pool) describe() string {
	switch b.from {
	case "":
		return "a buffer pool of unknown size"
	case "default":
		return fmt.Sprintf("the default %s buffer pool", profile.HumanBytes(b.bytes))
	}
	return fmt.Sprintf("the %s %s buffer pool", b.from, profile.HumanBytes(b.bytes))
}

// dumpInnoDBBytes is the tablespace the dump becomes once loaded (its
// uncompressed SQL × InnoDBBytesPerDumpByte); 0 without a dump size.
func dumpInnoDBBytes(d *profile.Dump) uint64 {
	if d == nil {
		return 0
	}
	lo, hi := dumpSQLBytes(d)
	return uint64((lo + hi) / 2 * InnoDBBytesPerDumpByte)
}
