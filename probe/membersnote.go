package probe

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// membersNote is the measurement note for a datadir whose filesystem or
// array spans several members (profile.Device.Members): the chain, the
// labels and the class name the first member only. With a mirrored layout
// every write goes to each member and is done when the slowest copy is
// (review r50: a btrfs RAID1 of two loop devices with one throttled to
// 15 MB/s and 150 IOPS measured 15 MB/s and 150 random writes/s, the
// throttled member's figures, while the report named only the other).
// "" for a stack that is a single line.
func membersNote(d profile.Device) string {
	if len(d.Members) < 2 {
		return ""
	}
	all := strings.Join(d.Members, ", ")
	if d.Mirrored() {
		return fmt.Sprintf("the data is mirrored across %s (%s): every write goes to each of them and is done when the "+
			"slowest copy is, so the write and commit figures are the slowest member's; reads may come from any copy. "+
			"The device labels are %s's alone; a slow or failing member slows every commit", all, d.MembersLayout, d.Name)
	}
	layout := d.MembersLayout
	if layout == "" {
		layout = "layout unknown"
	}
	return fmt.Sprintf("the data spans %s (%s): each write lands on one or some of them, so the figures mix the members' "+
		"speeds, and the device labels are %s's alone", all, layout, d.Name)
}
