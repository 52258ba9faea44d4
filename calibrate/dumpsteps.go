package calibrate

import (
	"context"
	"database/sql"
	"slices"
	"time"

	"github.com/mytune/mytune/profile"
)

// CleanupShare is the part of --duration kept for the clean-up after the
// last step: the sessions' last pieces and commits, then the drop. On the
// card bed (100 write IOPS) that tail took 2.7-16.9 s (2026-12-01 runs;
// one DROP DATABASE alone 5.6-15.4 s, the tables dropped at once 1.3-13.2
// s): a quarter of the default 55 s is 13.75 s.
const CleanupShare = 0.25

// stepRun is a step as measured: its sample and its windows.
type stepRun struct {
	sample  profile.DumpLoadSample
	windows []window
}

// runRounds runs the warm-up and the steps (stepOrder) on one gang of
// sessions, within loadFor of loading; the rates are set at the end, once
// the run's dump bytes per redo byte are known.
func runRounds(ctx context.Context, db *sql.DB, o DumpOptions, smp *sample, threads []int, begun time.Time, loadFor time.Duration) (map[int][]profile.DumpLoadSample, error) {
	defer smp.cur.close()
	top := slices.Max(threads)
	warm(ctx, db, top+1)
	if err := createSample(ctx, db, o.Schema, smp); err != nil {
		return map[int][]profile.DumpLoadSample{}, stepErr(ctx, err)
	}
	smp.otherEngines = otherEngines(ctx, db, o.Schema)
	eng := &loadStep{db: db, o: o, runID: newOwner().RunID, sample: smp, logFileBytes: logFileSize(ctx, db),
		maxPacket: maxAllowedPacket(ctx, db)}
	g := newGang(ctx, eng, top, begun)
	defer g.halt()
	first := g.read(ctx)
	var runs []stepRun
	done := func(err error) (map[int][]profile.DumpLoadSample, error) {
		t := totalsOf(first, g.read(ctx))
		t.redoBlind = len(smp.otherEngines) > 0
		smp.redoPerByte = t.redoPerByte()
		return rated(runs, t), err
	}
	wu, err := warmUp(ctx, g, o, top, time.Duration(WarmShare*float64(o.Duration)))
	smp.warmup = wu
	if err != nil {
		return map[int][]profile.DumpLoadSample{}, stepErr(ctx, err)
	}
	order := stepOrder(threads, o.Rounds)
	smp.pieceBytes = pieceFor(wu.EndMBPerS*1e6/float64(top), windowFor(loadFor-time.Since(begun), len(order)))
	eng.pieceBytes.Store(int64(smp.pieceBytes))
	for i, n := range order {
		win := windowFor(loadFor-time.Since(begun), len(order)-i)
		r, err := runStep(ctx, db, o, g, n, win, i/len(threads)+1)
		if err != nil {
			return done(stepErr(ctx, err))
		}
		runs = append(runs, r)
	}
	g.setActive(0) // every session commits and hands its file back
	if !g.waitBusy(ctx, 0) {
		return done(stepErr(ctx, g.err(ctx)))
	}
	g.notePass()
	return done(nil)
}

// rated sets each step's rates from its windows and groups the steps by count.
func rated(runs []stepRun, t runTotals) map[int][]profile.DumpLoadSample {
	out := map[int][]profile.DumpLoadSample{}
	for _, r := range runs {
		s := r.sample
		s.MBPerS, s.RowsPerS, s.Basis = rate(r.windows, t)
		s.ForeignRows = t.foreign
		n := s.Threads
		out[n] = append(out[n], s)
	}
	return out
}

// runStep runs one step: n sessions active at once, within win of wall
// time from its start, the tables' recreation included (--duration bounds
// the whole run). A window ends early when the sessions have loaded every
// file of the sample (the tables are then recreated and the step goes on
// in a new window) or the step's byte share is used up (the step ends); a
// session that runs out of files before the others waits, as a loader's
// thread does, so a window measures the loading the files allow. The
// first window gets at least minStep, so that every step is measured.
func runStep(ctx context.Context, db *sql.DB, o DumpOptions, g *gang, n int, win time.Duration, round int) (stepRun, error) {
	t0 := time.Now()
	flying, err := g.nextStep(ctx, db, o.Schema, n)
	if err != nil {
		return stepRun{}, err
	}
	r := stepRun{sample: profile.DumpLoadSample{Round: round, Threads: n, StoppedBytes: flying}}
	for left := max(win-time.Since(t0), minStep); left > 0; left = win - time.Since(t0) {
		a := g.read(ctx)
		a.less, flying = flying, 0
		dry, err := g.waitWindow(ctx, left, a, func(mb float64) {
			if o.Progress != nil {
				o.Progress(Progress{Threads: n, Elapsed: time.Since(g.begun), Total: o.Duration, MBPerS: mb})
			}
		})
		b := g.read(ctx)
		r.windows = append(r.windows, window{a, b})
		if err != nil {
			return r, err
		}
		if !dry {
			break
		}
		if g.eng.budgetHit.Load() {
			r.sample.BudgetReached = true
			break
		}
		r.sample.RanOut = true
		if err := g.refill(ctx, db, o.Schema, n); err != nil {
			return r, err
		}
	}
	r.sample.DurationS = time.Since(t0).Seconds()
	fillSample(&r.sample, r.windows)
	g.eng.sample.loaded += r.sample.Bytes
	return r, nil
}

// fillSample adds up the step's windows.
func fillSample(s *profile.DumpLoadSample, ws []window) {
	for _, w := range ws {
		s.Bytes += w.sent()
		s.Rows += w.b.rows - w.a.rows
		s.Statements += int(w.b.statements - w.a.statements)
		s.Commits += int(w.b.commits - w.a.commits)
		s.Deadlocks += int(w.b.deadlocks - w.a.deadlocks)
		s.Files += int(w.b.files - w.a.files)
		s.WindowS += w.secs()
		if r, ok := w.redo(); ok {
			s.RedoBytes += r
		}
		if n, ok := w.serverRows(); ok {
			s.ServerRows += n
		}
	}
	s.Windows = len(ws)
	if len(ws) > 0 {
		s.Regime = regimeOf(ws[0].a.c, ws[len(ws)-1].b.c)
	}
}

// nextStep readies the gang for a step of n sessions: the tables are
// recreated when the sample ran out or they hold tableMax bytes (all
// sessions drained); a byte share used up by the last step is renewed.
// flying is the bytes in flight in the sessions it stopped.
func (g *gang) nextStep(ctx context.Context, db *sql.DB, schema string, n int) (flying uint64, err error) {
	s := g.eng
	s.used.Store(0)
	if s.ranOut.Load() || s.sample.loaded >= s.sample.tableMax {
		return 0, g.refill(ctx, db, schema, n)
	}
	if s.budgetHit.Swap(false) {
		g.mu.Lock()
		g.epoch++ // sessions that stopped at the share load again
		g.mu.Unlock()
	}
	select {
	case <-g.dry:
	default:
	}
	return g.setActive(n), nil
}

// waitWindow waits for the window's end (d), a session finding no work
// (dry), a session's error or ctx, reporting progress meanwhile.
func (g *gang) waitWindow(ctx context.Context, d time.Duration, a reading, progress func(mbPerS float64)) (dry bool, err error) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-g.failed:
			return false, g.err(ctx)
		case <-g.dry:
			return true, nil
		case <-timer.C:
			return false, nil
		case <-tick.C:
			progress(float64(g.eng.sent.Load()-a.sent) / 1e6 / time.Since(a.c.at).Seconds())
		}
	}
}
