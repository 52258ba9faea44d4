package profile

import "testing"

// TestDeviceWhere names a device for a sentence, with every member of a
// stack that fans out (review r50: the report named loop3 of a RAID1 whose
// throttled loop4 set the pace).
func TestDeviceWhere(t *testing.T) {
	tests := []struct {
		name     string
		d        Device
		want     string
		mirrored bool
	}{
		{"unnamed", Device{}, "", false},
		{"single line", Device{Name: "loop1"}, "loop1", false},
		{"btrfs raid1 mounted from its first member", Device{Name: "loop3", Members: []string{"loop3", "loop4"}, MembersLayout: "raid1"},
			"raid1 of loop3 + loop4", true},
		{"md array", Device{Name: "md0", Members: []string{"sda1", "sdb1"}, MembersLayout: "raid1"}, "md0, raid1 of sda1 + sdb1", true},
		{"LVM over several PVs, layout unread", Device{Name: "dm-0", Members: []string{"loop0", "loop1"}}, "dm-0, loop0 + loop1", false},
		{"btrfs single over two", Device{Name: "sdb", Members: []string{"sdb", "sdc"}, MembersLayout: "single"}, "single of sdb + sdc", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.d.Where(); got != tc.want {
				t.Errorf("Where() = %q, want %q", got, tc.want)
			}
			if got := tc.d.Mirrored(); got != tc.mirrored {
				t.Errorf("Mirrored() = %v, want %v", got, tc.mirrored)
			}
		})
	}
}
