package classify

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// memoryFSTypes keep their data in RAM (kernel Documentation/filesystems/tmpfs.rst, ramfs-rootfs-initramfs.rst).
var memoryFSTypes = map[string]bool{"tmpfs": true, "ramfs": true}

// networkFSTypes reach their data over a network (fstype names as
// /proc/self/mountinfo prints them).
var networkFSTypes = map[string]bool{
	"nfs": true, "nfs4": true, "cifs": true, "smb3": true, "smbfs": true, "9p": true,
	"ceph": true, "glusterfs": true, "fuse.glusterfs": true, "fuse.sshfs": true,
	"lustre": true, "afs": true, "fuse.s3fs": true, "beegfs": true, "gpfs": true,
}

// strongLabel decides the classes a label alone settles: data in RAM
// (tmpfs/ramfs, zram) and data behind a network. It returns ok=false when
// the labels leave the decision to the measurement.
func strongLabel(s profile.Storage) (class, why string, ok bool) {
	fs := strings.ToLower(s.FSType)
	switch {
	case memoryFSTypes[fs]:
		return profile.ClassMemory, fmt.Sprintf("the filesystem is %s: data lives in RAM", fs), true
	case s.Device.Transport == profile.TransportMemory && allLeavesMemory(s.Device):
		return profile.ClassMemory, fmt.Sprintf("device %s is RAM-backed (transport memory: zram, a RAM disk, or a loop device over a tmpfs file)", devName(s)), true
	case networkFSTypes[fs]:
		return profile.ClassNetwork, fmt.Sprintf("the filesystem is %s: data lives on another machine", fs), true
	case s.Device.Transport == profile.TransportNetwork:
		return profile.ClassNetwork, fmt.Sprintf("device %s is reached over the network", devName(s)), true
	}
	return "", "", false
}

// allLeavesMemory reports whether every disk under the device is RAM-backed:
// a btrfs or md mirror over a RAM-backed loop and a real disk has memory as
// its first leaf's transport, yet every write and sync waits on the real
// disk, so the measurement decides. True when no leaves are listed.
func allLeavesMemory(d profile.Device) bool {
	for _, l := range d.Leaves {
		if l.Transport != profile.TransportMemory {
			return false
		}
	}
	return true
}

// fromLabels classifies an unmeasured profile from the kernel's labels.
func fromLabels(s profile.Storage) (string, []string) {
	ev := []string{"not measured: from kernel labels only"}
	if c, why, ok := strongLabel(s); ok {
		return c, append(ev, why)
	}
	d := s.Device
	switch d.Transport {
	case profile.TransportNVMe:
		return profile.ClassNVMe, append(ev, fmt.Sprintf("device %s is on the NVMe transport", devName(s)))
	case profile.TransportMMC:
		return profile.ClassSDCard, append(ev, fmt.Sprintf("device %s is on the MMC bus (%s)", devName(s), mmcKind(d.MMCType)))
	case profile.TransportSATA, profile.TransportSCSI, profile.TransportUSB:
		if d.RotationalUnknown {
			return profile.ClassUnknown, append(ev, fmt.Sprintf("device %s (%s): its rotational flag could not be read, so "+
				"the labels do not tell the medium", devName(s), d.Transport))
		}
		if d.RotationalFlag {
			return profile.ClassHDD, append(ev, fmt.Sprintf("device %s (%s) says rotational", devName(s), d.Transport))
		}
		if d.Transport == profile.TransportUSB {
			return profile.ClassUnknown, append(ev, fmt.Sprintf(
				"device %s is non-rotational flash on USB: a stick and an SSD cannot be told apart without measuring", devName(s)))
		}
		return profile.ClassSSD, append(ev, fmt.Sprintf("device %s (%s) says non-rotational", devName(s), d.Transport))
	}
	return profile.ClassUnknown, append(ev, fmt.Sprintf(
		"device %s is on transport %q, whose rotational flag does not tell the medium", devName(s), profile.OrUnknown(d.Transport)))
}

