package probe

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/probe/host"
	"github.com/mytune/mytune/profile"
)

// measure runs the disk measurements in st.Path and copies the results
// into st, with the host's load just before and after (st.Conditions).
// o.MaxBytes 0 is the default budget (diskio.DefaultMaxBytes), which may
// grow on a fast disk up to diskio.GrowCeiling; any other value is a hard
// cap (an explicit --max-bytes, CONTRACT.md). Bad input (no space, no write
// permission) and cancellation are errors; anything else is recorded as a
// note and leaves st unmeasured. mem is the host's memory, which a test
// file on storage kept in RAM takes (planBudget).
func measure(ctx context.Context, o Options, st *profile.Storage, mem profile.Memory) error {
	if err := pseudoFSError(st, o.skip()); err != nil {
		return err
	}
	if err := checkWritable(st.Path); err != nil {
		return inputf("cannot write a test file in %s (%w): run as a user who may write there, on a writable mount, or with %s%s",
			st.Path, err, o.skip(), sameDiskHint(o, err))
	}
	before := removeStale(st, o.Roots.Proc)
	if err := checkInodes(st.Path, o.skip()); err != nil {
		return err
	}
	fileBytes, maxBytes, ceiling, err := planBudget(o, st, mem)
	if err != nil {
		return err
	}
	if o.BeforeDisk != nil {
		o.BeforeDisk(ctx)
	}
	roots := host.Roots{Proc: o.Roots.Proc, Sys: o.Roots.Sys}
	loadBefore := readLoad(ctx, roots, st, "before")
	counters := readIOCounters(o.Roots.Sys, o.Roots.Proc, st.Device.Name)
	res, err := diskio.Run(ctx, diskio.Options{Dir: st.Path, Duration: o.Duration, MaxBytes: maxBytes, MaxBytesCeiling: ceiling,
		FileBytes: fileBytes, ProcRoot: o.Roots.Proc, Progress: o.Progress})
	others := counters.othersSince()
	if after := readLoad(ctx, roots, st, "after"); loadBefore != nil && after != nil {
		st.Conditions = &profile.Conditions{Before: *loadBefore, After: *after, Priority: host.ReadPriority(), Others: others}
	}
	if ctx.Err() == nil {
		noteLaterProbes(st, o.Roots.Proc, before)
	}
	switch {
	case ctx.Err() != nil:
		return interrupted(ctx.Err(), err)
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS):
		return inputf("cannot write a test file in %s (%w): run as a user who may write there, or on a writable mount", st.Path, err)
	case errors.Is(err, syscall.ENOSPC) && checkInodes(st.Path, o.skip()) != nil:
		return checkInodes(st.Path, o.skip())
	case errors.Is(err, syscall.ENOSPC):
		return inputf("%s filled up while measuring: free some space or lower --max-bytes", st.Path)
	case err != nil:
		st.Notes = append(st.Notes, fmt.Sprintf("measurement failed: %v", err))
		return nil
	}
	fillMeasurements(st, res)
	for _, note := range []string{pageCacheLoopNote(st.Device), membersNote(st.Device)} {
		if note != "" {
			st.Notes = append(st.Notes, note)
		}
	}
	return nil
}

// interrupted is what an interrupted measurement returns: the run's own
// error when the disk did not answer (diskio.ErrHung, which wraps the
// cancellation and says the test file may be left), else the
// cancellation (review r12: on a frozen filesystem Ctrl-C dropped the
// run's error and said the test file was removed; it was not).
func interrupted(cancelled, err error) error {
	if errors.Is(err, diskio.ErrHung) {
		return err
	}
	return cancelled
}

