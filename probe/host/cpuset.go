package host

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// readAllowedCPUs fills CPU.AllowedCPUs from the Cpus_allowed_list line of
// /proc/self/status (proc(5)): the CPUs a cgroup cpuset or an affinity
// mask (taskset, systemd CPUAffinity=) lets this process run on. A server
// started the same way shares them; a cpuset of 1 CPU on a 2-CPU host
// halves what loader threads can use, and the quota (cpu.max) does not show it.
func readAllowedCPUs(r Roots, c *profile.CPU) error { return readAllowedCPUsOf(r, "self", c) }

// readAllowedCPUsOf is readAllowedCPUs for the process proc ("self" or a pid).
func readAllowedCPUsOf(r Roots, proc string, c *profile.CPU) error {
	path := filepath.Join(r.Proc, proc, "status")
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading %s: %w: a cpuset or affinity limit, if any, is unknown", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Cpus_allowed_list:"); ok {
			cpus, err := parseCPUList(strings.TrimSpace(v))
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			c.AllowedCPUs = onlineCount(r, cpus)
			if c.Logical > 0 && c.AllowedCPUs > c.Logical { // no online list to AND with: cpuinfo lists those that run
				c.AllowedCPUs = c.Logical
			}
			return nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil // an old kernel without the line: no limit known
}

// onlineCount counts the CPUs of allowed that are online
// (<sys>/devices/system/cpu/online). The affinity mask in
// Cpus_allowed_list keeps CPUs that are offline (hot-unplugged, maxcpus=,
// a VM's hot-pluggable slots: "0-63" with "0-3,8-11" online), and a task
// runs only on online ones (sched_getaffinity(2) returns the mask ANDed
// with them). Without the online list, or when none of allowed is in it
// (a container's renumbered view), it is len(allowed).
func onlineCount(r Roots, allowed map[int]bool) int {
	s, err := readTrimmed(filepath.Join(r.Sys, "devices", "system", "cpu", "online"))
	if err != nil {
		return len(allowed)
	}
	online, err := parseCPUList(s)
	if err != nil {
		return len(allowed)
	}
	n := 0
	for cpu := range allowed {
		if online[cpu] {
			n++
		}
	}
	if n == 0 {
		return len(allowed)
	}
	return n
}

// countCPUList counts the CPUs of a kernel CPU list ("0-3,8,10-11": the
// format of cpuset.cpus and Cpus_allowed_list, Documentation/admin-guide/cgroup-v1/cpusets.rst).
func countCPUList(s string) (int, error) {
	cpus, err := parseCPUList(s)
	return len(cpus), err
}

// maxCPUNumber bounds a CPU number in a list (the kernel's NR_CPUS is at
// most 8192), so a garbled range cannot make a huge set.
const maxCPUNumber = 1 << 16

// parseCPUList returns the set of CPUs of a kernel CPU list.
func parseCPUList(s string) (map[int]bool, error) {
	if s == "" {
		return nil, fmt.Errorf("empty CPU list")
	}
	cpus := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 || a > maxCPUNumber {
			return nil, fmt.Errorf("CPU list %q: %q is not a CPU number", s, lo)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a || b > maxCPUNumber {
				return nil, fmt.Errorf("CPU list %q: %q is not a range", s, part)
			}
		}
		for cpu := a; cpu <= b; cpu++ {
			cpus[cpu] = true
		}
	}
	return cpus, nil
}
