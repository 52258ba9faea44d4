package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPageCacheLoopNote: a datadir on a loop device whose direct I/O is off
// (losetup's default) gets a measurement note naming the loop device, its
// backing file and the losetup line that makes it use the disk; none for
// direct I/O on, an unknown setting, no loop device, or a file in RAM.
// Found on a loop over an ext4 image: reads 9.3 GB/s with dio 0, the
// disk's 1.4 GB/s with dio 1, and no word of it in the report.
func TestPageCacheLoopNote(t *testing.T) {
	on, off := true, false
	loop := func(dio *bool, transport string, chain ...string) profile.Device {
		return profile.Device{Name: chain[0], Chain: chain, Transport: transport, BackingFile: "/var/lib/images/data.img", LoopDirectIO: dio}
	}
	cases := []struct {
		name string
		dev  profile.Device
		want []string // substrings; nil: no note
	}{
		{"loop through the page cache", loop(&off, "virtio", "loop0", "vda"),
			[]string{"loop0 reads and writes its backing file /var/lib/images/data.img through the host's page cache",
				"`losetup --direct-io=on /dev/loop0`"}},
		{"LVM over a loop through the page cache names the loop", loop(&off, "sata", "dm-0", "loop3", "sda4", "sda"),
			[]string{"loop3 reads and writes", "/dev/loop3`"}},
		{"a partition of a loop (losetup -P): losetup takes the loop, not loop5p2", loop(&off, "virtio", "loop5p2", "loop5", "vda"),
			[]string{"loop5 reads and writes", "`losetup --direct-io=on /dev/loop5`"}},
		{"a 512-byte loop over a file on a 4096-byte-sector disk: losetup --direct-io=on fails; a new loop device",
			func() profile.Device {
				d := loop(&off, "virtio", "loop10", "loop4", "vda")
				d.LoopDirectIOSectorBytes = 4096
				return d
			}(),
			[]string{"`losetup --direct-io=on /dev/loop10` fails (Invalid argument)",
				"`losetup -f --sector-size 4096 --direct-io=on /var/lib/images/data.img`"}},
		{"loop with direct I/O", loop(&on, "virtio", "loop0", "vda"), nil},
		{"kernel does not say", loop(nil, "virtio", "loop0", "vda"), nil},
		{"a file in RAM", loop(&off, profile.TransportMemory, "loop0"), nil},
		{"no loop device", profile.Device{Name: "vda", Chain: []string{"vda"}, Transport: "virtio"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := pageCacheLoopNote(c.dev)
			if (got == "") != (c.want == nil) {
				t.Fatalf("note %q, want one: %v", got, c.want != nil)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("note %q lacks %q", got, w)
				}
			}
		})
	}
}
