package rules

import (
	"fmt"
	"math"
)

// The order the memory advice makes room for every connection's worst
// case (its buffers and one in-memory temporary table, QA 13) in, the
// cheapest remedy for the server first:
//  1. the buffer pool is sized as before the temporary-table term: on the
//     connections' buffers (bufConns, basePoolPlan), and their temporary
//     tables too where no step lowers those (tmpFixedBytes) and the pool
//     keeps the server's default beside them;
//  2. tmp_table_size is lowered to what is left per connection next to
//     that pool: a larger temporary table then goes to disk, slower for
//     that query, never a crash; not below T.TmpTableMinBytes;
//  3. only if that floor does not fit, max_connections is lowered, never
//     below what the server has used plus T.ConnUsedHeadroom nor below
//     T.MinMaxConnections (connFloor): fewer refuse clients;
//  4. only if those connections still do not fit is the pool shrunk to
//     what is left (PoolSizing on BudgetAfter).

// Steps of the memory plan (memPlan.Step).
const (
	memFits         = 1 // the temporary tables fit at the tmp_table_size in effect
	memTmpLowered   = 2 // tmp_table_size lowered
	memConnsLowered = 3 // tmp_table_size at its floor and max_connections lowered
	memPoolShrunk   = 4 // the pool shrunk as well
)

// memPlan is what the memory advice does to fit the connections' worst
// case, with the numbers it did it on.
type memPlan struct {
	Step      int
	PoolBytes uint64 // the pool the temporary tables are fitted next to
	RoomBytes uint64 // usable - reserve - PoolBytes - global buffers after the advice
	Conns     int    // max_connections after the advice
	TmpBytes  uint64 // tmp_table_size after the advice
	ConnFloor int    // the least max_connections step 3 may advise
}

// bufConns is max_connections as sized on the connections' buffers alone
// (the rule before the temporary-table term, dd35333^): the current value,
// lowered so their buffers take at most T.ConnMemoryFraction of usable
// memory and leave T.BufferPoolMinBytes for the pool next to the reserve;
// never below T.MinMaxConnections (unless lower already) nor below
// Max_used_connections, never raised.
func (e Env) bufConns() int {
	cur, per := max(e.F.MaxConnections, 0), e.BuffersAfterBytes()
	if !e.MemoryKnown() || per == 0 {
		return cur
	}
	share := int(e.T.ConnMemoryFraction * float64(e.EffectiveMemBytes()) / float64(per))
	fit := MaxConnectionsFit(e.budget(per, 0, e.GlobalAfterBytes()), e.T.BufferPoolMinBytes)
	return max(min(cur, share, fit), min(cur, e.T.MinMaxConnections), min(cur, e.MaxUsed()))
}

// sizePool sizes the pool on budget b, with a 32-bit build's limit, the
// huge page pool's with large_pages = ON (poolhuge.go) and MySQL's chunk x
// instances rounding applied last (poolfit.go).
func (e Env) sizePool(b MemoryBudget) PoolPlan {
	p := SizePool(PoolInputs{Budget: b, Fraction: e.T.BufferPoolFraction,
		WorkingSetBytes: e.WorkingSetBytes(), Headroom: e.T.DataHeadroom, ToMemory: e.PoolToMemory(),
		MinBytes: e.T.BufferPoolMinBytes, CurrentBytes: e.F.BufferPoolBytes, CapBytes: e.PoolGrowthCapBytes()})
	return e.alignPool(e.capPoolHugePages(e.capPool32Bit(p)))
}

// basePoolPlan is the pool as sized before the temporary-table term: next
// to bufConns connections' buffers, their temporary tables where no step
// lowers them (tmpFixedBytes) unless that leaves the pool below the
// server's default, and the global buffers (step 1).
func (e Env) basePoolPlan() PoolPlan {
	p, _ := e.basePoolPer()
	return p
}

