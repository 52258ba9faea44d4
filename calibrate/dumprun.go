package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// sample is what every step loads: the first files of the dump (tables
// interleaved) and the CREATE TABLE of each table they belong to.
type sample struct {
	files   []dump.DataFile
	creates map[int]dumpStmt // by table index
	share   uint64           // bytes one step may load
	cur     *cursor
	// loaded is the bytes in the tables since they were last created;
	// past tableMax they are recreated (the disk never holds more).
	loaded, tableMax uint64
	// bytesSeen and rowsSeen are the dump bytes and rows the run committed:
	// their ratio turns the server's row count into MB/s.
	bytesSeen, rowsSeen, redoSeen uint64
	// redoPerByte is the run's redo bytes per dump byte (runTotals.redoPerByte).
	redoPerByte float64
	warmup      *profile.DumpWarmup
	// passRows is the rows the first full pass over the sampled files
	// sent (0 until one completed); passStart the run's rows sent when the
	// tables were last recreated.
	passRows, passStart uint64
	pieceBytes          int    // the pieces mydumper INSERTs were cut into after the warm-up
	poolBytes           uint64 // the server's buffer pool, 0 when unknown
	// otherEngines is the engines other than InnoDB of the scratch tables
	// (otherEngines): their rows write no InnoDB redo.
	otherEngines []string
}

// sampleOf takes up to MaxSampleFiles files whose tables calibrate can
// create; notes say which tables were left out.
func sampleOf(src *dump.Source, share uint64) (*sample, []string) {
	s := &sample{creates: map[int]dumpStmt{}, share: share, tableMax: tableMaxSteps * share}
	var notes []string
	refused := map[int]bool{}
	for _, f := range src.Files {
		if len(s.files) >= MaxSampleFiles {
			break
		}
		if refused[f.Table] {
			continue
		}
		if _, ok := s.creates[f.Table]; !ok {
			t := src.Tables[f.Table]
			q, err := createLoad(f.Table, t.CreateRest)
			if err != nil {
				refused[f.Table] = true
				notes = append(notes, fmt.Sprintf("table %s.%s left out: %v", t.Schema, t.Name, err))
				continue
			}
			s.creates[f.Table] = q
		}
		s.files = append(s.files, f)
	}
	s.cur = newCursor(s.files, src)
	return s, notes
}

// MinStepBytes is the least a step must be allowed to load (--max-bytes
// with --dump, or the free space a step may fill): four of
// mydumper's default 1 MB statements.
const MinStepBytes = 4 << 20

// overranNote says when the run took longer than --duration allowed (more
// than a tenth over), and what to do from what was measured (QA: --duration
// 1s ran 22 s with 15 steps; QA 18: 30s ran 37 s and was told "at least 21
// s"). Only when the steps at minStep each need more than the duration
// does a longer --duration help; otherwise the overrun is what the budget
// does not count (the setup before the steps, rebuilding the scratch
// tables, a clean-up past its share), about as long on the next run, so
// the remedy is a --duration shorter by it. "" when within.
func overranNote(took runTimes, duration time.Duration, steps int) string {
	if duration <= 0 || took.wallS <= 1.1*duration.Seconds() {
		return ""
	}
	head := fmt.Sprintf("the run took %.1f s, more than the --duration %s it was given", took.wallS, duration)
	floor := float64(steps+1) * minStep.Seconds() / (1 - CleanupShare)
	if duration.Seconds() < floor {
		return fmt.Sprintf("%s: its %d steps take at least %s each, the warm-up too; give a longer --duration "+
			"(at least %.0f s) or fewer --rounds", head, steps, minStep, floor)
	}
	over := took.wallS - duration.Seconds()
	return fmt.Sprintf("%s: the warm-up and steps ran %.1f s of their %.1f s share, the clean-up %.1f s of %.1f s, and %.1f s went "+
		"before the steps (not counted in the budget); a run ends about %.0f s past --duration, so to finish within "+
		"a time, give --duration that time less %.0f s", head, took.roundsS, (1-CleanupShare)*duration.Seconds(),
		took.cleanupS, CleanupShare*duration.Seconds(), took.setupS(), over, over)
}

// runTimes are the measured parts of a run, in seconds.
type runTimes struct {
	wallS, roundsS, cleanupS float64
}

// setupS is the time outside the steps and the clean-up.
func (r runTimes) setupS() float64 { return max(0, r.wallS-r.roundsS-r.cleanupS) }

