package render

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// storageHeadline is the probe report's opening sentence: the profile's
// storage class and the numbers that decided it, facts only. The advice's
// verdict, which judges them (commits/s, the bottleneck), is
// advisor.Verdict.
func storageHeadline(p *profile.Profile) string {
	s := p.Storage
	if !s.Measured {
		return fmt.Sprintf("%s: not measured, so nothing below rests on its speed.",
			upperFirst(profile.ClassNoun(s.Class)))
	}
	v := fmt.Sprintf("%s: a commit (16 KiB write + fdatasync) takes %s at p50 (p99 %s)",
		upperFirst(profile.ClassNoun(s.Class)), fmtUS(s.Fsync.P50US), fmtUS(s.Fsync.P99US))
	if s.Fsync.OpsPerS > 0 {
		v += fmt.Sprintf(", %s on average (%s/s measured)", fmtUS(1e6/s.Fsync.OpsPerS), fmtCount(s.Fsync.OpsPerS))
	}
	if pt, ok := profile.At(s.RandWrite, 1); ok {
		v += fmt.Sprintf(", %s random-write IOPS at 1 thread", fmtCount(pt.IOPS))
	}
	if pt, ok := profile.At(s.RandWrite, 16); ok {
		v += fmt.Sprintf(" and %s at 16", fmtCount(pt.IOPS))
	}
	return v + fmt.Sprintf(", sequential write %s.", fmtMBps(s.SeqWrite.MBPerS))
}

// upperFirst capitalises the first byte of an ASCII word.
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
