package host

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mytune/mytune/probe/storage/mountinfo"
	"github.com/mytune/mytune/profile"
)

// noLimitBytes: a cgroup v1 memory.limit_in_bytes at or above this means "no
// limit". The kernel prints PAGE_COUNTER_MAX*PAGE_SIZE, i.e. LONG_MAX rounded
// down to a page (9223372036854771712 with 4 KiB pages, less with 64 KiB;
// mm/page_counter.c, include/linux/page_counter.h), so anything ≥ 2^62 is it.
const noLimitBytes = uint64(1) << 62

// cgroupLine is one line of /proc/self/cgroup ("ID:controllers:path", cgroups(7)).
type cgroupLine struct {
	controllers []string // empty for the v2 line "0::/path"
	path        string
}

// limits is what the cgroup hierarchy allows this process.
type limits struct {
	memoryBytes uint64  // 0 = none
	quotaCores  float64 // 0 = none
	// memoryUsedBytes is what the cgroup setting memoryBytes charges,
	// less its inactive file cache; 0 when unread.
	memoryUsedBytes uint64
}

// readCgroup fills Memory.LimitBytes and CPU.QuotaCores from cgroup v2
// (memory.max, memory.high, cpu.max) and v1 (memory.limit_in_bytes, cpu.cfs_quota_us /
// cpu.cfs_period_us), walking from this process's cgroup up to the
// hierarchy root and keeping the tightest limit, as the kernel enforces.
func readCgroup(r Roots, h *profile.Host) error { return readCgroupOf(r, "self", h) }

// ReadLimitsOf sets the cgroup memory and CPU limits and the allowed CPUs
// of h to those of the process pid (a server on this machine, perhaps in
// a cgroup of its own) instead of mytune's: /proc/PID/cgroup and
// /proc/PID/status read as for /proc/self. On an error h keeps mytune's.
func ReadLimitsOf(r Roots, pid int, h *profile.Host) error {
	proc := strconv.Itoa(pid)
	cpu := h.CPU
	if err := readAllowedCPUsOf(r, proc, &cpu); err != nil {
		return err
	}
	lim := *h
	if err := readCgroupOf(r, proc, &lim); err != nil {
		return err
	}
	h.Memory.LimitBytes, h.Memory.LimitUsedBytes = lim.Memory.LimitBytes, lim.Memory.LimitUsedBytes
	h.CPU.QuotaCores, h.CPU.AllowedCPUs = lim.CPU.QuotaCores, cpu.AllowedCPUs
	return nil
}

// readCgroupOf is readCgroup for the process proc ("self" or a pid). The
// cgroup mounts are mytune's own (/proc/self/mountinfo): it reads the
// hierarchy through them.
func readCgroupOf(r Roots, proc string, h *profile.Host) error {
	lines, err := readCgroupFile(filepath.Join(r.Proc, proc, "cgroup"))
	if err != nil {
		return fmt.Errorf("%w: a container memory or CPU limit, if any, is unknown", err)
	}
	mounts, merr := readMounts(filepath.Join(r.Proc, "self", "mountinfo"))
	var lim limits
	for _, l := range lines {
		if len(l.controllers) == 0 {
			lim.merge(v2Limits(r, mounts, l.path))
			continue
		}
		lim.merge(v1Limits(r, mounts, l))
	}
	h.Memory.LimitBytes = lim.memoryBytes
	h.Memory.LimitUsedBytes = lim.memoryUsedBytes
	h.CPU.QuotaCores = lim.quotaCores
	if merr != nil {
		return fmt.Errorf("%w: cgroup mount points guessed under %s/fs/cgroup", merr, r.Sys)
	}
	return nil
}

// merge keeps the tighter of two sets of limits.
func (l *limits) merge(o limits) {
	if o.memoryBytes > 0 && (l.memoryBytes == 0 || o.memoryBytes < l.memoryBytes) {
		l.memoryBytes, l.memoryUsedBytes = o.memoryBytes, o.memoryUsedBytes
	}
	if o.quotaCores > 0 && (l.quotaCores == 0 || o.quotaCores < l.quotaCores) {
		l.quotaCores = o.quotaCores
	}
}

func readCgroupFile(path string) ([]cgroupLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	var out []cgroupLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(strings.TrimSpace(sc.Text()), ":", 3)
		if len(parts) != 3 || !strings.HasPrefix(parts[2], "/") {
			continue
		}
		var ctrl []string
		if parts[1] != "" {
			ctrl = strings.Split(parts[1], ",")
		}
		out = append(out, cgroupLine{controllers: ctrl, path: parts[2]})
	}
	return out, sc.Err()
}

func readMounts(path string) ([]mountinfo.Mount, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	return mountinfo.Parse(f)
}

// cgroupDirs maps a cgroup path to its directory under the mount, and lists
// it and every ancestor up to the mount's root, deepest first. A mount whose
// root is not "/" (inside a container) shows only the part below that root.
func cgroupDirs(mountDir, mountRoot, cgPath string) []string {
	rel := cgPath
	if mountRoot != "/" && mountRoot != "" {
		if r, err := filepath.Rel(mountRoot, cgPath); err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
	}
	dir := filepath.Join(mountDir, rel)
	var dirs []string
	for {
		dirs = append(dirs, dir)
		if dir == mountDir || !strings.HasPrefix(dir, mountDir) {
			return dirs
		}
		dir = filepath.Dir(dir)
	}
}

