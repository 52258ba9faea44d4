package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// BinlogDefaultOnSince is the first MySQL series that writes a binary log
// by default (MySQL 8.0 manual, "The Binary Log": enabled by default;
// MySQL 5.7's log_bin is OFF unless --log-bin is given). MariaDB's log_bin
// defaults to OFF in every release (MariaDB KB, "Replication and Binary
// Log System Variables": log_bin).
var BinlogDefaultOnSince = profile.Version{Major: 8, Minor: 0, Patch: 0}

// Binary log states of the load target.
const (
	BinlogOn      = "on"
	BinlogOff     = "off"
	BinlogUnknown = "unknown"
)

// binlogState says whether the target writes a binary log during the
// load: the advised my.cnf's or the live server's log_bin, else the given
// my.cnf's (log-bin=NAME reads as ON, skip-log-bin as OFF), else, with a
// my.cnf that does not name it, the target's default; unknown when
// neither a server nor a my.cnf was read.
func binlogState(p *profile.Profile, o Options) string {
	t := targetOf(p, o)
	sets := []map[string]string{o.Advised}
	if p.Server != nil {
		sets = append(sets, p.Server.Variables)
	}
	if p.MyCnf != nil {
		vars, _ := p.MyCnf.For(t.Flavor)
		sets = append(sets, vars)
	}
	for _, vars := range sets {
		if v, ok := vars["log_bin"]; ok {
			if b, err := profile.ParseBool(v); err == nil {
				return map[bool]string{true: BinlogOn, false: BinlogOff}[b]
			}
		}
	}
	if p.MyCnf == nil || t.Version == "" {
		return BinlogUnknown
	}
	if v, err := profile.ParseVersionStrict(t.Version); err == nil && !t.IsMariaDB() && !v.Less(BinlogDefaultOnSince) {
		return BinlogOn
	}
	return BinlogOff
}

// binlogDefaultText names the target's default, for the "if the binary
// log is on" wording: "" when the target is unknown.
func binlogDefaultText(t profile.Target) string {
	v, err := profile.ParseVersionStrict(t.Version)
	switch {
	case t.Version == "" || err != nil:
		return ""
	case t.IsMariaDB():
		return "; MariaDB's log_bin defaults to OFF"
	case v.Less(BinlogDefaultOnSince):
		return fmt.Sprintf("; MySQL %d.%d's log_bin defaults to OFF", v.Major, v.Minor)
	}
	return "; MySQL 8.0 and later write it by default"
}
