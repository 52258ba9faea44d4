package rules

import (
	"fmt"
	"math"
)

// Sizes fit: no redo log the datadir's filesystem cannot hold with room to
// spare, no memory size above what the host (or its cgroup) has. When the
// ideal does not fit, the advice gives what fits and FitNote says why with
// the numbers.

// DiskKnown is true when the profile says how big the datadir's filesystem
// is (storage.total_bytes), so free_bytes 0 means full, not unknown.
func (e Env) DiskKnown() bool { return e.Storage.TotalBytes > 0 || e.Storage.FreeBytes > 0 }

// DiskRoomBytes is the free space the server may use for its own files:
// free space less the dump to be restored; 0 when that does not fit.
func (e Env) DiskRoomBytes() uint64 {
	if e.Storage.FreeBytes <= e.DumpBytes {
		return 0
	}
	return e.Storage.FreeBytes - e.DumpBytes
}

// redoDiskKnown is DiskKnown for the filesystem that holds the redo log:
// its own when the server keeps the log off the datadir's
// (Storage.RedoDir, innodb_log_group_home_dir), else the datadir's.
func (e Env) redoDiskKnown() bool {
	return e.redoFSKnown() || e.redoHeldByMemory()
}

// redoFSKnown is whether the filesystem that holds the redo log says its
// size (redoDiskKnown without the memory of a redo log kept in RAM).
func (e Env) redoFSKnown() bool {
	if rd := e.Storage.RedoDir; rd != nil {
		return rd.FreeBytes > 0 || rd.TotalBytes > 0
	}
	return e.DiskKnown()
}

// redoDiskRoomBytes is the free space the redo log may take: the redo
// directory's own filesystem when it is not the datadir's (a restored dump
// lands in the datadir, not there), else DiskRoomBytes; for a redo log kept
// in RAM, the memory beside the advised pool when that is less
// (redoHeldByMemory).
func (e Env) redoDiskRoomBytes() uint64 {
	if e.redoHeldByMemory() {
		room, _ := e.redoMemRoomBytes()
		return room
	}
	return e.redoFSRoomBytes()
}

// redoFSRoomBytes is the free space of the filesystem that holds the redo
// log (redoDiskRoomBytes without the memory of a redo log kept in RAM).
func (e Env) redoFSRoomBytes() uint64 {
	if rd := e.Storage.RedoDir; rd != nil {
		return rd.FreeBytes
	}
	return e.DiskRoomBytes()
}

// RedoRoomBytes is the largest total redo log that fits the disk that
// holds it: T.RedoFreeFraction of its room (redoDiskRoomBytes), rounded
// down to a multiple of 128 MiB, the unit RedoSize rounds the ideal to, so
// every redo size advised is such a multiple. Unlimited when that disk is
// unknown.
func (e Env) RedoRoomBytes() uint64 {
	if !e.redoDiskKnown() {
		return math.MaxUint64
	}
	unit := 128 * mib
	return uint64(float64(e.redoDiskRoomBytes())*e.T.RedoFreeFraction) / unit * unit
}

// redoDiskText names the filesystem that holds the redo log and its free
// space, as the fit texts say it.
func (e Env) redoDiskText() string {
	if e.redoHeldByMemory() {
		return e.redoMemText()
	}
	if rd := e.Storage.RedoDir; rd != nil {
		return fmt.Sprintf("%s is free on %s, where innodb_log_group_home_dir = %s keeps the redo log", Human(rd.FreeBytes), orText(rd.MountPoint, rd.Path), rd.Setting)
	}
	dump := ""
	if e.DumpBytes > 0 {
		dump = fmt.Sprintf(" less the ~%s the dump to restore adds", Human(e.DumpBytes))
	}
	return fmt.Sprintf("%s is free on %s%s", Human(e.Storage.FreeBytes), orText(e.Storage.MountPoint, "the datadir's filesystem"), dump)
}

// RedoDiskCapped is true when the disk holds the redo below its ideal.
func (e Env) RedoDiskCapped() bool { return e.RedoRoomBytes() < e.RedoIdealBytes() }

