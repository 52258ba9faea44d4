package threads

import (
	"fmt"
	"time"

	"github.com/mytune/mytune/profile"
)

// readFloor holds a load's estimate r to at least the time the dump's own
// disk takes to read its files (Dump.ReadRate, timed when the dump is not
// on the datadir's filesystem): a loader inserts no faster than it reads.
// The high end is then at least that read x PhysicalCopySlack, the slack a
// copy bound by its disk took where measured. r unchanged when the read
// was not timed or is faster than the load.
func readFloor(d *profile.Dump, r DurationRange) DurationRange {
	if d == nil || d.ReadMBPerS <= 0 || r.IsZero() {
		return r
	}
	bytes := d.FileBytes
	if bytes == 0 {
		bytes = d.TotalBytes
	}
	sec := float64(bytes) / 1e6 / d.ReadMBPerS
	if sec <= r.Low.Seconds() {
		return r
	}
	low, high := secs(sec).Round(10*time.Millisecond), max(r.High, secs(sec*PhysicalCopySlack).Round(10*time.Millisecond))
	basis := r.Basis + fmt.Sprintf("; at least %s to read its %s of files from their own disk at the %.1f MB/s timed on %s, "+
		"slower than the load would go", low.Round(100*time.Millisecond), profile.HumanBytes(bytes), d.ReadMBPerS, d.ReadFile)
	return DurationRange{Low: low, High: high, Basis: basis}
}
