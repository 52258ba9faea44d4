package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// This file judges the curves calibrate measures on a live server: the knee
// of the synthetic insert curve (the same rule as the disk's random-write
// curve, Knee) and the load-thread choice of a dump calibration. calibrate
// only measures; every "near best" and verdict about its curves is here.

// DumpNearBestPct is how close to the best MB/s (pooled over its windows) a
// session count of calibrate --dump must load to be chosen: the fewest such
// sessions win. Tighter than the disk curve's NearBest (10%) because a
// dump calibration pools several rounds of windows per count, which
// narrows its noise (scripts/calib-sweep.sh, docs/benchmarks).
const DumpNearBestPct = 5.0

// JudgeDump sets rep's choice (ChooseDump) and, when the choice rests on
// noise, appends the note saying so (DumpNoiseNote) after the run's notes.
func JudgeDump(rep *profile.DumpCalibration) {
	rep.Choice = ChooseDump(rep.Points)
	if n := DumpNoiseNote(rep.Points, rep.Choice); n != "" {
		rep.Notes = append(rep.Notes, n)
	}
}

// ChooseDump picks the fewest sessions whose MB/s (pooled) is within
// DumpNearBestPct of the best, and says so with the numbers.
func ChooseDump(pts []profile.DumpLoadPoint) profile.DumpLoadChoice {
	best := profile.DumpLoadPoint{}
	for _, p := range pts {
		if p.MBPerS > best.MBPerS {
			best = p
		}
	}
	if best.MBPerS <= 0 {
		return profile.DumpLoadChoice{WithinPct: DumpNearBestPct, Why: "no step loaded any rows"}
	}
	for _, p := range pts {
		if p.MBPerS >= (1-DumpNearBestPct/100)*best.MBPerS {
			c := profile.DumpLoadChoice{Threads: p.Threads, MBPerS: p.MBPerS, RowsPerS: p.RowsPerS, BestThreads: best.Threads,
				BestMBPerS: best.MBPerS, WithinPct: DumpNearBestPct}
			c.Why = fmt.Sprintf("%d session(s) loaded %.1f MB/s (%.0f rows/s) over %.0f s of %d windows in %d steps (steps %.1f–%.1f), ",
				p.Threads, p.MBPerS, p.RowsPerS, p.WindowS, windowsOf(p), len(p.Rounds), p.MBPerSMin, p.MBPerSMax)
			if p.Threads == best.Threads {
				c.Why += "the best of the counts measured"
			} else {
				c.Why += fmt.Sprintf("within %.0f%% of the best, %.1f MB/s at %d", DumpNearBestPct, best.MBPerS, best.Threads)
			}
			return c
		}
	}
	return profile.DumpLoadChoice{}
}

// windowsOf is the windows of a count's steps in all (a step has one, or
// more when its sessions ran out of files and the tables were recreated);
// a step that recorded none counts as one.
func windowsOf(p profile.DumpLoadPoint) int {
	n := 0
	for _, r := range p.Rounds {
		n += max(r.Windows, 1)
	}
	return n
}

// DumpNoiseNote says when a larger count's median beats the choice and their
// ranges overlap: the choice then rests on noise, and a restore with too
// few threads loses more than one with too many (scripts/calib-sweep.sh:
// 2 threads 34-113% slower than the best, 16 threads 5-26%).
func DumpNoiseNote(pts []profile.DumpLoadPoint, c profile.DumpLoadChoice) string {
	var chosen profile.DumpLoadPoint
	for _, p := range pts {
		if p.Threads == c.Threads {
			chosen = p
		}
	}
	for _, p := range pts {
		if p.Threads > chosen.Threads && p.MBPerS > chosen.MBPerS && p.MBPerSMin <= chosen.MBPerSMax {
			return fmt.Sprintf("the ranges of %d sessions (%.1f–%.1f MB/s) and %d (%.1f–%.1f) overlap: their difference is "+
				"within this run's noise; too few load threads cost a restore more than too many, so %d is as safe a pick",
				chosen.Threads, chosen.MBPerSMin, chosen.MBPerSMax, p.Threads, p.MBPerSMin, p.MBPerSMax, p.Threads)
		}
	}
	return ""
}

