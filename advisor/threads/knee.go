// Package threads sizes the thread counts of dumps, restores and copies
// from a Profile: the measured write-scaling curve of the disk, its commit
// cost, the cores, and the shape of the dump. It does no I/O.
package threads

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// NearBest is how close to the best IOPS a thread count must come to count
// as the knee: 10% is the run-to-run spread of 1-second random-write phases
// seen on this project's shared test machine (scripts/bench-probe.sh).
const NearBest = 0.90

// MinGainPerDoubling is the gain per doubling of threads below which more
// threads are not worth it: under 15% per doubling the extra threads mostly
// add queueing latency (p99) for little throughput (DESIGN.md, thread sizing).
const MinGainPerDoubling = 0.15

// NoisySpreadPct is the interquartile range of a point's slices, in percent
// of its IOPS, above which the point is called noisy: twice the knee's 10%
// margin (NearBest), so a point that wide can sit on either side of it.
const NoisySpreadPct = 20

// Knee returns the smallest thread count of a random-I/O scaling curve
// that gets within 10% of the best IOPS or whose slices overlap the best's
// (its upper quartile reaches the best's lower one: the measurement cannot
// tell them apart), or after which no further doubling gains 15%. A falling
// curve (a saturated disk) gives its peak; a flat one gives 1. So the knee
// stays below the best point unless their difference exceeds the spread
// the probe measured; points without a spread count as exact. It returns 0 when the curve has no usable point. why names the
// numbers it rests on, and says so when the knee or the best point is noisy.
func Knee(curve []profile.ThreadPoint) (threads int, why string) {
	pts := usable(curve)
	if len(pts) == 0 {
		return 0, "no random-write scaling curve was measured"
	}
	if len(pts) == 1 {
		p := pts[0]
		return p.Threads, fmt.Sprintf("only %d thread(s) measured (%s IOPS): scaling unknown", p.Threads, kilo(p.IOPS))
	}
	best := pts[0]
	for _, p := range pts {
		if p.IOPS > best.IOPS {
			best = p
		}
	}
	bestLo, _ := best.IOPSSpread.Bounds(best.IOPS)
	for i, p := range pts {
		_, hi := p.IOPSSpread.Bounds(p.IOPS)
		if p.IOPS >= NearBest*best.IOPS || hi >= bestLo || flatAfter(pts[i:]) {
			if noisy, ok := noisyBasis(p, best); ok && p.Threads < pts[len(pts)-1].Threads {
				return pts[len(pts)-1].Threads, noisyKneeWhy(pts, i, best, noisy)
			}
			return p.Threads, kneeWhy(pts, i, best) + noisyWhy(p, best)
		}
	}
	return best.Threads, kneeWhy(pts, len(pts)-1, best) // unreachable: best itself qualifies
}

// noisyBasis returns the point a knee at k rests on that is noisy (its
// slices spread more than NoisySpreadPct): k itself, or the best point it
// was compared with when that has more threads. ok is false when neither is.
func noisyBasis(k, best profile.ThreadPoint) (profile.ThreadPoint, bool) {
	switch {
	case k.IOPSSpread.RelPct(k.IOPS) > NoisySpreadPct:
		return k, true
	case best.Threads > k.Threads && best.IOPSSpread.RelPct(best.IOPS) > NoisySpreadPct:
		return best, true
	}
	return profile.ThreadPoint{}, false
}

// noisyKneeWhy explains a knee at pts[i] that is not used: it rests on
// noisy, a point whose slices spread more than NoisySpreadPct, so the
// measurement cannot say where the disk stops scaling (on this project's
// 2-core machine at load 30-48, knees from such points flipped between 2
// and 4 threads from run to run, bench-stability), and too few threads
// cost more than too many (a compressed dump: 42.8 s at 1 thread, 24.6 s
// at 4; a restore on the SD-like bed: within 9% from 1 to 4, README). The
// curve's largest count is returned so the knee cuts nothing; the cores
// still do.
func noisyKneeWhy(pts []profile.ThreadPoint, i int, best, noisy profile.ThreadPoint) string {
	k, last := pts[i], pts[len(pts)-1]
	return fmt.Sprintf("random 16K IOPS would stop scaling at %d threads (%s; best %s at %d), but that rests on a noisy point: the middle half of the %d-thread slices spans %s–%s IOPS (%.0f%% of its median, over %d%%), so the curve does not cut the thread count (up to %d threads measured); probe again on a quieter host",
		k.Threads, kilo(k.IOPS), kilo(best.IOPS), best.Threads, noisy.Threads, kilo(noisy.IOPSSpread.P25), kilo(noisy.IOPSSpread.P75), noisy.IOPSSpread.RelPct(noisy.IOPS), NoisySpreadPct, last.Threads)
}

