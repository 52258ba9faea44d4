package rules

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// VolatileStorage is true when the datadir lives in RAM that a reboot, a
// crash of the machine or a power cut empties: a tmpfs or ramfs ("Since
// tmpfs lives completely in the page cache and on swap, all tmpfs pages
// will be lost" on unmount, the kernel's Documentation/filesystems/
// tmpfs.rst), a loop device over a file on one, or a zram/brd RAM disk
// (transport memory on every leaf). pmem is persistent memory, not
// volatile. A sync there reaches no disk: tmpfs's fsync is noop_fsync
// (mm/shmem.c), so its commit rate measures memory, not durability.
func (e Env) VolatileStorage() bool {
	if e.Storage.FSType == "tmpfs" || e.Storage.FSType == "ramfs" {
		return true
	}
	d := e.Storage.Device
	if d.Transport != profile.TransportMemory {
		return false
	}
	if len(d.Leaves) == 0 {
		return !strings.HasPrefix(d.Name, "pmem")
	}
	for _, l := range d.Leaves {
		if l.Transport != profile.TransportMemory || strings.HasPrefix(l.Name, "pmem") {
			return false
		}
	}
	return true
}

// VolatileRedo is true when the redo log lives on a tmpfs or ramfs of its
// own (Storage.RedoDir, innodb_log_group_home_dir) while the data does not:
// a reboot or crash empties it, and InnoDB then has no log to recover the
// data files from.
func (e Env) VolatileRedo() bool {
	rd := e.Storage.RedoDir
	return rd != nil && (rd.FSType == "tmpfs" || rd.FSType == "ramfs") && !e.VolatileStorage()
}
