#!/bin/sh
# Builds the captured-style /proc and /sys trees for probe/host tests.
# rpi4/proc/cpuinfo and rpi4/proc/device-tree/model are verbatim copies of
# shared fixtures (see SOURCES.md); everything else is hand-made following
# the kernel's file formats (proc(5), cgroups(7), Documentation/admin-guide/cgroup-v2.rst,
# Documentation/admin-guide/cgroup-v1/memory.rst, sched-bwc.rst).
# Run from this folder: sh make_trees.sh /work/shared/fixtures
set -eu
FX=${1:-/work/shared/fixtures}
put() { mkdir -p "$(dirname "$1")"; printf '%b' "$2" > "$1"; }
common() { # common TREE: identity, meminfo and an x86 guest cpuinfo
	put $1/proc/sys/kernel/hostname "db1\n"
	put $1/proc/sys/kernel/osrelease "6.1.0-18-amd64\n"
	put $1/proc/self/root/etc/os-release 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\n'
	put $1/proc/self/status "Name:\tmysqld\nCpus_allowed:\tf\nCpus_allowed_list:\t0-3\nMems_allowed_list:\t0\n"
	put $1/proc/meminfo "MemTotal:       16384000 kB\nMemFree:         8192000 kB\nMemAvailable:   12288000 kB\nBuffers:          100000 kB\nCached:          2000000 kB\nSwapTotal:       2097148 kB\nSwapFree:        1048574 kB\n"
	: > $1/proc/cpuinfo
	for i in 0 1 2 3; do
		cat >> $1/proc/cpuinfo <<CPU
processor	: $i
vendor_id	: GenuineIntel
model name	: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz
physical id	: 0
core id		: $((i / 2))
cpu cores	: 2
flags		: fpu vme sse sse2 ht hypervisor

CPU
	done
}
V2MOUNT="30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"

rm -rf rpi4 v2-limit v2-max v1-limit v1-container v1-nolimit v1-used none

# Raspberry Pi 4 on Raspberry Pi OS (cgroup v2, no limits)
mkdir -p rpi4/proc/device-tree
cp "$FX/raspberry-pi/cadvisor-cpuinfo-rpi4b-rev1.1.txt" rpi4/proc/cpuinfo
cp "$FX/raspberry-pi/jamescun-procfs-device-tree-model-rpi4b-rev1.1.txt" rpi4/proc/device-tree/model
chmod u+w rpi4/proc/cpuinfo rpi4/proc/device-tree/model
put rpi4/proc/sys/kernel/hostname "raspberrypi\n"
put rpi4/proc/sys/kernel/osrelease "6.1.21-v8+\n"
put rpi4/proc/meminfo "MemTotal:        3884376 kB\nMemFree:          800000 kB\nMemAvailable:    3000000 kB\nSwapTotal:        102396 kB\nSwapFree:         102396 kB\n"
put rpi4/proc/self/cgroup "0::/user.slice/user-1000.slice/session-1.scope\n"
put rpi4/proc/self/status "Name:\tmytune\nCpus_allowed:\tf\nCpus_allowed_list:\t0-3\nMems_allowed_list:\t0\n"
put rpi4/proc/self/mountinfo "$V2MOUNT"
put rpi4/sys/fs/cgroup/user.slice/memory.max "max\n"
put rpi4/sys/fs/cgroup/user.slice/cpu.max "max 100000\n"

# cgroup v2: systemd unit with MemoryMax=4G under a slice with MemoryMax=2G; CPUQuota=150%; QEMU/KVM guest
common v2-limit
put v2-limit/proc/self/cgroup "0::/system.slice/mysql.service\n"
put v2-limit/proc/self/mountinfo "$V2MOUNT"
put v2-limit/sys/fs/cgroup/system.slice/memory.max "2147483648\n"
# memory.current and memory.stat (cgroup-v2.rst, "Memory Interface Files"): 1.5 GiB charged, 256 MiB of it inactive file cache
put v2-limit/sys/fs/cgroup/system.slice/memory.current "1610612736\n"
put v2-limit/sys/fs/cgroup/system.slice/memory.stat "anon 1073741824\nfile 536870912\nkernel 0\nactive_anon 1073741824\ninactive_anon 0\nactive_file 268435456\ninactive_file 268435456\n"
put v2-limit/sys/fs/cgroup/system.slice/cpu.max "max 100000\n"
put v2-limit/sys/fs/cgroup/system.slice/mysql.service/memory.max "4294967296\n"
put v2-limit/sys/fs/cgroup/system.slice/mysql.service/cpu.max "150000 100000\n"
put v2-limit/sys/class/dmi/id/sys_vendor "QEMU\n"

