package threads

import (
	"fmt"
	"time"

	"github.com/mytune/mytune/profile"
)

// RedoGrowSince are the first releases that resize the redo log online:
// MariaDB 10.9 (SET GLOBAL innodb_log_file_size, MDEV-27812) and MySQL
// 8.0.30 (SET GLOBAL innodb_redo_log_capacity; MySQL manual, "Configuring
// Redo Log Capacity"). MySQL 5.7 and 8.0 before 8.0.30 need a restart.
var RedoGrowSince = map[string]profile.Version{profile.FlavorMariaDB: {Major: 10, Minor: 9}, "mysql": {Major: 8, Minor: 0, Patch: 30}}

// RedoFreeFraction is the share of the datadir's room a grown redo log may
// take: the same 25% as the rules' redo_free_fraction (configs/thresholds.yaml,
// rules.Env.RedoRoomBytes), so the new log, written whole beside the old one
// while resizing, leaves the rest for the loaded data, binary logs and
// temporary files. On an 8G bed a switch from a 4352M to a 4G log failed
// with error 28 and MariaDB did not start (docs/benchmarks/during-load-settings.md, "During-load settings").
const RedoFreeFraction = 0.25

// growRedo offers growing the redo log for a load whose data fits the
// pool but not the redo log, or whose redo (redoRoom) passes the log's
// async flush point: a redo log that holds the load spares the checkpoint
// flushes a small one forces at the disk's random-write rate. Measured on
// the card bed (152 MB dump, 16-17G pool, 16 threads): a 96M redo log
// 104.8 s, 4352M 18.0 s (docs/benchmarks/restore-e2e.md, "End to end").
// The size is the data's (the measured case) or, when larger, the
// smallest whose async flush point holds the load's redo (capacityFor),
// held to redoRoomBytes; when even that is under twice the current log,
// nothing is offered and the note says why (and what to free).
func growRedo(p *profile.Profile, o Options, b pool) (Setting, pool, string, bool) {
	data := dumpInnoDBBytes(p.Dump)
	if data == 0 || !b.fits(data) || b.redo == 0 {
		return Setting{}, b, "", false
	}
	t := targetOf(p, o)
	room := roomOf(p.Dump, ratioOf(p, o.Calibration), t, b.redo, pageOf(p))
	if b.redo >= data && (!room.Lim.known() || room.holds()) {
		return Setting{}, b, "", false
	}
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil || t.Version == "" {
		return Setting{}, b, "redo log growth not offered: the target's flavor and version are unknown", false
	}
	name, since := "innodb_redo_log_capacity", RedoGrowSince["mysql"]
	if t.IsMariaDB() {
		name, since = "innodb_log_file_size", RedoGrowSince[profile.FlavorMariaDB]
	}
	if v.Less(since) {
		return Setting{}, b, fmt.Sprintf("redo log growth not offered: %s resizes it only with a restart%s%s", t.Version, restartText(p, t, room, name), freeMoreText(p.Storage, data, t, room, 0)), false
	}
	ideal, as := (data+PoolChunkBytes-1)/PoolChunkBytes*PoolChunkBytes, "the loaded data's size"
	if need := capacityFor(t, room.HighBytes, room.PageBytes); need > ideal {
		ideal, as = need, "the smallest whose async flush point holds the load's redo"
	}
	grow, why := ideal, ""
	if fit := redoRoomBytes(redoDiskFree(p.Storage, data)); fit < ideal {
		text, more := redoFitText(p.Storage, data, ideal, fit, as), freeMoreText(p.Storage, data, t, room, fit)
		if fit < 2*b.redo {
			than := "not twice"
			if fit <= b.redo {
				than = "no larger than"
			}
			return Setting{}, b, fmt.Sprintf("redo log growth not offered: %s, %s %s%s", text, than, redoHasText(p, name, b.redo), more), false
		}
		grow, why = fit, "; "+text+", so "+profile.HumanBytes(fit)+" is what fits"+more
	}
	if t.IsMariaDB() && !profile.MariaDBRedoResizeCrashSafe(v) {
		return Setting{}, b, fmt.Sprintf("redo log growth not offered online: MariaDB %s's SET GLOBAL innodb_log_file_size is not "+
			"crash safe (MDEV-34750, fixed in 10.11.10, 11.4.4: a server that stops while the log resizes may not recover); "+
			"set %s in the my.cnf and restart before the load instead%s", t.Version, restartRedoLine(p, t, grow), why), false
	}
	g := b
	g.redo = grow
	undo, back := b.redo, ""
	if live := liveRedoBytes(p, name); live > 0 && live != b.redo {
		// as the pool's undo: back to what the server has, not to the size the load is sized for
		undo, back = live, fmt.Sprintf("; the undo puts back the %s the server has now (the my.cnf lines of this report advise %s)",
			profile.HumanBytes(live), profile.HumanBytes(b.redo))
	}
	apply, undoLine := sizeLines(p, name, grow, undo)
	back += assumedNote(p, name, undo, "the my.cnf's or the default")
	return Setting{Name: fmt.Sprintf("grow the redo log to %s for the load (%s%s)", profile.HumanBytes(grow), growReason(p.Dump, data, b.redo, room), why),
		Apply: apply, Undo: undoLine,
		Warning: redoGrowWarning(p.Storage, grow, data, undo) + back, settles: true}, g, "", true
}

