package host

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// cpuinfoOf is an x86 /proc/cpuinfo of n processors, 0..n-1 (proc(5)).
func cpuinfoOf(n, cores int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "processor\t: %d\nmodel name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\nphysical id\t: 0\ncore id\t\t: %d\ncpu cores\t: %d\n\n", i, i%cores, cores)
	}
	return b.String()
}

// TestCPUCountsOnlineOnly: the logical, physical and allowed counts of
// hosts whose /sys lists more CPUs than run: offline CPUs still in the
// affinity mask, and an LXC container whose lxcfs /proc/cpuinfo and
// online list show its 4 CPUs while /sys shows the host's 32. The
// profile written must pass profile.Check (advise --from reads it back).
func TestCPUCountsOnlineOnly(t *testing.T) {
	lxcSys := map[string]string{"devices/system/cpu/online": "4-7\n"}
	for i := range 32 {
		lxcSys[fmt.Sprintf("devices/system/cpu/cpu%d/topology/core_cpus_list", i)] = fmt.Sprintf("%d,%d\n", i%16, i%16+16)
	}
	offSys := map[string]string{"devices/system/cpu/online": "0-3,8-11\n", "devices/system/cpu/possible": "0-63\n"}
	for _, i := range []int{0, 1, 2, 3, 8, 9, 10, 11} {
		offSys[fmt.Sprintf("devices/system/cpu/cpu%d/topology/core_cpus_list", i)] = fmt.Sprintf("%d\n", i)
	}
	cases := []struct {
		name                       string
		cpuinfo, mask              string
		sys                        map[string]string
		logical, physical, allowed int
	}{
		{"LXC: lxcfs cpuinfo shows 4, /sys the host's 32", cpuinfoOf(4, 4), "4-7", lxcSys, 4, 4, 4},
		{"64 possible CPUs, 8 online, mask 0-63", cpuinfoOf(8, 8), "0-63", offSys, 8, 8, 8},
		{"mask 0-63, no online list: cpuinfo's 8", cpuinfoOf(8, 8), "0-63", map[string]string{}, 8, 8, 8},
		{"a cpuset of 2 of the 8 online", cpuinfoOf(8, 8), "8-9", offSys, 8, 8, 2},
		{"SMT pairs, all online", cpuinfoOf(4, 2), "0-3", map[string]string{"devices/system/cpu/online": "0-3\n",
			"devices/system/cpu/cpu0/topology/core_cpus_list": "0-1\n", "devices/system/cpu/cpu1/topology/core_cpus_list": "0-1\n",
			"devices/system/cpu/cpu2/topology/core_cpus_list": "2-3\n", "devices/system/cpu/cpu3/topology/core_cpus_list": "2-3\n"}, 4, 2, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := procTree(t, map[string]string{"cpuinfo": tc.cpuinfo, "self/status": "Name:\tmytune\nCpus_allowed_list:\t" + tc.mask + "\n"})
			for name, body := range tc.sys {
				writeFile(t, filepath.Join(r.Sys, name), body)
			}
			h, _ := Read(context.Background(), r)
			if c := h.CPU; c.Logical != tc.logical || c.Physical != tc.physical || c.AllowedCPUs != tc.allowed {
				t.Errorf("logical %d physical %d allowed %d; want %d %d %d", c.Logical, c.Physical, c.AllowedCPUs, tc.logical, tc.physical, tc.allowed)
			}
			p := profile.Profile{Host: h, Storage: profile.Storage{Path: "/var/lib/mysql"}}
			if err := p.Check(); err != nil {
				t.Errorf("profile.Check refuses what probe wrote: %v", err)
			}
		})
	}
}
