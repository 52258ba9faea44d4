package rules

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// ramFSTypes keep their files in RAM: a redo log there takes memory.
var ramFSTypes = map[string]bool{"tmpfs": true, "ramfs": true}

// redoInRAM is true when the filesystem that holds the redo log keeps its
// files in memory: the redo directory's when the server keeps the log off
// the datadir's (its fstype), else the datadir's (its fstype, or its class
// memory: a loop device over a tmpfs file, zram). A redo log there takes
// memory the buffer pool is sized against, not disk space alone.
func (e Env) redoInRAM() bool {
	if rd := e.Storage.RedoDir; rd != nil {
		return ramFSTypes[rd.FSType]
	}
	return ramFSTypes[e.Storage.FSType] || e.Storage.Class == profile.ClassMemory
}

// redoMemRoomBytes is the memory a redo log kept in RAM may take: what the
// host has for the buffer pool now (PoolGrowthCapBytes: the current pool
// plus available memory less the reserve) less the pool the advice leaves
// (AdvisedPoolBytes); known false when available memory is unknown.
func (e Env) redoMemRoomBytes() (room uint64, known bool) {
	ceiling := e.PoolGrowthCapBytes()
	if ceiling == math.MaxUint64 {
		return 0, false
	}
	return ceiling - min(ceiling, e.AdvisedPoolBytes()), true
}

// redoHeldByMemory is true when the redo log is in RAM and the memory left
// beside the advised pool is less than the free space of its filesystem
// (or that filesystem reports no size, as ramfs does).
func (e Env) redoHeldByMemory() bool {
	if !e.redoInRAM() {
		return false
	}
	room, known := e.redoMemRoomBytes()
	return known && (!e.redoFSKnown() || room < e.redoFSRoomBytes())
}

// redoMemText says how much memory is left for a redo log kept in RAM.
func (e Env) redoMemText() string {
	room, _ := e.redoMemRoomBytes()
	where := orText(e.Storage.MountPoint, "the datadir's filesystem")
	if rd := e.Storage.RedoDir; rd != nil {
		where = fmt.Sprintf("%s, where innodb_log_group_home_dir = %s keeps the redo log", orText(rd.MountPoint, rd.Path), rd.Setting)
	}
	return fmt.Sprintf("%s keeps its files in RAM, and %s of memory is left beside the %s buffer pool advised here "+
		"(available memory and the current pool, less the %s reserve)", where, Human(room), Human(e.AdvisedPoolBytes()), Human(e.ReserveBytes()))
}
