package probe

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// RedoSyncDuration is the time the commit loop gets in the redo log's
// directory when it is on another filesystem: half to lay out the 16 MiB
// test file, half for the 16 KiB write + fdatasync loop, which runs on to
// 100 commits on a slow card (diskio's minSyncSamples): 3 s, the sync
// step's share of the default 10 s probe (150 per mille, 1.5 s) twice.
const RedoSyncDuration = 3 * time.Second

// RedoSyncFileBytes is the test file of the commit loop in the redo log's
// directory: the loop overwrites it 16 KiB at a time, as InnoDB overwrites
// its circular redo log, so its size only needs to hold many such writes
// (256), not spread random I/O over a device cache as the full probe's
// 16 MiB minimum does (diskio.MinFileBytes). A small redo volume (80 MiB
// free) is still measured.
const RedoSyncFileBytes = 4 << 20

// redoFreePercent is the most of the redo filesystem's free space the test
// file may take: the probe's own limit (CONTRACT.md: never more than 5%).
const redoFreePercent = 5

// redoSetting is innodb_log_group_home_dir as the live server on this
// host or the my.cnf (--mycnf) gives it, the datadir a relative
// value is read against, and where it was read; "" when neither says.
func redoSetting(p *profile.Profile, onThisHost bool) (value, datadir, source string) {
	const name = "innodb_log_group_home_dir"
	if s := p.Server; s != nil && s.Reachable && s.Variables[name] != "" && onThisHost {
		return s.Variables[name], orDefault(s.Datadir, p.Storage.Path), "server"
	}
	if c := p.MyCnf; c != nil && c.Variables[name] != "" {
		return c.Variables[name], orDefault(c.Variables["datadir"], p.Storage.Path), "mycnf"
	}
	return "", "", ""
}

// orDefault is s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// locateRedoDir records in p.Storage.RedoDir where the server writes its
// redo log when that is not the datadir's filesystem: its mount, free
// space and, when measuring, the commit loop there (RedoSyncDuration, the
// smallest byte budget). The default "./" (the datadir) and a directory on
// the datadir's filesystem leave it nil; one that cannot be read here is a
// RedoDir with a Note, never an error.
func locateRedoDir(ctx context.Context, o Options, p *profile.Profile, onThisHost bool) {
	value, datadir, source := redoSetting(p, onThisHost)
	v := strings.TrimSpace(value)
	if v == "" || filepath.Clean(v) == "." || p.Storage.Path == "" {
		return
	}
	dir := v
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(datadir, dir)
	}
	rd := &profile.RedoDir{Path: filepath.Clean(dir), Setting: value, Source: source}
	if locateLogDir(ctx, o, p, rd, 0, "the redo log's disk is unknown, so the commit figures are the datadir's disk's and a larger redo log is not checked against its free space") {
		p.Storage.RedoDir = rd
		p.Storage.Notes = append(p.Storage.Notes, redoDirNote(rd))
	}
}

// locateLogDir fills rd (Path set) with the filesystem under rd.Path and,
// when measuring, the commit loop there; false when rd.Path is on the
// datadir's filesystem (nothing to record). unknown is what the note says
// follows when rd.Path cannot be read here; appendBytes is the commit
// loop's (measureRedoSync).
func locateLogDir(ctx context.Context, o Options, p *profile.Profile, rd *profile.RedoDir, appendBytes uint64, unknown string) bool {
	same, err := storage.SameFilesystem(rd.Path, p.Storage.Path)
	switch {
	case err != nil:
		rd.Note = fmt.Sprintf("%s could not be read here (%v): %s", rd.Path, err, unknown)
		return true
	case same:
		return false
	}
	st, gaps, err := storage.Locate(ctx, o.Roots, rd.Path)
	p.Gaps = append(p.Gaps, gaps...)
	if err != nil {
		rd.Note = fmt.Sprintf("could not locate the filesystem of %s: %v", rd.Path, err)
	}
	rd.FSType, rd.MountPoint, rd.Device, rd.FreeBytes, rd.TotalBytes = st.FSType, st.MountPoint, st.Device.Name, st.FreeBytes, st.TotalBytes
	if o.Measure && err == nil {
		removeRedoStale(o, p, rd)
		rd.Fsync, rd.Note = measureRedoSync(ctx, o, rd, appendBytes)
	}
	return true
}

