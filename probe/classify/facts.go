package classify

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// facts are the measured numbers the decision reads, taken once from a
// profile.Storage. A zero value means "not measured".
type facts struct {
	// readUS is the time one 16 KiB random read takes on average, at the
	// thread count readN where that time is shortest. By Little's law (J. D. C.
	// Little, Operations Research 9(3), 1961) the
	// mean latency at n outstanding reads is n/IOPS; the minimum over the
	// curve is the device's single-read service time, robust against one
	// short or disturbed point (a throttle's burst, a neighbour's I/O) and
	// against devices that serve most reads fast and hold a few for long.
	readUS      float64
	readN       int
	readP50US   float64 // p50 at readN
	readIOPSAtN float64 // IOPS at readN
	readIOPSTop float64 // the highest IOPS of the curve
	readTopN    int     // the thread count that reached it
	readPoints  int     // thread counts measured with IOPS
	readMaxN    int     // the most threads measured with IOPS
	readIOPSMax float64 // IOPS at readMaxN
	writeIOPS1  float64
	writeTop    float64 // the highest random-write IOPS of the curve
	writeTopN   int     // the thread count that reached it
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
	for _, p := range s.RandRead {
		if p.Threads <= 0 || p.IOPS <= 0 {
			continue
		}
		f.readPoints++
		if us := float64(p.Threads) * 1e6 / p.IOPS; f.readUS == 0 || us < f.readUS {
			f.readUS, f.readN, f.readP50US, f.readIOPSAtN = us, p.Threads, p.P50US, p.IOPS
		}
		if p.Threads > f.readMaxN {
			f.readMaxN, f.readIOPSMax = p.Threads, p.IOPS
		}
		if p.IOPS >= f.readIOPSTop { // on a flat curve, the most threads
			f.readTopN, f.readIOPSTop = p.Threads, p.IOPS
		}
	}
	if p, ok := profile.At(s.RandRead, 1); ok && f.readUS == 0 && p.P50US > 0 {
		f.readUS, f.readN, f.readP50US = p.P50US, 1, p.P50US // no IOPS: the p50 is all there is
	}
	if p, ok := profile.At(s.RandWrite, 1); ok {
		f.writeIOPS1 = p.IOPS
	}
	for _, p := range s.RandWrite {
		if p.Threads > 0 && p.IOPS >= f.writeTop {
			f.writeTopN, f.writeTop = p.Threads, p.IOPS
		}
	}
	return f
}

// haveRead reports whether random reads were measured.
func (f facts) haveRead() bool { return f.readUS > 0 }

// readScaling is how many times the reads per second of a single
// outstanding read (1e6/readUS) the best thread count reached; 0 when
// fewer than two thread counts were measured.
func (f facts) readScaling() float64 {
	if f.readPoints < 2 {
		return 0
	}
	return f.readIOPSTop * f.readUS / 1e6
}

// readScalingAtMax is how many times the reads per second of a single
// outstanding read the most threads measured reached (readMaxN): what adding
// threads did, even where the best figure came at fewer threads; 0 when
// fewer than two thread counts were measured.
func (f facts) readScalingAtMax() float64 {
	if f.readPoints < 2 {
		return 0
	}
	return f.readIOPSMax * f.readUS / 1e6
}

// readPhrase describes the single-read time in one clause.
func (f facts) readPhrase() string {
	threads := "1 thread"
	if f.readN > 1 {
		threads = fmt.Sprintf("%d threads", f.readN)
	}
	switch {
	case f.readIOPSAtN > 0 && f.readP50US > 0:
		return fmt.Sprintf("16K random reads at %s take %s each on average (%.0f IOPS, p50 %s)",
			threads, fmtUS(f.readUS), f.readIOPSAtN, fmtUS(f.readP50US))
	case f.readIOPSAtN > 0:
		return fmt.Sprintf("16K random reads at %s take %s each on average (%.0f IOPS)", threads, fmtUS(f.readUS), f.readIOPSAtN)
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
