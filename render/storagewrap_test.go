package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mytune/mytune/profile"
)

// TestStoragePanelWrapsLongValues: the space line of a datadir on a
// partition of a loop device ("loop5p2 698.0 MiB on disk vda 256.0 GiB")
// was cut by the box at 80 columns to "vda 256.0…", losing the disk's size;
// the transport and labels lines were cut the same way.
func TestStoragePanelWrapsLongValues(t *testing.T) {
	cases := []struct {
		name string
		dev  profile.Device
		want []string
	}{
		{"partition of a loop device", profile.Device{Name: "loop5p2", Chain: []string{"loop5p2", "loop5", "vda"},
			DeviceSizeBytes: 698 << 20, Leaves: []profile.Leaf{{Name: "vda"}}, SizeBytes: 256 << 30},
			[]string{"698.0 MiB on disk vda", "256.0 GiB"}},
		{"a long model", profile.Device{Name: "sda", Chain: []string{"sda"}, Transport: "sata",
			Vendor: "ATA", Model: "Samsung SSD 870 EVO 4TB with a rather long model string indeed", SizeBytes: 4 << 40},
			[]string{"a rather long model", "string indeed"}},
		{"long labels", profile.Device{Name: "nvme0n1", Chain: []string{"nvme0n1"}, LogicalBlockSize: 4096,
			Scheduler: "mq-deadline-with-a-long-name", WriteCache: "write through and then some more words"},
			[]string{"block 4096 B", "and then some more words"}},
	}
	th := newTheme(Options{})
	const inner = 78
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := profile.Storage{Path: "/var/tmp/scr/mp2/dd", MountPoint: "/var/tmp/scr/mp2", FSType: "ext4",
				FreeBytes: 651 << 20, TotalBytes: 702 << 20, Device: c.dev}
			lines := storageLines(th, s, inner)
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > inner {
					t.Errorf("line %q is %d cells, wider than the panel's %d: the box cuts it", l, w, inner)
				}
			}
			got := strings.Join(strings.Fields(strings.Join(lines, " ")), " ") // the words, wherever the lines broke
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("storage panel:\n%s\nlacks %q", strings.Join(lines, "\n"), w)
				}
			}
		})
	}
}
