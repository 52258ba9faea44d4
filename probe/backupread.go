package probe

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
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

// backupReadMinBytes is the smallest largest-file worth timing: 32 MiB
// (32 reads of 1 MiB; a backup whose files are all smaller copies in
// seconds at any rate this project measured, 14.7 MB/s and up).
const backupReadMinBytes = 32 << 20

// MeasureRead times a sequential read of the largest file under path (a
// dump or backup directory, or a single dump file) when it is known not to
// lie on the datadir's filesystem (sameFS false; the disk the probe
// measured): the restore reads every file from there, and a dump or backup
// on a slower disk (a USB drive, a network share) sets its pace. It writes
// nothing. A read that fails is a gap (probe name given by what).
func MeasureRead(ctx context.Context, path string, sameFS *bool, what string) (profile.ReadRate, []profile.Gap) {
	if sameFS == nil || *sameFS {
		return profile.ReadRate{}, nil
	}
	file, size := largestFile(path)
	if size < backupReadMinBytes {
		return profile.ReadRate{}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*backupReadBudget)
	defer cancel()
	r, err := diskio.ReadFile(ctx, file, backupReadBudget, backupReadMaxBytes)
	if err != nil || r.BytesPerSec() <= 0 {
		return profile.ReadRate{}, []profile.Gap{{Probe: what + ".read", Reason: fmt.Sprintf("timing a read of %s failed (%v): "+
			"the estimate assumes the %s's disk reads at least as fast as the datadir's disk writes", file, err, what)}}
	}
	return profile.ReadRate{ReadMBPerS: r.BytesPerSec() / 1e6, ReadFile: file, ReadDirect: r.Direct}, nil
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

// largestFile is the largest regular file under dir and its size.
func largestFile(dir string) (string, int64) {
	var best string
	var size int64
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.Size() > size {
			best, size = p, fi.Size()
		}
		return nil
	})
	return best, size
}
