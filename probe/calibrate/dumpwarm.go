package calibrate

import (
	"context"
	"database/sql"
	"time"
)

// Warmup is the untimed load before the first step: at the most sessions,
// until the server is in the regime a restore spends its time in.
type Warmup struct {
	DurationS float64 `json:"duration_s"`
	Bytes     uint64  `json:"bytes"`
	Threads   int     `json:"threads"`
	// Reached says what ended it: "checkpoint_age" (the redo log
	// CheckpointWarmPct full: InnoDB is flushing pages to advance the
	// checkpoint), "bytes" (TargetBytes loaded: the buffer pool's size,
	// or half the dump when that is smaller), "time" (WarmShare of the run)
	// or "sample" (the sampled files ran out).
	Reached     string      `json:"reached"`
	TargetBytes uint64      `json:"target_bytes"`
	Regime      *StepRegime `json:"regime,omitempty"`
}

// WarmShare is the most of --duration the warm-up may take.
const WarmShare = 0.25

// CheckpointWarmPct ends the warm-up once the checkpoint age is this share
// of the redo log: MariaDB starts flushing pages to advance the checkpoint
// at its async point, 7/8 of the log's usable capacity (storage/innobase/
// log/log0log.cc, log_set_capacity), and a restore through a stock 96 MiB
// redo log runs there from its first ~50 MB on (scripts/calib-sweep.sh,
// card bed: the checkpoint age sat at 77–84% of the log for the whole load).
const CheckpointWarmPct = 70.0

// warmUp loads at n sessions until the checkpoint age, the bytes loaded or
// the time says the server is past its empty-pool start: a restore larger
// than the pool spends nearly all its time flushing (the last session's
// full myloader restores: 159 MB through a 128 MiB pool), and steps taken
// into an empty pool measured 5–8x the rate of the rest (the first steps of
// a cold run on the card bed: 6.7 and 9.8 MB/s against ~1 MB/s).
func warmUp(ctx context.Context, db *sql.DB, o DumpOptions, smp *sample, n int, logBytes uint64) (*Warmup, error) {
	w := &Warmup{Threads: n, TargetBytes: warmTarget(o, smp)}
	st := &loadStep{db: db, o: o, sample: smp, n: n, slice: time.Duration(WarmShare * float64(o.Duration)), logFileBytes: logBytes}
	st.until = func(c counters) bool {
		if v, ok := c.checkpointShare(); ok && v >= CheckpointWarmPct {
			w.Reached = "checkpoint_age"
			return true
		}
		if st.used.Load() >= w.TargetBytes {
			w.Reached = "bytes"
			return true
		}
		return false
	}
	s, err := st.run(ctx, 0, func(float64) {})
	w.DurationS, w.Bytes, w.Regime = s.DurationS, s.Bytes, s.Regime
	smp.loaded += s.Bytes
	switch {
	case w.Reached != "":
	case s.RanOut:
		w.Reached = "sample"
	default:
		w.Reached = "time"
	}
	return w, err
}

// warmTarget is the bytes that fill the buffer pool with the load's pages,
// or half the dump when the pool holds more than that (the pool then takes
// the whole restore without writing pages back, and the warm-up only
// passes the restore's start); capped by the step share.
func warmTarget(o DumpOptions, smp *sample) uint64 {
	t := o.Source.FileBytes / 2
	if smp.poolBytes > 0 && smp.poolBytes < t {
		t = smp.poolBytes
	}
	return min(t, smp.share)
}
