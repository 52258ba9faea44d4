package threads

import (
	"fmt"
	"time"

	"github.com/mytune/mytune/profile"
)

// readFloor holds a load's estimate r to at least the time the dump's own
// disk takes to read its files (Dump.ReadRate, timed when the dump is not
// on the datadir's filesystem): a loader inserts no faster than it reads.
// The ends are that read ÷ and x PhysicalCopySlack, the slack a copy bound
// by its disk took where measured: the read is timed one block at a time,
// and 12 myloader sessions read a dump on a 5 MB/s-capped bed at 4.95 MB/s
// where the timing said 4.7 (docs/benchmarks/live-server.md). r unchanged
// when the read was not timed or the load is slower anyway.
func readFloor(d *profile.Dump, r DurationRange) DurationRange {
	if d == nil || d.ReadMBPerS <= 0 || r.IsZero() {
		return r
	}
	bytes := d.FileBytes
	if bytes == 0 {
		bytes = d.TotalBytes
	}
	sec := float64(bytes) / 1e6 / d.ReadMBPerS
	lowFloor, highFloor := secs(sec/PhysicalCopySlack).Round(10*time.Millisecond), secs(sec*PhysicalCopySlack).Round(10*time.Millisecond)
	if lowFloor <= r.Low && highFloor <= r.High {
		return r
	}
	basis := r.Basis + fmt.Sprintf("; at least %s to read its %s of files from their own disk at the %.1f MB/s timed on %s "+
		"(÷ or x%.2f: the loader's sessions read side by side, the timing one block at a time), slower than the load would go",
		secs(sec).Round(100*time.Millisecond), profile.HumanBytes(bytes), d.ReadMBPerS, d.ReadFile, PhysicalCopySlack)
	return DurationRange{Low: max(r.Low, lowFloor), High: max(r.High, highFloor), Basis: basis}
}
