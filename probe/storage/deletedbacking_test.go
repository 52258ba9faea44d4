package storage

import (
	"context"
	"reflect"
	"testing"
)

// TestLoopOverADeletedFile: loop9's backing file was removed while ext4 on
// it stayed mounted (sysfs: ".../imgdel (deleted)"); the chain stopped at
// loop9, transport "loop", the disk unknown, and the report said "backed by
// .../imgdel" as if the file were there. The disk is now the one of the
// directory the file was in, the deletion recorded and a gap says so.
func TestLoopOverADeletedFile(t *testing.T) {
	cases := []struct {
		name    string
		devOf   map[string][2]uint32
		chain   []string
		wantGap string
	}{
		{"its directory is on a disk partition", map[string][2]uint32{"/srv/img": {8, 17}}, []string{"loop9", "sdb1", "sdb"},
			"its backing file /srv/img/in.img was deleted (the loop device keeps it open); the disk under it is taken to be that of /srv/img"},
		{"its directory is gone too", nil, []string{"loop9"}, "backing file /srv/img/in.img: no such file; the disk under it is unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sys := t.TempDir()
			fakeBlock(t, sys, "virtual/block/loop9", "7:9", map[string]string{"queue/logical_block_size": "512",
				"loop/backing_file": "/srv/img/in.img (deleted)", "loop/dio": "0", "size": "1024000"})
			fakeBlock(t, sys, "pci0/ata1/block/sdb", "8:16", map[string]string{"queue/logical_block_size": "512", "size": "4194304"})
			fakeBlock(t, sys, "pci0/ata1/block/sdb/sdb1", "8:17", map[string]string{"partition": "1", "size": "2097152"})
			rs := newResolver(context.Background(), Roots{Sys: sys})
			rs.devOf = fakeDevOf(c.devOf)
			d := rs.device(7, 9)
			if !reflect.DeepEqual(d.Chain, c.chain) || d.BackingFile != "/srv/img/in.img" || !d.BackingFileDeleted {
				t.Errorf("chain %v backing file %q deleted %v; want %v /srv/img/in.img true", d.Chain, d.BackingFile, d.BackingFileDeleted, c.chain)
			}
			checkGap(t, rs.gaps, c.wantGap)
		})
	}
}
