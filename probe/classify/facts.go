package classify

import (
	"fmt"

	"github.com/mytune/mytune/probe/profile"
)

// facts are the measured numbers the decision reads, taken once from a
// profile.Storage. A zero value means "not measured".
type facts struct {
	// readUS is the time one 16 KiB random read takes at 1 thread: the
	// mean from IOPS (1e6/IOPS, exact at queue depth 1) or, without IOPS,
	// the p50. The mean is used because a throttled or stalling device can
	// serve most reads fast and hold a few for long (bursts).
	readUS      float64
	readP50US   float64
	readIOPS1   float64
	readIOPSTop float64 // IOPS at the highest thread count measured
	readTopN    int     // that thread count
	writeIOPS1  float64
	seqWrite    float64
	seqRead     float64
	syncP50US   float64
	syncP99US   float64
}

// gather reads the facts out of a storage profile.
func gather(s profile.Storage) facts {
	f := facts{
		seqWrite:  s.SeqWrite.MBPerS,
		seqRead:   s.SeqRead.MBPerS,
		syncP50US: s.Fsync.P50US,
		syncP99US: s.Fsync.P99US,
	}
	if p, ok := profile.At(s.RandRead, 1); ok {
		f.readIOPS1, f.readP50US = p.IOPS, p.P50US
		f.readUS = p.P50US
		if p.IOPS > 0 {
			f.readUS = 1e6 / p.IOPS
		}
	}
	for _, p := range s.RandRead {
		if p.Threads > f.readTopN && p.IOPS > 0 {
			f.readTopN, f.readIOPSTop = p.Threads, p.IOPS
		}
	}
	if p, ok := profile.At(s.RandWrite, 1); ok {
		f.writeIOPS1 = p.IOPS
	}
	return f
}

// haveRead reports whether random reads at 1 thread were measured.
func (f facts) haveRead() bool { return f.readUS > 0 }

// readScaling is how many times more random reads per second the highest
// thread count gave than 1 thread; 0 when not measured.
func (f facts) readScaling() float64 {
	if f.readIOPS1 <= 0 || f.readTopN <= 1 {
		return 0
	}
	return f.readIOPSTop / f.readIOPS1
}

// readPhrase describes the 1-thread random read time in one clause.
func (f facts) readPhrase() string {
	if f.readIOPS1 > 0 && f.readP50US > 0 {
		return fmt.Sprintf("16K random reads at 1 thread take %s on average (%.0f IOPS, p50 %s)",
			fmtUS(f.readUS), f.readIOPS1, fmtUS(f.readP50US))
	}
	if f.readIOPS1 > 0 {
		return fmt.Sprintf("16K random reads at 1 thread take %s on average (%.0f IOPS)", fmtUS(f.readUS), f.readIOPS1)
	}
	return fmt.Sprintf("16K random reads at 1 thread take %s (p50)", fmtUS(f.readUS))
}

// syncPhrase describes the commit cost in one clause.
func (f facts) syncPhrase() string {
	return fmt.Sprintf("a 16K write + fdatasync takes %s (p50), %s (p99)", fmtUS(f.syncP50US), fmtUS(f.syncP99US))
}

// fmtUS renders microseconds the way people read latencies: "95 µs",
// "6.7 ms", "1.20 s".
func fmtUS(us float64) string {
	switch {
	case us < 10:
		return fmt.Sprintf("%.1f µs", us)
	case us < 1000:
		return fmt.Sprintf("%.0f µs", us)
	case us < 1e6:
		return fmt.Sprintf("%.1f ms", us/1000)
	}
	return fmt.Sprintf("%.2f s", us/1e6)
}