// pageCacheLoopNote is the measurement note for a datadir on a loop device
// that reads and writes its backing file through the host's page cache
// (direct I/O off, losetup's default): the probe's O_DIRECT stops at the
// loop device, so its reads and writes may be memory's. "" otherwise, and
// for a file in RAM (the class says memory already).
func pageCacheLoopNote(d profile.Device) string {
	if d.LoopDirectIO == nil || *d.LoopDirectIO || d.Transport == profile.TransportMemory {
		return ""
	}
	loop := d.LoopDevice() // loop5, not its partition loop5p2: losetup refuses a partition
	if loop == "" {
		loop = d.Name
	}
	file := d.BackingFile
	if d.BackingFileDeleted {
		file += " (deleted since; the loop device keeps it open)"
	}
	fix := fmt.Sprintf("`losetup --direct-io=on /dev/%s` makes the loop device use the disk directly; measure again after it", loop)
	if n := d.LoopDirectIOSectorBytes; n > 0 {
		fix = fmt.Sprintf("`losetup --direct-io=on /dev/%s` fails (Invalid argument) while its sectors are smaller than the %d-byte "+
			"sectors of the disk under that file: direct I/O takes a loop device made with `losetup -f --sector-size %d "+
			"--direct-io=on %s` (the filesystem on it must accept %d-byte sectors); measure again on it",
			loop, n, n, shellquote.Word(d.BackingFile), n)
	}
	return fmt.Sprintf("%s reads and writes its backing file %s through the host's page cache (direct I/O off: loop/dio is 0), "+
		"so the sequential and random figures may be the host's memory rather than the disk; only the commit figures "+
		"(write + fdatasync) surely reached it. %s", loop, file, fix)
}

// removeStale removes the test files killed runs left in st.Path
// (diskio.RemoveStale), gives their space back to st.FreeBytes and says
// so in a note; a file another probe is measuring with, or whose maker
// cannot be proven gone, is left alone and a note says so. It returns the
// files of the probes measuring now (noteLaterProbes).
func removeStale(st *profile.Storage, procRoot string) (live map[string]bool) {
	found, err := diskio.RemoveStale(st.Path, procRoot)
	return staleNotes(st, found, err)
}

// staleNotes adds removeStale's notes on found (err: st.Path could not be
// listed) to st and returns the files of the probes measuring now.
func staleNotes(st *profile.Storage, found []diskio.Stale, err error) (live map[string]bool) {
	live = map[string]bool{}
	var gone []diskio.Stale
	var freed int64
	for _, s := range found {
		switch {
		case s.Removed:
			gone = append(gone, s)
			freed += s.Bytes
		case s.RemoveErr != nil:
			st.Notes = append(st.Notes, staleNotRemovedNote(s))
		case s.Live:
			live[s.Path] = true
			st.Notes = append(st.Notes, fmt.Sprintf("another mytune probe is measuring the disk under %s now (its test file %s, "+
				"%.1f MiB, left alone: %s): the two probes compete for the disk, so both sets of figures may read low; "+
				"run one probe at a time", st.Path, s.Path, mib(s.Bytes), s.Why))
		default:
			st.Notes = append(st.Notes, fmt.Sprintf("left alone a test file another run made: %s, %.1f MiB (%s); if no mytune "+
				"probe of this directory runs anywhere on this host (containers included), delete it by hand; if one does, "+
				"the two probes competed for the disk and these figures may read low", s.Path, mib(s.Bytes), s.Why))
		}
	}
	switch {
	case len(gone) == 1:
		st.Notes = append(st.Notes, fmt.Sprintf("removed a test file an earlier run left behind when it was killed before "+
			"its clean-up: %s, %.1f MiB (%s)", gone[0].Path, mib(freed), gone[0].Why))
	case len(gone) > 1:
		st.Notes = append(st.Notes, fmt.Sprintf("removed %d test files earlier runs left behind in %s when they were killed "+
			"before their clean-up: %.1f MiB in all (no process held their locks)", len(gone), st.Path, mib(freed)))
	}
	if freed > 0 {
		st.FreeBytes += uint64(freed) //nolint:gosec // a file's size is never negative
	}
	if err != nil {
		st.Notes = append(st.Notes, fmt.Sprintf("could not look for test files killed runs left behind in %s (%v): "+
			"if `ls -a` as root shows .mytune-probe-* files there, delete them when no probe runs", st.Path, unwrapPath(err)))
	}
	return live
}

// noteLaterProbes says, after the measurement, which other probes of
// st.Path are measuring now that were not when it began (before): they
// started during this one and competed with it for the disk, so its
// figures may read low too, not only theirs (the later probe's report says
// so at its start). Files of killed runs found now are removed as at the start.
func noteLaterProbes(st *profile.Storage, procRoot string, before map[string]bool) {
	found, _ := diskio.RemoveStale(st.Path, procRoot) // a removal error was reported at the start, or is the next run's
	for _, s := range found {
		if s.Live && !before[s.Path] {
			st.Notes = append(st.Notes, fmt.Sprintf("another mytune probe began measuring the disk under %s while this one "+
				"measured (its test file %s, left alone: %s): the two probes competed for the disk, so these figures may "+
				"read low; run one probe at a time", st.Path, s.Path, s.Why))
		}
	}
}

