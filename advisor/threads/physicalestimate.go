package threads

import (
	"fmt"
	"math"
	"time"

	"github.com/mytune/mytune/profile"
)

// PrepareRedoMBPerSLow and PrepareRedoMBPerSHigh bound the rate a
// --prepare applies redo at when page writes cost nothing: MariaDB 10.11.19
// on this project's 2-core VM applied 70 MB in 1.8-3.0 s and 529 MB in
// 19.0-25.5 s, unthrottled disk (docs/benchmarks/physical-restore.md).
const (
	PrepareRedoMBPerSLow  = 21.0
	PrepareRedoMBPerSHigh = 38.0
)

// PhysicalCopySlack is how much longer than the backup's bytes at the
// measured sequential write rate a copy-back and the sync after it took:
// 36.1-39.1 s for 521 MB on a 15 MB/s bed, 1.04-1.13x
// (docs/benchmarks/physical-restore.md).
const PhysicalCopySlack = 1.15

// physicalEstimate is the restore's time from the prepare's start until
// the sync after the copy returns; zero without the disk's sequential
// write rate.
func physicalEstimate(p *profile.Profile, mem uint64) DurationRange {
	b, s := p.Backup, p.Storage
	if !s.Measured || s.SeqWrite.MBPerS <= 0 || b.Compressed != "" {
		return DurationRange{} // compressed: its size once decompressed is not known (qpressNote)
	}
	low, high, basis := copySeconds(b, s.SeqWrite.MBPerS)
	if !b.Prepared() && b.RedoBytes > 0 {
		pl, ph, why := prepareSeconds(p, mem)
		low, high = low+pl, high+ph
		basis = why + "; " + basis
	}
	return DurationRange{Low: secs(low), High: secs(high), Basis: basis}
}

// copySeconds bounds the copy-back and the sync after it: the backup's
// bytes at the datadir's measured sequential write rate (x
// PhysicalCopySlack), or at its own disk's read rate where that was timed
// and is slower (the high end then reads and writes one after the other:
// bytes/read + bytes/write, the most a copy that overlaps nothing takes;
// the low end stays at the writes when the plan's prepare runs first, as
// it may leave the files in the page cache).
func copySeconds(b *profile.PhysicalBackup, writeMBPerS float64) (low, high float64, why string) {
	mb := float64(b.CopyBytes()) / 1e6
	low, high = mb/writeMBPerS, mb/writeMBPerS*PhysicalCopySlack
	why = fmt.Sprintf("the copy: %s at the %.0f MB/s sequential writes measured (x%.2f, what the copy and sync took "+
		"where measured)", profile.HumanBytes(b.CopyBytes()), writeMBPerS, PhysicalCopySlack)
	switch r := b.ReadMBPerS; {
	case r <= 0:
		return low, high, why + ", the backup's own disk read at least as fast"
	case r >= writeMBPerS:
		return low, high, why + fmt.Sprintf(", the backup's own disk reading faster (%.0f MB/s, timed on %s)", r, b.ReadFile)
	default:
		if b.Prepared() { // a prepare run just before may leave the files in the page cache: the low end stays
			low = mb / r
		}
		high = max(mb/r*PhysicalCopySlack, mb/r+mb/writeMBPerS)
		return low, high, fmt.Sprintf("the copy: %s at the %.0f MB/s its own disk read (timed on %s), slower than the "+
			"%.0f MB/s the datadir's disk writes (up to both in turn, or x%.2f)", profile.HumanBytes(b.CopyBytes()), r, b.ReadFile,
			writeMBPerS, PhysicalCopySlack)
	}
}

