package rules

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mytune/mytune/profile"
)

// What a build or layout of mysqld does to a buffer pool size after it is
// sized to the data and memory (Env.PoolSizing applies them).

// pool32BitMaxBytes is the most buffer pool advised for a 32-bit mysqld.
// InnoDB refuses a pool of 4 GB or more in a 32-bit build and the server
// does not start ("innodb_buffer_pool_size can't be over 4GB on 32-bit
// systems", then "Unknown/unsupported storage engine: InnoDB"; MySQL 5.5+
// manual, innodb_buffer_pool_size: maximum 2^32-1 on 32-bit platforms),
// and the whole process lives in a 32-bit address space (3 GiB for user
// space on 32-bit Linux with the default split), which the connections,
// the other buffers and the code share: 2G leaves them at least 1 GiB.
const pool32BitMaxBytes = 2 * gib

// machine32Bit matches version_compile_machine of a 32-bit build: i386 to
// i686, Windows' x86 and "32", and 32-bit ARM, MIPS, PowerPC, s390 and
// SPARC names (64-bit builds say x86_64, AMD64, aarch64, arm64, mips64,
// ppc64le, s390x, sparc64).
var machine32Bit = regexp.MustCompile(`^(i[3-6]86|x86|32|armv[4-7][a-z]*|armhf|armel|arm|mips|mipsel|ppc|powerpc|s390|sparc)$`)

// Server32Bit is true when the server's version_compile_machine names a
// 32-bit build.
func (e Env) Server32Bit() bool {
	return machine32Bit.MatchString(strings.ToLower(strings.TrimSpace(e.F.CompileMachine)))
}

// capPool32Bit holds a pool target of a 32-bit server to pool32BitMaxBytes.
func (e Env) capPool32Bit(p PoolPlan) PoolPlan {
	if !e.Server32Bit() || p.TargetBytes <= pool32BitMaxBytes {
		return p
	}
	p.SizedBytes, p.TargetBytes = p.TargetBytes, pool32BitMaxBytes
	p.Cap = fmt.Sprintf("this is a 32-bit build (version_compile_machine %s): InnoDB refuses a pool of 4 GB or more there "+
		"(\"can't be over 4GB on 32-bit systems\") and the server does not start, and one process has at most 3 GiB of "+
		"address space on 32-bit Linux, so the pool is held to %s", e.F.CompileMachine, e.Size(p.TargetBytes))
	return p
}

// alignPool takes a MySQL or Percona pool target down to a whole multiple
// of innodb_buffer_pool_chunk_size × innodb_buffer_pool_instances, which
// mysqld would otherwise round it up to at start-up (MySQL 8.4 manual,
// "Configuring InnoDB Buffer Pool Size"; LayoutPool): 17G with 3
// instances of 128M chunks would run as 17.25G. MariaDB is not modelled
// from 10.5 (rules/pool.go); MariaDB 10.2.2-10.4 lays its pool out as
// MySQL 5.7 does (chunks x instances, 8 from 1G) and is aligned alike.
func (e Env) alignPool(p PoolPlan) PoolPlan {
	if e.F.Flavor == profile.FlavorMariaDB && !chunkedMariaDB(e.F.Version) || p.TargetBytes == 0 {
		return p
	}
	l := LayoutPool(p.TargetBytes, e.F.BufferPoolChunkBytes, e.instancesFor(p.TargetBytes))
	if l.Unit == 0 || p.TargetBytes%l.Unit == 0 || p.TargetBytes < l.Unit {
		return p
	}
	from := p.TargetBytes
	if p.SizedBytes == 0 {
		p.SizedBytes = from
	}
	p.TargetBytes = p.TargetBytes / l.Unit * l.Unit
	who := "MySQL"
	if e.F.Flavor == profile.FlavorMariaDB {
		who = "MariaDB"
	}
	p.Cap = joinCap(p.Cap, fmt.Sprintf(who+" rounds the pool up to a multiple of innodb_buffer_pool_chunk_size %s x %d "+
		"instance(s) = %s, so %s is taken down to %s", e.Human(l.ChunkBytes), l.Instances, e.Human(l.Unit),
		e.Human(from), e.Size(p.TargetBytes)))
	return p
}

// chunkedMariaDB reports whether MariaDB v lays its pool out in chunks x
// instances, as MySQL 5.7 does: from 10.2.2 (online resizing, chunks) to
// before 10.5, which has one instance (MDEV-15058).
func chunkedMariaDB(v profile.Version) bool {
	return v.AtLeast(10, 2, 2) && v.Less(profile.Version{Major: 10, Minor: 5})
}

// instancesFor is innodb_buffer_pool_instances for a pool of the given
// size: the value set, else MySQL's default (8 from a 1G pool, 1 below:
// MySQL 8.0 manual, innodb_buffer_pool_instances).
func (e Env) instancesFor(poolBytes uint64) int {
	if e.F.Set["innodb_buffer_pool_instances"] {
		return e.F.BufferPoolInstances
	}
	if poolBytes >= gib {
		return 8
	}
	return 1
}

// joinCap adds a reason to PoolPlan.Cap.
func joinCap(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// PoolCapText is what the server's build or layout did to the pool target
// (PoolPlan.Cap) as a sentence, "" when nothing.
func (e Env) PoolCapText() string {
	if c := e.PoolSizing().Cap; c != "" {
		return upperFirst(c) + "."
	}
	return ""
}
