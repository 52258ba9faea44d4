package diskio

import "fmt"

// syncPlace is where the fdatasync loop writes next: the 16 KiB overwrite
// of the laid-out file, wrapping at its end, or (appending) the end of the
// file, which is truncated to empty when the next append would pass the
// test file's size, as a log rotates.
type syncPlace struct {
	size      int   // bytes per write
	appending bool  // append at off, truncating at limit; else overwrite block n
	limit     int64 // appending: the file's most bytes; overwriting: the laid-out bytes
	off       int64 // where the next write goes
}

// appendSize is the append loop's write size of a run with options o, 0
// when the loop overwrites: AppendBytes, only with SyncOnly, at most one
// 16 KiB block (the pool's buffers).
func appendSize(o Options) int {
	if !o.SyncOnly || o.AppendBytes == 0 {
		return 0
	}
	return int(min(o.AppendBytes, randBlock))
}

// newSyncPlace starts e's fdatasync loop at the file's beginning.
func newSyncPlace(e *engine) *syncPlace {
	if e.appendN > 0 {
		return &syncPlace{size: e.appendN, appending: true, limit: int64(max(e.maxFile, seqBlock))}
	}
	return &syncPlace{size: randBlock, limit: int64(e.laid / randBlock * randBlock)}
}

// write writes one commit's bytes from buf at the next place.
func (p *syncPlace) write(f ioFile, buf []byte) error {
	if !p.appending {
		if _, err := f.WriteAt(buf, p.off); err != nil {
			return fmt.Errorf("16 KiB write of the fdatasync loop: %w", err)
		}
		p.off = (p.off + randBlock) % p.limit
		return nil
	}
	if p.off+int64(p.size) > p.limit {
		if err := f.Truncate(0); err != nil {
			return fmt.Errorf("emptying the appended test file at %d bytes: %w", p.off, err)
		}
		p.off = 0
	}
	if _, err := f.WriteAt(buf[:p.size], p.off); err != nil {
		return fmt.Errorf("%d-byte append of the fdatasync loop: %w", p.size, err)
	}
	p.off += int64(p.size)
	return nil
}