// prepareSeconds bounds the prepare: its redo at the measured apply
// rates, and, when the backup lies on the datadir's filesystem (the disk
// measured), at most every data page written once per recovery batch at
// that disk's random-write rate (one thread); on another disk whose reads
// were timed, at most the redo and every data page once per batch read
// there (live, a 20 MB/s-read bed: 84 MiB of redo, 2 batches, prepared in
// 12.2 s against 2.2-4.0 s for the redo alone; docs/benchmarks/live-server.md).
func prepareSeconds(p *profile.Profile, mem uint64) (low, high float64, why string) {
	b := p.Backup
	redoMB := float64(b.RedoBytes) / 1e6
	low, high = redoMB/PrepareRedoMBPerSHigh, redoMB/PrepareRedoMBPerSLow
	why = fmt.Sprintf("the prepare: %s of redo at %.0f-%.0f MB/s (measured on 2 cores)", profile.HumanBytes(b.RedoBytes),
		PrepareRedoMBPerSLow, PrepareRedoMBPerSHigh)
	if same := b.SameFilesystemAsDatadir; same == nil || !*same {
		why += ", its page writes on the backup's own disk not counted (not measured: mytune measured the datadir's)"
		if r := b.ReadMBPerS; r > 0 { // a prepare reads its redo, and the pages it applies it to, from there
			batches := math.Ceil(float64(b.RedoBytes) * PrepareMemoryPerRedoByte / float64(mem))
			high += redoMB/r + batches*float64(b.CopyBytes())/1e6/r
			why += fmt.Sprintf("; its reads there at the %.0f MB/s timed: the redo, and up to every data page %s", r, times(int(batches)))
		}
		return low, high, why
	}
	pt, ok := profile.At(p.Storage.RandWrite, 1)
	if !ok || pt.IOPS <= 0 {
		return low, high, why
	}
	page := b.PageSizeBytes
	if page == 0 {
		page = 16 << 10
	}
	pages := float64(b.CopyBytes()) / float64(page)
	batches := math.Ceil(float64(b.RedoBytes) * PrepareMemoryPerRedoByte / float64(mem))
	high += batches * pages / pt.IOPS
	why += fmt.Sprintf(", plus up to its %.0f pages written %s at %.0f random writes/s", pages, times(int(batches)), pt.IOPS)
	return low, high, why
}

// times is "once", "twice" or "N times".
func times(n int) string {
	switch n {
	case 0, 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// secs is f seconds as a Duration.
func secs(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

// physicalNotes are the steps mytune does not print as lines and what
// the lines leave to the user.
func physicalNotes(p *profile.Profile, mem uint64) []string {
	b := p.Backup
	notes := []string{"before the copy-back: stop the server and move its datadir's files aside (copy-back refuses a " +
		"datadir that is not empty); mytune prints no line that stops a server or moves or removes its files"}
	notes = append(notes, "copy-back writes through the page cache and syncs nothing (strace: 692 writes, no fsync): "+
		"the sync line is when the files are on the disk; starting the server before it returns risks the restore on a power cut")
	if !b.Prepared() && b.RedoBytes > 0 {
		notes = append(notes, prepareMemoryNote(p, mem))
	}
	if b.Compressed == ".qp" {
		notes = append(notes, qpressNote(b))
	}
	if b.Compressed != "" && p.Storage.FreeBytes > 0 && b.CopyBytes() <= p.Storage.FreeBytes {
		notes = append(notes, fmt.Sprintf("the backup is compressed (%s files): the copy writes their decompressed size, which "+
			"only --decompress tells (du -sb on the backup after it); the datadir's filesystem has %s free now, %s compressed",
			b.Compressed, profile.HumanBytes(p.Storage.FreeBytes), profile.HumanBytes(b.CopyBytes())))
	}
	logDir, undoDir := restoreDirs(p, restoreDatadir(p))
	notes = append(notes, layoutNotes(p, logDir, undoDir)...)
	if b.DatadirOwner == "" {
		notes = append(notes, "the datadir's owner was not read: after the copy, give its files to the server's user "+
			"(chown -R mysql:mysql DATADIR on most packages)")
	}
	return notes
}

// prepareMemoryNote says why --use-memory is what the line gives.
func prepareMemoryNote(p *profile.Profile, mem uint64) string {
	b := p.Backup
	if prepareWritesSlow(p) {
		return fmt.Sprintf("--use-memory=%dM: the prepare applies %s of redo; recovery parses about %.1f bytes of memory per "+
			"byte of redo into one batch, and each batch it needs more writes the pages again at this disk's slow random writes",
			mem>>20, profile.HumanBytes(b.RedoBytes), PrepareMemoryPerRedoByte)
	}
	return fmt.Sprintf("--use-memory stays at its default %dM: more memory saves the prepare page writes only where they are "+
		"slow (a disk under %d random writes/s, the backup on it); where measured on a fast disk it gained nothing and "+
		"cost time", mem>>20, SlowDiskWriteIOPS)
}
