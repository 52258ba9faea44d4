package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMembersNote says the slowest mirror paces the writes, and that a
// stack over several members mixes their speeds otherwise.
func TestMembersNote(t *testing.T) {
	tests := []struct {
		name string
		d    profile.Device
		want []string // substrings; none: no note
	}{
		{"single line", profile.Device{Name: "loop1"}, nil},
		{"btrfs raid1 of two loops", profile.Device{Name: "loop3", Members: []string{"loop3", "loop4"}, MembersLayout: "raid1"},
			[]string{"mirrored across loop3, loop4 (raid1)", "slowest copy", "labels are loop3's alone"}},
		{"LVM over four PVs", profile.Device{Name: "dm-0", Members: []string{"loop0", "loop1", "loop2", "loop3"}},
			[]string{"spans loop0, loop1, loop2, loop3 (layout unknown)", "mix the members' speeds"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := membersNote(tc.d)
			if len(tc.want) == 0 && got != "" {
				t.Errorf("note %q, want none", got)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("note %q lacks %q", got, w)
				}
			}
		})
	}
}
