package claimcheck

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mytune/mytune/rules"
)

var (
	reReadRate = regexp.MustCompile(`(\d[\d.]*) (?:random 16K )?reads/s`)
	reSyncRate = regexp.MustCompile(`(\d[\d.]*) (?:syncs/s|16K write\+fdatasync per second)`)
)

// p50BesideAverage: on a stalling disk the p50 and the average per
// operation behind a measured rate can be ten times apart (QA 9: "sync p50
// 0.4 ms … 41 commits/s (the measured average)", "reads take 0.2 ms" next
// to 58 reads/s). A text that gives a p50 and a rate taken from the
// average must also give that average's time per operation, so the reader
// sees both figures, each named.
func p50BesideAverage(text string, e rules.Env) []string {
	var out []string
	f := e.Storage.Fsync
	if f.OpsPerS > 0 && f.P50US > 0 && e.Ms(e.MeanSyncUS()) != e.Ms(f.P50US) && mentionsP50(text, e.Ms(f.P50US)) {
		if rateFromAverage(text, e) && !strings.Contains(text, e.Ms(e.MeanSyncUS())) {
			out = append(out, fmt.Sprintf("sync p50 %s beside a rate from the measured average (%s syncs/s = %s each) without that average",
				e.Ms(f.P50US), e.N(f.OpsPerS), e.Ms(e.MeanSyncUS())))
		}
	}
	iops, p50 := e.ReadIOPS(1), e.ReadP50US(1)
	if iops > 0 && p50 > 0 && e.Ms(1e6/iops) != e.Ms(p50) && mentionsP50(text, e.Ms(p50)) {
		for _, m := range reReadRate.FindAllStringSubmatch(text, -1) {
			if m[1] == e.N(iops) && !strings.Contains(text, e.Ms(1e6/iops)) {
				out = append(out, fmt.Sprintf("read p50 %s beside %s reads/s (%s each on average) without that average",
					e.Ms(p50), m[1], e.Ms(1e6/iops)))
			}
		}
	}
	return out
}

// mentionsP50 reports whether text states the latency ms as a p50 or as
// what an operation "takes".
func mentionsP50(text, ms string) bool {
	return strings.Contains(text, "p50 "+ms) || strings.Contains(text, "take "+ms) || strings.Contains(text, "takes "+ms)
}

// rateFromAverage reports whether text states a sync or commit rate that
// comes from the measured average sync rate.
func rateFromAverage(text string, e rules.Env) bool {
	fromAvg := map[string]bool{e.N(e.Storage.Fsync.OpsPerS): true}
	for _, n := range []int{1, 2, e.SyncsPerCommit()} {
		fromAvg[e.N(e.CommitsPerSec(n))] = true
	}
	fromAvg[e.N(e.CommitsPerSecNow())] = true
	for _, re := range []*regexp.Regexp{reCommitNum, reCommitTime, reSyncRate} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if fromAvg[m[1]] {
				return true
			}
		}
	}
	return false
}
