package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mytune/mytune/probe/storage/mountinfo"
	"github.com/mytune/mytune/profile"
)

// maxDepth bounds the walk down a device stack. Real stacks are a handful
// deep (dm-crypt on LVM on md on a partition is 4); 16 stops a cycle in a
// broken or hostile tree.
const maxDepth = 16

// devOfFunc returns the device number of the filesystem holding path
// (st_dev), used to follow a loop device to the disk under its backing file.
type devOfFunc func(path string) (major, minor uint32, err error)

// resolver walks sysfs device stacks and collects the gaps it meets.
type resolver struct {
	ctx   context.Context
	r     Roots
	devOf devOfFunc
	gaps  []profile.Gap
	// fileTransport is the transport of a loop device (by its sysfs dir)
	// whose backing file lives on a filesystem without a block device:
	// memory for tmpfs/ramfs, network for NFS and the like.
	fileTransport map[string]string
	// overlays counts the overlay upper directories being followed, so an
	// overlay whose upper directory is on an overlay stops at maxDepth.
	overlays int
}

func newResolver(ctx context.Context, r Roots) *resolver {
	return &resolver{ctx: ctx, r: r, devOf: statDev, fileTransport: map[string]string{}}
}

func (rs *resolver) gap(format string, a ...any) {
	rs.gaps = append(rs.gaps, profile.Gap{Probe: "storage.device", Reason: fmt.Sprintf(format, a...)})
}

// ResolveDevice describes the block device major:minor: the chain from it
// down to the first leaf disk, every leaf disk, and the first leaf's labels.
//
// The chain names every step, partitions included: a partition of an NVMe
// disk under dm-crypt is ["dm-0","nvme0n1p3","nvme0n1"]. Where a device
// stacks on several (md RAID, LVM over several PVs, multipath) the chain
// follows the first slave in name order and Leaves lists all leaf disks.
// A loop device is followed through its backing file to the disk holding
// that file (["loop0","sda1","sda"], BackingFile set); if that fails the
// loop device itself is the leaf and its transport is "loop". Labels
// (transport, model, rotational flag, size, queue settings) are the first
// leaf's; DMName is the first device-mapper name on the chain.
func ResolveDevice(ctx context.Context, r Roots, major, minor uint32) (profile.Device, []profile.Gap) {
	rs := newResolver(ctx, r)
	d := rs.device(major, minor)
	return d, rs.gaps
}

func (rs *resolver) device(major, minor uint32) profile.Device {
	dev := profile.Device{DeviceMajorMinor: fmt.Sprintf("%d:%d", major, minor), Transport: profile.TransportUnknown}
	dir, err := rs.sysDir(major, minor)
	if err != nil {
		rs.gap("%v; the disk under the data directory is unknown, so its labels are missing", err)
		return dev
	}
	dev.Name = filepath.Base(dir)
	members, layout := rs.btrfsFS(dir)
	if len(members) > 1 {
		dev.Members, dev.MembersLayout = baseNames(members), layout
	}
	chain, leaves := rs.descend(dir, 0, &dev)
	for _, m := range members[1:] {
		_, l := rs.descend(m, 0, &dev)
		leaves = appendNew(leaves, l...)
	}
	dev.Chain = chain
	if len(chain) > 1 {
		if sectors, ok := uintAttr(dir, "size"); ok && sectors <= ^uint64(0)/sectorBytes {
			dev.DeviceSizeBytes = sectors * sectorBytes
		}
	}
	for i, l := range leaves {
		lb := readLabels(l)
		if t, ok := rs.fileTransport[l]; ok {
			lb.leaf.Transport = t
		}
		dev.Leaves = append(dev.Leaves, lb.leaf)
		if i == 0 {
			lb.apply(&dev)
			if denied := deniedAttrs(l); len(denied) > 0 {
				rs.gap("this user may not read %s of %s (permission denied): those labels are unknown here (shown as ? "+
					"or left out), not the kernel's; run mytune as root to read them", strings.Join(denied, ", "), filepath.Base(l))
			}
		}
	}
	topBlockSizes(dir, &dev)
	if rot, ok := uintAttr(dir, "queue", "rotational"); ok {
		flag := rot == 1
		dev.MountedRotationalFlag = &flag // a partition has no queue: nil
	}
	return dev
}

