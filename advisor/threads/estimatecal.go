package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// calibratedEstimate replaces the modelled estimate when the load choice
// is calibrated on the target: the dump's SQL at the rates calibrate
// --dump measured at the advised count (its fastest and slowest round;
// MB/s of uncompressed dump, 10^6 bytes). The calibration loads a sample
// into the pool as it is; when the whole load outgrows the pool (b), its
// pages are evicted and written while loading, which the sample never
// saw, so the slow end stays the model's if that is slower.
func calibratedEstimate(p *profile.Profile, c Choice, model DurationRange, b pool, cores int) DurationRange {
	cal := c.Calibration
	if c.Basis != BasisCalibrated || cal == nil || p.Dump == nil || p.Dump.TotalBytes == 0 {
		return model
	}
	pooled, fast, slow := cal.MBPerS, 0.0, 0.0 // pooled over the count's windows, not the steps' median
	for _, pt := range cal.Points {
		if pt.Threads == c.Threads {
			pooled, fast, slow = pt.MBPerS, pt.MBPerSMax, pt.MBPerSMin
		}
	}
	fast, slow = orRate(fast, pooled), orRate(slow, pooled)
	if fast <= 0 || slow <= 0 {
		return model
	}
	lo, hi := dumpSQLBytes(p.Dump)
	low, high := lo/(fast*1e6), hi/(slow*1e6)
	basis := fmt.Sprintf("%s (%s): %s of SQL at the %.1f–%.1f MB/s it loaded at %s (%.1f pooled over its windows)",
		cal.Source, BasisCalibrated, bytesRange(lo, hi), slow, fast, threadCount(c.Threads), pooled)
	if tFast, tSlow, text := calibratedTail(p.Dump, cal, c.Threads, lo, hi); tFast > low || tSlow > high {
		low, high, basis = max(low, tFast), max(high, tSlow), basis+text
	}
	// the calibration creates its tables before its timed windows (calibrate/dumpsteps.go), so its rate leaves
	// their creation out: the model's, added (its files' work and commits are in the rate: it loads whole files)
	shareLo, shareHi, _ := cpuShare(probeLoad(p.Storage), c.Threads, max(cores, 1))
	if cFast, cSlow, text := tableCreateCost(p, p.Dump, shareLo, shareHi, b.recalcOff); cSlow > 0 {
		low, high, basis = low+cFast, high+cSlow, basis+text+" (the calibration's timed windows leave it out)"
	}
	if sFast, sSlow, text := loadStartCost(p); sSlow > 0 { // nor the loader's start: its windows are its own sessions'
		low, high, basis = low+sFast, high+sSlow, basis+text
	}
	if aFast, aSlow, text := analyzeCost(p, b.analyzeTables); aSlow > 0 { // the calibration never times it
		low, high, basis = low+aFast, high+aSlow, basis+text
	}
	if data := dumpInnoDBBytes(p.Dump); b.bytes > 0 && !b.fits(data) && model.High.Seconds() > high {
		high = model.High.Seconds()
		basis += fmt.Sprintf("; the ~%s it loads outgrows %s, which the calibration's sample did not, so the slow end is the model's (%s)",
			profile.HumanBytes(data), b.describe(), model.Basis)
	}
	if r := b.room; r.Lim.known() && !r.holds() && model.High.Seconds() > high {
		high = model.High.Seconds()
		basis += fmt.Sprintf("; the load's %s of redo passes the %s redo log's async flush point (%s), which a calibration sample may not reach, so the slow end is the model's (%s)",
			bytesRange(r.LowBytes, r.HighBytes), profile.HumanBytes(r.Lim.CapacityBytes), profile.HumanBytes(r.Lim.AsyncBytes), model.Basis)
	}
	return rangeOf(low, high, basis)
}

// orRate is r, or def when r is unmeasured (0).
func orRate(r, def float64) float64 {
	if r > 0 {
		return r
	}
	return def
}
