package server

import (
	"strconv"

	"github.com/mytune/mytune/profile"
)

// Redo rate bases.
const (
	BasisSampled  = "sampled"
	BasisLifetime = "lifetime"
)

// derive fills the fields computed from Variables and Status: datadir,
// uptime, buffer pool hit ratio and dirty pages, binlog, sync_binlog and
// (when not sampled) the lifetime redo write rate.
func derive(s *profile.Server) {
	s.Datadir = s.Variables["datadir"]
	s.BufferPoolHitRatio, s.BufferPoolDirtyPct, s.SyncBinlog = -1, -1, -1
	if b, err := profile.ParseBool(s.Variables["log_bin"]); err == nil && s.Variables["log_bin"] != "" {
		s.BinlogOn = b
	}
	if n, err := strconv.ParseInt(s.Variables["sync_binlog"], 10, 64); err == nil {
		s.SyncBinlog = n
	}
	up, upOK := statusNum(s.Status, "uptime")
	if upOK {
		s.UptimeS = up
	}
	// Hit ratio as the MySQL manual defines it ("InnoDB Buffer Pool
	// Configuration"): reads that missed the pool over logical read requests.
	req, ok1 := statusNum(s.Status, "innodb_buffer_pool_read_requests")
	miss, ok2 := statusNum(s.Status, "innodb_buffer_pool_reads")
	if ok1 && ok2 && req > 0 {
		s.BufferPoolHitRatio = 1 - miss/req
	}
	dirty, ok1 := statusNum(s.Status, "innodb_buffer_pool_pages_dirty")
	total, ok2 := statusNum(s.Status, "innodb_buffer_pool_pages_total")
	if ok1 && ok2 && total > 0 {
		s.BufferPoolDirtyPct = 100 * dirty / total
	}
	if s.RedoRateBasis == "" {
		if w, ok := statusNum(s.Status, redoCounter); ok && upOK && up > 0 {
			s.RedoBytesPerS = w / up
			s.RedoRateBasis = BasisLifetime
		}
	}
}

// redoCounter counts bytes written to the redo log; MySQL, Percona and
// MariaDB (10.11, 11.x) all expose it (MySQL manual, "Server Status
// Variables": Innodb_os_log_written).
const redoCounter = "innodb_os_log_written"

// statusNum reads a numeric status counter.
func statusNum(status map[string]string, name string) (float64, bool) {
	v, ok := status[name]
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, false
	}
	return f, true
}