// topBlockSizes takes the block sizes from the device that holds the
// filesystem when it has its own queue: a loop device made with
// losetup --sector-size 4096, or dm-crypt with 4K sectors, does I/O in
// 4096-byte blocks over a 512-byte disk (Documentation/ABI/stable/
// sysfs-block: queue/logical_block_size is per block device). A partition
// has no queue of its own, so its disk's sizes stay.
func topBlockSizes(dir string, dev *profile.Device) {
	if lbs := intAttr(dir, "queue", "logical_block_size"); lbs > 0 {
		dev.LogicalBlockSize = lbs
	}
	if pbs := intAttr(dir, "queue", "physical_block_size"); pbs > 0 {
		dev.PhysicalBlockSize = pbs
	}
}

// sysDir resolves <sys>/dev/block/MAJ:MIN to the device's /sys/devices dir.
func (rs *resolver) sysDir(major, minor uint32) (string, error) {
	link := filepath.Join(rs.r.Sys, "dev", "block", fmt.Sprintf("%d:%d", major, minor))
	dir, err := filepath.EvalSymlinks(link)
	if err != nil {
		return "", fmt.Errorf("resolving block device %d:%d via %s: %w", major, minor, link, err)
	}
	return dir, nil
}

// descend returns the chain from dir to its first leaf, and every leaf dir.
func (rs *resolver) descend(dir string, depth int, dev *profile.Device) (chain, leaves []string) {
	name := filepath.Base(dir)
	if err := rs.ctx.Err(); err != nil {
		rs.gap("device walk stopped at %s: %v", name, err)
		return []string{name}, []string{dir}
	}
	if depth > maxDepth {
		rs.gap("device stack below %s is deeper than %d; stopped there (a loop in sysfs?)", name, maxDepth)
		return []string{name}, []string{dir}
	}
	if dm, ok := readAttr(dir, "dm", "name"); ok && dev.DMName == "" {
		dev.DMName = dm
	}
	next := rs.below(dir, dev)
	if len(next) == 0 {
		return []string{name}, []string{dir}
	}
	if len(next) > 1 && dev.Members == nil { // md RAID, LVM over several PVs: the first fan-out
		dev.Members, dev.MembersLayout = baseNames(next), mdLevel(dir)
	}
	for i, n := range next {
		c, l := rs.descend(n, depth+1, dev)
		if i == 0 {
			chain = c
		}
		leaves = appendNew(leaves, l...)
	}
	return append([]string{name}, chain...), leaves
}

// below lists the devices directly under dir: the whole disk of a
// partition, the slaves of a stacked device, or the disk holding a loop
// device's backing file; nil for a leaf disk.
func (rs *resolver) below(dir string, dev *profile.Device) []string {
	if _, ok := readAttr(dir, "partition"); ok {
		return []string{filepath.Dir(dir)}
	}
	if s := rs.slaves(dir); len(s) > 0 {
		return s
	}
	bf, ok := readAttr(dir, "loop", "backing_file")
	if !ok || bf == "" {
		return nil
	}
	bf, deleted := strings.CutSuffix(bf, " (deleted)")
	if dev.BackingFile == "" {
		dev.BackingFile, dev.BackingFileDeleted = bf, deleted
		dev.LoopDirectIO = loopDirectIO(dir)
	}
	major, minor, err := rs.devOf(bf)
	if err != nil && deleted {
		major, minor, err = rs.deletedBacking(dir, bf)
	}
	if err != nil {
		rs.gap("loop device %s: backing file %s: %v; the disk under it is unknown", filepath.Base(dir), bf, err)
		return nil
	}
	sub, err := rs.sysDir(major, minor)
	if err != nil {
		return rs.fileOnly(dir, bf, major, minor, err)
	}
	if dev.BackingFile == bf && dev.LoopDirectIOSectorBytes == 0 {
		dev.LoopDirectIOSectorBytes = dioSectorBytes(dir, sub)
	}
	return []string{sub}
}

// dioSectorBytes is the sector size the loop device dir needs for direct
// I/O on a backing file held by the device sub: sub's logical block size
// (its disk's, for a partition, which has no queue of its own) when it is
// larger than the loop device's; 0 otherwise or when either is unknown.
func dioSectorBytes(dir, sub string) int {
	own := intAttr(dir, "queue", "logical_block_size")
	if _, ok := readAttr(sub, "partition"); ok {
		sub = filepath.Dir(sub)
	}
	back := intAttr(sub, "queue", "logical_block_size")
	if own == 0 || back <= own {
		return 0
	}
	return back
}

