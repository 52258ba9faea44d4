package rules

import (
	"fmt"
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Connections and buffer pool misses as rule expressions see them, from
// the server's status counters (rules.Usage).

// MaxUsed is Max_used_connections, -1 when unknown.
func (e Env) MaxUsed() int {
	if e.F.Usage.MaxUsedConnections < 0 {
		return -1
	}
	return int(e.F.Usage.MaxUsedConnections)
}

// MaxUsedText says how many connections the server has used since start,
// or "" when the status does not say.
func (e Env) MaxUsedText() string {
	if e.MaxUsed() < 0 {
		return ""
	}
	conns := "connections"
	if e.MaxUsed() == 1 {
		conns = "connection"
	}
	return fmt.Sprintf("The server has used at most %d %s at once %s (Max_used_connections).",
		e.MaxUsed(), conns, e.maxUsedSince())
}

// maxUsedSince says over what time Max_used_connections was kept: since
// the server started, or since a FLUSH STATUS, which sets it to the
// connections open then (Usage.SinceFlushS).
func (e Env) maxUsedSince() string {
	if s := e.F.Usage.SinceFlushS; s >= 0 {
		return "since FLUSH STATUS " + upFor2(s) + " ago"
	}
	return "since it started " + upFor2(e.F.UptimeS) + " ago"
}

// upFor2 renders an uptime in s, min, h or days.
func upFor2(s float64) string {
	switch {
	case s >= 2*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s >= 3600:
		return fmt.Sprintf("%.1f h", s/3600)
	}
	return upFor(s)
}

// ConnectionsRefused is true when clients were refused at max_connections
// (Connection_errors_max_connections above 0) or the server reached it
// with connections besides the reader's own (Usage.OthersAtPeak): seen
// live on MariaDB 10.11.19 at max_connections 10, nine idle application
// sessions and mytune's made Max_used_connections 10 with none refused
// (Connection_errors_max_connections 0), and max_connections was advised
// up for them.
func (e Env) ConnectionsRefused() bool {
	u := e.F.Usage
	return e.F.MaxConnections > 0 && (u.ConnErrorsMax > 0 || u.OthersAtPeak() >= float64(e.F.MaxConnections))
}

// MaxConnectionsRaise is max_connections raised by T.ConnGrowRatio, held
// to what memory allows: all connections' buffers within
// T.ConnMemoryFraction of usable memory and room left for the pool the
// advice leaves (PoolAfterBytes) next to the reserve and the global
// buffers; never below the current value. QA: next to the current 128M
// pool a 768 MiB cgroup got 40 → 60 while the pool was advised up to 256M:
// 60 x 4.9 MiB did not fit next to it, and the next run lowered it to 56.
func (e Env) MaxConnectionsRaise() int {
	cur := e.F.MaxConnections
	want := int(math.Ceil(float64(cur) * e.T.ConnGrowRatio))
	per := e.PerConnAfterBytes()
	if !e.MemoryKnown() || per == 0 {
		return cur
	}
	share := int(e.T.ConnMemoryFraction * float64(e.EffectiveMemBytes()) / float64(per))
	fit := MaxConnectionsFit(e.budget(per, 0, e.GlobalAfterBytes()), e.PoolAfterBytes())
	return max(min(want, share, fit), cur)
}

// PoolAfterBytes is innodb_buffer_pool_size once the advice is applied:
// BufferPoolTarget when memory.buffer_pool_small grows the pool or
// memory.buffer_pool_over_memory shrinks it, else the pool in effect.
func (e Env) PoolAfterBytes() uint64 {
	if t := e.BufferPoolTarget(); t > 0 && (e.BufferPoolGrows() || e.F.BufferPoolBytes > e.PoolRoomAfterBytes()) {
		return t
	}
	return e.F.BufferPoolBytes
}

// ReadIOPS is the measured 16K random-read IOPS at n threads (0 if not measured).
func (e Env) ReadIOPS(n int) float64 {
	p, _ := profile.At(e.Storage.RandRead, n)
	return p.IOPS
}

// SlowReads is true when the disk measured fewer than T.SlowReadIOPS
// random 16K reads/s with one thread.
func (e Env) SlowReads() bool {
	r := e.ReadIOPS(1)
	return e.Measured && r > 0 && r < e.T.SlowReadIOPS
}

// PoolMissText gives the buffer pool's misses with their numbers: the hit
// ratio, the disk reads since start and per second against what the disk
// measured.
func (e Env) PoolMissText() string {
	u := e.F.Usage
	s := fmt.Sprintf("%s of %s page requests missed the pool since the server started (hit ratio %s, below %s)",
		e.N(u.PoolReads), e.N(u.PoolReadRequests), e.Pct(u.HitRatio()), e.Pct(e.T.PoolMinHitRatio))
	if load := e.PoolLoadPagesMax(); load > 0 {
		s = fmt.Sprintf("%s of %s page requests missed the pool since the server started beyond the %s pages its start-up load "+
			"can have read (innodb_buffer_pool_load_at_startup reads back innodb_buffer_pool_dump_pct of the pool's %s pages and "+
			"counts them as misses; %s reads in all): a hit ratio of %s, below %s",
			e.N(e.PoolMissesBeyondLoad()), e.N(u.PoolReadRequests), e.N(load), e.N(e.F.PoolTotalPages), e.N(u.PoolReads),
			e.Pct(e.PoolHitRatioBeyondLoad()), e.Pct(e.T.PoolMinHitRatio))
	}
	if e.F.UptimeS > 0 {
		perS := e.PoolMissesBeyondLoad() / e.F.UptimeS
		s += fmt.Sprintf(", %s disk reads/s on average over %s, %s of the %s random 16K reads/s this disk measured with one thread",
			e.N1(perS), upFor2(e.F.UptimeS), e.Pct(perS/e.ReadIOPS(1)), e.N(e.ReadIOPS(1)))
		if perS > e.ReadIOPS(1) {
			s += " (more than it can do: the OS page cache served the rest, memory the pool could hold)"
		}
	}
	return s
}

// OnLinux is true on Linux: Host.OS is "linux" or "linux (Debian GNU/Linux
// 12 (bookworm))" (issue 11: a test for == 'linux' never fired), and the
// server read, if it says, was built for Linux (version_compile_os
// "Linux", "debian-linux-gnu"): a Windows server's capture takes only
// unbuffered or normal for innodb_flush_method (MySQL 8.0 manual).
func (e Env) OnLinux() bool {
	if os := strings.ToLower(e.F.CompileOS); os != "" && !strings.Contains(os, "linux") {
		return false // a capture or server built for Windows, macOS, a BSD: not this Linux host's rules
	}
	return strings.HasPrefix(strings.ToLower(e.Host.OS), "linux")
}

// MaxConnectionsReason says why MaxConnectionsAfter is what it is, with
// the numbers: the connections' buffers within the memory share (the rule
// before the temporary-table term), or, when even tmp_table_size at its
// floor does not fit next to the pool planned, how many do (memPlan step
// 3), held to what the server has used plus headroom or mytune's floor,
// and then the pool shrunk to what is left (step 4).
func (e Env) MaxConnectionsReason() string {
	m, buf := e.memPlan(), e.BuffersAfterBytes()
	if m.Step < memConnsLowered {
		return e.bufConnsReason()
	}
	per := satAdd(buf, e.tmpCap(m.TmpBytes, m.Conns))
	at := fmt.Sprintf("With tmp_table_size at %s, the least mytune advises (tmp_table_min_bytes)", e.Human(m.TmpBytes))
	if !e.tmpLowerable() {
		at = fmt.Sprintf("With tmp_table_size at %s (before MySQL 8.0.28 it does not bound a TempTable table, so lowering it frees nothing)", e.Human(m.TmpBytes))
	}
	s := fmt.Sprintf("Sized for %s, the connections do not fit even with their temporary tables lowered (memory.tmp_table_size_memory). %s, each connection takes %s (%s of buffers and its share of the temporary tables); %s is left for them next to a %s buffer pool, the %s reserve and %s, room for %d",
		e.planConnsText(), at, e.Human(per), e.Human(buf), e.Human(m.RoomBytes), e.Human(m.PoolBytes), e.Human(e.ReserveBytes()),
		e.globalText(e.GlobalAfterBytes()), e.connsFit(m.RoomBytes, buf, m.TmpBytes))
	if m.Step == memConnsLowered && m.Conns > m.ConnFloor {
		return s + fmt.Sprintf(": %d fit (never fewer than %d: %s)", m.Conns, m.ConnFloor, e.connFloorText(m.ConnFloor))
	}
	s += ". " + e.connFloorText(m.ConnFloor)
	if m.Step == memPoolShrunk {
		s += fmt.Sprintf(", though %d x %s = %s do not fit next to that pool: the buffer pool is held to what is left, %s (give the server more memory or put a connection pool in front)",
			m.Conns, e.Human(per), e.Human(float64(per)*float64(m.Conns)), e.Size(e.BufferPoolTarget()))
	}
	return s
}

// bufConnsReason says which bound set bufConns: the buffers' memory share,
// what the server has used (Max_used_connections), or the floor.
func (e Env) bufConnsReason() string {
	after, per := e.bufConns(), e.BuffersAfterBytes()
	worst := e.Human(float64(per) * float64(after))
	share := int(e.T.ConnMemoryFraction * float64(e.EffectiveMemBytes()) / float64(max(per, 1)))
	memFit := min(share, MaxConnectionsFit(e.budget(per, 0, e.GlobalAfterBytes()), e.T.BufferPoolMinBytes))
	switch {
	case after <= memFit:
		return fmt.Sprintf("%d keeps their buffers (%d x %s = %s) within %s%% of usable memory and leaves at least %s for the buffer pool next to the %s reserve; their in-memory temporary tables get what is left after the pool (memory.tmp_table_size_memory)",
			after, after, e.Human(per), worst, e.N(e.T.ConnMemoryFraction*100), e.Human(e.T.BufferPoolMinBytes), e.Human(e.ReserveBytes()))
	case after == e.MaxUsed():
		return fmt.Sprintf("%d is the most the server has had open at once (Max_used_connections, %s): fewer would refuse clients it served, though %d x %s of buffers = %s is more than memory allows (%d): lower the per-connection buffers or give the server more memory",
			after, e.maxUsedSince(), after, e.Human(per), worst, memFit)
	}
	return fmt.Sprintf("%d is the floor mytune keeps (max_connections_floor), though %d x %s of buffers = %s is more than memory allows (%d): lower the per-connection buffers or give the server more memory",
		after, after, e.Human(per), worst, memFit)
}

// ReadP50US is the measured p50 of 16K random reads at n threads (0 if not measured).
func (e Env) ReadP50US(n int) float64 {
	p, _ := profile.At(e.Storage.RandRead, n)
	return p.P50US
}
