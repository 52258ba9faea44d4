package main

import (
	"context"

	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// useBackup puts the physical backup --dump named into the profile, with
// whether it lies on the datadir's filesystem (--move-back then writes
// nothing) and, when it does not, how fast its disk reads (copy-back's
// pace where slower than the datadir's writes); a saved profile's own
// backup stays when none was named now.
func useBackup(ctx context.Context, p *profile.Profile, b *profile.PhysicalBackup) {
	if b == nil {
		return
	}
	p.Dump = nil
	if p.Storage.Path != "" {
		b.DatadirOwner = storage.Owner(p.Storage.Path)
		if same, err := storage.SameFilesystem(b.Path, p.Storage.Path); err == nil {
			b.SameFilesystemAsDatadir = &same
		}
	}
	p.Gaps = append(p.Gaps, probe.MeasureBackupRead(ctx, b)...)
	p.Backup = b
}
