package storage

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/mytune/mytune/profile"
)

// sectorBytes is the unit of the sysfs "size" attribute: always 512-byte
// sectors whatever the disk's block size (Documentation/ABI/stable/sysfs-block).
const sectorBytes = 512

// labels are what the kernel says about one whole disk.
type labels struct {
	leaf         profile.Leaf
	vendor       string
	mmcType      string
	logical      int
	physical     int
	scheduler    string
	writeCache   string
	discardMax   uint64
	readAheadKiB int
	nrRequests   int
	rotUnknown   bool // queue/rotational could not be read
}

// readLabels reads a whole disk's labels from its /sys/devices dir. Every
// attribute is optional: a missing one leaves its zero value.
func readLabels(dir string) labels {
	name := filepath.Base(dir)
	var l labels
	l.leaf.Name = name
	l.leaf.Transport = transportOf(name, dir)
	l.leaf.Model, _ = readAttr(dir, "device", "model")
	l.vendor, _ = readAttr(dir, "device", "vendor")
	l.vendor = vendorName(l.vendor)
	if l.leaf.Transport == profile.TransportMMC {
		l.mmcType, _ = readAttr(dir, "device", "type")
		if l.leaf.Model == "" {
			l.leaf.Model, _ = readAttr(dir, "device", "name") // the CID product name
		}
	}
	if rot, ok := uintAttr(dir, "queue", "rotational"); ok {
		l.leaf.RotationalFlag = rot == 1
	} else {
		l.rotUnknown = true
	}
	if sectors, ok := uintAttr(dir, "size"); ok && sectors <= ^uint64(0)/sectorBytes {
		l.leaf.SizeBytes = sectors * sectorBytes
	}
	l.logical = intAttr(dir, "queue", "logical_block_size")
	l.physical = intAttr(dir, "queue", "physical_block_size")
	if s, ok := readAttr(dir, "queue", "scheduler"); ok {
		l.scheduler = parseScheduler(s)
	}
	l.writeCache, _ = readAttr(dir, "queue", "write_cache")
	l.discardMax, _ = uintAttr(dir, "queue", "discard_max_bytes")
	l.readAheadKiB = intAttr(dir, "queue", "read_ahead_kb")
	l.nrRequests = intAttr(dir, "queue", "nr_requests")
	return l
}

// numericID matches an attribute that holds a number, not a name.
var numericID = regexp.MustCompile(`^(0[xX][0-9a-fA-F]+|[0-9]+)$`)

// vendorName keeps device/vendor when it names a maker (the SCSI INQUIRY
// vendor of sd* disks: "ATA", "SanDisk", "QEMU") and drops a numeric id:
// a virtio disk's device is the virtio device, whose "vendor" is its
// subsystem vendor id (0x1af4, the virtio PCI vendor; drivers/virtio/virtio.c
// vendor_show prints "0x%04x"), neither the disk's maker nor its model.
// A virtio-blk disk has no model attribute, so its model stays unknown.
func vendorName(v string) string {
	if numericID.MatchString(v) {
		return ""
	}
	return v
}

// intAttr reads a small unsigned attribute as an int; 0 when missing or too big.
func intAttr(dir string, name ...string) int {
	v, ok := uintAttr(dir, name...)
	if !ok || v > 1<<31-1 {
		return 0
	}
	return int(v)
}

// apply copies the leaf's labels onto the device description.
func (l labels) apply(d *profile.Device) {
	d.Transport = l.leaf.Transport
	d.Model = l.leaf.Model
	d.Vendor = l.vendor
	d.RotationalFlag = l.leaf.RotationalFlag
	d.RotationalUnknown = l.rotUnknown
	d.SizeBytes = l.leaf.SizeBytes
	d.MMCType = l.mmcType
	d.LogicalBlockSize = l.logical
	d.PhysicalBlockSize = l.physical
	d.Scheduler = l.scheduler
	d.WriteCache = l.writeCache
	d.DiscardMaxBytes = l.discardMax
	d.ReadAheadKiB = l.readAheadKiB
	d.QueueDepthNrRequst = l.nrRequests
}

// labelAttrs are the attributes readLabels reads that a user may be denied.
var labelAttrs = [][]string{{"queue", "rotational"}, {"queue", "logical_block_size"}, {"queue", "scheduler"},
	{"queue", "write_cache"}, {"size"}, {"device", "model"}, {"device", "vendor"}}

// deniedAttrs names the label attributes of dir that exist but this user
// may not read (permission denied), as "queue/rotational".
func deniedAttrs(dir string) []string {
	var out []string
	for _, a := range labelAttrs {
		f, err := os.Open(filepath.Join(append([]string{dir}, a...)...))
		if err == nil {
			f.Close()
			continue
		}
		if errors.Is(err, fs.ErrPermission) {
			out = append(out, strings.Join(a, "/"))
		}
	}
	return out
}