// mib is n bytes in MiB.
func mib(n int64) float64 { return float64(n) / float64(diskio.MiB) }

// fillMeasurements converts the engine's result into the profile's units.
func fillMeasurements(st *profile.Storage, r diskio.Result) {
	st.Measured = true
	st.DirectIO = r.DirectIO
	st.BytesWritten = r.BytesWritten
	st.FileBytes = r.FileBytes
	st.MaxBytes = r.MaxBytes
	st.Rounds = r.Rounds
	st.DurationS = round(r.Elapsed.Seconds(), 2)
	st.SeqWrite = throughput(r.SeqWrite)
	st.SeqRead = throughput(r.SeqRead)
	st.Fsync = profile.Latency{
		P50US: us(r.Sync.P50), P99US: us(r.Sync.P99), MaxUS: us(r.Sync.Max), MeanUS: us(r.Sync.Mean),
		OpsPerS: round(r.Sync.OpsPerSec(), 1), Ops: r.Sync.Ops,
		FdatasyncP50US: us(r.Fdatasync.P50), FdatasyncP99US: us(r.Fdatasync.P99), FdatasyncP90US: us(r.Fdatasync.P90),
		FdatasyncP50Spread: durationSpread(r.Fdatasync.SliceP50),
		FdatasyncMeanUS:    us(r.Fdatasync.Mean), FdatasyncSlowPct: round(100*r.Fdatasync.SlowShare, 1),
	}
	st.RandWrite = curve(r.RandWrite)
	st.RandRead = curve(r.RandRead)
	st.Notes = append(st.Notes, r.Notes...)
}

func throughput(t diskio.Throughput) profile.Throughput {
	mb := make([]float64, len(t.Slices))
	for i, v := range t.Slices {
		mb[i] = v / 1e6
	}
	return profile.Throughput{MBPerS: round(t.BytesPerSec()/1e6, 1), Bytes: t.Bytes, Ops: t.Ops, Spread: spread(mb, 1)}
}

// spread is the quartiles of a figure's slices, rounded to digits; nil
// for fewer than two slices (no spread to speak of).
func spread(vs []float64, digits int) *profile.Spread {
	if len(vs) < 2 {
		return nil
	}
	return &profile.Spread{Slices: len(vs), P25: round(diskio.Quantile(vs, 0.25), digits), P75: round(diskio.Quantile(vs, 0.75), digits)}
}

// durationSpread is spread over durations, in µs.
func durationSpread(ds []time.Duration) *profile.Spread {
	vs := make([]float64, len(ds))
	for i, d := range ds {
		vs[i] = float64(d) / float64(time.Microsecond)
	}
	return spread(vs, 1)
}

// readLoad reads the host's load for st.Conditions; a failure becomes a
// measurement note and nil (the run goes on without it).
func readLoad(ctx context.Context, r host.Roots, st *profile.Storage, when string) *profile.Load {
	l, err := host.ReadLoad(ctx, r)
	if err != nil {
		st.Notes = append(st.Notes, fmt.Sprintf("host load not read %s the measurement (%v): whether other work competed with it is unknown", when, err))
		return nil
	}
	return &l
}

func curve(points []diskio.Scaling) []profile.ThreadPoint {
	out := make([]profile.ThreadPoint, 0, len(points))
	for _, s := range points {
		iops := s.IOPS()
		out = append(out, profile.ThreadPoint{
			Threads: s.Threads, IOPS: round(iops, 0), P50US: us(s.P50), P99US: us(s.P99), MeanUS: us(s.Mean),
			MBPerS: round(iops*diskio.RandBlockBytes/1e6, 1), Ops: s.Ops, IOPSSpread: spread(s.SliceIOPS, 0), WindowOps: s.WindowOps,
		})
	}
	return out
}

// us converts a duration to microseconds, rounded to 0.1 µs.
func us(d time.Duration) float64 { return round(float64(d)/float64(time.Microsecond), 1) }

func round(v float64, digits int) float64 {
	p := 1.0
	for i := 0; i < digits; i++ {
		p *= 10
	}
	if v >= 0 {
		return float64(int64(v*p+0.5)) / p
	}
	return float64(int64(v*p-0.5)) / p
}
