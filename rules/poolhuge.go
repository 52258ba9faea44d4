package rules

import "fmt"

// hugePagePoolShare is the share of the huge page pool a buffer pool is
// held to with large_pages = ON: InnoDB allocates each chunk's block
// descriptors (buf_block_t, a few hundred bytes per 16 KiB page: MySQL
// source, buf0buf.cc buf_chunk_init, "Reserve space for the block
// descriptors") in the same large-page mapping as its pages, so a pool
// as large as the huge pages does not fit them. 5% is mytune's margin,
// twice the 400 / 16384 = 2.4% of those descriptors.
const hugePagePoolShare = 0.95

// HugePagesPoolCapBytes is the largest buffer pool the huge page pool
// holds with large_pages = ON (hugePagePoolShare of it); 0 when large
// pages are off or no huge page pool is set aside.
func (e Env) HugePagesPoolCapBytes() uint64 {
	hp := e.Host.Memory.HugePagesBytes
	if !e.F.LargePages() || hp == 0 || hp >= e.Host.Memory.TotalBytes {
		return 0
	}
	return uint64(float64(hp) * hugePagePoolShare)
}

// Where the buffer pool is sized to live with large_pages = ON (Env.hugePool).
const (
	hugePoolUnset int8 = iota // large pages off, no huge page pool, or an Env not built by NewEnv
	hugePoolIn                // in the huge pages: sized on all RAM, held to HugePagesPoolCapBytes
	hugePoolOut               // in ordinary pages: sized on RAM less the huge pages, which stay idle
)

// decideHugePool picks, with large_pages = ON and a huge page pool, the
// larger of the two pools the server can have: one held to the huge
// pages (the rest of RAM for everything else), or one in the ordinary
// pages left beside them, where InnoDB puts a pool the huge pages cannot
// hold (a 64 GiB host with 1 GiB of huge pages and an 8G pool runs it in
// ordinary pages; holding it to 896M would starve it).
func (e Env) decideHugePool() int8 {
	if e.HugePagesPoolCapBytes() == 0 {
		return hugePoolUnset
	}
	in, out := e, e
	in.hugePool, out.hugePool = hugePoolIn, hugePoolOut
	if out.basePoolPlan().TargetBytes > in.basePoolPlan().TargetBytes {
		return hugePoolOut
	}
	return hugePoolIn
}

// capPoolHugePages holds the pool target of a server with large_pages =
// ON to the huge page pool (HugePagesPoolCapBytes). A larger pool does not
// fit there and InnoDB falls back to ordinary pages (MySQL 8.4 manual,
// "Enabling Large Page Support": "If InnoDB cannot use large pages, it
// falls back to use of traditional memory"), where only RAM less the
// huge pages is left: the pool sized on the whole RAM would then swap or
// meet the OOM killer, with the huge pages idle.
func (e Env) capPoolHugePages(p PoolPlan) PoolPlan {
	limit := e.HugePagesPoolCapBytes()
	if e.hugePool != hugePoolIn || limit == 0 || p.TargetBytes <= limit {
		return p
	}
	if p.SizedBytes == 0 {
		p.SizedBytes = p.TargetBytes
	}
	p.TargetBytes = RoundPoolDown(limit)
	if p.TargetBytes == 0 {
		p.TargetBytes = limit / mib * mib
	}
	p.Cap = joinCap(p.Cap, fmt.Sprintf("with large_pages = ON the pool lives in the %s huge page pool (HugePages_Total x "+
		"Hugepagesize), and a larger pool falls back to ordinary pages, where only %s (RAM less the huge pages) is left, "+
		"so the pool is held to %s (%.0f%% of the huge pages: InnoDB keeps its block descriptors in the same mapping), "+
		"more than a pool in those ordinary pages could be; raise vm.nr_hugepages for a larger one", e.Human(e.Host.Memory.HugePagesBytes),
		e.Human(e.Host.Memory.OrdinaryBytes()), e.Size(p.TargetBytes), hugePagePoolShare*100))
	return p
}