// noisyWhy names the knee point k and the best point when their slices
// spread more than NoisySpreadPct: the advice rests on a noisy point.
func noisyWhy(k, best profile.ThreadPoint) string {
	var parts []string
	for _, p := range []profile.ThreadPoint{k, best} {
		if pct := p.IOPSSpread.RelPct(p.IOPS); pct > NoisySpreadPct && (len(parts) == 0 || p.Threads != k.Threads) {
			parts = append(parts, fmt.Sprintf("%d threads: %s–%s IOPS (%.0f%% of its median)", p.Threads, kilo(p.IOPSSpread.P25), kilo(p.IOPSSpread.P75), pct))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("; noisy point: the middle half of the measured slices spans %s, more than %d%%: trust this count less, or probe again on a quieter host",
		strings.Join(parts, " and "), NoisySpreadPct)
}

// usable keeps points with a thread count and IOPS, sorted by threads,
// one per thread count (the last one given wins).
func usable(curve []profile.ThreadPoint) []profile.ThreadPoint {
	byThreads := map[int]profile.ThreadPoint{}
	for _, p := range curve {
		if p.Threads > 0 && p.IOPS > 0 && !math.IsInf(p.IOPS, 0) && !math.IsNaN(p.IOPS) {
			byThreads[p.Threads] = p
		}
	}
	out := make([]profile.ThreadPoint, 0, len(byThreads))
	for _, p := range byThreads {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Threads < out[j].Threads })
	return out
}

// flatAfter reports whether no later point gains MinGainPerDoubling or more
// per doubling of threads over the first point. It compares medians, not
// quartiles: on a loaded host (load average 30 on 2 CPUs, bench-stability)
// the low points' quartiles span ±40%, and a gain counted only beyond them
// stopped the climb at 2 threads in some runs and not in others; the
// spread acts through the overlap with the best point instead (Knee).
func flatAfter(pts []profile.ThreadPoint) bool {
	first := pts[0]
	for _, q := range pts[1:] {
		doublings := math.Log2(float64(q.Threads) / float64(first.Threads))
		if math.Pow(q.IOPS/first.IOPS, 1/doublings)-1 >= MinGainPerDoubling {
			return false
		}
	}
	return true
}

// kneeWhy explains the knee at pts[i] with the numbers around it.
func kneeWhy(pts []profile.ThreadPoint, i int, best profile.ThreadPoint) string {
	k, first, last := pts[i], pts[0], pts[len(pts)-1]
	switch {
	case last.IOPS < 0.9*best.IOPS && best.Threads < last.Threads:
		return fmt.Sprintf("random 16K IOPS peak at %d threads (%s) and fall with more (%s at %d): the disk is saturated",
			best.Threads, kilo(best.IOPS), kilo(last.IOPS), last.Threads)
	case i == 0 && last.IOPS < first.IOPS*(1+MinGainPerDoubling):
		return fmt.Sprintf("random 16K IOPS are flat from %d to %d threads (%s → %s): threads do not add throughput",
			first.Threads, last.Threads, kilo(first.IOPS), kilo(last.IOPS))
	case i == len(pts)-1:
		return fmt.Sprintf("random 16K IOPS still grow up to %d threads (%s → %s from %d)",
			k.Threads, kilo(first.IOPS), kilo(k.IOPS), first.Threads)
	}
	next := pts[i+1]
	return fmt.Sprintf("random 16K IOPS stop scaling at %s (%s → %s from %d to %d; best %s at %d)",
		count(k.Threads, "thread"), kilo(k.IOPS), kilo(next.IOPS), k.Threads, next.Threads, kilo(best.IOPS), best.Threads)
}

// kilo renders IOPS or pages as "9.8k", "150" or, from a million up,
// "50.3M" (review r16: a 1.5 TiB pool's "50331.6k–90597.0k dirty pages").
func kilo(v float64) string {
	if v >= 999_950 {
		return fmt.Sprintf("%.1fM", v/1e6)
	}
	if v >= 1000 {
		return fmt.Sprintf("%.1fk", v/1000)
	}
	return fmt.Sprintf("%.0f", v)
}