// loopDirectIO reads whether the loop device dir uses direct I/O on its
// backing file (<dir>/loop/dio, "1" or "0", Documentation/ABI/testing/
// sysfs-block-loop); nil when the kernel does not say.
func loopDirectIO(dir string) *bool {
	v, ok := readAttr(dir, "loop", "dio")
	if !ok || (v != "0" && v != "1") {
		return nil
	}
	on := v == "1"
	return &on
}

// appendNew appends the items of add not already in list.
func appendNew(list []string, add ...string) []string {
	for _, a := range add {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// fileOnly handles a loop device whose backing file bf lives on a
// filesystem with an anonymous device number major:minor: a btrfs (each
// subvolume has its own) is followed through its mount source to its
// disk, an overlay through its upper directory (overlayFile); on tmpfs/ramfs (RAM: transport memory) or a network filesystem
// the loop device is the leaf with that transport; otherwise a gap.
func (rs *resolver) fileOnly(dir, bf string, major, minor uint32, err error) []string {
	if m, ok := rs.mountOf(bf, major, minor); ok {
		if t := fsTransport(m.FSType); t != "" && m.Major == major && m.Minor == minor {
			rs.fileTransport[dir] = t
			return nil
		}
		if m.FSType == "overlay" {
			return rs.overlayFile(dir, bf, m)
		}
		if m.FSType == "btrfs" && strings.HasPrefix(m.Source, "/dev/") {
			node := filepath.Join(rs.r.Dev, strings.TrimPrefix(m.Source, "/dev/"))
			if smaj, smin, serr := blockDevNumber(node); serr == nil {
				if sub, serr := rs.sysDir(smaj, smin); serr == nil {
					m, _ := rs.btrfsFS(sub)
					return m
				}
			}
		}
	}
	rs.gap("loop device %s: backing file %s lives on %d:%d, which has no block device (overlay?): %v",
		filepath.Base(dir), bf, major, minor, err)
	return nil
}

// slaves lists the resolved dirs of <dir>/slaves/*, sorted by name.
func (rs *resolver) slaves(dir string) []string {
	ents, err := os.ReadDir(filepath.Join(dir, "slaves"))
	if err != nil {
		return nil
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		p, err := filepath.EvalSymlinks(filepath.Join(dir, "slaves", n))
		if err != nil {
			rs.gap("%s: slave %s does not resolve: %v", filepath.Base(dir), n, err)
			continue
		}
		out = append(out, p)
	}
	return out
}

// overlayFile follows a loop device dir whose backing file bf is on the
// overlay m (its files carry the overlay's private device numbers, in no
// mount) to where the overlay writes, its upper directory: the disk under
// it, or RAM or a network for a tmpfs or network upper directory.
func (rs *resolver) overlayFile(dir, bf string, m mountinfo.Mount) []string {
	s := profile.Storage{Path: bf, FSType: m.FSType, MountPoint: m.MountPoint, MountOptions: mergeOptions(m.Options, m.SuperOptions)}
	d := rs.overlay(&s, profile.Device{Transport: profile.TransportUnknown})
	if d.Transport == profile.TransportMemory || d.Transport == profile.TransportNetwork {
		rs.fileTransport[dir] = d.Transport
		return nil
	}
	var major, minor uint32
	if _, err := fmt.Sscanf(d.DeviceMajorMinor, "%d:%d", &major, &minor); err != nil || major == 0 {
		return nil // rs.overlay said what is unknown
	}
	sub, err := rs.sysDir(major, minor)
	if err != nil {
		return nil
	}
	return []string{sub}
}

// deletedBacking is the device number of the filesystem that held the
// loop device dir's backing file bf, deleted since (sysfs loop/backing_file
// ends in " (deleted)"; the loop device keeps it open): that of the
// directory it was in. A gap says the disk is inferred so.
func (rs *resolver) deletedBacking(dir, bf string) (major, minor uint32, err error) {
	major, minor, err = rs.devOf(filepath.Dir(bf))
	if err == nil {
		rs.gap("loop device %s: its backing file %s was deleted (the loop device keeps it open); the disk under it is taken "+
			"to be that of %s, the directory it was in", filepath.Base(dir), bf, filepath.Dir(bf))
	}
	return major, minor, err
}
