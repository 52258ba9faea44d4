package rules

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// Where MySQL 8.0's redo sizes under innodb_dedicated_server = ON come
// from: the 8.0 manual's section 17.8.12 (Tables 17.9-17.11, as of
// 8.0.30 and 8.0.14) and, for 8.0.3-8.0.13, WL#9193's table, which the
// 8.0 manual's older editions print as "Automatically Configured Log File
// Size (MySQL 8.0.13 and earlier)".
const (
	srcDedicatedRedo80 = "MySQL 8.0 Reference Manual, 17.8.12, Table 17.9 Automatically Configured Log File Size (8.0.30+)"
	srcDedicatedLog80  = "MySQL 8.0 Reference Manual, 17.8.12, Tables 17.10 and 17.11 (8.0.14-8.0.29)"
	srcDedicatedLog803 = "MySQL WL#9193 and the 8.0 manual's table for 8.0.13 and earlier"
)

// deriveFunc sets a variable the file leaves unset to what the server
// derives, saying how (dedicatedDefaults' derive).
type deriveFunc func(name, value, how string)

// dedicatedRedo80 derives MySQL 8.0's redo size under
// innodb_dedicated_server = ON from the detected memory, as the manual's
// tables for the running version give it; where they leave the value
// open (8.0.14-8.0.29 below 2 GB of memory: the 8.0.30 table keeps the
// default there, the older one gives no lower bound) it says so instead.
func (f *Facts) dedicatedRedo80(memBytes uint64, derive deriveFunc) {
	memGiB := float64(memBytes) / float64(gib)
	switch {
	case f.Version.AtLeast(8, 0, 30) && f.Set["innodb_log_file_size"]:
		// the file's deprecated size x files is the capacity (facts.fill)
	case f.Version.AtLeast(8, 0, 30):
		bytes, how := redoCapacity80(memGiB, f.Set["innodb_buffer_pool_size"])
		derive("innodb_redo_log_capacity", profile.FormatSize(bytes), how+" ("+srcDedicatedRedo80+")")
	case f.Version.AtLeast(8, 0, 14) && memGiB >= 2:
		size, files, how := logFiles80(memGiB)
		derive("innodb_log_file_size", profile.FormatSize(size), how+" ("+srcDedicatedLog80+")")
		derive("innodb_log_files_in_group", fmt.Sprint(files), how+" ("+srcDedicatedLog80+")")
	case !f.Version.AtLeast(8, 0, 14):
		size, how := logFileSize803(memGiB)
		derive("innodb_log_file_size", profile.FormatSize(size), how+" ("+srcDedicatedLog803+")")
	default:
		f.redoNotModelled()
	}
}

// redoCapacity80 is MySQL 8.0.30+'s innodb_redo_log_capacity under
// innodb_dedicated_server = ON (the manual's Table 17.9), by the detected
// memory in GiB and whether the file sets the pool (which matters from 2
// to 4 GB only).
func redoCapacity80(memGiB float64, poolSet bool) (uint64, string) {
	mem := fmt.Sprintf("%.2f GB of memory detected", memGiB)
	halfGiBs := func(n float64) uint64 { return uint64(math.Round(n)) * gib / 2 }
	switch {
	case memGiB < 2:
		return 100 << 20, "the 100M default below 2 GB: " + mem
	case memGiB <= 4 && !poolSet:
		return gib, "1 GB from 2 to 4 GB with the pool not set: " + mem
	case memGiB <= 4:
		return halfGiBs(0.5 * memGiB), "round(0.5 x memory in GB) x 0.5 GB from 2 to 4 GB with the pool set: " + mem
	case memGiB <= 10.66:
		return halfGiBs(0.75 * memGiB), "round(0.75 x memory in GB) x 0.5 GB from 4 to 10.66 GB: " + mem
	case memGiB <= 170.66:
		return uint64(math.Round(0.5625*memGiB)) * gib, "round(0.5625 x memory in GB) x 1 GB from 10.66 to 170.66 GB: " + mem
	}
	return 128 * gib, "128 GB above 170.66 GB: " + mem
}

// logFiles80 is MySQL 8.0.14-8.0.29's innodb_log_file_size and
// innodb_log_files_in_group under innodb_dedicated_server = ON (the
// manual's Tables 17.10 and 17.11): both by the pool the server derives
// from memory (even when the file sets one), the files at least 2.
func logFiles80(memGiB float64) (size uint64, files int, how string) {
	pool := 0.75 * memGiB
	if memGiB <= 4 {
		pool = 0.5 * memGiB
	}
	switch {
	case pool < 8:
		size, files = 512<<20, int(math.Round(pool))
	case pool <= 128:
		size, files = gib, int(math.Round(0.75*pool))
	default:
		size, files = 2*gib, 64
	}
	files = max(files, 2)
	how = fmt.Sprintf("%s x %d files for the %.2f GB pool derived from %.2f GB of memory",
		profile.FormatSize(size), files, pool, memGiB)
	return size, files, how
}

// logFileSize803 is MySQL 8.0.3-8.0.13's innodb_log_file_size under
// innodb_dedicated_server = ON (WL#9193): by the detected memory, the
// files left at 2.
func logFileSize803(memGiB float64) (uint64, string) {
	mem := fmt.Sprintf("%.2f GB of memory detected (2 files)", memGiB)
	switch {
	case memGiB < 1:
		return 48 << 20, "the 48M default below 1 GB: " + mem
	case memGiB <= 4:
		return 128 << 20, "128M up to 4 GB: " + mem
	case memGiB <= 8:
		return 512 << 20, "512M up to 8 GB: " + mem
	case memGiB <= 16:
		return gib, "1024M up to 16 GB: " + mem
	}
	return 2 * gib, "2048M above 16 GB: " + mem
}
