package advisor

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// Verdict is one sentence on the storage with its numbers; below
// slowCommitsPerS commits/s per session (configs/thresholds.yaml
// slow_commits_per_s) it names the disk as the bottleneck.
func Verdict(p profile.Profile, slowCommitsPerS float64) string {
	s := p.Storage
	if !s.Measured {
		return fmt.Sprintf("The storage under %s was not measured; the advice rests on memory and settings only.", profile.OrUnknown(s.Path))
	}
	var parts []string
	if s.SeqWrite.MBPerS > 0 {
		parts = append(parts, profile.Figure(s.SeqWrite.MBPerS)+" MB/s sequential writes")
	}
	if pt, ok := profile.At(s.RandWrite, 1); ok {
		parts = append(parts, fmt.Sprintf("%.0f random 16K writes/s", pt.IOPS))
	}
	cf := s.CommitFsync()
	ops, basis := cf.OpsPerS, "from the measured average sync"
	if ops == 0 && cf.P50US > 0 {
		ops, basis = 1e6/cf.P50US, "1 s ÷ p50"
	}
	if rd := s.RedoDir; rd != nil && rd.Fsync != nil {
		basis += fmt.Sprintf(" in %s, where innodb_log_group_home_dir keeps the redo log", rd.Path)
	}
	if cf.P50US > 0 {
		parts = append(parts, syncClause(cf))
	}
	dev := s.Device.Where() // "raid1 of loop3 + loop4": the member that paces the writes may not be the first (review r50)
	if dev == "" {
		dev = "unknown device"
	}
	out := fmt.Sprintf("%s is on %s (%s): %s", profile.OrUnknown(s.Path), profile.ClassPhrase(s.Class), dev, strings.Join(parts, ", "))
	if s.ServerElsewhere != "" {
		// review r42: "about 1173 commits/s per session" was the host's SSD, for a server in a container on 150 IOPS
		return out + "; this is not the server's disk (storage.server_elsewhere), so no commit rate or setting is priced on it."
	}
	if ops > 0 {
		c1, c2 := rules.CommitsPerSec(ops, 1), rules.CommitsPerSecSplit(ops, binlogOps(s), 1, 1)
		out += fmt.Sprintf("; about %.0f commits/s per session (%s), %.0f with the binary log synced%s", c1, basis, c2, binlogWhere(s))
		if c1 < slowCommitsPerS {
			out += " — the disk, not the server, is the bottleneck"
		}
	}
	return out + "."
}

// syncClause states the sync latency: p50 and p99, and, when a rate was
// measured, that rate and the average time per sync it implies, so a p50
// never stands beside a rate taken from the average unnamed (QA 9).
func syncClause(f profile.Latency) string {
	c := "sync " + strings.ReplaceAll(rules.Percentiles(f.P50US, f.P99US), ", ", " / ")
	if f.OpsPerS > 0 {
		c += fmt.Sprintf(" / %.0f syncs/s measured, %s each on average", f.OpsPerS, rules.Duration(1e6/f.OpsPerS))
	}
	return c
}

// binlogOps is the sync rate where the binary log is written
// (profile.Storage.BinlogFsync: its own filesystem's when measured there,
// else the datadir's), from p50 if no rate; 0 when unknown.
func binlogOps(s profile.Storage) float64 {
	f := s.BinlogFsync()
	if f.OpsPerS > 0 {
		return f.OpsPerS
	}
	if f.P50US > 0 {
		return 1e6 / f.P50US
	}
	return 0
}

// binlogWhere names where the binary log's sync was measured when that is
// its own filesystem; "" otherwise.
func binlogWhere(s profile.Storage) string {
	if bd := s.BinlogDir; bd != nil && bd.Fsync != nil {
		return fmt.Sprintf(" (its sync measured in %s, where log_bin_basename keeps it: %.0f/s)", bd.Path, binlogOps(s))
	}
	return ""
}
