// Package claimcheck finds words and numbers in a finding that disagree
// with the facts the finding was made from (issue 11: "a quarter of the
// 128.0 MiB buffer pool" for a 32M pool, "commits at most 4.6k times a
// second" beside a p50 of 120 µs, "about an unmeasured number of
// commits/s"). It reads the text the way a user does, by patterns, and
// recomputes every number it recognises from rules.Env.
package claimcheck

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// Finding is the text of one finding and the change it advises.
type Finding struct {
	ID, Summary, Detail, Variable, Current, Recommended string
}

// Check returns every disagreement between f and the facts in e.
func Check(f Finding, e rules.Env) []string {
	var out []string
	if f.Variable != "" && !rules.SameValue(f.Variable, f.Current, rules.CurrentValue(e.F, f.Variable)) {
		out = append(out, fmt.Sprintf("current %s = %q, but the server/my.cnf value read is %q", f.Variable, f.Current, rules.CurrentValue(e.F, f.Variable)))
	}
	for _, p := range CheckText(f.Summary+" "+f.Detail, e) {
		out = append(out, f.ID+": "+p)
	}
	return out
}

// CheckText checks one text (a detail, a verdict) against e.
func CheckText(text string, e rules.Env) []string {
	var out []string
	for _, check := range []func(string, rules.Env) []string{unknownNextToNumber, commitRates, fsyncLatency, poolNamed, variablesNamed, poolRounding, p50BesideAverage} {
		out = append(out, check(text, e)...)
	}
	return out
}

// sentences splits text at ". " and ": " so a claim and its number are
// judged together.
func sentences(text string) []string {
	return regexp.MustCompile(`[.:;] `).Split(text, -1)
}

var (
	reCommitNum  = regexp.MustCompile(`(\d[\d.]*) commits/s`)
	reCommitTime = regexp.MustCompile(`commit about (\d[\d.]*) times a second`)
	reSyncsPerS  = regexp.MustCompile(`averaged (\d[\d.]*) syncs/s`)
	reMade       = regexp.MustCompile(`made (?:only )?(?:about )?(\d[\d.]*) 16K write\+fdatasync per second`)
	reP50Rate    = regexp.MustCompile(`1 s ÷ p50 ([\d.]+ (?:ms|µs)) = (\d[\d.]*)`)
	reFsyncPair  = regexp.MustCompile(`p50 ([\d.]+ (?:ms|µs)), p99 ([\d.]+ (?:ms|µs))`)
	rePoolNamed  = regexp.MustCompile(`the ([\d.]+ [KMGT]iB) buffer pool( advised here)?`)
	reShare      = regexp.MustCompile(`([\d.]+)× the ([\d.]+ [KMGT]iB) buffer pool(?: advised here \([^)]*\))? is ([\d.]+ [KMGT]iB)`)
	reVarIs      = regexp.MustCompile(`\b([a-z][a-z0-9_]*_[a-z0-9_]+) is ([0-9]+(?:\.[0-9]+)?[KMGkmg]?|ON|OFF|O_DIRECT(?:_NO_FSYNC)?|fsync|DEMAND)(?: ([KMGT]iB))?(?:[.,;:)]|\s|$)`)
	reRoundsUp   = regexp.MustCompile(`rounds the pool up to ([\d.]+ [KMGT]iB)`)
	reUnknown    = regexp.MustCompile(`unknown|unmeasured|not measured|n/a`)
	reAnyRate    = regexp.MustCompile(`\d[\d.]* (?:[KMGT]i)?B/s`)
	reBanned     = regexp.MustCompile(`an unmeasured number|an unknown number`)
)

// unknownNextToNumber: a sentence that calls a quantity unknown states no
// number for it (commit rates, the redo write rate), and the phrases that
// put "unmeasured" in place of a number never appear.
func unknownNextToNumber(text string, _ rules.Env) []string {
	var out []string
	if m := reBanned.FindString(text); m != "" {
		out = append(out, fmt.Sprintf("%q stands where a number belongs", m))
	}
	for _, s := range sentences(text) {
		if !reUnknown.MatchString(s) {
			continue
		}
		if strings.Contains(s, "commit") && reCommitNum.MatchString(s) {
			out = append(out, fmt.Sprintf("says unknown and gives a commit rate: %q", s))
		}
		if strings.Contains(s, "redo write rate") && reAnyRate.MatchString(s) {
			out = append(out, fmt.Sprintf("says the redo rate is unknown and gives one: %q", s))
		}
	}
	return out
}

