package diskio

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// errWorkerPanic marks a panic inside a random-I/O goroutine, turned into an error.
var errWorkerPanic = errors.New("random I/O goroutine panicked (a bug in mytune: please report it)")

// worker is one goroutine of a random phase: its own PRNG, buffer and the
// record of every operation it did.
type worker struct {
	rng     *rand.Rand
	pool    *dataPool // writes
	buf     []byte    // reads
	recs    []opRec
	lastRan int32 // the last slice in which one of its operations completed
	tid     int   // the kernel id of its OS thread (threadID), 0 where unknown
	err     error
}

// work is the loop of worker i: 16 KiB random I/O at offsets that are
// 16 KiB-aligned and uniform over the laid-out file, one pread/pwrite at a
// time (fio --ioengine=psync --numjobs=N --group_reporting), while the
// slice running lets it issue; parked otherwise. A panic is turned into an
// error so that Run's deferred clean-up still runs.
func (p *randPool) work(i int, w *worker) {
	defer func() {
		if r := recover(); r != nil {
			w.err = fmt.Errorf("%w: %v", errWorkerPanic, r)
			if st := p.cur.Load(); st.ctl != nil {
				st.ctl.cancelled.Store(true)
				st.halt()
			}
		}
	}()
	blocks := p.e.laid / randBlock
	for {
		st := p.cur.Load()
		if st.done {
			return
		}
		if !p.mayIssue(i, st) {
			<-st.next
			continue
		}
		if err := p.op(st, w, int64(w.rng.Uint64N(blocks)*randBlock)); err != nil {
			w.err = err
			st.ctl.cancelled.Store(true)
			st.halt()
			return
		}
	}
}

// mayIssue reports whether worker i may issue one more operation in st:
// it is among the slice's active workers, the run goes on, and for a
// write the slice's byte share grants 16 KiB (a spent share ends the
// slice; a closed one means the slice is over).
func (p *randPool) mayIssue(i int, st *sliceState) bool {
	if st.ctl == nil || i >= st.active || st.ctl.cancelled.Load() {
		return false
	}
	if !p.write {
		return true
	}
	if st.ctl.take(randBlock) {
		return true
	}
	if st.ctl.capped.Load() {
		st.halt()
	}
	return false
}

// op does one operation at off and records it under st's slice.
func (p *randPool) op(st *sliceState, w *worker, off int64) error {
	t0 := time.Now()
	var err error
	if p.write {
		_, err = p.e.f.WriteAt(w.pool.take(), off)
		if err == nil {
			err = p.e.syncIfBuffered()
		}
	} else {
		_, err = p.e.f.ReadAt(w.buf, off)
	}
	if err != nil {
		return fmt.Errorf("16 KiB random %s at offset %d: %w", rwName(p.write), off, err)
	}
	end := time.Now()
	if !p.write && !p.e.direct {
		// Buffered reads would be served from the cache after the first
		// pass over a block (review r59: ext4 data=journal read 172,450
		// 16K reads/s at 8 threads with the cache dropped only before each
		// step, 7187 at one thread); evicting the block read, untimed,
		// sends every read to the disk.
		_ = p.e.f.DropCache(off, randBlock) // advisory: if refused, the cache-inflation note still stands
	}
	w.recs = append(w.recs, opRec{slice: st.id, issue: p.since(t0), end: p.since(end)})
	st.ctl.done(randBlock)
	first := w.lastRan != st.id
	w.lastRan = st.id
	st.completed(first)
	if prev := p.lastEnd.Swap(p.since(end)); prev > 0 {
		p.cur.Load().notePause(time.Duration(p.since(end) - prev))
	}
	return nil
}

// rwName names the direction of an operation for messages.
func rwName(write bool) string {
	if write {
		return "write"
	}
	return "read"
}