// redoHasText names the log the load runs with (redo): "the 512.0 MiB
// log it has", or, when that is the size the my.cnf lines of this report advise
// and not the live server's, both (review r14: "no larger than the 512.0
// MiB log it has" was printed for a server with a 96M log).
func redoHasText(p *profile.Profile, name string, redo uint64) string {
	if live := liveRedoBytes(p, name); live > 0 && live != redo {
		return fmt.Sprintf("the %s log the my.cnf lines of this report advise (the server has %s now)", profile.HumanBytes(redo), profile.HumanBytes(live))
	}
	return fmt.Sprintf("the %s log it has", profile.HumanBytes(redo))
}

// liveRedoBytes is the live server's value of the redo variable name
// (innodb_log_file_size, innodb_redo_log_capacity), 0 when no server was
// read or it did not say.
func liveRedoBytes(p *profile.Profile, name string) uint64 {
	if p.Server == nil || !p.Server.Reachable {
		return 0
	}
	return sizeIn(p.Server.Variables, name)
}

// growReason says why the log grows: the data outgrows it, or the load's
// redo passes its async flush point.
func growReason(d *profile.Dump, data, redo uint64, room redoRoom) string {
	if redo < data {
		return fmt.Sprintf("the ~%s it loads fits the pool but not the %s redo log; %s", profile.HumanBytes(data), profile.HumanBytes(redo), loadedCountText(d))
	}
	return fmt.Sprintf("the load writes %s of redo, past the %s redo log's async flush point of %s",
		bytesRange(room.LowBytes, room.HighBytes), profile.HumanBytes(redo), profile.HumanBytes(room.Lim.AsyncBytes))
}

// restartText names the log that would hold the load's redo, set with a
// restart before it, as the my.cnf line restartRedoLine writes (name: the
// variable); "" when the current one holds
// it or the limits are unknown. The log the load runs with is named as
// redoHasText names it: the advised one as advised (review r14).
func restartText(p *profile.Profile, t profile.Target, room redoRoom, name string) string {
	need := capacityFor(t, room.HighBytes, room.PageBytes)
	if need == 0 || room.holds() || !room.Lim.known() {
		return ""
	}
	return fmt.Sprintf("; %s (set before the load, with a restart) would hold the load's %s of redo, where %s starts async flushing at %s",
		restartRedoLine(p, t, need), bytesRange(room.LowBytes, room.HighBytes), redoHasText(p, name, room.Lim.CapacityBytes), profile.HumanBytes(room.Lim.AsyncBytes))
}

// restartRedoLine is the my.cnf line that starts target t with a redo log
// of capacity bytes: innodb_redo_log_capacity from MySQL 8.0.30, else
// innodb_log_file_size, which is the size of each of the target's files
// (redoFiles). Before, a MySQL 5.7.44 target was told
// "innodb_redo_log_capacity = 7.8 GiB", a variable mysqld 5.7 does not
// know (it is new in 8.0.30: MySQL 8.0 manual, "Configuring Redo Log
// Capacity (MySQL 8.0.30 or Higher)") and a size no option file takes.
func restartRedoLine(p *profile.Profile, t profile.Target, capacity uint64) string {
	if v, ok := profile.ParseVersion(t.Version); ok && !t.IsMariaDB() && !v.Less(RedoGrowSince["mysql"]) {
		return "innodb_redo_log_capacity = " + profile.FormatSize(capacity)
	}
	var srv map[string]string
	if p.Server != nil {
		srv = p.Server.Variables
	}
	files := redoFiles(t, srv)
	each := (capacity/files + 1<<20 - 1) >> 20 << 20
	if files == 1 {
		return "innodb_log_file_size = " + profile.FormatSize(each)
	}
	return fmt.Sprintf("innodb_log_file_size = %s (each of its %d files: %s in all)", profile.FormatSize(each), files, profile.HumanBytes(each*files))
}

// freeMoreText says what to free for a redo log that holds the load when
// the log that fits (fit bytes; 0: none offered) does not: the datadir
// needs the data plus that log ÷ RedoFreeFraction free; "" when it holds,
// or the free space or the limits are unknown.
func freeMoreText(s profile.Storage, data uint64, t profile.Target, room redoRoom, fit uint64) string {
	free, data := redoDiskFree(s, data)
	need := capacityFor(t, room.HighBytes, room.PageBytes)
	if free == 0 || need == 0 || fit >= need {
		return ""
	}
	want := data + uint64(float64(need)/RedoFreeFraction)
	if want <= free {
		return ""
	}
	return fmt.Sprintf("; free %s more on %s for a %s redo log that holds the load's %s of redo (async flushing from %s)",
		profile.HumanBytes(want-free), redoDiskName(s), profile.HumanBytes(need), bytesRange(room.LowBytes, room.HighBytes), profile.HumanBytes(redoLimitsOf(t, need, room.PageBytes).AsyncBytes))
}

