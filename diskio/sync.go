package diskio

import (
	"fmt"
	"time"
)

// syncLoop measures commit cost: 16 KiB write + fdatasync, sequential
// overwrite of the laid-out file, wrapping at its end.
//
// It writes through the page cache (no O_DIRECT), like fio's job
// --rw=write --bs=16k --ioengine=sync --fdatasync=1 --overwrite=1 that the
// accuracy benchmark compares with, and like InnoDB's redo log in its usual
// setting (innodb_flush_method=fsync or O_DIRECT opens only data files with
// O_DIRECT; the redo log is written buffered and fsynced, MySQL manual,
// innodb_flush_method). Each sample covers write plus fdatasync; the
// fdatasync alone is kept too, as fio reports it ("sync" latency).
func (e *engine) syncLoop(c *stepCtl) error {
	f, err := e.opener.open(e.path, false)
	if err != nil {
		return fmt.Errorf("opening the test file for the fdatasync loop: %w", err)
	}
	defer func() {
		_ = f.Close() // read-write descriptor whose data is already synced
		_ = e.f.DropCache()
	}()
	pool := newDataPool(randBlock, e.align, e.seed+1)
	blocks := e.laid / randBlock
	total := make([]time.Duration, 0, 4096)
	syncs := make([]time.Duration, 0, 4096)
	start := time.Now()
	for n := uint64(0); c.more(n == 0) && c.take(randBlock); n++ {
		t0 := time.Now()
		if _, err := f.WriteAt(pool.take(), int64(n%blocks*randBlock)); err != nil {
			return fmt.Errorf("16 KiB write of the fdatasync loop: %w", err)
		}
		t1 := time.Now()
		if err := f.Datasync(); err != nil {
			return fmt.Errorf("fdatasync of the test file: %w", err)
		}
		t2 := time.Now()
		total = append(total, t2.Sub(t0))
		syncs = append(syncs, t2.Sub(t1))
		c.done(randBlock)
	}
	elapsed := time.Since(start)
	e.written += uint64(len(total)) * randBlock
	sliced := sliceP50s(syncs, syncSlices)
	e.res.Sync = summarize(total, elapsed)
	e.res.Fdatasync = summarize(syncs, elapsed)
	e.res.Fdatasync.SliceP50 = sliced
	return nil
}