// minStep is the shortest step: a second still holds a few statements of
// a dump on a fast disk, and on a slow one the step waits for its
// sessions' statements in flight anyway.
const minStep = time.Second

// tableMaxSteps is how many steps' byte shares the tables may hold before
// they are recreated: 4 x 256 MiB by default, a disk's worth of a restore
// in the first minute, never its whole free space.
const tableMaxSteps = 4

// RunDump is calibrate --dump: it creates the scratch schema (refusing one
// that exists), warms the server up, runs one step per session count and
// round (stepOrder) on one gang of sessions, the tables growing through
// the run, and drops the schema again, also when a step fails or ctx is
// cancelled; o.Duration bounds the whole. On error the report holds what
// was measured and whether the schema was dropped.
func RunDump(ctx context.Context, db *sql.DB, o DumpOptions) (*profile.DumpCalibration, error) {
	rep, err := runDump(ctx, db, o)
	return rep, explain(err, rep == nil || rep.SchemaDropped)
}

// runDump is RunDump before its error is worded for the user.
func runDump(ctx context.Context, db *sql.DB, o DumpOptions) (*profile.DumpCalibration, error) {
	begun := time.Now()
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	smp, notes := sampleOf(o.Source, o.StepMaxBytes)
	if len(smp.files) == 0 {
		return nil, fmt.Errorf("no table of the dump can be loaded: %v", notes)
	}
	rep := &profile.DumpCalibration{Schema: profile.DumpCalibrationSchema, Points: []profile.DumpLoadPoint{}, Notes: append(slices.Clone(o.Source.Notes), notes...)}
	rep.Server = dumpServer(ctx, db)
	rep.Dump = dumpInfo(o.Source, smp)
	smp.poolBytes = rep.Server.BufferPoolBytes
	threads, err := sizeRun(ctx, db, o, smp, rep)
	if err != nil {
		return nil, err
	}
	steps := o.Rounds * len(threads)
	loadFor := time.Duration((1 - CleanupShare) * float64(o.Duration))
	rep.Method = dumpMethod(o, threads, time.Duration((1-CleanupShare-WarmShare)*float64(o.Duration))/time.Duration(steps))
	top := threads[len(threads)-1]
	db.SetMaxOpenConns(top + 1)
	db.SetMaxIdleConns(top + 1)
	if err := claim(ctx, db, o.Schema, newOwner(), DefaultQueryTimeout); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	start := time.Now()
	samples, err := runRounds(ctx, db, o, smp, threads, begun, loadFor)
	rep.DurationS = time.Since(start).Seconds()
	err = errors.Join(err, cleanUp(ctx, db, o.Schema, smp, rep))
	rep.WallS = time.Since(begun).Seconds()
	if note := overranNote(runTimes{wallS: rep.WallS, roundsS: rep.DurationS, cleanupS: rep.CleanupS}, o.Duration, steps); note != "" {
		rep.Notes = append(rep.Notes, note)
	}
	report(rep, o, smp, threads, samples)
	return rep, err
}

// sizeRun caps what the run may write by the datadir's free space
// (capBySpace) and, when its writes reach the binary log, by the free
// space of the log's disk (capByBinlog), and the session counts by the
// sample's files and the sessions the server and the account allow.
func sizeRun(ctx context.Context, db *sql.DB, o DumpOptions, smp *sample, rep *profile.DumpCalibration) ([]int, error) {
	if note := capBySpace(smp, rep.Server.Datadir, ServerHere(ctx, db, rep.Server.Datadir, true)); note != "" {
		rep.Notes = append(rep.Notes, note)
	}
	if smp.share < MinStepBytes {
		return nil, fmt.Errorf("the datadir's free space allows only %s of scratch tables (a tenth of it): "+
			"free space on the target first; calibrate needs room for at least %s", profile.HumanBytes(smp.share), profile.HumanBytes(MinStepBytes))
	}
	threads, capped := capThreads(o.Threads, len(smp.files), roomFor(ctx, db, rep.Server.MaxConnections))
	rep.Capped = append([]string{}, capped...) // CONTRACT: [] when nothing is capped
	if len(threads) == 0 {
		return nil, fmt.Errorf("no session count left to measure: %v", capped)
	}
	dir := binlogDir(ctx, db)
	note, err := capByBinlog(smp, dir, o.Rounds*len(threads)+1, ServerHere(ctx, db, dir, false))
	if note != "" {
		rep.Notes = append(rep.Notes, note)
	}
	return threads, err
}

