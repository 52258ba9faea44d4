package storage

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// fakeDevOf maps loop backing files to the device number holding them.
func fakeDevOf(files map[string][2]uint32) devOfFunc {
	return func(path string) (uint32, uint32, error) {
		d, ok := files[path]
		if !ok {
			return 0, 0, errors.New("no such file")
		}
		return d[0], d[1], nil
	}
}

// lvmLoops: the LVM test's loop files lived on sda4 (/).
var lvmLoops = map[string][2]uint32{
	"/tmp/foo.4059-0.img": {8, 4}, "/tmp/foo.4059-1.img": {8, 4},
	"/tmp/foo.4059-2.img": {8, 4}, "/tmp/foo.4059-3.img": {8, 4},
}

type resolveCase struct {
	name       string
	tree       string
	major      uint32
	minor      uint32
	devOf      map[string][2]uint32
	wantName   string
	wantChain  []string
	wantLeaves []string
	transport  string
	rotational bool
	model      string
	check      func(t *testing.T, d profile.Device)
	wantGap    string
}

var resolveCases = []resolveCase{
	{name: "nvme partition", tree: "simple-lvm", major: 259, minor: 2, wantName: "nvme0n1p2",
		wantChain: []string{"nvme0n1p2", "nvme0n1"}, wantLeaves: []string{"nvme0n1"},
		transport: profile.TransportNVMe, model: "KINGSTON SKC1000240G",
		check: func(t *testing.T, d profile.Device) {
			if d.SizeBytes != 468862128*512 || d.LogicalBlockSize != 512 {
				t.Errorf("size %d lbs %d", d.SizeBytes, d.LogicalBlockSize)
			}
			if d.DeviceSizeBytes != 419430400*512 {
				t.Errorf("the partition's own size %d, want %d", d.DeviceSizeBytes, uint64(419430400*512))
			}
		}},
	{name: "SATA SSD", tree: "simple-lvm", major: 8, minor: 4, wantName: "sda4",
		wantChain: []string{"sda4", "sda"}, wantLeaves: []string{"sda"},
		transport: profile.TransportSATA, model: "KINGSTON SH103S3",
		check: func(t *testing.T, d profile.Device) {
			if d.Vendor != "ATA" || d.Scheduler != "cfq" || d.WriteCache != "write back" || d.DeviceMajorMinor != "8:4" {
				t.Errorf("vendor %q scheduler %q write_cache %q dev %q", d.Vendor, d.Scheduler, d.WriteCache, d.DeviceMajorMinor)
			}
		}},
	{name: "SATA HDD", tree: "simple-lvm", major: 8, minor: 17, wantName: "sdb1",
		wantChain: []string{"sdb1", "sdb"}, wantLeaves: []string{"sdb"},
		transport: profile.TransportSATA, rotational: true, model: "WDC WD800JD-00MS"},
	{name: "LVM over loop files on a SATA SSD", tree: "simple-lvm", major: 253, minor: 0, devOf: lvmLoops,
		wantName: "dm-0", wantChain: []string{"dm-0", "loop0", "sda4", "sda"},
		wantLeaves: []string{"sda"}, transport: profile.TransportSATA, model: "KINGSTON SH103S3",
		check: func(t *testing.T, d profile.Device) {
			if d.DMName != "vg_foo.4059-lv_foo.4059" || d.BackingFile != "/tmp/foo.4059-0.img" {
				t.Errorf("dm name %q backing file %q", d.DMName, d.BackingFile)
			}
			if d.LoopDirectIO != nil {
				t.Errorf("loop direct I/O %v: want nil (kernel 4.16's capture has no loop/dio)", *d.LoopDirectIO)
			}
		}},
	{name: "virtio-blk vda", tree: "virtio-vda", major: 252, minor: 3, wantName: "vda3",
		wantChain: []string{"vda3", "vda"}, wantLeaves: []string{"vda"},
		transport: profile.TransportVirtio, rotational: true},
	{name: "virtio-scsi sda", tree: "virtio-scsi", major: 8, minor: 1, wantName: "sda1",
		wantChain: []string{"sda1", "sda"}, wantLeaves: []string{"sda"},
		transport: profile.TransportVirtio, rotational: true},
	{name: "dm-crypt over nvme partition", tree: "nvme-luks", major: 252, minor: 0, wantName: "dm-0",
		wantChain: []string{"dm-0", "nvme0n1p3", "nvme0n1"}, wantLeaves: []string{"nvme0n1"},
		transport: profile.TransportNVMe,
		check: func(t *testing.T, d profile.Device) {
			if d.DMName != "luks-f41579a2-9f6e-4436-91fd-73007962705f" {
				t.Errorf("dm name %q", d.DMName)
			}
		}},
	{name: "zram", tree: "nvme-luks", major: 251, minor: 0, wantName: "zram0",
		wantChain: []string{"zram0"}, wantLeaves: []string{"zram0"}, transport: profile.TransportMemory},
	{name: "LVM over HDD partition", tree: "sata-lvm", major: 253, minor: 1, wantName: "dm-1",
		wantChain: []string{"dm-1", "sdb2", "sdb"}, wantLeaves: []string{"sdb"},
		transport: profile.TransportSATA, rotational: true},
	{name: "Raspberry Pi SD card", tree: "handmade", major: 179, minor: 2, wantName: "mmcblk0p2",
		wantChain: []string{"mmcblk0p2", "mmcblk0"}, wantLeaves: []string{"mmcblk0"},
		transport: profile.TransportMMC, model: "SC64G",
		check: func(t *testing.T, d profile.Device) {
			if d.MMCType != "SD" || d.Scheduler != "mq-deadline" || d.SizeBytes != 124735488*512 {
				t.Errorf("mmc type %q scheduler %q size %d", d.MMCType, d.Scheduler, d.SizeBytes)
			}
		}},
	{name: "md RAID1 over two HDDs", tree: "handmade", major: 9, minor: 0, wantName: "md0",
		wantChain: []string{"md0", "sda1", "sda"}, wantLeaves: []string{"sda", "sdb"},
		transport: profile.TransportSATA, rotational: true, model: "WDC WD40EFRX-68N",
		check: func(t *testing.T, d profile.Device) {
			if d.Scheduler != "bfq" || !d.Leaves[1].RotationalFlag || d.Leaves[1].Transport != profile.TransportSATA {
				t.Errorf("scheduler %q leaves %+v", d.Scheduler, d.Leaves)
			}
		}},
	{name: "loop over a file on another disk", tree: "handmade", major: 7, minor: 0,
		devOf:    map[string][2]uint32{"/var/lib/images/data.img": {8, 17}},
		wantName: "loop0", wantChain: []string{"loop0", "sdb1", "sdb"}, wantLeaves: []string{"sdb"},
		transport: profile.TransportSATA, rotational: true, model: "WDC WD40EFRX-68N",
		check: func(t *testing.T, d profile.Device) {
			if d.BackingFile != "/var/lib/images/data.img" {
				t.Errorf("backing file %q", d.BackingFile)
			}
			if d.LoopDirectIO == nil || *d.LoopDirectIO {
				t.Errorf("loop direct I/O %v: want false (loop/dio 0, losetup's default: through the page cache)", d.LoopDirectIO)
			}
			if d.LogicalBlockSize != 4096 || d.PhysicalBlockSize != 4096 || d.Leaves[0].Name != "sdb" {
				t.Errorf("block sizes %d/%d: want the loop device's 4096/4096 (losetup --sector-size 4096), not its disk's 512",
					d.LogicalBlockSize, d.PhysicalBlockSize)
			}
		}},
	{name: "loop made with --direct-io=on", tree: "handmade", major: 7, minor: 1,
		devOf:    map[string][2]uint32{"/var/lib/images/direct.img": {8, 17}},
		wantName: "loop1", wantChain: []string{"loop1", "sdb1", "sdb"}, wantLeaves: []string{"sdb"},
		transport: profile.TransportSATA, rotational: true, model: "WDC WD40EFRX-68N",
		check: func(t *testing.T, d profile.Device) {
			if d.LoopDirectIO == nil || !*d.LoopDirectIO {
				t.Errorf("loop direct I/O %v: want true (loop/dio 1)", d.LoopDirectIO)
			}
		}},
	{name: "loop whose backing file is gone", tree: "handmade", major: 7, minor: 0,
		wantName: "loop0", wantChain: []string{"loop0"}, wantLeaves: []string{"loop0"},
		transport: profile.TransportLoop, wantGap: "backing file /var/lib/images/data.img"},
	{name: "loop over a file on tmpfs: RAM", tree: "handmade", major: 7, minor: 0,
		devOf:    map[string][2]uint32{"/var/lib/images/data.img": {0, 42}},
		wantName: "loop0", wantChain: []string{"loop0"}, wantLeaves: []string{"loop0"},
		transport: profile.TransportMemory,
		check: func(t *testing.T, d profile.Device) {
			if d.SizeBytes != 2097152*512 || d.DeviceSizeBytes != 0 {
				t.Errorf("a leaf's size %d, device size %d (want it only when the device is not the leaf)", d.SizeBytes, d.DeviceSizeBytes)
			}
		}},
	{name: "loop over a file on an anonymous device no mount names", tree: "handmade", major: 7, minor: 0,
		devOf:    map[string][2]uint32{"/var/lib/images/data.img": {0, 43}},
		wantName: "loop0", wantChain: []string{"loop0"}, wantLeaves: []string{"loop0"},
		transport: profile.TransportLoop, wantGap: "has no block device"},
	{name: "btrfs RAID1 over an SD card partition and a USB stick: both leaves", tree: "handmade", major: 179, minor: 1,
		wantName: "mmcblk0p1", wantChain: []string{"mmcblk0p1", "mmcblk0"}, wantLeaves: []string{"mmcblk0", "sdd"},
		transport: profile.TransportMMC, model: "SC64G",
		check: func(t *testing.T, d profile.Device) {
			if d.Leaves[1].Transport != profile.TransportUSB || d.Leaves[1].Model != "Ultra Fit" {
				t.Errorf("second leaf %+v", d.Leaves[1])
			}
		}},
	{name: "USB stick", tree: "handmade", major: 8, minor: 32, wantName: "sdc",
		wantChain: []string{"sdc"}, wantLeaves: []string{"sdc"}, transport: profile.TransportUSB,
		rotational: true, model: "Ultra Fit",
		check: func(t *testing.T, d profile.Device) {
			if d.Vendor != "SanDisk" {
				t.Errorf("vendor %q", d.Vendor)
			}
		}},
	{name: "Xen xvda", tree: "handmade", major: 202, minor: 0, wantName: "xvda",
		wantChain: []string{"xvda"}, wantLeaves: []string{"xvda"}, transport: profile.TransportXen},
	{name: "unknown device number", tree: "handmade", major: 1, minor: 99,
		transport: profile.TransportUnknown, wantGap: "resolving block device 1:99"},
}