// commitRates: every commit or sync rate is the measured rate (or 1 s ÷
// p50 where named) divided by the syncs per commit, or the threshold.
func commitRates(text string, e rules.Env) []string {
	allowed := map[string]bool{e.N(e.T.SlowCommitsPerS): true}
	for _, n := range []int{1, 2, e.SyncsPerCommit()} {
		allowed[e.N(e.CommitsPerSec(n))] = true
	}
	allowed[e.N(e.CommitsPerSecNow())] = true
	var out []string
	bad := func(what, got string) {
		out = append(out, fmt.Sprintf("%s %s is none of %v (measured %.0f syncs/s, p50 %.0f µs)", what, got, keys(allowed),
			e.FsyncOpsPerS(), e.Storage.Fsync.P50US))
	}
	for _, re := range []*regexp.Regexp{reCommitNum, reCommitTime} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if !allowed[m[1]] {
				bad("commit rate", m[1])
			}
		}
	}
	for _, re := range []*regexp.Regexp{reSyncsPerS, reMade} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if m[1] != e.N(e.FsyncOpsPerS()) {
				bad("sync rate", m[1])
			}
		}
	}
	for _, m := range reP50Rate.FindAllStringSubmatch(text, -1) {
		if m[1] != e.Ms(e.Storage.Fsync.P50US) || m[2] != e.N(1e6/e.Storage.Fsync.P50US) {
			out = append(out, fmt.Sprintf("1 s ÷ p50 %s = %s, but p50 is %s and 1 s ÷ p50 %s", m[1], m[2],
				e.Ms(e.Storage.Fsync.P50US), e.N(1e6/e.Storage.Fsync.P50US)))
		}
	}
	return out
}

// fsyncLatency: a "p50 X ms, p99 Y ms" pair is the measured commit latency.
func fsyncLatency(text string, e rules.Env) []string {
	var out []string
	for _, m := range reFsyncPair.FindAllStringSubmatch(text, -1) {
		if m[1] != e.Ms(e.Storage.Fsync.P50US) || m[2] != e.Ms(e.Storage.Fsync.P99US) {
			out = append(out, fmt.Sprintf("p50 %s, p99 %s, but the commit measurement is p50 %s, p99 %s", m[1], m[2],
				e.Ms(e.Storage.Fsync.P50US), e.Ms(e.Storage.Fsync.P99US)))
		}
	}
	return out
}

// poolNamed: "the X buffer pool" is the pool read, or the pool advised
// when it says so; "F× the X buffer pool is Y" has Y = F × X.
func poolNamed(text string, e rules.Env) []string {
	var out []string
	for _, m := range rePoolNamed.FindAllStringSubmatch(text, -1) {
		want := e.Human(e.F.BufferPoolBytes)
		if m[2] != "" {
			want = e.Human(e.BufferPoolTarget())
		}
		if m[1] != want {
			out = append(out, fmt.Sprintf("names the %s buffer pool%s, but it is %s", m[1], m[2], want))
		}
	}
	for _, m := range reShare.FindAllStringSubmatch(text, -1) {
		f, err := strconv.ParseFloat(m[1], 64)
		pool, ok1 := humanBytes(m[2])
		q, ok2 := humanBytes(m[3])
		// Both are rounded to one decimal for display: allow that much.
		if err == nil && ok1 && ok2 && math.Abs(float64(q)-f*float64(pool)) > 0.06*f*float64(pool) {
			out = append(out, fmt.Sprintf("%s× %s is not %s", m[1], m[2], m[3]))
		}
	}
	return out
}

// variablesNamed: "name is value" for a known variable states the value
// in effect (the raw value, or its size in MiB/GiB).
func variablesNamed(text string, e rules.Env) []string {
	var out []string
	for _, m := range reVarIs.FindAllStringSubmatch(text, -1) {
		name, val, unit := m[1], m[2], m[3]
		if !rules.IsVariable(name) {
			continue
		}
		cur := rules.CurrentValue(e.F, name)
		if name == "log_bin" {
			cur = map[bool]string{true: "ON", false: "OFF"}[e.F.LogBin]
		}
		if unit != "" {
			b, err := profile.ParseSize(cur)
			if err != nil || e.Human(b) != val+" "+unit {
				out = append(out, fmt.Sprintf("%s is %s %s, but the value read is %s", name, val, unit, cur))
			}
			continue
		}
		if !rules.SameValue(name, val, cur) {
			out = append(out, fmt.Sprintf("%s is %s, but the value read is %s", name, val, cur))
		}
	}
	return out
}

// poolRounding: "rounds the pool up to X" names the size mysqld rounds
// the configured pool to, and it is larger.
func poolRounding(text string, e rules.Env) []string {
	var out []string
	for _, m := range reRoundsUp.FindAllStringSubmatch(text, -1) {
		l := e.Pool()
		if m[1] != e.Human(l.RoundedBytes) || l.RoundedBytes <= e.F.BufferPoolBytes {
			out = append(out, fmt.Sprintf("rounds the pool up to %s, but mysqld lays %s out as %s", m[1],
				e.Human(e.F.BufferPoolBytes), e.Human(l.RoundedBytes)))
		}
	}
	return out
}

// humanBytes parses "128.0 MiB" as profile.HumanBytes writes it.
func humanBytes(s string) (uint64, bool) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0, false
	}
	x, err := strconv.ParseFloat(f[0], 64)
	mult := map[string]float64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}[f[1]]
	if err != nil || mult == 0 {
		return 0, false
	}
	return uint64(x * mult), true
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
