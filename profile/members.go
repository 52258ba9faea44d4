package profile

import (
	"slices"
	"strings"
)

// mirroredLayouts are the member layouts that write every block to more
// than one member (btrfs profiles, Documentation/filesystems/btrfs.rst and
// btrfs-man5 "PROFILES"; md levels, Documentation/admin-guide/md.rst):
// a write is done when the slowest copy is.
var mirroredLayouts = map[string]bool{"raid1": true, "raid1c3": true, "raid1c4": true, "raid10": true}

// Mirrored reports whether the device's members each take a copy of every
// write (RAID1, RAID10), so the slowest member paces the writes.
func (d Device) Mirrored() bool {
	return len(d.Members) > 1 && mirroredLayouts[d.MembersLayout]
}

// Where names the device for a sentence: its name, or for a stack over
// several members all of them, "raid1 of loop3 + loop4" for a btrfs
// mounted from its first member, "md0, raid1 of sda1 + sdb1" for an
// array, since the first member alone hides the one that may set the
// pace; "" when unnamed, as Name.
func (d Device) Where() string {
	if d.Name == "" {
		return ""
	}
	if len(d.Members) < 2 {
		return d.Name
	}
	name := strings.Join(d.Members, " + ")
	if d.MembersLayout != "" {
		name = d.MembersLayout + " of " + name
	}
	if !slices.Contains(d.Members, d.Name) {
		name = d.Name + ", " + name
	}
	return name
}
