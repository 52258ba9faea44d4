package storage

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLoopOverAnOverlayFile: loop16 over a file on an overlay whose upper
// directory is on tmpfs resolved to chain [loop16], transport "loop", with
// the gap "lives on 0:50, which has no block device (overlay?)": an
// overlay's files carry the private device number of their layer, in no
// mount. The loop device is followed to the overlay's upper directory, as a
// datadir on an overlay is: RAM for a tmpfs upper, the disk for one on a
// disk.
func TestLoopOverAnOverlayFile(t *testing.T) {
	cases := []struct {
		name      string
		file      string
		devOf     map[string][2]uint32
		chain     []string
		transport string
	}{
		{"upper directory on tmpfs: RAM", "/ovl/tmp/in.img",
			map[string][2]uint32{"/ovl/tmp/in.img": {0, 50}, "/run/ovl/up": {0, 24}}, []string{"loop10"}, profile.TransportMemory},
		{"upper directory on a disk partition", "/ovl/space/in.img",
			map[string][2]uint32{"/ovl/space/in.img": {0, 51}, "/srv/up 4": {8, 17}}, []string{"loop10", "sdb1", "sdb"}, profile.TransportSATA},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sys := t.TempDir()
			fakeBlock(t, sys, "virtual/block/loop10", "7:10", map[string]string{"queue/logical_block_size": "512",
				"loop/backing_file": c.file, "loop/dio": "0", "size": "1024000"})
			fakeBlock(t, sys, "pci0/ata1/block/sdb", "8:16", map[string]string{"queue/logical_block_size": "512", "size": "4194304"})
			fakeBlock(t, sys, "pci0/ata1/block/sdb/sdb1", "8:17", map[string]string{"partition": "1", "size": "2097152"})
			rs := newResolver(context.Background(), Roots{Proc: filepath.Join("testdata", "mounts", "proc"), Sys: sys})
			rs.devOf = fakeDevOf(c.devOf)
			d := rs.device(7, 10)
			if !reflect.DeepEqual(d.Chain, c.chain) || d.Transport != c.transport {
				t.Errorf("chain %v transport %q; want %v %q (gaps %+v)", d.Chain, d.Transport, c.chain, c.transport, rs.gaps)
			}
			checkGap(t, rs.gaps, "")
		})
	}
}
