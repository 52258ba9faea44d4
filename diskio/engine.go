package diskio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync/atomic"
	"time"
)

// DefaultDuration is the default total measuring time (CONTRACT.md: --duration default 10s).
const DefaultDuration = 10 * time.Second

// Block sizes: InnoDB's default page for random I/O and fsync, 1 MiB for
// sequential transfers (DESIGN.md, "Measuring the disk").
const (
	randBlock = RandBlockBytes
	seqBlock  = 1 << 20
)

// engine is the state of one Run.
type engine struct {
	ctx      context.Context
	opener   fileOpener
	path     string
	want     fileID // the test file's identity: what path must still lead to
	f        ioFile
	direct   bool
	align    int
	maxFile  uint64
	laid     uint64 // bytes laid out by the seq write phase: the file the later phases use
	written  uint64
	appendN  int         // Options.AppendBytes (with SyncOnly): the sync loop appends this many bytes, 0 overwrites 16 KiB
	maxWrite uint64      // --max-bytes: the most the whole run may write
	ceiling  uint64      // the most maxWrite may grow to (Options.MaxBytesCeiling); 0: a hard cap
	capped   bool        // a write step ended at its share of maxWrite
	overrun  stepOverrun // the step that most overran its time (checkStall)
	steps    []step      // the plan of this run
	pool     *randPool   // the workers of the random phase running, nil between them
	// firstRound is what the slices of a random phase's first round showed (afterSlice)
	firstRound []firstSlice
	writes     curveAcc
	reads      curveAcc
	// progressPanic holds a panic of the Progress callback, as a string
	progressPanic atomic.Value
	start         time.Time
	total         time.Duration
	progress      func(Progress)
	seed          uint64
	res           Result
	// bufferedReads is set when a read step ran without O_DIRECT.
	bufferedReads bool
	// sched reads the random workers' runqueue waits (procSchedReader).
	sched schedReader
}

// Run measures the disk under o.Dir: sequential write (which lays out the
// test file), 16 KiB write + fdatasync, random write and read at 1..16
// threads, and sequential read, all within o.Duration. The test file is
// removed on every exit path. When ctx is cancelled Run returns within about
// one I/O operation, with the results so far and an error wrapping ctx.Err().
// When the run passes stallLimit (its operations take seconds) it stops
// before the next step with ErrStalled. An operation that never returns
// ends Run at stallLimit + hangGrace, or cancelGrace after ctx is
// cancelled, with ErrHung (watch); its test file stays until the disk
// answers and the abandoned run removes it.
func Run(ctx context.Context, o Options) (Result, error) {
	d := o.Duration
	if d <= 0 {
		d = DefaultDuration
	}
	return watch(ctx, stallLimit(d)+hangGrace, o.Dir, func() (Result, error) { return run(ctx, o, osOpener{}) })
}