// basePoolPer is basePoolPlan with what it kept for each connection: its
// buffers, or its buffers and its temporary table (tmpFixedBytes).
func (e Env) basePoolPer() (PoolPlan, uint64) {
	conns, buf, global := e.bufConns(), e.BuffersAfterBytes(), e.GlobalAfterBytes()
	bare := e.sizePool(e.budget(buf, conns, global))
	fixed := e.tmpFixedBytes(conns)
	if fixed == 0 {
		return bare, buf
	}
	per := satAdd(buf, fixed)
	if p := e.sizePool(e.budget(per, conns, global)); p.TargetBytes >= min(bare.TargetBytes, e.T.BufferPoolMinBytes) {
		return p, per
	}
	return bare, buf // the tables would take the pool below the server's default: fewer connections (step 3) instead
}

// tmpFixedBytes is one of conns connections' in-memory temporary table
// that no step of the plan makes smaller: at the tmp_table_size in effect
// when that is already at mytune's floor (T.TmpTableMinBytes) or cannot
// bound it (tmpLowerable); 0 otherwise, the temporary tables then getting
// what the pool leaves (steps 2-4). Counting it in step 1 is what makes
// the advice a fixed point: with the plan's own tmp_table_size 1M and
// max_connections applied, step 1 sized the pool on the buffers alone
// again and grew it into the room kept for those tables, and step 3
// lowered max_connections again (review r4, a 1 GiB cgroup: 500 -> 154
// with a 128M pool, then 154 -> 121 with 256M, advising the same profile
// twice; each further round would take more).
func (e Env) tmpFixedBytes(conns int) uint64 {
	if e.tmpLowerable() && e.F.TmpTableBytes > e.T.TmpTableMinBytes {
		return 0
	}
	return e.tmpCap(e.F.TmpTableBytes, conns)
}

// poolKeptBytes is the pool in effect once the step-1 advice is applied:
// basePoolPlan's target when the current pool does not fit its room or is
// advised up to it (poolGrows), else the current pool.
func (e Env) poolKeptBytes() uint64 {
	p, cur := e.basePoolPlan(), e.F.BufferPoolBytes
	if cur > p.RoomBytes || e.poolGrows(p.TargetBytes) {
		return p.TargetBytes
	}
	return cur
}

// connFloor is the least max_connections step 3 may advise: T.MinMaxConnections,
// and when the server was read, Max_used_connections times
// T.ConnUsedHeadroom, rounded up; never above cur.
func (e Env) connFloor(cur int) int {
	f := e.T.MinMaxConnections
	if u := e.MaxUsed(); u >= 0 {
		f = max(f, int(math.Ceil(float64(u)*e.T.ConnUsedHeadroom)))
	}
	return min(cur, f)
}

// memPlan works the four steps out (see the top of this file).
func (e Env) memPlan() memPlan {
	conns := e.bufConns()
	m := memPlan{Step: memFits, PoolBytes: e.poolKeptBytes(), Conns: conns, TmpBytes: e.F.TmpTableBytes}
	if !e.MemoryKnown() || conns <= 0 {
		return m
	}
	if used := satSum(e.ReserveBytes(), m.PoolBytes, e.GlobalAfterBytes()); used < e.EffectiveMemBytes() {
		m.RoomBytes = e.EffectiveMemBytes() - used
	}
	buf, each := e.BuffersAfterBytes(), m.RoomBytes/uint64(conns)
	if satAdd(buf, e.tmpCap(m.TmpBytes, conns)) <= each {
		return m
	}
	floor := min(e.F.TmpTableBytes, e.T.TmpTableMinBytes)
	if !e.tmpLowerable() {
		floor = e.F.TmpTableBytes
	} else if t := max((each-min(each, buf))/mib*mib, floor); satAdd(buf, e.tmpCap(t, conns)) <= each {
		// what a connection takes at t, not t itself: TempTable's block is 1 MiB whatever tmp_table_size
		m.Step, m.TmpBytes = memTmpLowered, t
		return m
	}
	m.Step, m.TmpBytes, m.ConnFloor = memConnsLowered, floor, e.connFloor(conns)
	fit := e.connsFit(m.RoomBytes, buf, floor)
	m.Conns = max(min(conns, fit), m.ConnFloor)
	if m.Conns > fit {
		m.Step = memPoolShrunk
	}
	return m
}

