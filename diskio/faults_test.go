package diskio

import (
	"fmt"
	"sync/atomic"
	"syscall"
	"time"
)

// faultyOpener wraps the real opener and injects the failures a test asks for.
type faultyOpener struct {
	osOpener
	refuseDirectOpen  bool  // open with direct fails as O_DIRECT refused (tmpfs before Linux 6.6, ramfs, FUSE)
	refuseDirectWrite bool  // writes on a direct descriptor fail with EINVAL
	failWriteAt       int64 // the Nth write (1-based, any descriptor) fails with EIO; 0 = never
	panicWriteAt      int64 // the Nth write panics; 0 = never
	// panicRandWriteAt: the Nth 16 KiB write on a direct descriptor panics:
	// only the random-write goroutines write 16 KiB with O_DIRECT.
	panicRandWriteAt int64
	// stallWrites makes every write take this long, as on a failing card
	// or a hung network disk; 0 = no delay.
	stallWrites time.Duration
	// hangWriteAt: the Nth write blocks until hangUntil is closed, as on a
	// frozen filesystem; 0 = never.
	hangWriteAt int64
	hangUntil   chan struct{}
	hanging     chan struct{} // closed when the hung write starts
	// noDirect makes dioAlign say the file takes no direct I/O (statx
	// STATX_DIOALIGN 0: ext4 data=journal), though O_DIRECT opens.
	noDirect     bool
	blockDrops   atomic.Int64 // DropCache calls for one 16 KiB block
	directWrites atomic.Int64
	writes       atomic.Int64
	opens        atomic.Int64
	directOpens  atomic.Int64
}

func (o *faultyOpener) dioAlign(path string) (int, bool) {
	if o.noDirect {
		return defaultAlign, true
	}
	return o.osOpener.dioAlign(path)
}

func (o *faultyOpener) open(path string, direct bool, want fileID) (ioFile, error) {
	o.opens.Add(1)
	if direct {
		o.directOpens.Add(1)
		if o.refuseDirectOpen {
			return nil, fmt.Errorf("opening %s: %w (%w)", path, errDirectRefused, syscall.EINVAL)
		}
	}
	f, err := o.osOpener.open(path, direct, want)
	if err != nil {
		return nil, err
	}
	return &faultyFile{ioFile: f, o: o, direct: direct}, nil
}

// faultyFile is an ioFile whose writes fail as its opener says.
type faultyFile struct {
	ioFile
	o      *faultyOpener
	direct bool
}

func (f *faultyFile) WriteAt(p []byte, off int64) (int, error) {
	n := f.o.writes.Add(1)
	var nd int64
	if f.direct && len(p) == randBlock {
		nd = f.o.directWrites.Add(1)
	}
	switch {
	case f.direct && f.o.refuseDirectWrite:
		return 0, fmt.Errorf("pwrite at %d: %w (%w)", off, errDirectRefused, syscall.EINVAL)
	case n == f.o.failWriteAt:
		return 0, fmt.Errorf("pwrite at %d: %w", off, syscall.EIO)
	case n == f.o.panicWriteAt, f.direct && len(p) == randBlock && nd == f.o.panicRandWriteAt:
		panic("injected panic in WriteAt")
	}
	if n == f.o.hangWriteAt {
		close(f.o.hanging)
		<-f.o.hangUntil
	}
	time.Sleep(f.o.stallWrites)
	return f.ioFile.WriteAt(p, off)
}

func (f *faultyFile) DropCache(off, n int64) error {
	if n == randBlock {
		f.o.blockDrops.Add(1)
	}
	return f.ioFile.DropCache(off, n)
}