func TestResolveDevice(t *testing.T) {
	tests := resolveCases
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := newResolver(context.Background(), Roots{Sys: filepath.Join("testdata", tc.tree, "sys"),
				Proc: filepath.Join("testdata", tc.tree, "proc")})
			rs.devOf = fakeDevOf(tc.devOf)
			d := rs.device(tc.major, tc.minor)
			var leaves []string
			for _, l := range d.Leaves {
				leaves = append(leaves, l.Name)
			}
			if d.Name != tc.wantName || !reflect.DeepEqual(d.Chain, tc.wantChain) || !reflect.DeepEqual(leaves, tc.wantLeaves) {
				t.Errorf("name %q chain %v leaves %v; want %q %v %v", d.Name, d.Chain, leaves, tc.wantName, tc.wantChain, tc.wantLeaves)
			}
			if d.Transport != tc.transport || d.RotationalFlag != tc.rotational || d.Model != tc.model {
				t.Errorf("transport %q rotational %v model %q; want %q %v %q", d.Transport, d.RotationalFlag, d.Model,
					tc.transport, tc.rotational, tc.model)
			}
			if tc.check != nil {
				tc.check(t, d)
			}
			checkGap(t, rs.gaps, tc.wantGap)
		})
	}
}

// checkGap asserts that exactly the wanted gap (by substring) is present, or none.
func checkGap(t *testing.T, gaps []profile.Gap, want string) {
	t.Helper()
	if want == "" {
		if len(gaps) != 0 {
			t.Errorf("unexpected gaps: %+v", gaps)
		}
		return
	}
	for _, g := range gaps {
		if strings.Contains(g.Reason, want) {
			return
		}
	}
	t.Errorf("gaps %+v lack %q", gaps, want)
}

func TestResolveDeviceCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, gaps := ResolveDevice(ctx, Roots{Sys: filepath.Join("testdata", "handmade", "sys")}, 9, 0)
	if len(d.Chain) != 1 || len(gaps) == 0 {
		t.Errorf("cancelled walk went on: chain %v gaps %v", d.Chain, gaps)
	}
}

func TestTransportOf(t *testing.T) {
	tests := []struct{ name, dev, path, want string }{
		{"nvme by name", "nvme0n1", "/sys/devices/pci0000:00/0000:00:06.0/0000:04:00.0/nvme/nvme0/nvme0n1", profile.TransportNVMe},
		{"usb beats ata", "sdb", "/sys/devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host6/target6:0:0/6:0:0:0/block/sdb", profile.TransportUSB},
		{"virtio-scsi sd", "sda", "/sys/devices/pci0000:00/0000:00:01.1/0000:02:00.0/virtio6/host0/target0:0:0/0:0:0:1/block/sda", profile.TransportVirtio},
		{"SAS HBA is scsi", "sda", "/sys/devices/pci0000:00/0000:00:1c.0/0000:03:00.0/host2/target2:2:0/2:2:0:0/block/sda", profile.TransportSCSI},
		{"usb-ish word is not usb", "sda", "/sys/devices/platform/usbhost/ata1/host0/block/sda", profile.TransportSATA},
		{"pmem", "pmem0", "/sys/devices/LNXSYSTM:00/pmem0", profile.TransportMemory},
		{"nbd", "nbd0", "/sys/devices/virtual/block/nbd0", profile.TransportNetwork},
		{"unknown", "foo0", "/sys/devices/virtual/block/foo0", profile.TransportUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := transportOf(tc.dev, tc.path); got != tc.want {
				t.Errorf("transportOf(%q) = %q, want %q", tc.dev, got, tc.want)
			}
		})
	}
}
