package render

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestStoragePathNamesEveryLeaf: a btrfs RAID1 over two loop devices
// listed both leaves in JSON but only the first chain in text (QA 16).
func TestStoragePathNamesEveryLeaf(t *testing.T) {
	cases := []struct {
		name   string
		leaves []string
		want   string
		absent string
	}{
		{"one leaf: the chain says it", []string{"vda"}, "→ loop0 → vda\n", "leaves"},
		{"two leaves: both named", []string{"vda", "loop1"}, "→ loop0 → vda (leaves vda, loop1)", ""},
		{"three leaves: all named", []string{"vda", "sdb", "sdc"}, "(leaves vda, sdb, sdc)", ""},
	}
	th := newTheme(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := profile.Device{Name: "loop0", Chain: []string{"loop0", "vda"}}
			for _, l := range c.leaves {
				d.Leaves = append(d.Leaves, profile.Leaf{Name: l})
			}
			s := profile.Storage{Path: "/srv/db", MountPoint: "/srv", FSType: "btrfs", Device: d}
			got := strings.Join(storageLines(th, s, 200), "\n") + "\n"
			if !strings.Contains(got, c.want) || (c.absent != "" && strings.Contains(got, c.absent)) {
				t.Errorf("storage panel:\n%s\nwant %q, without %q", got, c.want, c.absent)
			}
		})
	}
}