// run is Run with an injectable opener.
func run(ctx context.Context, o Options, op fileOpener) (res Result, err error) {
	if o.Duration <= 0 {
		o.Duration = DefaultDuration
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxBytes < MinBudgetBytes {
		return Result{}, fmt.Errorf("%w: the byte budget of %d MiB is below the %d MiB minimum; raise --max-bytes", ErrBudgetTooSmall, o.MaxBytes/MiB, MinBudgetBytes/MiB)
	}
	path, lock, err := createTestFile(o, op)
	if err != nil {
		return Result{}, err
	}
	defer func() {
		if rmErr := removeOwn(path, lockID(lock)); rmErr != nil && !errors.Is(rmErr, os.ErrNotExist) && err == nil {
			err = removeError(rmErr)
		}
		_ = lock.Close() // after the removal: no other run sees the file unlocked while it exists
		untrack(path)
	}()
	fileBytes := percentOf(o.MaxBytes, fileShare)
	if o.FileBytes > 0 {
		fileBytes = min(fileBytes, o.FileBytes)
	}
	e := &engine{ctx: ctx, opener: op, path: path, want: lockID(lock), maxFile: fileBytes / seqBlock * seqBlock, maxWrite: o.MaxBytes,
		start: time.Now(), total: o.Duration, progress: o.Progress, seed: rand.Uint64(),
		appendN: appendSize(o), steps: planFor(o), writes: curveAcc{}, reads: curveAcc{}, sched: procSchedReader(o.ProcRoot)}
	if o.MaxBytesCeiling > o.MaxBytes {
		e.ceiling = o.MaxBytesCeiling
	}
	defer e.closeFile()
	err = e.runAll()
	err = errors.Join(err, e.stopPool())
	return e.result(), err
}

// createTestFile makes the test file in o.Dir, named for this process
// (ownerTag) and locked until lock is closed; a file another run's
// RemoveStale removed as it was made is made again under a new name.
func createTestFile(o Options, op fileOpener) (path string, lock io.Closer, err error) {
	const attempts = 3 // a race needs a second run's clean-up inside microseconds; thrice is beyond chance
	for range attempts {
		if path, err = probeFileName(o.Dir, ownerTag(o.ProcRoot)); err != nil {
			return "", nil, err
		}
		if lock, err = trackedCreate(path, op); err == nil {
			return path, lock, nil
		}
		if !errors.Is(err, errCreateRaced) {
			break
		}
	}
	return "", nil, fmt.Errorf("cannot measure the disk under %s: %w; check the directory exists and is writable", o.Dir, err)
}

// runAll opens the file and runs every step of plan in order.
func (e *engine) runAll() error {
	if err := e.openFile(true); err != nil {
		return err
	}
	for i := 0; i < len(e.steps); i++ {
		s, steps := e.steps[i], e.steps
		if err := checkCtx(e.ctx, s.phase); err != nil {
			return err
		}
		if err := e.checkStall(s.phase); err != nil {
			return err
		}
		if s.phase != PhaseSeqWrite && e.appendN == 0 && e.laid < randBlock {
			return fmt.Errorf("the sequential write laid out only %d bytes: the disk is too slow to measure in %s; raise --duration", e.laid, e.total)
		}
		// A step never gets less than a quarter of its nominal share, so an
		// earlier step that overran (a slow disk's layout, a loaded machine)
		// cannot leave a later curve point with no operations at all; the
		// worst-case overrun of the whole run is thereby 25%.
		floor := e.total * time.Duration(s.weight) / weightTotal / 4
		budget := max(stepBudget(e.total-time.Since(e.start), steps[i:]), floor)
		c := e.startStep(s.phase, budget)
		if writeWeight(s) > 0 {
			c.capBytes, c.byteCap = true, int64(byteShare(e.maxWrite-min(e.written, e.maxWrite), steps[i:]))
		}
		err := e.runStep(c, i)
		c.finish()
		e.noteOverrun(c)
		e.capped = e.capped || c.capped.Load()
		if p := e.progressPanic.Load(); p != nil {
			return fmt.Errorf("%w: progress report: %v", errWorkerPanic, p)
		}
		if err != nil {
			return err
		}
		if err := checkCtx(e.ctx, s.phase); err != nil {
			return err
		}
	}
	return nil
}

// runStep runs one step and stores its result. Consecutive slices of a
// random phase share one pool of workers; any other step stops it first.
func (e *engine) runStep(c *stepCtl, i int) error {
	s := e.steps[i]
	if e.pool != nil && e.pool.phase != s.phase {
		if err := e.stopPool(); err != nil {
			return err
		}
	}
	switch s.phase {
	case PhaseSeqWrite:
		return e.seqWrite(c)
	case PhaseSync:
		return e.syncLoop(c)
	case PhaseSeqRead:
		return e.seqRead(c)
	}
	if e.pool == nil {
		e.pool = e.startPool(s.phase)
	}
	b := e.pool.runSlice(c, s.threads)
	if c.cancelled.Load() {
		return e.stopPool()
	}
	e.afterSlice(i, b, c.ops.Load())
	return nil
}

// stopPool ends the random phase running, if any, and files its slices.
func (e *engine) stopPool() error {
	p := e.pool
	if p == nil {
		return nil
	}
	e.pool = nil
	acc := e.reads
	if p.write {
		acc = e.writes
	}
	return p.stop(acc)
}

// openFile opens the test file, with O_DIRECT if direct; when the
// filesystem refuses O_DIRECT, or the kernel says the file takes none
// (errNoDirect: O_DIRECT would read the page cache), it falls back to
// buffered I/O and says so.
func (e *engine) openFile(direct bool) error {
	var none bool
	e.align, none = e.opener.dioAlign(e.path)
	if direct && none {
		return e.fallBack(errNoDirect)
	}
	f, err := e.opener.open(e.path, direct, e.want)
	if direct && errors.Is(err, errDirectRefused) {
		return e.fallBack(err)
	}
	if err != nil {
		return fmt.Errorf("cannot measure the disk: %w", err)
	}
	e.f, e.direct = f, direct
	return nil
}

// fallBack reopens the file without O_DIRECT after the filesystem refused it.
func (e *engine) fallBack(cause error) error {
	e.closeFile()
	what := "O_DIRECT refused by the filesystem"
	if errors.Is(cause, errNoDirect) {
		what = "O_DIRECT not used"
	}
	e.res.Notes = append(e.res.Notes, fmt.Sprintf("%s (%v): buffered I/O + fdatasync used", what, cause))
	return e.openFile(false)
}

// closeFile closes the test file if open.
func (e *engine) closeFile() {
	if e.f != nil {
		_ = e.f.Close() // the file is removed next; a close error changes nothing measured
		e.f = nil
	}
}

// result completes the Result with the run-wide facts.
func (e *engine) result() Result {
	r := e.res
	r.DirectIO = e.direct
	r.FileBytes = e.laid
	r.BytesWritten = e.written
	r.MaxBytes = e.maxWrite
	r.RandWrite, r.RandRead = e.writes.points(), e.reads.points()
	r.Rounds = Rounds(e.total)
	r.Elapsed = time.Since(e.start)
	if e.capped {
		r.Notes = append(r.Notes, fmt.Sprintf("writes stopped at the byte budget (%d MiB written of %d MiB): the write steps ended before their time and the reads used it", e.written/MiB, e.maxWrite/MiB))
	}
	if e.bufferedReads {
		r.Notes = append(r.Notes, "without O_DIRECT the reads went through the page cache (dropped with posix_fadvise DONTNEED before each read step and after each random read): read figures may be cache-inflated")
	}
	return r
}
