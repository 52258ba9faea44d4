package rules

import "fmt"

// On a throttled or stalling disk a latency's p50 and the average behind a
// measured rate can be ten times apart (QA 9: sync p50 0.4 ms beside 41
// syncs/s, i.e. 24 ms per sync on average; reads p50 0.2 ms beside 58
// reads/s). So every text that states a rate states the average time per
// operation it implies next to the p50, each named, and says which one the
// rate was taken from.

// MeanSyncUS is the average time of one 16K write + fdatasync in the
// measurement: 1 s ÷ the measured rate (0 when no rate was measured).
func (e Env) MeanSyncUS() float64 {
	if e.Storage.Fsync.OpsPerS <= 0 {
		return 0
	}
	return 1e6 / e.Storage.Fsync.OpsPerS
}

// ReadCostText states the single-thread random read cost with both
// figures named: the rate, the average time per read it implies, and the
// p50 ("58 random 16K reads/s with one thread, 17.2 ms each on average;
// p50 0.2 ms").
func (e Env) ReadCostText() string {
	iops, p50 := e.ReadIOPS(1), e.ReadP50US(1)
	switch {
	case iops > 0 && p50 > 0:
		return fmt.Sprintf("%s random 16K reads/s with one thread, %s each on average (1 s ÷ rate); p50 %s",
			e.N(iops), e.Ms(1e6/iops), e.Ms(p50))
	case iops > 0:
		return fmt.Sprintf("%s random 16K reads/s with one thread, %s each on average (1 s ÷ rate)", e.N(iops), e.Ms(1e6/iops))
	case p50 > 0:
		return fmt.Sprintf("a random 16K read takes %s at p50 with one thread (no rate measured)", e.Ms(p50))
	}
	return "random reads were not measured"
}
