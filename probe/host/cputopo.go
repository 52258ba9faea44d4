package host

import (
	"path/filepath"
	"strconv"
)

// onlineCores counts the physical cores of the online CPUs
// (<sys>/devices/system/cpu/online): the distinct core_cpus_list (or the
// older thread_siblings_list) of each (Documentation/admin-guide/cputopology.rst).
// Counting every cpuN directory, as gopsutil does, counts CPUs this
// system cannot run on: in an LXC container lxcfs shows the container's
// CPUs in /proc/cpuinfo and in the online list, while /sys still lists
// every CPU of the host (lxc/lxcfs#627), so 4 logical CPUs read as 16
// cores. 0 when the online list or the topology cannot be read.
func onlineCores(r Roots) int {
	base := filepath.Join(r.Sys, "devices", "system", "cpu")
	s, err := readTrimmed(filepath.Join(base, "online"))
	if err != nil {
		return 0
	}
	online, err := parseCPUList(s)
	if err != nil {
		return 0
	}
	cores := map[string]bool{}
	for cpu := range online {
		dir := filepath.Join(base, "cpu"+strconv.Itoa(cpu), "topology")
		for _, f := range []string{"core_cpus_list", "thread_siblings_list"} {
			if l, err := readTrimmed(filepath.Join(dir, f)); err == nil && l != "" {
				cores[l] = true
				break
			}
		}
	}
	return len(cores)
}
