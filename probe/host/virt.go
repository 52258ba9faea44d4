package host

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// containerMarkers map words in /proc/1/cgroup and /proc/self/cgroup to the
// container kind (the same markers systemd-detect-virt and gopsutil use).
var containerMarkers = []struct{ word, kind string }{
	{"kubepods", "kubernetes"}, {"docker", "docker"}, {"libpod", "podman"}, {"lxc", "lxc"},
}

// dmiVendors map /sys/class/dmi/id sys_vendor or product_name words to hypervisors
// (values as systemd's src/basic/virt.c dmi_vendor_table).
var dmiVendors = []struct{ word, kind string }{
	{"KVM", "kvm"}, {"QEMU", "kvm"}, {"Amazon EC2", "kvm"}, {"Google", "kvm"}, {"VMware", "vmware"},
	{"innotek GmbH", "vbox"}, {"VirtualBox", "vbox"}, {"Xen", "xen"}, {"Microsoft Corporation", "hyperv"},
	{"Parallels", "parallels"}, {"Bochs", "bochs"},
}

// readVirtualization names the container or hypervisor this runs in, with
// the role "guest", or "" and "" when nothing says so. gopsutil's
// host.Virtualization caches its first answer process-wide, so it cannot be
// pointed at several roots; these are the same checks, read under Roots.
func readVirtualization(r Roots) (kind, role string) {
	if k := containerKind(r); k != "" {
		return k, "guest"
	}
	for _, f := range []string{"sys_vendor", "product_name"} {
		v, err := readTrimmed(filepath.Join(r.Sys, "class", "dmi", "id", f))
		if err != nil {
			continue
		}
		for _, d := range dmiVendors {
			if strings.Contains(v, d.word) {
				return d.kind, "guest"
			}
		}
	}
	if _, err := os.Stat(filepath.Join(r.Proc, "xen")); err == nil {
		return "xen", "guest"
	}
	if hasHypervisorFlag(filepath.Join(r.Proc, "cpuinfo")) {
		return "vm", "guest"
	}
	return "", ""
}

func containerKind(r Roots) string {
	if _, err := os.Stat(filepath.Join(filepath.Dir(filepath.Clean(r.Proc)), ".dockerenv")); err == nil {
		return "docker"
	}
	if env, err := os.ReadFile(filepath.Join(r.Proc, "1", "environ")); err == nil {
		for _, kv := range strings.Split(string(env), "\x00") {
			if v, ok := strings.CutPrefix(kv, "container="); ok && v != "" {
				return v
			}
		}
	}
	for _, f := range []string{filepath.Join(r.Proc, "1", "cgroup"), filepath.Join(r.Proc, "self", "cgroup")} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range containerMarkers {
			if strings.Contains(string(b), m.word) {
				return m.kind
			}
		}
	}
	return ""
}

// hasHypervisorFlag reports the x86 "hypervisor" CPU flag (CPUID leaf 1 ECX
// bit 31, set by every hypervisor for its guests; arch/x86/include/asm/cpufeatures.h).
func hasHypervisorFlag(cpuinfo string) bool {
	b, err := os.ReadFile(cpuinfo)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			return slices.Contains(strings.Fields(v), "hypervisor")
		}
	}
	return false
}
