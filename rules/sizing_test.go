package rules

import "testing"

func TestBufferPoolSize(t *testing.T) {
	cases := []struct {
		name string
		b    MemoryBudget
		data uint64
		want uint64
	}{
		{"32G host, unknown data", MemoryBudget{EffectiveBytes: 32 * tGiB, ReserveBytes: 3 * tGiB, PerConnBytes: 2 * tMiB, MaxConnections: 151}, 0, 24 * tGiB},
		{"32G host, 4G data", MemoryBudget{EffectiveBytes: 32 * tGiB, ReserveBytes: 3 * tGiB}, 4 * tGiB, 6 * tGiB},
		{"1G Pi", MemoryBudget{EffectiveBytes: tGiB, ReserveBytes: 256 * tMiB, PerConnBytes: 2 * tMiB, MaxConnections: 151}, 0, 384 * tMiB},
		{"connections eat it all: nothing fits, nothing recommended", MemoryBudget{EffectiveBytes: tGiB, ReserveBytes: 256 * tMiB, PerConnBytes: 10 * tMiB, MaxConnections: 100}, 0, 0},
		{"room below one chunk", MemoryBudget{EffectiveBytes: tGiB, ReserveBytes: 900 * tMiB}, 0, 124 * tMiB},
		{"3M left: below InnoDB's 5M minimum", MemoryBudget{EffectiveBytes: 259 * tMiB, ReserveBytes: 256 * tMiB}, 0, 0},
		{"1 MiB cgroup limit", MemoryBudget{EffectiveBytes: tMiB, ReserveBytes: 256 * tMiB}, 0, 0},
		{"tiny data still gets the 128M default", MemoryBudget{EffectiveBytes: 8 * tGiB, ReserveBytes: tGiB}, 10 * tMiB, 128 * tMiB},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := BufferPoolSize(tc.b, 0.75, tc.data, 1.5, 128*tMiB)
			if got != tc.want {
				t.Errorf("got %d MiB, want %d MiB", got/tMiB, tc.want/tMiB)
			}
			if got > tc.b.PoolRoom() {
				t.Errorf("%d above what is left %d", got, tc.b.PoolRoom())
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
		{"from pool: quarter of 8G", 0, 8 * tGiB, 2 * tGiB},
		{"tiny pool hits the minimum", 0, 128 * tMiB, 128 * tMiB},
		{"huge rate hits the maximum", 100 * float64(tMiB), 0, 16 * tGiB},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := RedoSize(tc.rate, 1, tc.pool, 128*tMiB, 16*tGiB); got != tc.want {
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
		{"SATA SSD", 6500, 21000, 3300, 6600},
		{"NVMe capped at 20000", 90000, 400000, 20000, 40000},
		{"unmeasured", 0, 0, 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := IOCapacity(tc.qd1, 0.5)
			if c != tc.wantCap {
				t.Errorf("capacity %d, want %d", c, tc.wantCap)
			}
			if m := IOCapacityMax(c, tc.peak); m != tc.wantMax || m < c {
				t.Errorf("max %d, want %d (and >= capacity %d)", m, tc.wantMax, c)
			}
		})
	}
}

func TestCommitsPerSec(t *testing.T) {
	cases := []struct {
		name        string
		ops         float64
		flush, sync int
		logBin      bool
		want        float64
	}{
		{"SD card, binlog on (DESIGN.md: 8.0 pays two syncs)", 40, 1, 1, true, 20},
		{"SD card, binlog off", 40, 1, 1, false, 40},
		{"flush_log 2, sync_binlog 0: no sync at commit", 40, 2, 0, true, 40},
		{"unmeasured", 0, 1, 1, true, 0},
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
