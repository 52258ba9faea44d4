package probe

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/profile"
)

// backupReadBudget bounds the timed read of a backup's file: 2 s, the
// probe's own sequential phases' order (about 10 s for every phase).
const backupReadBudget = 2 * time.Second

// backupReadMaxBytes caps it: 1 GiB, which a 2 GB/s disk reads in half a
// second, enough blocks for streamRates' slices.
const backupReadMaxBytes = 1 << 30

// backupReadMinBytes is the least worth timing, in all and read: 32 MiB
// (32 reads of 1 MiB; a dump or backup that small is read in seconds at
// any rate this project measured, 14.7 MB/s and up).
const backupReadMinBytes = 32 << 20

// MeasureRead times sequential reads of the largest files under path (a
// dump or backup directory, or a single dump file), largest first, until
// backupReadBudget or backupReadMaxBytes, when path is known not to lie on
// the datadir's filesystem (sameFS false; the disk the probe measured): the
// restore reads every file from there, and a dump or backup on a slower
// disk (a USB drive, a network share) sets its pace. It writes nothing. A
// read that fails is a gap (probe name what + ".read").
func MeasureRead(ctx context.Context, path string, sameFS *bool, what string) (profile.ReadRate, []profile.Gap) {
	files, total := largestFiles(path)
	if sameFS == nil || *sameFS || total < backupReadMinBytes {
		return profile.ReadRate{}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*backupReadBudget)
	defer cancel()
	var sum diskio.Throughput
	direct := true
	start := time.Now()
	for _, f := range files {
		left := backupReadBudget - time.Since(start)
		if left <= 0 || sum.Bytes >= backupReadMaxBytes {
			break
		}
		r, err := diskio.ReadFile(ctx, f, left, backupReadMaxBytes-sum.Bytes)
		if err != nil {
			return profile.ReadRate{}, []profile.Gap{{Probe: what + ".read", Reason: fmt.Sprintf("timing a read of %s failed (%v): "+
				"the estimate assumes the %s's disk reads at least as fast as the datadir's disk writes", f, err, what)}}
		}
		sum.Bytes, sum.Elapsed, direct = sum.Bytes+r.Bytes, sum.Elapsed+r.Elapsed, direct && r.Direct
	}
	if sum.BytesPerSec() <= 0 { // a slow disk reads little in the budget: its rate still counts
		return profile.ReadRate{}, nil
	}
	return profile.ReadRate{ReadMBPerS: sum.BytesPerSec() / 1e6, ReadFile: files[0], ReadDirect: direct}, nil
}

// MeasureBackupRead is MeasureRead for a physical backup, into b.
func MeasureBackupRead(ctx context.Context, b *profile.PhysicalBackup) []profile.Gap {
	if b == nil {
		return nil
	}
	var gaps []profile.Gap
	b.ReadRate, gaps = MeasureRead(ctx, b.Path, b.SameFilesystemAsDatadir, "backup")
	return gaps
}

// largestFiles are the regular files under path, largest first, and
// their bytes in all.
func largestFiles(path string) ([]string, uint64) {
	type file struct {
		path string
		size int64
	}
	var files []file
	var total uint64
	_ = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			files, total = append(files, file{p, fi.Size()}), total+uint64(fi.Size())
		}
		return nil
	})
	sort.SliceStable(files, func(i, j int) bool { return files[i].size > files[j].size })
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.path
	}
	return out, total
}
