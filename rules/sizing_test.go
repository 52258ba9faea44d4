package rules

import (
	"math"
	"testing"
)

// TestSizePool covers the pool sizing of issue 20: to the working set with
// headroom, to memory, the 128M floor, and the caps of memory.
func TestSizePool(t *testing.T) {
	host23G := MemoryBudget{EffectiveBytes: 23 * tGiB, ReserveBytes: 2355 * tMiB, PerConnBytes: 3 * tMiB, MaxConnections: 151}
	none := uint64(math.MaxUint64)
	cases := []struct {
		name     string
		b        MemoryBudget
		ws       uint64 // working set: InnoDB data + indexes
		toMemory bool
		cur, cap uint64
		want     uint64
		held     string
	}{
		{"32G host, sized to memory", MemoryBudget{EffectiveBytes: 32 * tGiB, ReserveBytes: 3 * tGiB, PerConnBytes: 2 * tMiB, MaxConnections: 151}, 0, true, 128 * tMiB, none, 24 * tGiB, PoolHeldMemory},
		{"32G host, 4G working set", MemoryBudget{EffectiveBytes: 32 * tGiB, ReserveBytes: 3 * tGiB}, 4 * tGiB, false, 128 * tMiB, none, 6 * tGiB, PoolHeldData},
		{"issue 20: 181M data + 13M indexes on 23G: 291M rounded up", host23G, 194 * tMiB, false, 128 * tMiB, none, 384 * tMiB, PoolHeldData},
		{"issue 20: 40M data, 32M pool: the 128M default", host23G, 40 * tMiB, false, 32 * tMiB, none, 128 * tMiB, PoolHeldDefault},
		{"sysbench 240M on 128M: 360M rounded up", host23G, 240 * tMiB, false, 128 * tMiB, none, 384 * tMiB, PoolHeldData},
		{"1.1G working set: rounded up to 2G", host23G, 700 * tMiB, false, 128 * tMiB, none, 2 * tGiB, PoolHeldData},
		{"working set above memory: memory", MemoryBudget{EffectiveBytes: 4 * tGiB, ReserveBytes: 410 * tMiB}, 30 * tGiB, false, 128 * tMiB, none, 3 * tGiB, PoolHeldMemory},
		{"dedicated: memory, not the small data", host23G, 194 * tMiB, true, 128 * tMiB, none, 17 * tGiB, PoolHeldMemory},
		{"little available: growth capped", host23G, 10 * tGiB, false, 2 * tGiB, 6*tGiB + 100*tMiB, 6 * tGiB, PoolHeldAvailable},
		{"nothing available: the pool stays", host23G, 40 * tMiB, false, 32 * tMiB, 32 * tMiB, 32 * tMiB, PoolHeldAvailable},
		{"1G Pi, sized to memory", MemoryBudget{EffectiveBytes: tGiB, ReserveBytes: 256 * tMiB, PerConnBytes: 2 * tMiB, MaxConnections: 151}, 0, true, 128 * tMiB, none, 384 * tMiB, PoolHeldMemory},
		{"connections eat it all: nothing fits, nothing recommended", MemoryBudget{EffectiveBytes: tGiB, ReserveBytes: 256 * tMiB, PerConnBytes: 10 * tMiB, MaxConnections: 100}, 0, true, 128 * tMiB, none, 0, PoolHeldNone},
		{"room below one chunk", MemoryBudget{EffectiveBytes: tGiB, ReserveBytes: 900 * tMiB}, 0, true, 128 * tMiB, none, 124 * tMiB, PoolHeldRoom},
		{"3M left: below InnoDB's 5M minimum", MemoryBudget{EffectiveBytes: 259 * tMiB, ReserveBytes: 256 * tMiB}, 0, true, 128 * tMiB, none, 0, PoolHeldNone},
		{"1 MiB cgroup limit", MemoryBudget{EffectiveBytes: tMiB, ReserveBytes: 256 * tMiB}, 0, true, 128 * tMiB, none, 0, PoolHeldNone},
		{"tiny data still gets the 128M default", MemoryBudget{EffectiveBytes: 8 * tGiB, ReserveBytes: tGiB}, 10 * tMiB, false, 128 * tMiB, none, 128 * tMiB, PoolHeldDefault},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := SizePool(PoolInputs{Budget: tc.b, Fraction: 0.75, WorkingSetBytes: tc.ws, Headroom: 1.5,
				ToMemory: tc.toMemory, MinBytes: 128 * tMiB, CurrentBytes: tc.cur, CapBytes: tc.cap})
			if p.TargetBytes != tc.want || p.HeldBy != tc.held {
				t.Errorf("got %d MiB held by %s, want %d MiB held by %s (%+v)", p.TargetBytes/tMiB, p.HeldBy, tc.want/tMiB, tc.held, p)
			}
			if p.TargetBytes > tc.b.PoolRoom() {
				t.Errorf("%d above what is left %d", p.TargetBytes, tc.b.PoolRoom())
			}
		})
	}
}

