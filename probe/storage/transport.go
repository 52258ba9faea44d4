package storage

import (
	"regexp"
	"strings"

	"github.com/mytune/mytune/profile"
)

// networkFS are filesystem types whose data lives on another machine
// (fstype names as the kernel and FUSE helpers register them).
var networkFS = map[string]bool{
	"nfs": true, "nfs4": true, "cifs": true, "smb3": true, "smbfs": true, "ceph": true,
	"glusterfs": true, "fuse.glusterfs": true, "fuse.sshfs": true, "fuse.cephfs": true,
	"9p": true, "afs": true, "lustre": true, "gpfs": true, "beegfs": true, "fuse.s3fs": true,
	"fuse.rclone": true, "virtiofs": true, "fuse.juicefs": true,
}

// memoryFS are filesystem types kept in RAM.
var memoryFS = map[string]bool{"tmpfs": true, "ramfs": true, "devtmpfs": true, "hugetlbfs": true}

// fsTransport is the transport implied by the filesystem type alone, or ""
// when the filesystem sits on a block device.
func fsTransport(fstype string) string {
	switch {
	case networkFS[fstype]:
		return profile.TransportNetwork
	case memoryFS[fstype]:
		return profile.TransportMemory
	}
	return ""
}

var (
	usbComponent    = regexp.MustCompile(`^usb\d+$`)
	virtioComponent = regexp.MustCompile(`^virtio\d+$`)
	ataComponent    = regexp.MustCompile(`^ata\d+$`)
)

// transportOf names the bus of a whole disk from its kernel name and its
// resolved /sys/devices path. The order matters: a USB stick is an sd*
// disk whose path has a usbN component, and a virtio-scsi disk is an sd*
// whose path has a virtioN component.
func transportOf(name, devPath string) string {
	has := func(re *regexp.Regexp) bool {
		for _, c := range strings.Split(devPath, "/") {
			if re.MatchString(c) {
				return true
			}
		}
		return false
	}
	switch {
	case strings.HasPrefix(name, "loop"):
		return profile.TransportLoop
	case strings.HasPrefix(name, "zram"), strings.HasPrefix(name, "ram"), strings.HasPrefix(name, "pmem"):
		return profile.TransportMemory
	case strings.HasPrefix(name, "nbd"), strings.HasPrefix(name, "rbd"):
		return profile.TransportNetwork
	case strings.HasPrefix(name, "nvme"), strings.Contains(devPath, "/nvme/"):
		return profile.TransportNVMe
	case strings.HasPrefix(name, "mmcblk"):
		return profile.TransportMMC
	case has(usbComponent):
		return profile.TransportUSB
	case strings.HasPrefix(name, "vd"), has(virtioComponent):
		return profile.TransportVirtio
	case strings.HasPrefix(name, "xvd"):
		return profile.TransportXen
	case strings.HasPrefix(name, "sd") && has(ataComponent):
		return profile.TransportSATA
	case strings.HasPrefix(name, "sd"), strings.HasPrefix(name, "sr"):
		return profile.TransportSCSI
	}
	return profile.TransportUnknown
}
