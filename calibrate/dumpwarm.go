package calibrate

import (
	"context"
	"time"

	"github.com/mytune/mytune/profile"
)

// WarmShare is the most of --duration the warm-up may take.
const WarmShare = 0.15

// CheckpointWarmPct ends the warm-up once the checkpoint age is this share
// of the redo log: MariaDB starts flushing pages to advance the checkpoint
// at its async point, 7/8 of the log's usable capacity (storage/innobase/
// log/log0log.cc, log_set_capacity), and a restore through a stock 96 MiB
// redo log runs there from its first ~50 MB on (scripts/calib-sweep.sh,
// card bed: the checkpoint age sat at 77–84% of the log for the whole load).
const CheckpointWarmPct = 70.0

// warmUp loads at n sessions until the checkpoint age, the bytes loaded or
// the time (limit) says the server is past its empty-pool start: a restore
// larger than the pool spends nearly all its time flushing (the last
// session's full myloader restores: 159 MB through a 128 MiB pool), and
// steps taken into an empty pool measured 5–8x the rate of the rest (the
// first steps of a cold run on the card bed: 6.7 and 9.8 MB/s against ~1
// MB/s). The sessions stay active after it: the first step (the most
// sessions) starts without a pause.
func warmUp(ctx context.Context, g *gang, o DumpOptions, n int, limit time.Duration) (*profile.DumpWarmup, error) {
	smp := g.eng.sample
	w := &profile.DumpWarmup{Threads: n, TargetBytes: warmTarget(o, smp)}
	a := g.read(ctx)
	g.setActive(n)
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	c := a.c
	var err error
	last := []reading{a} // the ticks of the last second
	for w.Reached == "" && err == nil {
		select {
		case <-ctx.Done():
			err = ctx.Err()
		case <-g.failed:
			err = g.err(ctx)
		case <-g.dry:
			w.Reached = "sample"
		case <-tick.C:
			c = readCounters(ctx, g.eng.db, g.eng.logFileBytes)
			last = append(last, reading{c: c, sent: g.eng.sent.Load()})
			for len(last) > 2 && c.at.Sub(last[1].c.at) >= time.Second {
				last = last[1:]
			}
			w.Reached = warmReached(c, g.eng.sent.Load()-a.sent, w.TargetBytes, c.at.Sub(a.c.at), limit)
		}
	}
	w.DurationS, w.Bytes = time.Since(a.c.at).Seconds(), g.eng.sent.Load()-a.sent
	w.Regime = regimeOf(a.c, c)
	if ww := (window{last[0], last[len(last)-1]}); ww.secs() > 0 {
		w.EndMBPerS = float64(ww.sent()) / ww.secs() / 1e6
	}
	smp.loaded += w.Bytes
	return w, err
}

// warmReached says whether the warm-up is over and why ("" while not):
// the checkpoint age, the bytes, or the time; never before minStep, so
// that every session is loading when the first window opens (a server
// left busy by another load starts at a high checkpoint age: 0.3 s of
// warm-up on the fast bed, 2026-12-01).
func warmReached(c counters, bytes, target uint64, took, limit time.Duration) string {
	if took < minStep {
		return ""
	}
	if v, ok := c.checkpointShare(); ok && v >= CheckpointWarmPct {
		return "checkpoint_age"
	}
	if bytes >= target {
		return "bytes"
	}
	if took >= limit {
		return "time"
	}
	return ""
}

// warmTarget is the bytes that fill the buffer pool with the load's pages,
// or half the dump when the pool holds more than that (the pool then takes
// the whole restore without writing pages back, and the warm-up only
// passes the restore's start); capped by the step share. The dump is its
// data uncompressed (Source.DataBytes), the bytes the warm-up counts as it
// sends them; the files' size on disk only when that is unknown.
func warmTarget(o DumpOptions, smp *sample) uint64 {
	data := o.Source.DataBytes
	if data == 0 {
		data = o.Source.FileBytes
	}
	t := data / 2
	if smp.poolBytes > 0 && smp.poolBytes < t {
		t = smp.poolBytes
	}
	return min(t, smp.share)
}
