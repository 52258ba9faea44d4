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
			n, err := countCPUList(strings.TrimSpace(v))
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			c.AllowedCPUs = n
			return nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil // an old kernel without the line: no limit known
}

// countCPUList counts the CPUs of a kernel CPU list ("0-3,8,10-11": the
// format of cpuset.cpus and Cpus_allowed_list, Documentation/admin-guide/cgroup-v1/cpusets.rst).
func countCPUList(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("empty CPU list")
	}
	n := 0
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return 0, fmt.Errorf("CPU list %q: %q is not a CPU number", s, lo)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return 0, fmt.Errorf("CPU list %q: %q is not a range", s, part)
			}
		}
		n += b - a + 1
	}
	return n, nil
}
