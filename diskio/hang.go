package diskio

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrHung is returned by Run when an operation on the disk does not
// return at all: a frozen filesystem (fsfreeze), a hung network mount, a
// device that stopped answering. Go cannot cancel a blocked system call,
// so Run returns without it and leaves the goroutine behind.
var ErrHung = errors.New("the disk does not answer")

// hangGrace is how long past stallLimit Run waits for a measurement to
// return before it gives up on it: a disk whose writes take a second each
// ends its last step within 2 s of stallLimit (TestRunStopsOnAStalledDisk),
// so 5 s more is a disk that does not answer (review: a probe on an ext4
// frozen with fsfreeze waited until the thaw, a Ctrl-C included).
const hangGrace = 5 * time.Second

// cancelGrace is how long Run waits, once ctx is cancelled, for the
// operations in flight to return (a working disk's take milliseconds).
const cancelGrace = 2 * time.Second

// watch runs fn, the measurement in dir, and returns what it returns,
// unless it runs past limit or past cancelGrace after ctx is cancelled:
// then it returns ErrHung (with ctx's error when cancelled) and leaves fn
// running, blocked in the kernel.
func watch(ctx context.Context, limit time.Duration, dir string, fn func() (Result, error)) (Result, error) {
	type outcome struct {
		res Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := fn()
		done <- outcome{res, err}
	}()
	hang := time.NewTimer(limit)
	defer hang.Stop()
	select {
	case o := <-done:
		return o.res, o.err
	case <-hang.C:
		return Result{}, fmt.Errorf("%w: an operation on %s has not returned %s after the measurement started (a frozen "+
			"filesystem, a hung network mount or a failing device); %s", ErrHung, dir, limit.Round(time.Second), leftNote(dir))
	case <-ctx.Done():
	}
	grace := time.NewTimer(cancelGrace)
	defer grace.Stop()
	select {
	case o := <-done:
		return o.res, o.err
	case <-grace.C:
		return Result{}, fmt.Errorf("%w (%w)", ctx.Err(), &HungError{Dir: dir, After: cancelGrace})
	}
}

// HungError is ErrHung (errors.Is) for a run interrupted while an
// operation on the disk under Dir had not returned: its test file may be
// left there, which the interruption's message must say (review r12: on a
// filesystem frozen with fsfreeze, Ctrl-C printed that the test file was
// removed, and it was still there after the thaw).
type HungError struct {
	// Dir is the directory measured; After how long past the interrupt
	// the operation had not returned.
	Dir   string
	After time.Duration
}

// Error says which directory's operation hung and what may be left there.
func (e *HungError) Error() string {
	return fmt.Sprintf("%v: an operation on %s had not returned %s after the interrupt; %s", ErrHung, e.Dir, e.After, leftNote(e.Dir))
}

// Is makes errors.Is(err, ErrHung) true.
func (e *HungError) Is(target error) bool { return target == ErrHung }

// LeftNote says which test file the hung run may leave in its directory.
func (e *HungError) LeftNote() string { return leftNote(e.Dir) }

// leftNote says which test file a hung run may leave in dir.
func leftNote(dir string) string {
	return fmt.Sprintf("its test file may be left in %s (.mytune-probe-*.tmp): remove it once the disk answers", dir)
}