// InsertKnee finds the knee of calibrate's rows/s curve with Knee (the
// same rule as the disk's random-write curve: the fewest connections within
// NearBest of the best, or after which each doubling gains less than
// MinGainPerDoubling) and explains it in rows/s.
func InsertKnee(pts []profile.InsertPoint) profile.InsertKnee {
	curve := make([]profile.ThreadPoint, len(pts))
	byThreads := map[int]profile.InsertPoint{}
	best := profile.InsertPoint{}
	for i, p := range pts {
		curve[i] = profile.ThreadPoint{Threads: p.Threads, IOPS: p.RowsPerS, P50US: p.BatchP50US, P99US: p.BatchP99US}
		byThreads[p.Threads] = p
		if p.RowsPerS > best.RowsPerS {
			best = p
		}
	}
	n, _ := Knee(curve)
	if n == 0 {
		return profile.InsertKnee{Why: "no step inserted any rows"}
	}
	k := byThreads[n]
	if len(pts) == 1 {
		return profile.InsertKnee{Threads: n, RowsPerS: k.RowsPerS, Why: fmt.Sprintf(
			"only %s could be measured (%.0f rows/s): how inserts scale with more is unknown", count(n, "connection"), k.RowsPerS)}
	}
	why := fmt.Sprintf("%s insert %.0f rows/s, within %.0f%% of the best (%.0f rows/s at %d)",
		count(n, "connection"), k.RowsPerS, 100*(1-NearBest), best.RowsPerS, best.Threads)
	if k.RowsPerS < NearBest*best.RowsPerS {
		doublings := math.Log2(float64(best.Threads) / float64(n))
		why = fmt.Sprintf("%s insert %.0f rows/s; the best, %.0f rows/s at %d, is %.0f%% more over %.1f doublings: %.0f%% a doubling "+
			"on average, below the %.0f%% a doubling worth more connections",
			count(n, "connection"), k.RowsPerS, best.RowsPerS, best.Threads, 100*(best.RowsPerS/k.RowsPerS-1), doublings,
			100*(math.Pow(best.RowsPerS/k.RowsPerS, 1/doublings)-1), 100*MinGainPerDoubling)
	}
	return profile.InsertKnee{Threads: n, RowsPerS: k.RowsPerS, Why: why}
}

// InsertVerdict is the one sentence comparing the measured knee with
// advise's prediction (nil: none was made).
func InsertVerdict(k profile.InsertKnee, p *profile.LoadPrediction) string {
	if k.Threads == 0 {
		return "calibrate measured no usable curve: " + k.Why
	}
	measured := fmt.Sprintf("calibrate measured the knee at %d connection(s) (%.0f rows/s)", k.Threads, k.RowsPerS)
	if p == nil {
		return measured + "; no prediction was made (--no-predict)"
	}
	if p.OtherHost != "" {
		return fmt.Sprintf("advise predicted %d load threads from %s, %s: not compared; %s", p.Threads, p.Source, p.OtherHost, measured)
	}
	switch {
	case p.Threads == k.Threads:
		return fmt.Sprintf("advise predicted %d load threads; %s: they agree", p.Threads, measured)
	case p.Threads > k.Threads:
		return fmt.Sprintf("advise predicted %d load threads; %s: advise is %d above it, those extra threads mostly queue",
			p.Threads, measured, p.Threads-k.Threads)
	}
	return fmt.Sprintf("advise predicted %d load threads; %s: advise is %d below it, more threads would still pay",
		p.Threads, measured, k.Threads-p.Threads)
}

// CalibrationFrom is the advisor's summary of a calibrate --dump report
// (the part the advice JSON carries); source says where it came from.
func CalibrationFrom(r *profile.DumpCalibration, source string) *Calibration {
	c := &Calibration{Source: source, TakenAt: r.TakenAt, Threads: r.Choice.Threads, MBPerS: r.Choice.MBPerS,
		RowsPerS: r.Choice.RowsPerS, BestThreads: r.Choice.BestThreads, BestMBPerS: r.Choice.BestMBPerS, WithinPct: r.Choice.WithinPct,
		RedoBytesPerDumpByte: r.RedoBytesPerDumpByte,
		Server: CalibrationServer{Hostname: r.Server.Hostname, Port: r.Server.Port, Datadir: r.Server.Datadir,
			ServerUUID: r.Server.ServerUUID, Version: r.Server.Version},
		Dump: CalibrationDump{Path: r.Dump.Path, Format: r.Dump.Format, FileBytes: r.Dump.FileBytes, OneSession: r.Dump.OneSession}}
	for _, p := range r.Points {
		c.Points = append(c.Points, CalibrationPoint{Threads: p.Threads, MBPerS: p.MBPerS,
			MBPerSMin: p.MBPerSMin, MBPerSMax: p.MBPerSMax, RowsPerS: p.RowsPerS})
	}
	return c
}
