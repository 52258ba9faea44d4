package profile

import "regexp"

// loopDeviceName matches a loop device's own name, not a partition of one
// (loop5p2, made by losetup -P), which losetup refuses.
var loopDeviceName = regexp.MustCompile(`^loop[0-9]+$`)

// LoopDevice names the first loop device on the device's chain: for a
// filesystem on loop5p2 it is loop5, for device-mapper over loop3 it is
// loop3, the device whose backing file BackingFile names. "" when the
// chain names none.
func (d Device) LoopDevice() string {
	for _, n := range d.Chain {
		if loopDeviceName.MatchString(n) {
			return n
		}
	}
	return ""
}
