package calibrate

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// gang is the run's loading sessions: one goroutine and connection per
// session of the largest count, of which the first active load and the
// rest wait. Raising the count wakes sessions while the others keep
// loading; lowering it stops the extra sessions after their piece in
// flight (they commit and hand their file back). So a step starts with
// its sessions already busy; the pieces the stopped sessions still had in
// flight finish inside the next window, which discounts them (window.less).
type gang struct {
	eng *loadStep // statements, the byte share and the run's counters

	mu     sync.Mutex
	cond   *sync.Cond
	active int       // sessions allowed to load: the first active ones
	busy   int       // sessions between taking up work and handing it back
	epoch  int       // advanced when the tables are recreated (refill)
	halted bool      // the run is over: every session returns
	begun  time.Time // the run's start, for progress
	dry    chan struct{}
	failed chan struct{}
	wg     sync.WaitGroup
	// flights is each session's piece in flight, in bytes (0: none).
	flights []atomic.Int64
}

// newGang starts n sessions, none active yet.
func newGang(ctx context.Context, eng *loadStep, n int, begun time.Time) *gang {
	g := &gang{eng: eng, begun: begun, dry: make(chan struct{}, 1), failed: make(chan struct{}, 1), flights: make([]atomic.Int64, n)}
	g.cond = sync.NewCond(&g.mu)
	for i := range n {
		g.wg.Go(func() { g.session(ctx, i) })
	}
	return g
}

// setActive lets the first n sessions load. It returns the bytes of the
// pieces in flight in the sessions it stopped: they finish those first.
func (g *gang) setActive(n int) (flying uint64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for i := n; i < g.active; i++ {
		flying += uint64(max(g.flights[i].Load(), 0))
	}
	g.active = n
	g.cond.Broadcast()
	return flying
}

// allowed reports whether session i may go on loading.
func (g *gang) allowed(i int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return !g.halted && i < g.active
}

// waitBusy waits until at most n sessions are busy (the stopped ones have
// committed and handed their files back); false when ctx ended or a
// session failed first.
func (g *gang) waitBusy(ctx context.Context, n int) bool {
	stop := context.AfterFunc(ctx, func() { g.mu.Lock(); g.cond.Broadcast(); g.mu.Unlock() })
	defer stop()
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.busy > n && ctx.Err() == nil && !g.eng.failed() {
		g.cond.Wait()
	}
	return ctx.Err() == nil && !g.eng.failed()
}

// halt stops every session and waits for them to return.
func (g *gang) halt() {
	g.mu.Lock()
	g.halted = true
	g.eng.stopNow.Store(true)
	g.cond.Broadcast()
	g.mu.Unlock()
	g.wg.Wait()
}

// refill drains every session, recreates the tables, rewinds the files and
// lets n sessions load again.
func (g *gang) refill(ctx context.Context, db *sql.DB, schema string, n int) error {
	g.setActive(0)
	if !g.waitBusy(ctx, 0) {
		return g.err(ctx)
	}
	smp := g.eng.sample
	g.notePass()
	if err := dropSample(ctx, db, schema, smp); err != nil {
		return err
	}
	smp.cur.reset()
	smp.loaded, smp.passStart = 0, g.eng.sentRows.Load()
	if err := createSample(ctx, db, schema, smp); err != nil {
		return err
	}
	g.mu.Lock()
	g.epoch++
	g.mu.Unlock()
	g.eng.ranOut.Store(false)
	g.eng.budgetHit.Store(false)
	select { // a dry signal of the old tables is stale
	case <-g.dry:
	default:
	}
	g.setActive(n)
	return nil
}

// notePass records the rows of the first full pass over the sample, once
// every session has handed its file back and none was left (call it with
// the sessions drained).
func (g *gang) notePass() {
	smp := g.eng.sample
	if smp.passRows == 0 && g.eng.ranOut.Load() && smp.cur.exhausted() {
		smp.passRows = g.eng.sentRows.Load() - smp.passStart
	}
}