// crossCheck compares the class decided by measurement with the kernel's
// labels and says where they agree or disagree, in one sentence each.
func crossCheck(s profile.Storage, class string, f facts) []string {
	var ev []string
	d := s.Device
	solid := class == profile.ClassSSD || class == profile.ClassNVMe || class == profile.ClassSDCard
	if d.RotationalFlag && !d.RotationalUnknown && solid && f.haveRead() {
		ev = append(ev, fmt.Sprintf("kernel says rotational, but %s: treated as %s", f.readPhrase(), profile.ClassShort(class)))
	}
	loop := isLoop(d)
	if !d.RotationalFlag && !d.RotationalUnknown && class == profile.ClassHDD && !loop {
		ev = append(ev, fmt.Sprintf("kernel says non-rotational, but %s: treated as HDD", f.readPhrase()))
	}
	switch {
	case loop:
		ev = append(ev, fmt.Sprintf("%s is a loop device%s: the class follows the measured numbers%s", loopName(s), backing(d), pageCacheLoop(d)))
	case d.Transport == profile.TransportMMC && class != profile.ClassSDCard:
		ev = append(ev, fmt.Sprintf("kernel says MMC (%s), but the numbers are not SD-card-like: treated as %s", mmcKind(d.MMCType), profile.ClassShort(class)))
	case d.Transport == profile.TransportMMC:
		ev = append(ev, fmt.Sprintf("the MMC transport (%s) agrees", mmcKind(d.MMCType)))
	case d.Transport == profile.TransportNVMe && class != profile.ClassNVMe:
		ev = append(ev, fmt.Sprintf("kernel says NVMe, but the numbers say %s", profile.ClassShort(class)))
	case class == profile.ClassSDCard && (d.Transport == profile.TransportSATA || d.Transport == profile.TransportNVMe):
		ev = append(ev, fmt.Sprintf("kernel says %s, but the numbers are SD-card-like: treated as SD card", d.Transport))
	}
	return ev
}

// isLoop reports whether the mounted device is a loop device, whatever
// transport the disk under its backing file has.
func isLoop(d profile.Device) bool {
	return d.Transport == profile.TransportLoop || d.BackingFile != "" ||
		(len(d.Chain) > 0 && strings.HasPrefix(d.Chain[0], "loop")) || strings.HasPrefix(d.Name, "loop")
}

// pageCacheLoop is what the loop sentence adds when the loop device reads
// and writes its backing file through the host's page cache (direct I/O
// off, losetup's default): the figures the class rests on may be memory's.
// "" when it uses direct I/O, when that is unknown, or when the file is
// in RAM anyway.
func pageCacheLoop(d profile.Device) string {
	if d.LoopDirectIO == nil || *d.LoopDirectIO || d.Transport == profile.TransportMemory {
		return ""
	}
	return ", yet its direct I/O is off (loop/dio 0): it reads and writes that file through the host's page cache, " +
		"so the reads and writes measured may have been served by memory, not the disk; only the commits (write + fdatasync) surely reached it"
}

func backing(d profile.Device) string {
	if d.BackingFile == "" {
		return ""
	}
	if d.BackingFileDeleted {
		return " backed by " + d.BackingFile + " (deleted since; the loop device keeps it open)"
	}
	return " backed by " + d.BackingFile
}

// loopName names the loop device on the chain: a filesystem on loop5p2 or
// on a device-mapper target over loop3 is not itself the loop device, and
// the backing file is the loop device's. devName when none is named so.
func loopName(s profile.Storage) string {
	if n := s.Device.LoopDevice(); n != "" {
		return n
	}
	return devName(s)
}

func devName(s profile.Storage) string {
	if s.Device.Name == "" {
		return "(unnamed)"
	}
	return s.Device.Name
}

func mmcKind(t string) string {
	switch strings.ToUpper(t) {
	case "SD":
		return "SD card"
	case "MMC":
		return "eMMC"
	}
	return "SD card or eMMC"
}
