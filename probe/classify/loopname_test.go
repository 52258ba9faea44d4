package classify

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLoopSentenceNamesTheLoopDevice: ext4 on a partition of a loop device
// (losetup -P, loop5p2) said "loop5p2 is a loop device backed by
// .../imgp"; the loop device is loop5, loop5p2 its partition. A
// device-mapper target over a loop device is not a loop device either.
func TestLoopSentenceNamesTheLoopDevice(t *testing.T) {
	cases := []struct {
		name  string
		dev   string
		chain []string
		want  string
	}{
		{"partition of a loop device", "loop5p2", []string{"loop5p2", "loop5", "vda"}, "loop5 is a loop device backed by /img"},
		{"device-mapper over a loop device", "dm-0", []string{"dm-0", "loop3", "vda"}, "loop3 is a loop device backed by /img"},
		{"loop device over a file on another loop", "loop3", []string{"loop3", "loop0", "vda"}, "loop3 is a loop device backed by /img"},
		{"plain loop device", "loop0", []string{"loop0", "vda"}, "loop0 is a loop device backed by /img"},
		{"no chain: the device's name", "loop2", nil, "loop2 is a loop device backed by /img"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := with(thisDisk, func(s *profile.Storage) {
				s.Device = profile.Device{Name: c.dev, Chain: c.chain, Transport: "virtio", RotationalFlag: true, BackingFile: "/img"}
			})
			_, ev := Classify(in)
			if all := strings.Join(ev, "\n"); !strings.Contains(all, c.want) {
				t.Errorf("evidence lacks %q; got:\n  %s", c.want, strings.Join(ev, "\n  "))
			}
		})
	}
}

// TestLoopSentenceSaysTheFileIsDeleted: a loop device whose backing file
// was deleted while mounted said "backed by .../imgdel" as if it were there.
func TestLoopSentenceSaysTheFileIsDeleted(t *testing.T) {
	cases := []struct {
		name    string
		deleted bool
		want    string
	}{
		{"deleted", true, "loop9 is a loop device backed by /img (deleted since; the loop device keeps it open)"},
		{"present", false, "loop9 is a loop device backed by /img: the class"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := with(thisDisk, func(s *profile.Storage) {
				s.Device = profile.Device{Name: "loop9", Chain: []string{"loop9"}, Transport: "loop", RotationalFlag: true,
					BackingFile: "/img", BackingFileDeleted: c.deleted}
			})
			_, ev := Classify(in)
			if all := strings.Join(ev, "\n"); !strings.Contains(all, c.want) {
				t.Errorf("evidence lacks %q; got:\n  %s", c.want, strings.Join(ev, "\n  "))
			}
		})
	}
}