// MemoryStep is the step of the memory plan the advice took (1: the
// temporary tables fit; 2: tmp_table_size lowered; 3: max_connections
// lowered too; 4: the pool shrunk too).
func (e Env) MemoryStep() int { return e.memPlan().Step }

// PoolPlannedBytes is the pool the connections' temporary tables are
// fitted next to (memPlan.PoolBytes).
func (e Env) PoolPlannedBytes() uint64 { return e.memPlan().PoolBytes }

// connsText renders n connections.
func connsText(n int) string {
	if n == 1 {
		return "1 connection"
	}
	return fmt.Sprintf("%d connections", n)
}

// planConnsText names the connections the memory plan sizes the
// temporary tables for (bufConns): max_connections, or, when their
// buffers alone do not fit, the fewer they allow, said as such, so that
// memory.tmp_table_size_memory and memory.max_connections_memory give
// the same figure for the same thing (QA: one said "1339 connections"
// and the other "room for 1305" with 1339 nowhere explained).
func (e Env) planConnsText() string {
	conns := e.bufConns()
	if conns == e.F.MaxConnections {
		return connsText(conns)
	}
	return fmt.Sprintf("%s (max_connections %d lowered to what their buffers allow: %s)", connsText(conns), e.F.MaxConnections, e.bufConnsWhy(conns))
}

// bufConnsWhy says which bound of bufConns gave conns, with its figures
// (review r14: "lowered to what their buffers allow" gave 174 with no
// way to check it from the text).
func (e Env) bufConnsWhy(conns int) string {
	per := e.BuffersAfterBytes()
	if per == 0 {
		return "their buffers are not known"
	}
	share := int(e.T.ConnMemoryFraction * float64(e.EffectiveMemBytes()) / float64(per))
	switch conns {
	case share:
		return fmt.Sprintf("%s%% of the %s usable ÷ %s of buffers each (max_connections_memory_fraction)",
			e.N(e.T.ConnMemoryFraction*100), e.Human(e.EffectiveMemBytes()), e.Human(per))
	case e.MaxUsed():
		return "no fewer than the server has used at once (Max_used_connections)"
	case e.T.MinMaxConnections:
		return fmt.Sprintf("no fewer than mytune's floor of %d (max_connections_floor)", e.T.MinMaxConnections)
	}
	return fmt.Sprintf("what fits beside the %s reserve, %s of global buffers and the server's %s default pool, at %s each",
		e.Human(e.ReserveBytes()), e.Human(e.GlobalAfterBytes()), e.Human(e.T.BufferPoolMinBytes), e.Human(per))
}

// connFloorText says what connFloor kept max_connections at: what the
// server has used plus headroom, or mytune's floor.
func (e Env) connFloorText(floor int) string {
	if u := e.MaxUsed(); u >= 0 && floor > e.T.MinMaxConnections {
		return fmt.Sprintf("%d is the least kept: the server has used %s at once %s (Max_used_connections), plus %s%% headroom (max_connections_used_headroom); fewer would refuse clients it served",
			floor, connsText(u), e.maxUsedSince(), e.N((e.T.ConnUsedHeadroom-1)*100))
	}
	why := "no server was read, so what it uses is not known"
	if e.F.HasServer {
		why = "the server's status has no Max_used_connections"
	}
	if u := e.MaxUsed(); u >= 0 {
		why = fmt.Sprintf("the server has used %s at once (Max_used_connections), fewer with headroom", connsText(u))
	}
	return fmt.Sprintf("%d is the least kept: mytune's floor (max_connections_floor; %s)", floor, why)
}
