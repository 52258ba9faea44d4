package storage

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// fakeBlock makes a block device in a fake sysfs under sys: its
// /sys/devices dir (a partition inside its disk's), the dev/block link and
// the attributes given (path relative to the device dir → content).
func fakeBlock(t *testing.T, sys, devPath, majMin string, attrs map[string]string) {
	t.Helper()
	dir := filepath.Join(sys, "devices", devPath)
	for name, v := range attrs {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(v+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(sys, "dev", "block", majMin)
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
}

// TestLoopDirectIOSectorBytes: loop10 (512-byte sectors, losetup's
// default) over a file on ext4 on loop4, made with losetup -b 4096: the
// kernel refuses `losetup --direct-io=on /dev/loop10` ("set direct io
// failed: Invalid argument"), which the probe's note told the reader to
// run. The sector size direct I/O needs is recorded when the device under
// the backing file has larger sectors than the loop device, a partition
// taking its disk's.
func TestLoopDirectIOSectorBytes(t *testing.T) {
	cases := []struct {
		name      string
		loopLBS   string
		underPath string // the device holding the backing file
		underLBS  string
		want      int
	}{
		{"512-byte loop over a 4096-byte loop", "512", "virtual/block/loop4", "4096", 4096},
		{"512-byte loop over a partition of a 4096-byte disk", "512", "pci0/block/sdb/sdb1", "4096", 4096},
		{"4096-byte loop over a 512-byte disk", "4096", "pci0/block/sdb", "512", 0},
		{"512 over 512", "512", "pci0/block/sdb", "512", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sys := t.TempDir()
			fakeBlock(t, sys, "virtual/block/loop10", "7:10", map[string]string{"queue/logical_block_size": c.loopLBS,
				"loop/backing_file": "/srv/in.img", "loop/dio": "0", "size": "1433600"})
			under := map[string]string{"size": "2097152"}
			if filepath.Base(filepath.Dir(c.underPath)) == "sdb" { // a partition: its disk has the queue
				under["partition"] = "1"
				fakeBlock(t, sys, filepath.Dir(c.underPath), "8:16", map[string]string{"queue/logical_block_size": c.underLBS, "size": "4194304"})
			} else {
				under["queue/logical_block_size"] = c.underLBS
			}
			fakeBlock(t, sys, c.underPath, "8:99", under)
			rs := newResolver(context.Background(), Roots{Sys: sys})
			rs.devOf = fakeDevOf(map[string][2]uint32{"/srv/in.img": {8, 99}})
			d := rs.device(7, 10)
			if d.BackingFile != "/srv/in.img" || d.LoopDirectIOSectorBytes != c.want {
				t.Errorf("backing file %q, direct-I/O sector size %d; want /srv/in.img, %d (chain %v, gaps %+v)",
					d.BackingFile, d.LoopDirectIOSectorBytes, c.want, d.Chain, rs.gaps)
			}
		})
	}
}
