package probe

import (
	"os"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/profile"
)

// TestMeasureNoFreeInodes: an ext4 made with mkfs.ext4 -N 64 whose inodes
// were all used, 750 MiB of bytes still free, made the probe say
// "filled up while measuring: free some space or lower --max-bytes",
// neither of which helps. It now names the inodes before writing; a
// filesystem with free inodes, or none counted (btrfs), is measured.
func TestMeasureNoFreeInodes(t *testing.T) {
	cases := []struct {
		name        string
		files, free uint64
		want        string // "" : no inode error
	}{
		{"no inode left", 112, 0, "no free inodes (df -i: 0 of 112 free)"},
		{"one inode left", 112, 1, ""},
		{"no inode count (btrfs)", 0, 0, ""},
	}
	saved := inodesOf
	t.Cleanup(func() { inodesOf = saved })
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inodesOf = func(string) (uint64, uint64, error) { return c.files, c.free, nil }
			dir := t.TempDir()
			// 200 MiB free fails the byte budget right after the inode check,
			// so a case without an inode error measures nothing either.
			st := &profile.Storage{Path: dir, FreeBytes: 200 << 20, TotalBytes: 10 << 30}
			err := measure(t.Context(), Options{Roots: DefaultRoots}, st, profile.Memory{})
			if err == nil || !usage.Is(err) {
				t.Fatalf("error %v, want a usage error", err)
			}
			if got := strings.Contains(err.Error(), "inodes"); got != (c.want != "") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to say %q", err, c.want)
			}
			if l, _ := os.ReadDir(dir); len(l) != 0 {
				t.Errorf("measure left %d files", len(l))
			}
		})
	}
}