// HeapTableTarget is max_heap_table_size raised to tmp_table_size (as
// advised, TmpTableAfter), held to T.ConnMemoryFraction of usable memory:
// one in-memory temporary table never gets more than all connections'
// buffers may take together.
func (e Env) HeapTableTarget() uint64 {
	want := e.TmpTableAfter()
	if e.MemoryKnown() {
		want = min(want, e.heapRoomBytes())
	}
	return want
}

// heapRoomBytes is the memory cap of HeapTableTarget, in whole MiB.
func (e Env) heapRoomBytes() uint64 {
	return uint64(e.T.ConnMemoryFraction*float64(e.EffectiveMemBytes())) / mib * mib
}

// FitNote is the sentence a finding that sets variable gets when its
// ideal size did not fit and a smaller one was advised; "" otherwise.
func (e Env) FitNote(variable string) string {
	switch variable {
	case "innodb_redo_log_capacity", "innodb_log_file_size":
		if e.RedoDiskCapped() {
			return e.redoFitText() + " so " + Human(e.RedoTarget()) + " in total fits."
		}
	case "max_heap_table_size":
		if e.MemoryKnown() && e.TmpTableAfter() > e.heapRoomBytes() {
			return fmt.Sprintf("tmp_table_size (%s) does not fit: one in-memory temporary table is held to %.0f%% of the %s usable memory (max_connections_memory_fraction), %s.",
				Human(e.F.TmpTableBytes), e.T.ConnMemoryFraction*100, Human(e.EffectiveMemBytes()), Human(e.heapRoomBytes()))
		}
	}
	return ""
}

// redoFitText says how much redo the disk holds and why.
func (e Env) redoFitText() string {
	return fmt.Sprintf("The ideal %s of redo does not fit the disk: %s, and the redo log may take at most %.0f%% of that (%s, rounded down to whole 128 MiB: %s; the whole new log must be free at once, the rest stays for data, binary logs and temporary files),",
		Human(e.RedoIdealBytes()), e.redoDiskText(), e.T.RedoFreeFraction*100, Human(uint64(float64(e.redoDiskRoomBytes())*e.T.RedoFreeFraction)), Human(e.RedoRoomBytes()))
}

// FitNotes are advice notes on the disk and the redo: the redo would be
// worth growing but what fits is not twice the current, or the free space
// is unknown so the size advised was not checked.
func (e Env) FitNotes() []string {
	cur := e.F.RedoCapacityBytes
	if !e.redoDiskKnown() && float64(e.RedoIdealBytes()) >= 2*float64(cur) {
		whose := "the datadir's free space is unknown (storage.free_bytes 0)"
		if e.Storage.ServerElsewhere != "" {
			whose = "the free space of the server's disk is unknown (the disk measured is not the server's: storage.server_elsewhere)"
		}
		if rd := e.Storage.RedoDir; rd != nil {
			whose = fmt.Sprintf("the free space of %s, where innodb_log_group_home_dir = %s keeps the redo log, is unknown", rd.Path, rd.Setting)
		}
		return []string{fmt.Sprintf("%s, so the %s redo log advised was not checked against the disk: make sure the filesystem has at least %s free (the log may take %.0f%% of it) before applying it",
			whose, Human(e.RedoIdealBytes()), Human(uint64(float64(e.RedoIdealBytes())/e.T.RedoFreeFraction)), e.T.RedoFreeFraction*100)}
	}
	if !e.RedoDiskCapped() || float64(e.RedoIdealBytes()) < 2*float64(cur) || float64(e.RedoTarget()) >= 2*float64(cur) {
		return nil
	}
	return []string{e.redoFitText() + fmt.Sprintf(" so at most %s fits, less than twice the current %s (%s): mytune offers a new redo size "+
		"only when it at least doubles the redo (the redo rules' when: RedoTarget() >= 2 * the current size), "+
		"so the redo log (%s) is left as it is.",
		Human(e.RedoTarget()), Human(cur), Human(2*cur), Human(cur))}
}

// Human renders bytes for people (1.5 GiB).
func Human(b uint64) string { return Env{}.Human(b) }

// orText is s, or alt when s is empty.
func orText(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