// err is why the gang stopped: ctx's end or a session's error.
func (g *gang) err(ctx context.Context) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	g.eng.mu.Lock()
	defer g.eng.mu.Unlock()
	return g.eng.err
}

// session is one loading session: it waits until it is active, loads
// files while it stays active, and holds its connection for the run (a
// file's SET NAMES is applied again whenever a session takes it up). A
// session that found no file left waits for the next refill while the
// others finish theirs, as a loader's threads do; the last one to stop
// signals dry, which ends the window.
func (g *gang) session(ctx context.Context, i int) {
	var conn *sql.Conn
	defer func() {
		if r := recover(); r != nil { // a panic fails the run; RunDump's clean-up still drops the schema
			g.fail(fmt.Errorf("a loading session panicked (a bug in mytune: please report it): %v", r))
		}
		if conn != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // not back to the pool with the dump's session settings
			conn.Close()
		}
	}()
	dryEpoch := -1
	for {
		g.mu.Lock()
		for !g.halted && ctx.Err() == nil && (i >= g.active || g.epoch == dryEpoch) {
			g.cond.Wait()
		}
		if g.halted || ctx.Err() != nil {
			g.mu.Unlock()
			return
		}
		g.busy++
		epoch := g.epoch
		g.mu.Unlock()
		dry, err := g.load(ctx, i, &conn)
		g.mu.Lock()
		g.busy--
		if dry {
			dryEpoch = epoch
		}
		if g.busy == 0 && g.eng.ranOut.Load() { // the last session loading stopped, and no file is left
			g.signal(g.dry)
		}
		g.cond.Broadcast()
		g.mu.Unlock()
		if err != nil {
			g.fail(err)
			return
		}
	}
}

// load takes files while session i stays active; dry when none was left
// or the step's byte share was used up.
func (g *gang) load(ctx context.Context, i int, conn **sql.Conn) (dry bool, err error) {
	s := g.eng
	if *conn == nil {
		c, err := s.db.Conn(ctx)
		if err != nil {
			return false, fmt.Errorf("opening a loading session: %w", err)
		}
		*conn = c
		if err := s.exec(ctx, c, qLoadSession); err != nil {
			return false, wrapDenied(err, s.o.Schema, "setting up a loading session for")
		}
	}
	t := tally{keep: func() bool { return g.allowed(i) }, inFlight: &g.flights[i]}
	for ctx.Err() == nil && s.going() && g.allowed(i) {
		fs := s.sample.cur.take()
		if fs == nil { // it waits for the next refill; the last to find none ends the window (session)
			s.ranOut.Store(true)
			return true, nil
		}
		s.files.Add(1)
		err := s.loadFile(ctx, *conn, fs, &t)
		s.sample.cur.give(fs)
		if err != nil {
			if ctx.Err() != nil {
				return false, nil
			}
			return false, err
		}
	}
	if s.budgetHit.Load() {
		g.signal(g.dry)
		return true, nil
	}
	return false, nil
}

// fail records a session's error and tells the controller.
func (g *gang) fail(err error) {
	g.eng.fail(err)
	g.signal(g.failed)
	g.mu.Lock()
	g.cond.Broadcast()
	g.mu.Unlock()
}

// signal posts on a 1-slot channel without blocking.
func (g *gang) signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// read takes a reading of the server and the gang.
func (g *gang) read(ctx context.Context) reading {
	s := g.eng
	c := readCounters(ctx, s.db, s.logFileBytes)
	if len(s.sample.otherEngines) > 0 {
		every, ok := c.everyEngine()
		every.rowsBlind = !ok
		c = every
	}
	return reading{c: c, sent: s.sent.Load(), rows: s.rows.Load(), twice: s.twiceRows.Load(), statements: uint64(s.statements.Load()),
		commits: s.commits.Load(), deadlocks: s.deadlocks.Load(), files: s.files.Load()}
}
