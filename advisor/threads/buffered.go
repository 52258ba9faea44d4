package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// A server that writes its data files with O_DIRECT (innodb_flush_method
// O_DIRECT, the default of MariaDB 10.6+ and MySQL 8.4+) writes each dirty
// 16 KiB page with its own write, so a slow disk settles a load at its
// random-write rate. Written through the page cache (innodb_flush_method
// fsync), the pages of freshly loaded tables, neighbours in their files,
// reach the disk in the kernel's larger writeback writes. Measured on the
// card bed (2026-12-01, docs/benchmarks/settle-buffered.md): the same
// advice settled in 37.0 s instead of 150.7 s (its clean shutdown after
// the loader took 20.0 s instead of 132-135 s), loaded no slower.
const (
	// BufferedPagesPerIOLow/High: pages per write the kernel's writeback
	// issued for a settling server with buffered data files. Fitted once:
	// on the card bed (capped at 100 writes/s) a clean shutdown wrote
	// 12,500 dirty pages in 20.0 s, 6.2 pages per write (settle-buffered.md),
	// with a pool that held the whole load; one bed, so the range is wide,
	// and it is used only where the pool holds the load.
	BufferedPagesPerIOLow, BufferedPagesPerIOHigh = 4.0, 8.0
	// BufferedMinGain and BufferedMinSavingS decide when the page cache
	// is worth a restart before and after the load: the buffered settling
	// at least halves the direct one and saves at least 30 s at the slow
	// end of both. A choice: a restart costs the operator two steps and
	// the server a few seconds.
	BufferedMinGain    = 2.0
	BufferedMinSavingS = 30.0
)

// DataFileBufferingSince is the first MariaDB with innodb_data_file_buffering,
// which replaces innodb_flush_method for the data files (MariaDB 11.0.1;
// MariaDB KB "System Variables Added in MariaDB 11.0", "InnoDB Flush Method").
var DataFileBufferingSince = profile.Version{Major: 11, Minor: 0, Patch: 1}

// DirectDefaultSince are the first releases whose innodb_flush_method
// defaults to O_DIRECT on Linux: MariaDB 10.6 (MDEV-24854; MariaDB KB,
// "InnoDB Flush Method") and MySQL 8.4 (MySQL 8.4 manual,
// innodb_flush_method: O_DIRECT where supported; fsync before).
var DirectDefaultSince = map[string]profile.Version{profile.FlavorMariaDB: {Major: 10, Minor: 6}, "mysql": {Major: 8, Minor: 4}}

// FreshPagesSkipDoublewriteSince is the first MariaDB that writes a page
// the redo log can rebuild whole (freshly initialised) without its
// doublewrite copy (MDEV-19738, MariaDB 10.5): a bulk load's pages go out
// once, not twice; MySQL writes every page twice with doublewrite on.
var FreshPagesSkipDoublewriteSince = profile.Version{Major: 10, Minor: 5}

// dataFiles says how the load will write the data files: buffered (through
// the page cache) or direct, whether that is known, and the setting's value
// as read ("" when none was): from the advised settings, the server's, the
// my.cnf's, else the known target's default (MySQL 8.0's
// innodb_dedicated_server ON means O_DIRECT_NO_FSYNC). O_DSYNC is direct
// on MariaDB 10.11+ (profile.DataFilesDirect; review r28 saw a 10.11.19
// target with O_DSYNC planned as if its pages went through the page cache).
func dataFiles(p *profile.Profile, o Options) (buffered, known bool, value string) {
	for _, vars := range varSets(p, o) {
		if v := strings.ToUpper(strings.TrimSpace(vars["innodb_data_file_buffering"])); v != "" {
			return v == "ON" || v == "1" || v == "TRUE", true, v
		}
		if v := profile.FlushMethodName(vars["innodb_flush_method"]); v != "" {
			t := targetOf(p, o)
			return !profile.DataFilesDirect(t.Flavor, t.Version, v), true, v
		}
		if v := strings.ToUpper(strings.TrimSpace(vars["innodb_dedicated_server"])); v == "ON" || v == "1" {
			return false, true, "O_DIRECT_NO_FSYNC"
		}
	}
	t := targetOf(p, o)
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil || t.Version == "" || t.Source == profile.SourceDefault {
		return false, false, ""
	}
	since := DirectDefaultSince["mysql"]
	if t.IsMariaDB() {
		since = DirectDefaultSince[profile.FlavorMariaDB]
	}
	return v.Less(since), true, ""
}

// pagesPerPage is how many times the disk takes each dirty page's bytes
// when it settles: once where MariaDB skips the doublewrite copy of fresh
// pages or doublewrite is off, else twice; twice when the target is unknown.
func pagesPerPage(p *profile.Profile, o Options) float64 {
	for _, vars := range []map[string]string{o.Advised, serverVars(p)} {
		if v := strings.ToUpper(strings.TrimSpace(vars["innodb_doublewrite"])); v == "OFF" || v == "0" {
			return 1
		}
	}
	t := targetOf(p, o)
	if v, err := profile.ParseVersionStrict(t.Version); err == nil && t.IsMariaDB() && !v.Less(FreshPagesSkipDoublewriteSince) {
		return 1
	}
	return 2
}

// serverVars is the live server's variables, or nil.
func serverVars(p *profile.Profile) map[string]string {
	if p.Server == nil {
		return nil
	}
	return p.Server.Variables
}