// findMount returns the Sys-rooted dir and root of the first mount that keep accepts.
func findMount(r Roots, mounts []mountinfo.Mount, keep func(mountinfo.Mount) bool) (dir, root string, ok bool) {
	for _, m := range mounts {
		if keep(m) {
			if d, ok := r.sysPath(m.MountPoint); ok {
				return d, m.Root, true
			}
		}
	}
	return "", "", false
}

// v2Limits reads memory.max, memory.high and cpu.max along the unified hierarchy.
func v2Limits(r Roots, mounts []mountinfo.Mount, cgPath string) limits {
	dir, root, ok := findMount(r, mounts, func(m mountinfo.Mount) bool { return m.FSType == "cgroup2" })
	if !ok {
		dir, root = filepath.Join(r.Sys, "fs", "cgroup"), "/"
	}
	var lim limits
	for _, d := range cgroupDirs(dir, root, cgPath) {
		var l limits
		if b := v2MemoryLimit(d); b > 0 {
			l.memoryBytes = b
			l.memoryUsedBytes = workingSet(d, "memory.current", "inactive_file")
		}
		if s, err := readTrimmed(filepath.Join(d, "cpu.max")); err == nil {
			if q, p, ok := strings.Cut(s, " "); ok {
				l.quotaCores = quota(q, p)
			}
		}
		lim.merge(l)
	}
	return lim
}

// v2MemoryLimit is the lower of a v2 cgroup's memory.max and memory.high
// (0: neither sets one, "max"). Above memory.high the kernel throttles the
// cgroup's allocations and reclaims its memory hard without ever killing
// it (Documentation/admin-guide/cgroup-v2.rst, "memory.high": "the main
// mechanism to control memory usage"; systemd MemoryHigh=), so a buffer
// pool sized past it stalls the server as surely as memory.max ends it.
func v2MemoryLimit(dir string) uint64 {
	var lim uint64
	for _, f := range []string{"memory.max", "memory.high"} {
		s, err := readTrimmed(filepath.Join(dir, f))
		if err != nil || s == "max" {
			continue
		}
		if v, err := strconv.ParseUint(s, 10, 64); err == nil && v > 0 && (lim == 0 || v < lim) {
			lim = v
		}
	}
	return lim
}

// v1Limits reads memory.limit_in_bytes and cpu.cfs_quota_us/cfs_period_us
// for a v1 line whose controllers include memory or cpu.
func v1Limits(r Roots, mounts []mountinfo.Mount, l cgroupLine) limits {
	var lim limits
	for _, ctrl := range l.controllers {
		if ctrl != "memory" && ctrl != "cpu" {
			continue
		}
		dir, root, ok := findMount(r, mounts, func(m mountinfo.Mount) bool {
			return m.FSType == "cgroup" && slices.Contains(m.SuperOptions, ctrl)
		})
		if !ok {
			dir, root = filepath.Join(r.Sys, "fs", "cgroup", strings.Join(l.controllers, ",")), "/"
		}
		for _, d := range cgroupDirs(dir, root, l.path) {
			var one limits
			if ctrl == "memory" {
				if s, err := readTrimmed(filepath.Join(d, "memory.limit_in_bytes")); err == nil {
					if v, err := strconv.ParseUint(s, 10, 64); err == nil && v < noLimitBytes {
						one.memoryBytes = v
						one.memoryUsedBytes = workingSet(d, "memory.usage_in_bytes", "total_inactive_file")
					}
				}
			} else {
				q, qerr := readTrimmed(filepath.Join(d, "cpu.cfs_quota_us"))
				p, perr := readTrimmed(filepath.Join(d, "cpu.cfs_period_us"))
				if qerr == nil && perr == nil {
					one.quotaCores = quota(q, p)
				}
			}
			lim.merge(one)
		}
	}
	return lim
}

// workingSet is a cgroup's memory charge (the usage file: v2
// memory.current, v1 memory.usage_in_bytes) less the inactive file cache
// its memory.stat shows (v2 inactive_file, v1 total_inactive_file, which
// counts the children too), as the kubelet reckons a container's working
// set; 0 when the usage is unreadable.
func workingSet(dir, usageFile, inactiveKey string) uint64 {
	s, err := readTrimmed(filepath.Join(dir, usageFile))
	if err != nil {
		return 0
	}
	usage, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0
	}
	stat, err := os.ReadFile(filepath.Join(dir, "memory.stat"))
	if err != nil {
		return usage
	}
	for _, line := range strings.Split(string(stat), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == inactiveKey {
			if n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64); err == nil && n < usage {
				return usage - n
			}
		}
	}
	return usage
}

// quota turns a CFS quota and period (µs) into cores; "max" or -1 is none.
func quota(q, p string) float64 {
	qv, err1 := strconv.ParseInt(q, 10, 64)
	pv, err2 := strconv.ParseInt(p, 10, 64)
	if err1 != nil || err2 != nil || qv <= 0 || pv <= 0 {
		return 0
	}
	return float64(qv) / float64(pv)
}
