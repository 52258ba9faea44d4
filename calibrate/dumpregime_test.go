package calibrate

import (
	"testing"

	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/profile"
)

// TestRegimeOf: pool shares and the checkpoint age as a share of the redo
// log; no regime when a reading failed.
func TestRegimeOf(t *testing.T) {
	a := counters{ok: true, total: 8000, free: 4000, dirty: 800, flushed: 100}
	b := counters{ok: true, total: 8000, free: 800, dirty: 4000, flushed: 600, checkpointAge: 70 << 20, hasCheckpointAge: true, logFileBytes: 100 << 20}
	tests := []struct {
		name     string
		a, b     counters
		want     *profile.StepRegime
		ckptWant float64
	}{
		{"MariaDB", a, b, &profile.StepRegime{PoolFreePctStart: 50, PoolFreePct: 10, PoolDirtyPctStart: 10, PoolDirtyPct: 50, PagesFlushed: 500}, 70},
		{"no checkpoint age (MySQL)", a, counters{ok: true, total: 8000, free: 800}, &profile.StepRegime{PoolFreePctStart: 50, PoolFreePct: 10, PoolDirtyPctStart: 10}, -1},
		{"unread", a, counters{}, nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := regimeOf(tt.a, tt.b)
			if (got == nil) != (tt.want == nil) {
				t.Fatalf("regime %+v, want %+v", got, tt.want)
			}
			if got == nil {
				return
			}
			if (got.CheckpointAgePct == nil) != (tt.ckptWant < 0) || got.CheckpointAgePct != nil && *got.CheckpointAgePct != tt.ckptWant {
				t.Errorf("checkpoint age %v, want %v", got.CheckpointAgePct, tt.ckptWant)
			}
			got.CheckpointAgePct = nil
			if *got != *tt.want {
				t.Errorf("regime %+v, want %+v", *got, *tt.want)
			}
		})
	}
}

// TestWarmTarget: the pool's size, or half the dump when smaller, capped by the step share.
func TestWarmTarget(t *testing.T) {
	tests := []struct {
		name                   string
		dumpBytes, pool, share uint64
		dataBytes              uint64 // uncompressed; 0: unknown
		want                   uint64
	}{
		{"pool smaller than half the dump", 400 << 20, 128 << 20, 256 << 20, 0, 128 << 20},
		{"pool larger than the data", 159e6, 1 << 30, 256 << 20, 0, 159e6 / 2},
		{"pool unknown", 159e6, 0, 256 << 20, 159e6, 159e6 / 2},
		{"capped by the share", 4 << 30, 2 << 30, 256 << 20, 0, 256 << 20},
		{"compressed dump: half its data uncompressed, not half the files", 40e6, 1 << 30, 256 << 20, 160e6, 80e6},
		{"compressed dump, pool smaller than half its data", 40e6, 64 << 20, 256 << 20, 160e6, 64 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := DumpOptions{Source: &dump.Source{FileBytes: tt.dumpBytes, DataBytes: tt.dataBytes}}
			if got := warmTarget(o, &sample{poolBytes: tt.pool, share: tt.share}); got != tt.want {
				t.Errorf("warmTarget = %d, want %d", got, tt.want)
			}
		})
	}
}
