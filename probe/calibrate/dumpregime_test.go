package calibrate

import (
	"math"
	"testing"
	"time"

	"github.com/mytune/mytune/probe/dump"
)

// TestServerRates: a step is measured by the redo LSN over its window when
// both readings have it, by the rows inserted when not (and only with
// enough statements in the window), and by the sessions' commits when the
// server counted rows the step did not load.
func TestServerRates(t *testing.T) {
	t0 := time.Unix(1000, 0)
	read := func(at time.Duration, rows, lsn uint64, hasLSN bool) counters {
		return counters{at: t0.Add(at), ok: true, rowsInserted: rows, lsn: lsn, hasLSN: hasLSN}
	}
	tests := []struct {
		name          string
		first, last   counters
		end           counters
		sessionBytes  uint64
		sessionRows   uint64
		statements, n int
		basis         string
		mbPerS        float64
		foreign       bool
	}{
		// 10 MB committed for 20 MB of redo over the whole step; 8 MB of redo
		// in a 2 s window is 4 MB of dump a second
		{"redo", read(0, 0, 1e6, true), read(2*time.Second, 1000, 9e6, true), read(3*time.Second, 5000, 21e6, true),
			10e6, 5000, 10, 1, BasisRedo, 2, false},
		{"rows when no LSN (MySQL 8.0 before 8.0.30)", read(0, 0, 0, false), read(2*time.Second, 4000, 0, false), read(3*time.Second, 5000, 0, false),
			10e6, 5000, 10, 1, BasisServer, 4000 * 2000 / 2 / 1e6, false},
		{"rows too coarse: sessions", read(0, 0, 0, false), read(2*time.Second, 1000, 0, false), read(3*time.Second, 5000, 0, false),
			10e6, 5000, 10, 2, BasisSessions, 0, false},
		{"another session inserting: sessions", read(0, 0, 1e6, true), read(2*time.Second, 9000, 9e6, true), read(3*time.Second, 9000, 21e6, true),
			10e6, 5000, 10, 1, BasisSessions, 0, true},
		{"status unreadable: sessions", counters{}, counters{}, counters{}, 10e6, 5000, 10, 1, BasisSessions, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &loadStep{n: tt.n, sample: &sample{}, first: tt.first, last: tt.last, end: tt.end,
				sessions: []tally{{bytes: tt.sessionBytes, rows: tt.sessionRows, secs: 3}}}
			out := DumpSample{Basis: BasisSessions, Statements: tt.statements}
			s.serverRates(&out)
			if out.Basis != tt.basis || out.ForeignRows != tt.foreign {
				t.Fatalf("basis %q foreign %v, want %q %v", out.Basis, out.ForeignRows, tt.basis, tt.foreign)
			}
			if tt.basis != BasisSessions && math.Abs(out.MBPerS-tt.mbPerS) > 1e-9 {
				t.Errorf("MB/s %v, want %v", out.MBPerS, tt.mbPerS)
			}
			if s.sample.bytesSeen != tt.sessionBytes || s.sample.rowsSeen != tt.sessionRows {
				t.Errorf("seen %d bytes %d rows, want %d %d", s.sample.bytesSeen, s.sample.rowsSeen, tt.sessionBytes, tt.sessionRows)
			}
		})
	}
}

// TestRegimeOf: pool shares and the checkpoint age as a share of the redo
// log; no regime when a reading failed.
func TestRegimeOf(t *testing.T) {
	a := counters{ok: true, total: 8000, free: 4000, dirty: 800, flushed: 100}
	b := counters{ok: true, total: 8000, free: 800, dirty: 4000, flushed: 600, checkpointAge: 70 << 20, hasCheckpointAge: true, logFileBytes: 100 << 20}
	tests := []struct {
		name     string
		a, b     counters
		want     *StepRegime
		ckptWant float64
	}{
		{"MariaDB", a, b, &StepRegime{PoolFreePctStart: 50, PoolFreePct: 10, PoolDirtyPctStart: 10, PoolDirtyPct: 50, PagesFlushed: 500}, 70},
		{"no checkpoint age (MySQL)", a, counters{ok: true, total: 8000, free: 800}, &StepRegime{PoolFreePctStart: 50, PoolFreePct: 10, PoolDirtyPctStart: 10}, -1},
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
		want                   uint64
	}{
		{"pool smaller than half the dump", 400 << 20, 128 << 20, 256 << 20, 128 << 20},
		{"pool larger than the data", 159e6, 1 << 30, 256 << 20, 159e6 / 2},
		{"pool unknown", 159e6, 0, 256 << 20, 159e6 / 2},
		{"capped by the share", 4 << 30, 2 << 30, 256 << 20, 256 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := DumpOptions{Source: &dump.Source{FileBytes: tt.dumpBytes}}
			if got := warmTarget(o, &sample{poolBytes: tt.pool, share: tt.share}); got != tt.want {
				t.Errorf("warmTarget = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestStepOrder: round r runs the counts rotated by r.
func TestStepOrder(t *testing.T) {
	got := stepOrder([]int{1, 2, 4}, 3)
	want := []int{1, 2, 4, 2, 4, 1, 4, 1, 2}
	if len(got) != len(want) {
		t.Fatalf("stepOrder = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("stepOrder = %v, want %v", got, want)
		}
	}
}

// TestSliceFor: the time left, less the steps' expected overruns, shared;
// never under minStep.
func TestSliceFor(t *testing.T) {
	tests := []struct {
		name string
		left time.Duration
		rest []int
		over map[int]time.Duration
		want time.Duration
	}{
		{"no overrun yet", 12 * time.Second, []int{1, 2, 4}, nil, 4 * time.Second},
		{"8 sessions ran 3 s over", 12 * time.Second, []int{1, 8, 8}, map[int]time.Duration{8: 3 * time.Second}, 2 * time.Second},
		{"overruns eat the run: minStep", 4 * time.Second, []int{8, 8}, map[int]time.Duration{8: 5 * time.Second}, minStep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sliceFor(tt.left, tt.rest, tt.over); got != tt.want {
				t.Errorf("sliceFor = %v, want %v", got, tt.want)
			}
		})
	}
}