// redoDirNote is the storage note that says where the redo log is and
// what was measured there.
func redoDirNote(rd *profile.RedoDir) string {
	s := fmt.Sprintf("the redo log is not on the datadir's filesystem: innodb_log_group_home_dir = %s (%s) puts it in %s", rd.Setting, rd.Source, rd.Path)
	if rd.MountPoint != "" {
		s += fmt.Sprintf(", on %s (%s %s, %s free): the redo log is sized against that space", rd.MountPoint, rd.FSType, orDefault(rd.Device, "unknown device"), profile.HumanBytes(rd.FreeBytes))
	}
	if f := rd.Fsync; f != nil {
		s += fmt.Sprintf("; commits measured there: 16K write + fdatasync p50 %.0f µs, p99 %.0f µs, %.0f per second (the commit figures use these)", f.P50US, f.P99US, f.OpsPerS)
	}
	if rd.Note != "" {
		s += "; " + rd.Note
	}
	return s
}

// measureRedoSync runs the commit loop in the redo log's directory (a
// 16 KiB overwrite of a laid-out file + fdatasync, as the redo log is
// written in place) or, with appendBytes, a log's appends of that size +
// fdatasync (the binary log's, locateBinlogDir); a failure (no room, no
// permission) is the note returned, never an error.
func measureRedoSync(ctx context.Context, o Options, rd *profile.RedoDir, appendBytes uint64) (*profile.Latency, string) {
	fileBytes := uint64(RedoSyncFileBytes)
	err := checkWritable(rd.Path)
	if err == nil && rd.FreeBytes/100*redoFreePercent < fileBytes {
		err = fmt.Errorf("%s free: the %d MiB test file would take more than %d%% of it", profile.HumanBytes(rd.FreeBytes), fileBytes>>20, redoFreePercent)
	}
	if err != nil {
		return nil, fmt.Sprintf("the commit loop was not run in %s (%v): commit figures are the datadir's disk's", rd.Path, err)
	}
	r, err := diskio.Run(ctx, diskio.Options{Dir: rd.Path, Duration: RedoSyncDuration, MaxBytes: diskio.MinBudgetBytes,
		FileBytes: fileBytes, ProcRoot: o.Roots.Proc, SyncOnly: true, AppendBytes: appendBytes})
	if err != nil || r.Sync.Ops == 0 {
		return nil, fmt.Sprintf("the commit loop in %s failed (%v): commit figures are the datadir's disk's", rd.Path, err)
	}
	return &profile.Latency{P50US: us(r.Sync.P50), P99US: us(r.Sync.P99), MaxUS: us(r.Sync.Max), MeanUS: us(r.Sync.Mean),
		OpsPerS: round(r.Sync.OpsPerSec(), 1), Ops: r.Sync.Ops, FdatasyncP50US: us(r.Fdatasync.P50), FdatasyncP99US: us(r.Fdatasync.P99),
		FdatasyncP90US: us(r.Fdatasync.P90), FdatasyncMeanUS: us(r.Fdatasync.Mean), FdatasyncSlowPct: round(100*r.Fdatasync.SlowShare, 1)}, ""
}

// removeRedoStale removes the test files killed runs left in the redo
// log's directory, as measure does in the datadir, gives their space back
// to rd.FreeBytes and says so in the storage notes: a probe killed during
// its commit loop there left its 4 MiB file for good, and the next probe
// neither removed nor mentioned it (review r15).
func removeRedoStale(o Options, p *profile.Profile, rd *profile.RedoDir) {
	st := &profile.Storage{Path: rd.Path, FreeBytes: rd.FreeBytes}
	found, err := diskio.RemoveStale(rd.Path, o.Roots.Proc)
	staleNotes(st, found, err)
	rd.FreeBytes = st.FreeBytes
	p.Storage.Notes = append(p.Storage.Notes, st.Notes...)
}
