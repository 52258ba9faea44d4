package rules

import (
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Memory and waits set far above what the server uses (QA 15): a key
// cache with no MyISAM table, a lock wait timeout of many minutes,
// max_connections far above Max_used_connections.

// myISAMTables counts the user tables of the engines whose indexes go
// through the key cache (MyISAM, MRG_MyISAM), -1 when engines are unknown
// (the information_schema query failed or timed out).
func myISAMTables(engines map[string]profile.EngineUsage) int {
	if engines == nil {
		return -1
	}
	n := 0
	for name, u := range engines {
		switch strings.ToLower(name) {
		case "myisam", "mrg_myisam", "mrg_mrg_myisam":
			n += u.Tables
		}
	}
	return n
}

// engineTables counts the user tables of one engine (name in lower
// case), -1 when engines are unknown.
func engineTables(engines map[string]profile.EngineUsage, engine string) int {
	if engines == nil {
		return -1
	}
	n := 0
	for name, u := range engines {
		if strings.ToLower(name) == engine {
			n += u.Tables
		}
	}
	return n
}

// KeyBufferBytes is key_buffer_size in bytes (0 if unknown or unparsable).
func (e Env) KeyBufferBytes() uint64 {
	b, err := profile.ParseSize(e.F.Raw["key_buffer_size"])
	if err != nil {
		return 0
	}
	return b
}

// KeyBufferUnused is true when the server listed its tables, none is
// MyISAM (and there is at least one), and key_buffer_size is at least
// T.KeyBufferUnusedBytes and above the server's default (KeyBufferDefault):
// a default is never called a fault, so MariaDB's 128M stays (a sane
// MariaDB must get no change).
func (e Env) KeyBufferUnused() bool {
	d := e.KeyBufferDefault()
	return e.F.HasServer && e.F.Tables > 0 && e.F.MyISAMTables == 0 && d > 0 &&
		e.KeyBufferBytes() >= e.T.KeyBufferUnusedBytes && e.KeyBufferBytes() > d
}

// KeyBufferDefault is key_buffer_size's default for the target (0 when
// none is known): MySQL 8M, MariaDB 128M (rules/defaults.go sources).
func (e Env) KeyBufferDefault() uint64 {
	d, _, ok := defaultValue(e.F.Flavor, e.F.Version, 0, "key_buffer_size")
	if !ok {
		return 0
	}
	b, err := profile.ParseSize(d)
	if err != nil {
		return 0
	}
	return b
}

// LockWaitTimeoutS is innodb_lock_wait_timeout in seconds (-1 if unknown).
func (e Env) LockWaitTimeoutS() float64 {
	v, err := profile.ParseSize(e.F.Raw["innodb_lock_wait_timeout"])
	if err != nil {
		return -1
	}
	return float64(v)
}

// ConnectionsUnused is true when max_connections is at least
// T.ConnUnusedRatio times Max_used_connections (and above the 151
// default, the manual) kept over at least T.ConnUnusedMinUptimeS
// (maxUsedWindowS).
func (e Env) ConnectionsUnused() bool {
	used := e.MaxUsed()
	return e.F.HasServer && used >= 0 && e.maxUsedWindowS() >= e.T.ConnUnusedMinUptimeS && e.F.MaxConnections > defaultMaxConnections &&
		float64(e.F.MaxConnections) >= e.T.ConnUnusedRatio*math.Max(float64(used), 1)
}

// maxUsedWindowS is how long Max_used_connections has been kept: since
// FLUSH STATUS, which sets it to the connections open then
// (Usage.SinceFlushS), else since the server started. Measured on MariaDB
// 10.11.19: a peak of 20 went to 1 at a flush, and a server up 593 s
// whose status was flushed 2 s before was read as having used at most 1
// connection (the threshold lowered to 60 s for the check).
func (e Env) maxUsedWindowS() float64 {
	if s := e.F.Usage.SinceFlushS; s >= 0 {
		return s
	}
	return e.F.UptimeS
}

// defaultMaxConnections is max_connections' default on MySQL and MariaDB
// (MySQL 8.4 manual and MariaDB KB, max_connections: 151).
const defaultMaxConnections = 151

// ConnWorstBytes is the per-connection buffers of n connections at once,
// the worst case max_connections allows.
func (e Env) ConnWorstBytes(n int) float64 { return float64(e.PerConnBytes()) * float64(n) }
