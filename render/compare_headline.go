package render

import (
	"fmt"
	"strings"
)

// compareLegend explains the ratio column under the table.
const compareLegend = "ratio = best ÷ worst; the letter after it names the better one; " +
	"~ marks a ratio inside what one disk probed again showed (no better one), same under 1.05x"

// headlineRows are the rows the two-item headline states, in order, each
// with what its sentence calls the figure and how it says the better one
// (the letter, then the ratio).
var headlineRows = []struct{ metric, what, better string }{
	{"commits_per_s", "commits, one session, each synced (innodb_flush_log_at_trx_commit=1)", "%s makes %s as many"},
	{"rand_write_iops_1", "random 16K writes, one thread", "%s makes %s as many"},
	{"seq_write_mb_per_s", "sequential writes", "%s is %s as fast"},
}

// headline says the comparison of two items in sentences, as a person
// would: each key figure of A and B, which one is better and by how much,
// or that they are inside repeat-probe noise; for commits also the rate
// with the binary log synced (sync_binlog=1: two syncs per commit, so
// half, rules.CommitsPerSec). "" for more than two items.
func headline(c Comparison, w int) string {
	if len(c.Items) != 2 {
		return ""
	}
	class := map[int]string{}
	var lines []string
	for _, r := range c.Rows {
		if r.Metric == "class" {
			for i, v := range r.Values {
				class[i] = fmt.Sprint(v)
			}
		}
	}
	for _, h := range headlineRows {
		for _, r := range c.Rows {
			if r.Metric == h.metric && r.Ratio != nil {
				lines = append(lines, wrap(headlineSentence(r, h.what, h.better, class), w, "  ")...)
			}
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return "\n" + strings.Join(lines, "\n") + "\n"
}

// headlineSentence is one row of two measured items in words.
func headlineSentence(r CompareRow, what, better string, class map[int]string) string {
	side := func(i int) string {
		name := letter(i)
		if class[i] != "" {
			name += " (" + class[i] + ")"
		}
		return name + " " + cellText(r, r.Values[i]) + perSecond(r)
	}
	s := clean(fmt.Sprintf("%s: %s, %s", upperFirst(what), side(0), side(1)))
	switch {
	case *r.Ratio < sameWithin:
		s += ": the same (under 5% apart)"
	case r.Best == "":
		s += fmt.Sprintf(": %s apart, inside repeat-probe noise (one disk probed again differed up to %gx), so neither is better",
			fmtRatio(*r.Ratio), r.NoiseRatio)
	default:
		s += ": " + fmt.Sprintf(better, letter(r.bestAt), fmtRatio(*r.Ratio))
	}
	if r.Metric == "commits_per_s" {
		a, _ := r.Values[0].(float64)
		b, _ := r.Values[1].(float64)
		s += fmt.Sprintf("; with sync_binlog=1 as well, half: %s/s and %s/s", fmtCount(a/2), fmtCount(b/2))
		for i := 0; i < 2; i++ {
			if class[i] == "memory" {
				s += fmt.Sprintf("; %s keeps its files in memory: a commit there does not survive a reboot", letter(i))
			}
		}
	}
	return s + "."
}

// perSecond is "/s" after a count that the row's unit leaves bare.
func perSecond(r CompareRow) string {
	if r.Unit == "MB/s" || r.Unit == "us" {
		return ""
	}
	return "/s"
}
