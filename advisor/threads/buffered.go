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
// advice settled in 20.0 s instead of 132-135 s, loaded no slower.
const (
	// BufferedPagesPerIOLow/High: pages per write the kernel's writeback
	// issued for a settling server with buffered data files. Fitted once:
	// on the card bed (capped at 100 writes/s) a clean shutdown wrote
	// 12,500 dirty pages in 20.0 s, 6.2 pages per write (settle-buffered.md);
	// one bed, so the range is wide.
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

// directDefaultSince are the first releases whose innodb_flush_method
// defaults to O_DIRECT on Linux: MariaDB 10.6 (MariaDB KB, "InnoDB Flush
// Method": "changed to O_DIRECT in MariaDB 10.6") and MySQL 8.4 (MySQL 8.4
// manual, innodb_flush_method: O_DIRECT where supported; fsync before).
var directDefaultSince = map[string]profile.Version{profile.FlavorMariaDB: {Major: 10, Minor: 6}, "mysql": {Major: 8, Minor: 4}}

// dataFiles says how the load will write the data files: buffered (through
// the page cache) or direct, and whether that is known (buffered where the
// probe found the filesystem refuses O_DIRECT; else from the advised
// settings, the server's, the my.cnf's, else the target's default).
func dataFiles(p *profile.Profile, o Options) (buffered, known bool) {
	if p.Storage.Measured && !p.Storage.DirectIO { // the filesystem refused O_DIRECT: InnoDB cannot use it either
		return true, true
	}
	sets := []map[string]string{o.Advised}
	if p.Server != nil {
		sets = append(sets, p.Server.Variables)
	}
	if p.MyCnf != nil {
		sets = append(sets, p.MyCnf.Variables)
	}
	for _, vars := range sets {
		if v := strings.ToUpper(strings.TrimSpace(vars["innodb_data_file_buffering"])); v != "" {
			return v == "ON" || v == "1" || v == "TRUE", true
		}
		if v := strings.ToUpper(strings.TrimSpace(vars["innodb_flush_method"])); v != "" {
			return !strings.HasPrefix(v, "O_DIRECT") && v != "4" && v != "5", true // 4, 5: O_DIRECT, O_DIRECT_NO_FSYNC by number
		}
	}
	t := targetOf(p, o)
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil || t.Version == "" {
		return false, false
	}
	since := directDefaultSince["mysql"]
	if t.IsMariaDB() {
		since = directDefaultSince[profile.FlavorMariaDB]
	}
	return v.Less(since), true
}

// bufferedFlush is the page-write time of pLo–pHi dirty pages through the
// page cache: the kernel's writes of BufferedPagesPerIO pages at the disk's
// peak random-write rate, or its sequential rate for their bytes, whichever
// is slower; 0 when the disk was not measured.
func bufferedFlush(s profile.Storage, pLo, pHi float64) (fLo, fHi float64, how string) {
	iops := peakRandBytesPerSec(s, MaxThreads) / PageBytes
	seq := s.SeqWrite.MBPerS * 1e6
	if iops <= 0 || seq <= 0 {
		return 0, 0, ""
	}
	fLo = max(pLo/(iops*BufferedPagesPerIOHigh), pLo*PageBytes/seq)
	fHi = max(pHi/(iops*BufferedPagesPerIOLow), pHi*PageBytes/seq)
	return fLo, fHi, fmt.Sprintf("written through the page cache: %.0f–%.0f pages per write at the disk's %s writes/s (6.2 measured on the card bed), or its %.1f MB/s sequential if slower",
		BufferedPagesPerIOLow, BufferedPagesPerIOHigh, kilo(iops), seq/1e6)
}

// bufferedSetting offers writing the data files through the page cache
// for the load, when the load would write them direct and buffering at
// least halves the settling after the loader exits and saves
// BufferedMinSavingS of it: a restart with the my.cnf line before the
// load, and one without it once the loader exits, whose clean shutdown
// writes the loaded pages (and which undoes every SET GLOBAL of the load).
// direct and buffered are the settled estimates both ways.
func bufferedSetting(p *profile.Profile, o Options, loaded, direct, buffered DurationRange) (Setting, bool) {
	if loaded.IsZero() || direct.IsZero() || buffered.IsZero() {
		return Setting{}, false
	}
	isBuffered, known := dataFiles(p, o)
	if isBuffered && known {
		return Setting{}, false
	}
	dLo, dHi := direct.Low-loaded.Low, direct.High-loaded.High
	bLo, bHi := buffered.Low-loaded.Low, buffered.High-loaded.High
	if dHi.Seconds()-bHi.Seconds() < BufferedMinSavingS || dHi.Seconds() < BufferedMinGain*bHi.Seconds() {
		return Setting{}, false
	}
	line, was := "innodb_flush_method = fsync", "O_DIRECT"
	t := targetOf(p, o)
	if v, err := profile.ParseVersionStrict(t.Version); err == nil && t.IsMariaDB() && !v.Less(DataFileBufferingSince) {
		line, was = "innodb_data_file_buffering = ON", "OFF"
	}
	name := fmt.Sprintf("write the data files through the page cache for the load (%s): the loaded pages are then written in about %s to %s after the loader exits, not %s to %s",
		line, plainSeconds(bLo.Seconds()), plainSeconds(bHi.Seconds()), plainSeconds(dLo.Seconds()), plainSeconds(dHi.Seconds()))
	if !known {
		name += " (if the server writes them with O_DIRECT, the default of MariaDB 10.6+ and MySQL 8.4+: its settings were not read)"
	}
	return Setting{Name: name,
		Apply: fmt.Sprintf("add '%s' to the [mysqld] section (below any other %s line) and restart the server, before the SET GLOBAL lines", line, strings.Fields(line)[0]),
		Undo:  fmt.Sprintf("remove that line (back to %s) and restart the server", was),
		UndoWhen: fmt.Sprintf("right after the loader exits: the restart's clean shutdown writes the loaded pages, about %s to %s on this disk, and the restart resets every SET GLOBAL of the load, so their undo lines are not needed",
			plainSeconds(bLo.Seconds()), plainSeconds(bHi.Seconds())),
		Warning: "until that restart the page cache also holds the loaded pages (memory the kernel takes back as it needs); the redo log is written and flushed as before, so a crash loses no committed row",
		Cnf:     line}, true
}
