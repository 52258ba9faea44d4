package host

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func treeRoots(name string) Roots {
	return Roots{Proc: filepath.Join("testdata", name, "proc"), Sys: filepath.Join("testdata", name, "sys")}
}

// gib is a GiB, in bytes.
const gib = 1 << 30

// readCases are TestRead's cases: a captured /proc and /sys tree under
// testdata, and the host Read must make of it.
var readCases = []struct {
	name       string
	tree       string
	hostname   string
	kernel     string
	osContains string
	board      string
	model      string
	logical    int
	physical   int
	totalBytes uint64
	swapFree   uint64
	limit      uint64
	used       uint64 // what the limiting cgroup holds, less inactive file cache
	quota      float64
	allowed    int // CPUs the cpuset allows; 0: every test tree but v1-container allows all 4
	virt       string
	gaps       []string // probes expected to report a gap
}{
	{name: "Raspberry Pi 4, cgroup v2 without limits", tree: "rpi4", hostname: "raspberrypi", kernel: "6.1.21-v8+",
		osContains: "linux", board: "Raspberry Pi 4 Model B Rev 1.1", model: "Cortex-A72", logical: 4, physical: 4,
		totalBytes: 3884376 * 1024, swapFree: 102396 * 1024},
	{name: "cgroup v2 limits, tightest ancestor wins", tree: "v2-limit", hostname: "db1", kernel: "6.1.0-18-amd64",
		osContains: "Debian GNU/Linux 12 (bookworm)", model: "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz",
		logical: 4, physical: 2, totalBytes: 16384000 * 1024, swapFree: 1048574 * 1024,
		limit: 2 * gib, used: 1610612736 - 268435456, quota: 1.5, virt: "kvm"},
	{name: "cgroup v2 max is no limit", tree: "v2-max", hostname: "db1", kernel: "6.1.0-18-amd64",
		osContains: "bookworm", model: "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", logical: 4, physical: 2,
		totalBytes: 16384000 * 1024, swapFree: 1048574 * 1024, virt: "vm"},
	{name: "cgroup v1 docker limits", tree: "v1-limit", hostname: "db1", kernel: "6.1.0-18-amd64",
		osContains: "bookworm", model: "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", logical: 4, physical: 2,
		totalBytes: 16384000 * 1024, swapFree: 1048574 * 1024, limit: 512 << 20, quota: 2, virt: "docker"},
	{name: "cgroup v1 seen from inside the container", tree: "v1-container", hostname: "db1", kernel: "6.1.0-18-amd64",
		osContains: "bookworm", model: "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", logical: 4, physical: 2,
		totalBytes: 16384000 * 1024, swapFree: 1048574 * 1024, limit: gib, allowed: 2, virt: "docker"},
	{name: "cgroup v1, 1 GiB limit, 315 MiB held (captured memory.usage_in_bytes and memory.stat)", tree: "v1-used", hostname: "db1",
		kernel: "6.1.0-18-amd64", osContains: "bookworm", model: "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", logical: 4, physical: 2,
		totalBytes: 16384000 * 1024, swapFree: 1048574 * 1024, limit: gib, used: 538275840 - 207618048, virt: "vm"},
	{name: "cgroup v1 no-limit sentinel", tree: "v1-nolimit", hostname: "db1", kernel: "6.1.0-18-amd64",
		osContains: "bookworm", model: "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", logical: 4, physical: 2,
		totalBytes: 16384000 * 1024, swapFree: 1048574 * 1024, virt: "vm"},
	{name: "nothing readable", tree: "none", osContains: "linux",
		gaps: []string{"host.identity", "host.cpu", "host.memory", "host.cgroup", "host.cpuset"}},
}

func TestRead(t *testing.T) {
	for _, tc := range readCases {
		t.Run(tc.name, func(t *testing.T) {
			h, gaps := Read(context.Background(), treeRoots(tc.tree))
			if h.Hostname != tc.hostname || h.Kernel != tc.kernel || !strings.Contains(h.OS, tc.osContains) || h.Board != tc.board {
				t.Errorf("identity: hostname %q kernel %q os %q board %q", h.Hostname, h.Kernel, h.OS, h.Board)
			}
			allowed := tc.allowed
			if allowed == 0 && tc.tree != "none" {
				allowed = 4
			}
			if h.CPU.Model != tc.model || h.CPU.Logical != tc.logical || h.CPU.Physical != tc.physical || h.CPU.QuotaCores != tc.quota || h.CPU.AllowedCPUs != allowed {
				t.Errorf("cpu: %+v; want model %q logical %d physical %d quota %v allowed %d", h.CPU, tc.model, tc.logical, tc.physical, tc.quota, allowed)
			}
			if h.Memory.TotalBytes != tc.totalBytes || h.Memory.SwapFreeBytes != tc.swapFree || h.Memory.LimitBytes != tc.limit ||
				h.Memory.LimitUsedBytes != tc.used {
				t.Errorf("memory: %+v; want total %d swap free %d limit %d used %d", h.Memory, tc.totalBytes, tc.swapFree, tc.limit, tc.used)
			}
			if h.Virtualization != tc.virt {
				t.Errorf("virtualization %q, want %q", h.Virtualization, tc.virt)
			}
			checkGaps(t, gaps, tc.gaps)
		})
	}
}

// checkGaps asserts the gaps name exactly the wanted probes.
func checkGaps(t *testing.T, gaps []profile.Gap, want []string) {
	t.Helper()
	got := map[string]bool{}
	for _, g := range gaps {
		got[g.Probe] = true
		if g.Reason == "" {
			t.Errorf("gap %s without a reason", g.Probe)
		}
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("no gap for %s in %+v", w, gaps)
		}
		delete(got, w)
	}
	if len(got) > 0 {
		t.Errorf("unexpected gaps: %+v", gaps)
	}
}

func TestReadCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h, gaps := Read(ctx, treeRoots("v2-limit"))
	if h.CPU.Logical != 0 || len(gaps) != 7 {
		t.Errorf("cancelled read went on: %+v gaps %+v", h, gaps)
	}
}

func TestBoardFromSysfsNulTerminated(t *testing.T) {
	dir := t.TempDir()
	r := Roots{Proc: filepath.Join(dir, "proc"), Sys: filepath.Join(dir, "sys")}
	p := filepath.Join(r.Sys, "firmware", "devicetree", "base", "model")
	writeFile(t, p, "Raspberry Pi 5 Model B Rev 1.0\x00")
	if got := readBoard(r); got != "Raspberry Pi 5 Model B Rev 1.0" {
		t.Errorf("board %q", got)
	}
}

func TestQuota(t *testing.T) {
	tests := []struct {
		name, q, p string
		want       float64
	}{
		{"one and a half", "150000", "100000", 1.5},
		{"v2 max", "max", "100000", 0},
		{"v1 unlimited", "-1", "100000", 0},
		{"zero period", "100000", "0", 0},
		{"garbage", "x", "y", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := quota(tc.q, tc.p); got != tc.want {
				t.Errorf("quota(%q,%q) = %v, want %v", tc.q, tc.p, got, tc.want)
			}
		})
	}
}

func TestCgroupDirs(t *testing.T) {
	tests := []struct {
		name, mount, root, path string
		want                    []string
	}{
		{"root mount", "/s/memory", "/", "/docker/abc", []string{"/s/memory/docker/abc", "/s/memory/docker", "/s/memory"}},
		{"container mount root", "/s/memory", "/docker/abc", "/docker/abc", []string{"/s/memory"}},
		{"top cgroup", "/s/cg", "/", "/", []string{"/s/cg"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := cgroupDirs(tc.mount, tc.root, tc.path)
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
