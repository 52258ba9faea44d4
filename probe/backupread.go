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

// MeasureBackupRead times a sequential read of the backup's largest file
// when the backup is known not to lie on the datadir's filesystem (the
// disk the probe measured): copy-back reads every file from there, and a
// backup on a slower disk (a USB drive, a network share) sets the copy's
// pace. It writes nothing. A read that fails is a gap ("backup.read").
func MeasureBackupRead(ctx context.Context, b *profile.PhysicalBackup) []profile.Gap {
	if b == nil || b.SameFilesystemAsDatadir == nil || *b.SameFilesystemAsDatadir {
		return nil
	}
	file, size := largestFile(b.Path)
	if size < backupReadMinBytes {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*backupReadBudget)
	defer cancel()
	r, err := diskio.ReadFile(ctx, file, backupReadBudget, backupReadMaxBytes)
	if err != nil || r.BytesPerSec() <= 0 {
		return []profile.Gap{{Probe: "backup.read", Reason: fmt.Sprintf("timing a read of %s failed (%v): the copy's "+
			"estimate assumes the backup's disk reads at least as fast as the datadir's writes", file, err)}}
	}
	b.ReadMBPerS, b.ReadFile, b.ReadDirect = r.BytesPerSec()/1e6, file, r.Direct
	return nil
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
