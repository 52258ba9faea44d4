package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// With innodb_flush_neighbors on, InnoDB flushes a dirty page together
// with the dirty pages next to it in its extent. Written with O_DIRECT
// each page is still its own write; written through the page cache, such
// a batch is one run of dirty pages in the file, which the kernel's
// writeback sends as one larger write. Measured on the card bed
// (2026-12-03, docs/benchmarks/settle-buffered.md, "flushing neighbours
// through the page cache"): the clean shutdown after a load wrote 12.5k
// pages in 1,070-1,093 writes with neighbours on and 1,782-1,878 with
// them off; 13.0 s instead of 19.0 s, the load no slower.
const (
	// BufferedNeighborPagesPerIOLow/High: pages per write the kernel's
	// writeback issued for a settling server with buffered data files and
	// neighbour flushing on. Fitted on the card bed's 3 runs
	// (testdata/settle-neighbors-20261203T0014Z.txt: 11.4-11.7 pages a
	// write at io_capacity_max 100) and the hdd bed's point-3 sitting
	// (restore-e2e.md, 2026-12-02: neighbours on by MariaDB's default,
	// io_capacity_max 200; 12.5k pages settled in at most 5 s of writes
	// at 150 writes/s, so at least 14 a write): 8-16 brackets both, as
	// wide as BufferedPagesPerIOLow/High around the card's figure.
	BufferedNeighborPagesPerIOLow, BufferedNeighborPagesPerIOHigh = 8.0, 16.0
)

// NeighborsOffSince is the first MySQL whose innodb_flush_neighbors
// defaults to 0 (MySQL WL#9631, "Change InnoDB IO Defaults -
// innodb_flush_neighbors", with 8.0.3's new IO defaults; MySQL 8.0 manual,
// innodb_flush_neighbors: default 0); MariaDB's default is 1 (MariaDB KB,
// innodb_flush_neighbors).
var NeighborsOffSince = profile.Version{Major: 8, Minor: 0, Patch: 3}

// NeighborsLabelSince is the first MariaDB that flushes no neighbours on
// a device the kernel labels non-rotational, whatever
// innodb_flush_neighbors says (MDEV-17380; measured on MariaDB 10.11.19 on
// a loop device at innodb_flush_neighbors 1: labelled 1, 3,041 of 3,100
// pages flushed as neighbours; labelled 0, none of 4,327:
// docs/benchmarks/live-server.md). A real SD card (mmcblk) or SSD is
// labelled 0; the card and hdd beds' loop devices are labelled 1.
var NeighborsLabelSince = profile.Version{Major: 10, Minor: 4, Patch: 4}

// labelSkipsNeighbors is true when the target is a MariaDB that flushes
// no neighbours on this disk: 10.4.4+ and the datadir's device labelled
// non-rotational (profile.Device.MountedLabel).
func labelSkipsNeighbors(p *profile.Profile, o Options) bool {
	t := targetOf(p, o)
	v, err := profile.ParseVersionStrict(t.Version)
	if !t.IsMariaDB() || err != nil || v.Less(NeighborsLabelSince) {
		return false
	}
	rotational, known := p.Storage.Device.MountedLabel()
	return known && !rotational
}

// flushNeighbors says whether the load runs with neighbour flushing on
// (innodb_flush_neighbors 1 or 2, and not skipped by the disk's label:
// labelSkipsNeighbors), and the value read ("" when none was: then the
// target's default, off when the target is unknown).
func flushNeighbors(p *profile.Profile, o Options) (on bool, value string) {
	for _, vars := range varSets(p, o) {
		if v := strings.ToUpper(strings.TrimSpace(vars["innodb_flush_neighbors"])); v != "" {
			return v != "0" && v != "OFF" && !labelSkipsNeighbors(p, o), v
		}
	}
	if labelSkipsNeighbors(p, o) {
		return false, ""
	}
	t := targetOf(p, o)
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil || t.Version == "" || t.Source == profile.SourceDefault {
		return false, ""
	}
	return t.IsMariaDB() || v.Less(NeighborsOffSince), ""
}

// neighborsSetting turns neighbour flushing on for a load whose data
// files go through the page cache, when it is off: a SET GLOBAL after any
// restart of the load, undone by the restart after it or by its own undo.
func neighborsSetting(value string) Setting {
	back := value
	if back == "" {
		back = "0"
	}
	return Setting{
		Name: "flush each dirty page's dirty neighbours with it during the load (innodb_flush_neighbors = 1): through the page cache a batch of neighbours " +
			fmt.Sprintf("reaches the disk as one larger write, %.0f–%.0f pages a write instead of %.0f–%.0f (on the card bed: the settling 13.0 s instead of 19.0 s)",
				BufferedNeighborPagesPerIOLow, BufferedNeighborPagesPerIOHigh, BufferedPagesPerIOLow, BufferedPagesPerIOHigh),
		Apply:   "SET GLOBAL innodb_flush_neighbors = 1;",
		Undo:    fmt.Sprintf("SET GLOBAL innodb_flush_neighbors = %s;", back),
		Warning: "with O_DIRECT (after the load) flushing neighbours only adds writes on flash: undo it once the load has settled", settles: true}
}

// pagesPerWrite is the range of pages per write the kernel's writeback
// issues for buffered data files, with or without neighbour flushing.
func pagesPerWrite(neighbors bool) (lo, hi float64) {
	if neighbors {
		return BufferedNeighborPagesPerIOLow, BufferedNeighborPagesPerIOHigh
	}
	return BufferedPagesPerIOLow, BufferedPagesPerIOHigh
}

// neighborsWanted says whether a load through the page cache should turn
// neighbour flushing on (neighborsSetting), and the value it has: when it
// is off, the plan may change the server's writes, the pool b holds the
// load (as measured: a pool the load outgrows flushes during it, in
// another order) and the disk takes fewer than SlowDiskWriteIOPS random
// writes a second (an SD card, a hard disk: where the number of writes
// sets the settling's pace; on a faster disk the settling is short either
// way, not worth a step).
func neighborsWanted(p *profile.Profile, o Options, b pool, maxDirtyPct float64) (bool, string) {
	on, value := flushNeighbors(p, o)
	if on || o.asMeasured || p.Dump == nil || labelSkipsNeighbors(p, o) {
		return false, value
	}
	_, _, holds, _ := dirtyPages(p.Dump, b, maxDirtyPct)
	iops := peakRandBytesPerSec(p.Storage, MaxThreads) / PageBytes
	return holds && iops > 0 && iops < SlowDiskWriteIOPS, value
}

// neighborsDuringLoad says whether a load through the page cache runs with
// neighbour flushing on: already, or by neighborsSetting.
func neighborsDuringLoad(p *profile.Profile, o Options, b pool, maxDirtyPct float64) bool {
	on, _ := flushNeighbors(p, o)
	add, _ := neighborsWanted(p, o, b, maxDirtyPct)
	return on || add
}
