package rules

import "github.com/mytune/mytune/profile"

// Neighbour flushing beside the kernel's rotational label. MariaDB flushes
// no neighbours on a tablespace whose device the kernel labels
// non-rotational, whatever innodb_flush_neighbors says (MDEV-17380,
// MariaDB 10.4.4 release notes; MariaDB KB, innodb_flush_neighbors: "ignored
// for table spaces that are detected as stored on SSD"). Measured on
// MariaDB 10.11.19 with its datadir on a loop device, innodb_flush_neighbors
// 1 and the same 200,000-row update flushed: queue/rotational 1 flushed 3041
// of 3100 pages as neighbours (INNODB_METRICS buffer_flush_neighbor_total_pages),
// 0 flushed none of 4327; mytune advised 1 → 0 on that disk either way.

// NeighborsSkipped is true when the target is a MariaDB that already
// flushes no neighbours on this disk: the kernel labels the device that
// holds the datadir non-rotational (Device.MountedRotationalFlag, or the
// disk's label under a partition), so innodb_flush_neighbors changes
// nothing there. False when the label was not read or the version is not
// known.
func (e Env) NeighborsSkipped() bool {
	// 10.4.4: the first MariaDB that reads the label (MDEV-17380)
	if !e.F.IsMariaDB() || e.F.Version == (profile.Version{}) || !e.F.Version.AtLeast(10, 4, 4) {
		return false
	}
	rotational, known := e.Storage.Device.MountedLabel()
	return known && !rotational
}

// NeighborsLabelText says, for a MariaDB 10.4.4+ target where neighbours
// are still flushed, why: the device is labelled rotational, or its label
// was not read; "" for other targets.
func (e Env) NeighborsLabelText() string {
	if !e.F.IsMariaDB() || !e.F.Version.AtLeast(10, 4, 4) {
		return ""
	}
	name := e.Storage.Device.Name
	if name == "" {
		name = "this disk"
	}
	if rotational, known := e.Storage.Device.MountedLabel(); rotational && known {
		return " and skips it on a disk the kernel labels non-rotational, but " + name + " is labelled rotational, so neighbours are flushed here"
	}
	return " and skips it on a disk the kernel labels non-rotational, but the label of " + name + " was not read, so mytune cannot tell whether it does here"
}