// bufferedFlush is the page-write time of pLo–pHi dirty pages through the
// page cache: the kernel's writes of pagesPerWrite(neighbors) pages at the
// disk's peak random-write rate, or its sequential rate for their bytes
// (× copies, 2 with doublewrite) if slower; 0 when the disk was not
// measured with O_DIRECT (its figures are then the page cache's, not the
// disk's).
func bufferedFlush(s profile.Storage, pLo, pHi, copies float64, neighbors bool) (fLo, fHi float64, how string) {
	iops := peakRandBytesPerSec(s, MaxThreads) / PageBytes
	seq := s.SeqWrite.MBPerS * 1e6
	if iops <= 0 || seq <= 0 || (s.Measured && !s.DirectIO) {
		return 0, 0, ""
	}
	lo, hi := pagesPerWrite(neighbors)
	fLo = max(pLo/(iops*hi), pLo*PageBytes*copies/seq)
	fHi = max(pHi/(iops*lo), pHi*PageBytes*copies/seq)
	measured := "6.2 measured on the card bed"
	if neighbors {
		measured = "neighbours flushed together: 11.4–11.7 measured on the card bed"
	}
	return fLo, fHi, fmt.Sprintf("written through the page cache: %.0f–%.0f pages per write at the disk's %s writes/s (%s), or its %.1f MB/s sequential for %.0fx their bytes if slower",
		lo, hi, kilo(iops), measured, seq/1e6, copies)
}

// bufferedSetting offers writing the data files through the page cache
// for the load, when the load would write them direct and buffering at
// least halves the settling after the loader exits and saves
// BufferedMinSavingS of it: a restart with the my.cnf line before the
// load, and one without it once the loader exits, whose clean shutdown
// writes the loaded pages (and which undoes every SET GLOBAL of the load).
// direct and buffered are the settled estimates both ways; analyze: the
// plan prints the mysqlcheck --analyze line after the loader, and the
// restart waits for it (loadEnd).
func bufferedSetting(p *profile.Profile, o Options, loaded, direct, buffered DurationRange, analyze bool) (Setting, bool) {
	if loaded.IsZero() || direct.IsZero() || buffered.IsZero() {
		return Setting{}, false
	}
	isBuffered, known, value := dataFiles(p, o)
	if isBuffered && known {
		return Setting{}, false
	}
	dLo, dHi := direct.Low-loaded.Low, direct.High-loaded.High
	bLo, bHi := buffered.Low-loaded.Low, buffered.High-loaded.High
	if dHi.Seconds()-bHi.Seconds() < BufferedMinSavingS || dHi.Seconds() < BufferedMinGain*bHi.Seconds() {
		return Setting{}, false
	}
	line, undo, also := "innodb_flush_method = fsync", "remove that line and restart the server", ""
	t := targetOf(p, o)
	if v, err := profile.ParseVersionStrict(t.Version); err == nil && t.IsMariaDB() && !v.Less(DataFileBufferingSince) {
		line, also = "innodb_data_file_buffering = ON", " and remove any innodb_flush_method line (a deprecated one overrides it)"
	}
	if value != "" {
		undo = fmt.Sprintf("remove that line (back to %s) and restart the server", value)
	}
	end, _ := loadEnd(analyze)
	name := fmt.Sprintf("write the data files through the page cache for the load (%s): the loaded pages are then written in about %s to %s after %s, not %s to %s",
		line, plainSeconds(bLo.Seconds()), plainSeconds(bHi.Seconds()), end, plainSeconds(dLo.Seconds()), plainSeconds(dHi.Seconds()))
	if !known {
		name += " (if the server writes them with O_DIRECT, the default of MariaDB 10.6+ and MySQL 8.4+: its settings were not read)"
	}
	return Setting{Name: name,
		Apply: fmt.Sprintf("append the line below to the end of the server's option file under a [mysqld] line (the server keeps the last %s it reads)%s and restart the server, before the SET GLOBAL lines", strings.Fields(line)[0], also),
		Undo:  undo,
		UndoWhen: fmt.Sprintf("right after %s: the restart's clean shutdown writes the loaded pages, about %s to %s on this disk, with the server down meanwhile (allow it in the service manager's stop timeout); "+
			"the restart resets every SET GLOBAL of the load, so their undo lines are not needed (an ALTER INSTANCE line's undo is: run it before the restart)",
			end, plainSeconds(bLo.Seconds()), plainSeconds(bHi.Seconds())),
		Warning: "until that restart the page cache also holds the loaded pages: the kernel writes the dirty ones before it reuses that memory, and past vm.dirty_ratio the server waits for it; this setting alone does not change what a crash can lose (the redo log is written and flushed as before)",
		Cnf:     line}, true
}

// bufferedPageRates is the rate, in bytes per second, at which a load that
// writes its data files through the page cache gets its flushed pages to
// the disk, fast and slow ends: rnd (16K random writes, bytes/s) ×
// BufferedPagesPerIO, at most the disk's sequential rate; rnd itself when
// the sequential rate is unknown or the probe ran without O_DIRECT.
func bufferedPageRates(s profile.Storage, rnd float64) (fast, slow float64) {
	seq := s.SeqWrite.MBPerS * 1e6
	if seq <= 0 || rnd <= 0 || (s.Measured && !s.DirectIO) {
		return rnd, rnd
	}
	return min(rnd*BufferedPagesPerIOHigh, seq), min(rnd*BufferedPagesPerIOLow, seq)
}
