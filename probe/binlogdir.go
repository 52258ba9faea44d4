package probe

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mytune/mytune/profile"
)

// binlogSetting is log_bin_basename (the binary log's path and base
// name) as the live server on this host or the my.cnf (--mycnf,
// log-bin=NAME) gives it when the binary log is on, the datadir a
// relative name is read against, and where it was read; "" when neither
// says.
func binlogSetting(p *profile.Profile, onThisHost bool) (value, datadir, source string) {
	if s := p.Server; s != nil && s.Reachable && onThisHost {
		if on, _ := profile.ParseBool(s.Variables["log_bin"]); on && s.Variables["log_bin_basename"] != "" {
			return s.Variables["log_bin_basename"], orDefault(s.Datadir, p.Storage.Path), "server"
		}
		return "", "", ""
	}
	if c := p.MyCnf; c != nil && c.Variables["log_bin_basename"] != "" {
		if on, _ := profile.ParseBool(c.Variables["log_bin"]); on {
			return c.Variables["log_bin_basename"], orDefault(c.Variables["datadir"], p.Storage.Path), "mycnf"
		}
	}
	return "", "", ""
}

// locateBinlogDir records in p.Storage.BinlogDir where the server writes
// its binary log when that is not the datadir's filesystem, as
// locateRedoDir does for the redo log: with sync_binlog=1 every commit
// waits for one sync there too. Measured on MariaDB 10.11.19 (review
// r34): the binary log on a loop device throttled to 100 write IOPS, the
// datadir on an unthrottled one, 95 single-row autocommit INSERTs/s in
// one session, while the report priced them from the datadir's disk
// alone (352/s); 730-907/s with the binary log on the datadir's disk.
func locateBinlogDir(ctx context.Context, o Options, p *profile.Profile, onThisHost bool) {
	value, datadir, source := binlogSetting(p, onThisHost)
	v := strings.TrimSpace(value)
	if v == "" || p.Storage.Path == "" {
		return
	}
	dir := filepath.Dir(v)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(datadir, dir)
	}
	bd := &profile.RedoDir{Path: filepath.Clean(dir), Setting: value, Source: source}
	if locateLogDir(ctx, o, p, bd, BinlogAppendBytes, "the binary log's disk is unknown, so its sync is priced as the datadir's disk's") {
		p.Storage.BinlogDir = bd
		p.Storage.Notes = append(p.Storage.Notes, binlogDirNote(bd))
	}
}

// BinlogAppendBytes is the size of the appends the commit loop in the
// binary log's directory makes: a log grows by each commit's events and
// every sync commits the file's new size too (ext4: a journal commit),
// which the redo log's 16 KiB overwrite of a laid-out file does not.
// Measured on MariaDB 10.11.19 (review r36, default binlog_format,
// sync_binlog=1; docs/benchmarks/live-server.md): SHOW MASTER STATUS moved
// 199 bytes per single-row autocommit INSERT in every run (150-1000
// commits, six runs on each of three disks); with these appends the loop
// gave 34/s on the 5 ms latency bed where the server made 28-33 commits/s
// (the overwrite loop: 79-86/s).
const BinlogAppendBytes = 200

// binlogDirNote is the storage note that says where the binary log is
// and what was measured there.
func binlogDirNote(bd *profile.RedoDir) string {
	s := fmt.Sprintf("the binary log is not on the datadir's filesystem: log_bin_basename = %s (%s) puts it in %s", bd.Setting, bd.Source, bd.Path)
	if bd.MountPoint != "" {
		s += fmt.Sprintf(", on %s (%s %s, %s free): the binary logs grow into that space", bd.MountPoint, bd.FSType, orDefault(bd.Device, "unknown device"), profile.HumanBytes(bd.FreeBytes))
	}
	if f := bd.Fsync; f != nil {
		s += fmt.Sprintf("; commits measured there: %d-byte append + fdatasync p50 %.0f µs, p99 %.0f µs, %.0f per second (with sync_binlog=1 each commit waits for one of these besides the redo log's sync)", BinlogAppendBytes, f.P50US, f.P99US, f.OpsPerS)
	}
	if bd.Note != "" {
		s += "; " + bd.Note
	}
	return s
}