# cgroup v2 with every limit "max"
common v2-max
put v2-max/proc/self/cgroup "0::/system.slice/mysql.service\n"
put v2-max/proc/self/mountinfo "$V2MOUNT"
put v2-max/sys/fs/cgroup/system.slice/memory.max "max\n"
put v2-max/sys/fs/cgroup/system.slice/mysql.service/memory.max "max\n"
put v2-max/sys/fs/cgroup/system.slice/mysql.service/cpu.max "max 100000\n"

# cgroup v1 (docker --memory=512m --cpus=2 on a v1 host), seen from the host's mount namespace
common v1-limit
put v1-limit/proc/self/cgroup "12:pids:/docker/abc\n11:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n0::/system.slice/containerd.service\n"
put v1-limit/proc/self/mountinfo "25 1 0:22 / /sys rw - sysfs sysfs rw\n31 25 0:27 / /sys/fs/cgroup rw - tmpfs tmpfs rw,mode=755\n35 31 0:31 / /sys/fs/cgroup/memory rw,nosuid shared:16 - cgroup cgroup rw,memory\n36 31 0:32 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:17 - cgroup cgroup rw,cpu,cpuacct\n41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n"
put v1-limit/sys/fs/cgroup/memory/memory.limit_in_bytes "9223372036854771712\n"
put v1-limit/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes "536870912\n"
put v1-limit/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us "200000\n"
put v1-limit/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us "100000\n"
put v1-limit/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us "-1\n"
put v1-limit/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us "100000\n"

# cgroup v1 inside the container: the memory mount's root is the container's cgroup
common v1-container
put v1-container/proc/self/cgroup "11:memory:/docker/abc\n"
put v1-container/proc/self/mountinfo "35 31 0:31 /docker/abc /sys/fs/cgroup/memory ro,nosuid master:16 - cgroup cgroup rw,memory\n"
put v1-container/sys/fs/cgroup/memory/memory.limit_in_bytes "1073741824\n"
put v1-container/proc/self/status "Name:\tmysqld\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed_list:\t0\n"   # docker --cpuset-cpus=0,1
put v1-container/.dockerenv ""

# cgroup v1 hybrid without limits (like this project's build machine)
common v1-nolimit
put v1-nolimit/proc/self/cgroup "4:memory:/process_api/x\n1:cpu:/\n0::/\n"
put v1-nolimit/proc/self/mountinfo "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
put v1-nolimit/sys/fs/cgroup/memory/process_api/x/memory.limit_in_bytes "9223372036854771712\n"
put v1-nolimit/sys/fs/cgroup/memory/memory.limit_in_bytes "9223372036854771712\n"
put v1-nolimit/sys/fs/cgroup/cpu/cpu.cfs_quota_us "-1\n"
put v1-nolimit/sys/fs/cgroup/cpu/cpu.cfs_period_us "100000\n"

# nothing readable at all
mkdir -p none/proc none/sys
touch none/proc/.keep none/sys/.keep

# cgroup v1 with a 1 GiB memory limit and 315 MiB held: memory.* files
# captured from this project's build machine (captured/v1-memory-1g, see SOURCES.md)
common v1-used
put v1-used/proc/self/cgroup "11:memory:/mytune-fx\n0::/\n"
put v1-used/proc/self/mountinfo "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
put v1-used/sys/fs/cgroup/memory/memory.limit_in_bytes "9223372036854771712\n"
mkdir -p v1-used/sys/fs/cgroup/memory/mytune-fx
cp captured/v1-memory-1g/memory.limit_in_bytes captured/v1-memory-1g/memory.usage_in_bytes captured/v1-memory-1g/memory.stat v1-used/sys/fs/cgroup/memory/mytune-fx/