func TestRoundPoolUp(t *testing.T) {
	cases := []struct {
		name     string
		in, want uint64
	}{
		{"whole chunk stays", 256 * tMiB, 256 * tMiB},
		{"291M up to 384M", 291 * tMiB, 384 * tMiB},
		{"60M up to one chunk", 60 * tMiB, 128 * tMiB},
		{"just below 1G up to 1G", 1000 * tMiB, tGiB},
		{"1.05G up to 2G (1G units from 1G)", 1075 * tMiB, 2 * tGiB},
		{"60G stays", 60 * tGiB, 60 * tGiB},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := RoundPoolUp(tc.in); got != tc.want {
				t.Errorf("RoundPoolUp(%d MiB) = %d MiB, want %d MiB", tc.in/tMiB, got/tMiB, tc.want/tMiB)
			}
		})
	}
}

func TestRedoSize(t *testing.T) {
	cases := []struct {
		name string
		rate float64
		pool uint64
		want uint64
	}{
		{"from rate: 1 MiB/s for an hour", float64(tMiB), 0, 3712 * tMiB},
		{"from pool: as large as 8G", 0, 8 * tGiB, 8 * tGiB},
		{"tiny pool hits the minimum", 0, 128 * tMiB, 128 * tMiB},
		{"huge rate hits the maximum", 100 * float64(tMiB), 0, 16 * tGiB},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := RedoSize(tc.rate, 1, tc.pool, 1, 128*tMiB, 16*tGiB); got != tc.want {
				t.Errorf("got %d MiB, want %d MiB", got/tMiB, tc.want/tMiB)
			}
		})
	}
}

func TestIOCapacity(t *testing.T) {
	cases := []struct {
		name             string
		qd1, peak        float64
		wantCap, wantMax int
	}{
		{"SD card", 45, 57, 100, 100},
		{"card peaking at 40: the peak rounds to the minimum 100, not 0", 30, 40, 100, 100},
		{"HDD", 150, 215, 100, 200},
		{"QA 13 sd bed: a 150 peak rounds down to 100, not up to 200", 150, 150, 100, 100},
		{"a 380 peak rounds down to 300", 400, 380, 200, 300},
		{"SATA SSD", 6500, 21000, 3300, 6600},
		{"200 on a disk peaking at 8,147: the servers' floor of 2000, not 400", 400, 8147, 200, 2000},
		{"200 on a disk peaking at 1,250: the peak, not 2000", 400, 1250, 200, 1200},
		{"NVMe capped at 20000", 90000, 400000, 20000, 40000},
		{"unmeasured", 0, 0, 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := IOCapacity(tc.qd1, 0.5)
			if c != tc.wantCap {
				t.Errorf("capacity %d, want %d", c, tc.wantCap)
			}
			if m := IOCapacityMax(uint64(c), tc.peak); m != uint64(tc.wantMax) || m < uint64(c) {
				t.Errorf("max %d, want %d (and >= capacity %d)", m, tc.wantMax, c)
			}
		})
	}
}

func TestCommitsPerSec(t *testing.T) {
	cases := []struct {
		name   string
		ops    float64
		flush  int
		sync   uint64
		logBin bool
		want   float64
	}{
		{"SD card, binlog on (DESIGN.md: 8.0 pays two syncs)", 40, 1, 1, true, 20},
		{"SD card, binlog off", 40, 1, 1, false, 40},
		{"flush_log 2, sync_binlog 0: no sync at commit", 40, 2, 0, true, 40},
		{"unmeasured", 0, 1, 1, true, 0},
		{"MariaDB flush_log 3, binlog off: one redo sync", 40, 3, 1, false, 40},
		{"MariaDB flush_log 3, binlog on: prepare, binlog and commit syncs", 60, 3, 1, true, 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := CommitsPerSec(tc.ops, SyncsPerCommit(tc.flush, tc.logBin, tc.sync)); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestMaxConnectionsFit(t *testing.T) {
	b := MemoryBudget{EffectiveBytes: 8 * tGiB, ReserveBytes: tGiB, PerConnBytes: 2 * tMiB}
	if got := MaxConnectionsFit(b, 5*tGiB); got != 1024 {
		t.Errorf("got %d, want 1024", got)
	}
	if got := MaxConnectionsFit(b, 8*tGiB); got != 0 {
		t.Errorf("over-committed: got %d, want 0", got)
	}
}
