package host

import "path/filepath"

// readBoard returns the device-tree model ("Raspberry Pi 4 Model B Rev 1.1")
// or "" on machines without a device tree. The file is NUL-terminated
// (Documentation/devicetree/usage-model.rst; /proc/device-tree links to
// /sys/firmware/devicetree/base).
func readBoard(r Roots) string {
	for _, p := range []string{
		filepath.Join(r.Proc, "device-tree", "model"),
		filepath.Join(r.Sys, "firmware", "devicetree", "base", "model"),
	} {
		if s, err := readTrimmed(p); err == nil && s != "" {
			return s
		}
	}
	return ""
}
