package diskio

import (
	"context"
	"time"
)

// ReadResult is a sequential read of an existing file (ReadFile).
type ReadResult struct {
	Throughput
	// Direct is whether the reads bypassed the page cache (O_DIRECT);
	// false where the filesystem refused it, and the file's cached pages
	// were dropped first (POSIX_FADV_DONTNEED) so the reads reach the disk.
	Direct bool
}

// readBlock is the read size: 1 MiB, as the probe's sequential phases
// (fio --rw=read --bs=1M --direct=1 --ioengine=psync).
const readBlock = seqBlock

// ReadFile reads the existing file at path from its start in 1 MiB blocks,
// one at a time, until budget has passed, maxBytes are read or the file
// ends, and returns what it read and how fast: the rate a copy of that
// file would read at. It writes nothing and leaves the file as it was.
func ReadFile(ctx context.Context, path string, budget time.Duration, maxBytes uint64) (ReadResult, error) {
	f, direct, align, err := openForRead(path)
	if err != nil {
		return ReadResult{}, err
	}
	defer f.Close()
	buf := alignedBuffer(readBlock, align)
	deadline := time.Now().Add(budget)
	start := time.Now()
	var ends []time.Time
	var total uint64
	for total+readBlock <= maxBytes && time.Now().Before(deadline) && ctx.Err() == nil {
		n, err := f.ReadAt(buf, int64(total))
		if n < readBlock || err != nil {
			break // the file's end (a short last block is not timed)
		}
		total += readBlock
		ends = append(ends, time.Now())
	}
	if err := ctx.Err(); err != nil {
		return ReadResult{}, err
	}
	return ReadResult{Direct: direct, Throughput: Throughput{Bytes: total, Ops: len(ends), Elapsed: time.Since(start),
		Slices: streamRates(start, ends, readBlock)}}, nil
}
