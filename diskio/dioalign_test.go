package diskio

import "testing"

// TestAlignFromStatx: statx's STATX_DIOALIGN answer, as each filesystem of
// review r59 gave it for a new file (Linux 6.18), becomes the buffer
// alignment and whether direct I/O is used at all.
func TestAlignFromStatx(t *testing.T) {
	cases := []struct {
		name         string
		reported     bool
		mem, offset  uint32
		wantAlign    int
		wantNoDirect bool
	}{
		{"ext4 data=ordered, xfs: 512-byte sectors", true, 512, 512, defaultAlign, false},
		{"ext4 data=journal: reported, both 0", true, 0, 0, defaultAlign, true},
		{"btrfs, tmpfs: not reported", false, 0, 0, defaultAlign, false},
		{"a disk that wants 8 KiB offsets", true, 512, 8192, 8192, false},
		{"a memory alignment above the default", true, 16384, 4096, 16384, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			align, none := alignFromStatx(c.reported, c.mem, c.offset)
			if align != c.wantAlign || none != c.wantNoDirect {
				t.Errorf("alignFromStatx(%v, %d, %d) = %d, %v; want %d, %v", c.reported, c.mem, c.offset, align, none, c.wantAlign, c.wantNoDirect)
			}
		})
	}
}