// redoRoomBytes is the largest redo log a load may grow to: RedoFreeFraction
// of the free space left once the loaded data is in, rounded down to
// PoolChunkBytes; 0 when the free space is unknown or the data fills it.
func redoRoomBytes(free, data uint64) uint64 {
	if free <= data {
		return 0
	}
	return uint64(float64(free-data)*RedoFreeFraction) / PoolChunkBytes * PoolChunkBytes
}

// redoFitText says why the ideal redo log (as: what sized it) does not
// fit the disk that holds it (redoDiskFree).
func redoFitText(s profile.Storage, data, ideal, room uint64, as string) string {
	free, onIt := redoDiskFree(s, data)
	if free == 0 {
		whose := "the datadir's free space is unknown (storage.free_bytes 0)"
		if s.RedoDir != nil {
			whose = "the free space of " + redoDiskName(s) + " is unknown"
		}
		return fmt.Sprintf("a %s redo log (%s) would hold the load, but %s, so it was not checked against the disk", profile.HumanBytes(ideal), as, whose)
	}
	adds := ""
	if onIt > 0 {
		adds = fmt.Sprintf(", the load adds ~%s", profile.HumanBytes(onIt))
	}
	return fmt.Sprintf("a %s redo log (%s) would hold the load, but %s has %s free%s, and the new log (written whole beside the old one while resizing) may take at most %.0f%% of the rest: %s",
		profile.HumanBytes(ideal), as, redoDiskName(s), profile.HumanBytes(free), adds, RedoFreeFraction*100, profile.HumanBytes(room))
}

// redoDiskFree is the free space of the filesystem that holds the redo log
// and the part of data that lands on it: the redo directory's own when the
// server keeps the log off the datadir's (innodb_log_group_home_dir; the
// loaded data goes to the datadir), else the datadir's and all of it.
func redoDiskFree(s profile.Storage, data uint64) (free, onIt uint64) {
	if f, shared := s.RedoFreeBytes(); !shared {
		return f, 0
	}
	return s.FreeBytes, data
}

// redoDiskName names the filesystem that holds the redo log.
func redoDiskName(s profile.Storage) string {
	if rd := s.RedoDir; rd != nil {
		return fmt.Sprintf("%s (innodb_log_group_home_dir = %s)", rd.Path, rd.Setting)
	}
	return "the datadir's disk"
}

// redoGrowWarning is the risk of a grown redo log: the disk it takes while
// resizing, and how long its undo blocks: shrinking back waits until the
// loaded pages (data) are written, so it takes up to their bytes ÷ the
// measured sequential write rate and, as 16 KiB pages, up to their count ÷
// the random-write IOPS; pages the flusher writes during the load shorten
// it, and the new log is preallocated, not written. Measured with the
// printed undo (scripts/bench-restore.sh e2e, 455 MiB loaded; docs/benchmarks/restore-e2e.md,
// "End to end"): the bw bed (15 MB/s) 28.5-30.5 s against the ~32 s stated,
// while the former "at least (data + new log) ÷ sequential" said 39 s; the
// 100-IOPS card bed 2m11s, inside "up to 6m56s".
func redoGrowWarning(s profile.Storage, grow, data, back uint64) string {
	took := "can take minutes on a slow disk"
	if seq := s.SeqWrite.MBPerS * 1e6; seq > 0 {
		took = fmt.Sprintf("takes up to about %s (%s of loaded pages ÷ the measured %.1f MB/s sequential write)",
			span(float64(data)/seq), profile.HumanBytes(data), seq/1e6)
		if rnd := randBytesPerSec(s, 1); rnd > 0 && float64(data)/rnd > 2*float64(data)/seq {
			took += fmt.Sprintf(", up to %s if the pages go out one 16K write at a time (%s random writes/s)", span(float64(data)/rnd), kilo(rnd/PageBytes))
		}
		took += "; less for pages written while loading"
	}
	free, _ := redoDiskFree(s, 0)
	return fmt.Sprintf("takes %s more of %s while resizing (%s free); the undo (back to %s) waits until the loaded pages are written, which %s: it is safe to leave the larger log in place instead, as it fits the disk; MariaDB's online resize was not crash-safe before the MDEV-34750 fix (2024)",
		profile.HumanBytes(grow), redoDiskName(s), profile.HumanBytes(free), profile.HumanBytes(back), took)
}

// span renders seconds as a rounded duration for people ("4m50s").
func span(sec float64) string {
	return time.Duration(sec * float64(time.Second)).Round(time.Second).String()
}
