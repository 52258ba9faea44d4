package calibrate

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/mytune/mytune/profile"
)

// minInsertStep is the least row bytes a step of calibrate without --dump
// must be allowed: a few hundred of its batches.
const minInsertStep = 1 << 20

// capInsertBySpace bounds calibrate's synthetic run by the disks it fills,
// as calibrate --dump is bounded: each step's table (its share of
// o.MaxBytes, dropped after the step) to FreeShare of the datadir's free
// space, and, when the writes reach the binary log (--allow-binlog), the
// whole run to FreeShare of the log disk's free space, since the log keeps
// every row (QA: on a 300 MiB disk with 111 MiB free, the default 256 MiB
// run filled it at its first step, "Disk is full writing bin.000002", and
// its schema's drop then failed). It returns o.MaxBytes capped, and notes.
func capInsertBySpace(ctx context.Context, db *sql.DB, o Options) (uint64, []string, error) {
	steps := uint64(max(len(o.Threads), 1))
	total := o.MaxBytes
	var notes []string
	datadir, _ := Datadir(ctx, db)
	free, ok := diskFree(datadir)
	switch {
	case !ok || !ServerHere(ctx, db, datadir, true):
		notes = append(notes, fmt.Sprintf("the server's datadir %q cannot be read from here (the server runs on another host, or in a container), so its free space is unknown: each step's "+
			"table may hold up to %s; make sure the server has that much to spare", datadir, profile.HumanBytes(total/steps)))
	case total/steps > free/FreeShare:
		total = free / FreeShare * steps
		notes = append(notes, fmt.Sprintf("the datadir has %s free: each step's table was kept to a tenth, %s (--max-bytes %s in all)",
			profile.HumanBytes(free), profile.HumanBytes(free/FreeShare), profile.HumanBytes(total)))
	}
	if dir := binlogDir(ctx, db); dir != "" {
		free, ok := diskFree(dir)
		ok = ok && ServerHere(ctx, db, dir, false)
		switch {
		case !ok:
			notes = append(notes, fmt.Sprintf("the binary log is written (--allow-binlog) and its directory %q is not on this "+
				"machine, so its free space is unknown: the run may add up to %s to it", dir, profile.HumanBytes(total)))
		case total > free/FreeShare:
			total = free / FreeShare
			notes = append(notes, fmt.Sprintf("the binary log is written (--allow-binlog) and its disk has %s free: the run "+
				"inserted at most a tenth, %s", profile.HumanBytes(free), profile.HumanBytes(total)))
		}
	}
	if total < o.MaxBytes && total/steps < minInsertStep { // a --max-bytes this small is the caller's own choice
		return 0, notes, fmt.Errorf("the free space of the datadir or the binary log's disk allows only %s of rows in all "+
			"(%s a step, a tenth of it): free space on the server first, or use an account that may skip the binary log; "+
			"calibrate needs %s a step", profile.HumanBytes(total), profile.HumanBytes(total/steps), profile.HumanBytes(minInsertStep))
	}
	return total, notes, nil
}