// report fills rep with what the rounds measured on the sample smp: the
// warm-up, the redo per dump byte, a point per session count and the
// notes that qualify them.
func report(rep *profile.DumpCalibration, o DumpOptions, smp *sample, threads []int, samples map[int][]profile.DumpLoadSample) {
	rep.Warmup = smp.warmup
	rep.RedoBytesPerDumpByte = smp.redoPerByte
	rep.Dump.SampleRows = smp.passRows
	if o.Source.Format == dump.FormatMydumper {
		rep.Method.PieceBytes = smp.pieceBytes
	}
	rep.Points = summarise(threads, samples)
	if len(smp.otherEngines) > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("tables in %s write no InnoDB redo: the steps are measured by the rows the server "+
			"counted (Handler_write, every engine's), not the redo log", strings.Join(smp.otherEngines, ", ")))
	}
	rep.Notes = append(rep.Notes, warmNote(rep.Warmup, rep.Points))
	rep.Notes = append(rep.Notes, stepNotes(rep.Points)...)
}

// cleanUp drops the scratch tables at once, then the schema (which
// removes what they left and says so when it cannot), and records how
// long it took and whether the schema is gone.
func cleanUp(ctx context.Context, db *sql.DB, schema string, smp *sample, rep *profile.DumpCalibration) error {
	start := time.Now()
	defer func() { rep.CleanupS = time.Since(start).Seconds() }()
	_ = dropSample(ctx, db, schema, smp)
	if err := dropSchema(ctx, db, schema); err != nil {
		return err
	}
	rep.SchemaDropped = true
	return nil
}

// createSample creates the scratch copy of each sampled table.
func createSample(ctx context.Context, db *sql.DB, schema string, smp *sample) error {
	for i, q := range smp.creates {
		qc, cancel := context.WithTimeout(ctx, DefaultDumpQueryTimeout)
		_, err := db.ExecContext(qc, q.in(schema))
		cancel()
		if err != nil {
			return wrapDenied(fmt.Errorf("creating %s (the dump's CREATE TABLE%s): %w", loadTable(i), encryptionRefusal(err, string(q.body)), err),
				schema, "creating a table in")
		}
	}
	return nil
}

// dropSample drops the sample's tables, each on a connection of its own at
// once: a DROP TABLE waits for the page writes of its table the server has
// in flight, seconds on a card writing 100 IOPS (DROP DATABASE of the
// scratch schema took 5.6-15.4 s there, the tables one after another), so
// the waits overlap instead of adding up.
func dropSample(ctx context.Context, db *sql.DB, schema string, smp *sample) error {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), DefaultDumpQueryTimeout)
	defer cancel()
	tables := slices.Sorted(maps.Keys(smp.creates))
	errs := make([]error, len(tables))
	var wg sync.WaitGroup
	for k, i := range tables {
		wg.Go(func() {
			if err := exec(dctx, db, DefaultDumpQueryTimeout, dropLoad(i), schema); err != nil {
				errs[k] = fmt.Errorf("dropping %s: %w", loadTable(i), err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// dumpServer reads the server's identity; what fails stays empty.
func dumpServer(ctx context.Context, db *sql.DB) profile.DumpCalibrationServer {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var s profile.DumpCalibrationServer
	var v, comment, host, dir, uuid sql.NullString
	var port, maxConns sql.NullInt64
	var pool sql.NullInt64
	if db.QueryRowContext(qc, qVersion.in("")).Scan(&v, &comment) == nil {
		s.Version = profile.CleanVersion(v.String)
		s.Flavor = server.DetectFlavor(s.Version, comment.String)
	}
	if db.QueryRowContext(qc, qIdentity.in("")).Scan(&host, &port, &dir, &pool) == nil {
		s.Hostname, s.Port, s.Datadir, s.BufferPoolBytes = host.String, int(port.Int64), dir.String, uint64(pool.Int64)
	}
	if db.QueryRowContext(qc, qMaxConnections.in("")).Scan(&maxConns) == nil {
		s.MaxConnections = int(maxConns.Int64)
	}
	if db.QueryRowContext(qc, qServerUUID.in("")).Scan(&uuid) == nil {
		s.ServerUUID = uuid.String
	}
	return s
}

// dumpInfo describes the dump and the sample.
func dumpInfo(src *dump.Source, smp *sample) profile.CalibratedDump {
	return profile.CalibratedDump{Path: src.Path, Format: src.Format, FileBytes: src.FileBytes, DataFiles: len(src.Files),
		Tables: len(src.Tables), SampleFiles: len(smp.files), SampleTables: len(smp.creates), OneSession: src.OneSession}
}
