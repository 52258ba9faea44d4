// Package probe gathers the facts of one machine into a profile.Profile:
// host facts, where the data directory lives, and what its disk did when
// measured. It is the only layer that does I/O on the way to advice.
package probe

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/classify"
	"github.com/mytune/mytune/probe/host"
	"github.com/mytune/mytune/probe/installed"
	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// inputf returns a usage error (bad input: the CLI exits 2) with a
// formatted message.
func inputf(format string, args ...any) error { return usage.Errorf(format, args...) }

// Roots points every /proc, /sys and /dev read at a real or captured tree.
type Roots = storage.Roots

// DefaultRoots are the live system's trees.
var DefaultRoots = storage.DefaultRoots()

// Options says what to probe and within which limits.
type Options struct {
	Datadir  string
	Duration time.Duration // total measuring time
	MaxBytes uint64        // hard cap on bytes written (the test file: a quarter of it, and at most 5% of free space)
	// Measure runs the disk measurements; false gives labels only.
	Measure     bool
	Roots       Roots
	Progress    func(diskio.Progress)
	ToolVersion string
	// Skip is what the user may give instead of a measurement, named in
	// the errors that refuse one (no write permission, no space, no
	// inode): "" means --no-measure; calibrate, which has no such flag,
	// names --no-predict.
	Skip string
	// BinRoot is the root under which the installed server binaries are
	// looked for (probe/installed): "/" for the live system; "" skips it.
	BinRoot string
	// BeforeDisk, when not nil, is called once the test file is planned,
	// right before the disk is measured; the measurement waits for it.
	BeforeDisk func(context.Context)
}

// Run probes the host and the storage under o.Datadir. It fails only for
// bad input or cancellation; every other failure becomes a profile gap.
func Run(ctx context.Context, o Options) (*profile.Profile, error) {
	dir, err := checkDir(o.Datadir)
	if err != nil {
		return nil, err
	}
	p := &profile.Profile{Schema: profile.Schema, TakenAt: time.Now().UTC().Truncate(time.Second), ToolVersion: o.ToolVersion,
		FieldsRevision: profile.FieldsRevision}
	h, gaps := host.Read(ctx, host.Roots{Proc: o.Roots.Proc, Sys: o.Roots.Sys})
	p.Host = h
	p.Gaps = append(p.Gaps, gaps...)
	if o.BinRoot != "" {
		p.Installed, gaps = installed.Read(ctx, installed.Options{Root: o.BinRoot})
		p.Gaps = append(p.Gaps, gaps...)
	}

	st, gaps, err := storage.Locate(ctx, o.Roots, dir)
	p.Gaps = append(p.Gaps, gaps...)
	if err != nil {
		p.AddGap("storage", fmt.Sprintf("could not locate the device under %s: %v", dir, err))
		st.Path = dir
	}
	if note := liveDatadirNote(dir, o.Duration); note != "" && o.Measure {
		st.Notes = append(st.Notes, note)
	}
	if o.Measure {
		// the CPUs first, while the disk is idle: half a second that the disk measurement does not share
		if sp, err := host.MeasureSpeed(ctx, host.Roots{Proc: o.Roots.Proc, Sys: o.Roots.Sys}, host.SpeedEach); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			p.AddGap("host.cpu.speed", err.Error())
		} else {
			p.Host.CPU.Speed = sp
			measureMemory(ctx, p)
		}
		measureFirstTouch(ctx, p)
		if err := measure(ctx, o, &st, p.Host.Memory); err != nil {
			return nil, err
		}
	} else {
		found, err := diskio.RemoveStale(st.Path, o.Roots.Proc)
		unmeasuredStaleNotes(&st, found, err)
		p.AddGap("storage.measure", "not measured (--no-measure): the class comes from kernel labels only")
	}
	st.Class, st.ClassEvidence = classify.Classify(st)
	p.Storage = st
	p.Normalize()
	return p, nil
}

// measureMemory adds the memory chase's latency to the CPU speed p holds
// (host.MeasureMemory over a buffer sized to the usable memory), or a gap.
func measureMemory(ctx context.Context, p *profile.Profile) {
	size := host.MemChaseBytes(p.Host.Memory.EffectiveBytes())
	if gap := memRoomGap(p.Host.Memory, "memory chase", uint64(size)*17/16); gap != "" { // its shuffle's order: 1/16 more
		p.AddGap("host.cpu.speed.mem_load_ns", gap)
		return
	}
	m, err := host.MeasureMemory(ctx, size, host.MemChaseEach)
	if err != nil {
		if ctx.Err() == nil {
			p.AddGap("host.cpu.speed.mem_load_ns", err.Error())
		}
		return
	}
	p.Host.CPU.Speed.MemLoadNs, p.Host.CPU.Speed.MemChaseBytes = m.LoadNs, uint64(m.Bytes)
}

