package main

import (
	"context"

	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// useDump puts the dump read now (--dump) into the profile; without one,
// it records a gap when the dump facts advise uses come from a
// saved profile or advice (--from, no --dump) written by a mytune that did
// not size the dump's rows: its "dump" block has no "table_models" (mytune
// writes [] when it sampled none). The restore's threads and estimate then
// rest on generic rows instead of the dump's own (review r17: an advice
// saved by 6fd2d57 gave a load of ~27.9 MiB at 22.2 MB/s of CPU where the
// dump read again gives ~16.8 MiB at 13.5 MB/s), and the gap says how to
// get them.
func useDump(ctx context.Context, p *profile.Profile, d *profile.Dump) {
	if d != nil {
		if p.Storage.Path != "" { // a dump on another disk than the datadir's: how fast the loader can read it
			if same, err := storage.SameFilesystem(d.Path, p.Storage.Path); err == nil {
				var gaps []profile.Gap
				d.ReadRate, gaps = probe.MeasureRead(ctx, d.Path, &same, "dump")
				p.Gaps = append(p.Gaps, gaps...)
			}
		}
		p.Dump = d
		p.Backup = nil // the dump named now replaces a saved physical backup
		dropGaps(p, gapTableModels, gapDumpDatabases)
		return
	}
	if p.Dump == nil || p.Dump.TableModels != nil {
		return
	}
	p.AddGap(gapTableModels, "the saved dump facts of "+profile.OrUnknown(p.Dump.Path)+" come from a mytune that did not size "+
		"the dump's rows (no table_models): the restore threads and estimate take generic rows instead of its own; "+
		"give --dump DIR to read the dump again")
}
