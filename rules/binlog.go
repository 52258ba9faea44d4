package rules

import (
	"strconv"
	"strings"
)

// Binary log expiry as rule expressions see it. MySQL 8.0 manual,
// binlog_expire_logs_seconds: a non-zero value of either it or
// expire_logs_days set at startup is the expiration period, the seconds
// winning when both are; with both 0 the server never purges binary logs
// (MySQL 8.0+ defaults to 2592000 s = 30 days; MySQL 5.7 and MariaDB
// default both to 0, and MariaDB shows expire_logs_days as a decimal,
// "10.000000").

// binlogDefaultExpireS is the expiry the advice sets: MySQL 8.0's default
// of 30 days (binlog_expire_logs_seconds = 2592000).
const binlogDefaultExpireS = 2592000

// fillBinlogExpiry sets BinlogExpireS from the two variables; a value that
// does not parse counts as unknown (-1) and never fires a rule.
func (f *Facts) fillBinlogExpiry() {
	num := func(name string) float64 {
		raw, ok := f.Raw[name]
		if !ok {
			return 0 // a variable this server does not have expires nothing
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
		if err != nil {
			return -1
		}
		return x
	}
	secs, days := num("binlog_expire_logs_seconds"), num("expire_logs_days")
	switch {
	case secs < 0 || days < 0:
		f.BinlogExpireS = -1
	case secs > 0:
		f.BinlogExpireS = secs
	default:
		f.BinlogExpireS = days * 86400
	}
}

// HasVar reports whether the target server accepts the variable.
func (e Env) HasVar(name string) bool { return Accepts(e.F.Flavor, e.F.Version, name) }

// BinlogNeverPurged is true when the binary log is on and nothing expires it.
func (e Env) BinlogNeverPurged() bool { return e.F.LogBin && e.F.BinlogExpireS == 0 }

// BinlogExpireDays is the expiry the advice sets, in days (for expire_logs_days).
func (e Env) BinlogExpireDays() int { return binlogDefaultExpireS / 86400 }

// BinlogExpireSeconds is the expiry the advice sets, in seconds.
func (e Env) BinlogExpireSeconds() int { return binlogDefaultExpireS }