// measureFirstTouch adds what fresh memory costs on its first write
// (host.MeasureFirstTouch over FirstTouchBytes of the usable memory) to
// p's memory, or a gap.
func measureFirstTouch(ctx context.Context, p *profile.Profile) {
	size := host.FirstTouchBytes(p.Host.Memory.EffectiveBytes())
	if gap := memRoomGap(p.Host.Memory, "first-touch measurement", uint64(size)); gap != "" {
		p.AddGap("host.memory.first_touch", gap)
		return
	}
	r, err := host.MeasureFirstTouch(ctx, size)
	if err != nil {
		if ctx.Err() == nil {
			p.AddGap("host.memory.first_touch", err.Error())
		}
		return
	}
	p.Host.Memory.FirstTouch = &profile.FirstTouch{Bytes: uint64(r.Bytes), PageBytes: uint64(r.PageBytes),
		FirstNsPerPage: r.NsPerPage(r.First), AgainNsPerPage: r.NsPerPage(r.Again)}
}

// CheckDir resolves dir and makes sure it is an existing directory; the
// CLI calls it before it connects to a server, so bad input costs nothing.
// Problems are usage errors (internal/usage).
func CheckDir(dir string) (string, error) { return checkDir(dir) }

// checkDir resolves dir and makes sure it is an existing directory.
func checkDir(dir string) (string, error) {
	if dir == "" {
		return "", inputf("--datadir is required: give the directory that holds (or will hold) the MySQL data")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", inputf("resolving %s: %w: the current directory cannot be read (this user may not enter it, or it "+
			"was removed): give --datadir an absolute path, or cd to a directory this user may enter", dir, err)
	}
	st, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", inputf("%s does not exist: give an existing directory on the disk to measure", dir)
	case errors.Is(err, fs.ErrPermission):
		return "", inputf("cannot reach %s (permission denied): run as a user who may enter it and every directory above it "+
			"(root, or the server's own user)", dir)
	case errors.Is(err, syscall.ELOOP):
		return "", inputf("cannot reach %s: its symbolic links loop (%w): give the real directory, or fix the link "+
			"(ls -l on each part of the path shows where it points)", dir, err)
	case err != nil:
		return "", inputf("cannot read %s: %w: give a directory mytune can reach", dir, err)
	case !st.IsDir():
		return "", inputf("%s is a file, not a directory: give the directory that holds the data", dir)
	}
	if real, err := storage.RealPath(abs); err == nil {
		abs = real
	}
	return abs, nil
}

// liveDatadirNote says so when dir looks like a live server's data
// directory: the probe stays within its time bound there. Only a probe
// that measures adds it (--no-measure competes with nothing).
func liveDatadirNote(dir string, d time.Duration) string {
	if marker := datadirMarker(dir); marker != "" {
		return fmt.Sprintf("%s holds a MySQL/MariaDB data directory (%s found): the measurements competed with any running server for %s and may read lower than an idle disk", dir, marker, d)
	}
	return ""
}

// datadirMarker is the first file found in dir that only a MySQL/MariaDB
// data directory holds, "" when there is none.
func datadirMarker(dir string) string {
	for _, marker := range []string{"ibdata1", "mysql.ibd", "aria_log_control", "ib_logfile0", "#innodb_redo"} {
		if _, err := os.Stat(filepath.Join(dir, marker)); err == nil {
			return marker
		}
	}
	return ""
}

// skip is o.Skip, or --no-measure.
func (o Options) skip() string {
	if o.Skip == "" {
		return "--no-measure"
	}
	return o.Skip
}

// sameDiskHint is, for a probe or advise refused a test file for want of
// permission (a 0700 datadir of another user), the other way to measure
// that disk: a directory this user may write on the same filesystem. ""
// for calibrate (it has no --datadir) and for other errors.
func sameDiskHint(o Options, err error) string {
	if o.Skip != "" || !errors.Is(err, fs.ErrPermission) {
		return ""
	}
	return "; or, to measure the same disk, give --datadir a directory this user may write on the same filesystem " +
		"(a measurement note then says whether it shares the server's)"
}
