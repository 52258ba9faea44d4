// Package profile holds the plain data that flows from the probes to the
// rules, the advisor and the renderers. It does no I/O: a Profile saved as
// JSON reproduces any advice. Field names and JSON tags named in
// CONTRACT.md (schema mytune.profile/v1) must not change. It also owns
// the vocabulary every reader of that data shares: server versions and
// their one parser (ParseVersion), the target advice is made for and its
// parser (Target, ParseTarget), documented server defaults, and how
// storage classes, flavors and unset facts are written for people.
package profile

import "time"

// Schema is the JSON schema name written into every profile.
const Schema = "mytune.profile/v1"

// Storage classes, decided by measurement (see probe/classify).
const (
	ClassNVMe    = "nvme"
	ClassSSD     = "ssd"
	ClassHDD     = "hdd"
	ClassSDCard  = "sd-card"
	ClassNetwork = "network"
	ClassMemory  = "memory"
	ClassUnknown = "unknown"
)

// Transports a device chain can end in.
const (
	TransportNVMe    = "nvme"
	TransportSATA    = "sata"
	TransportSCSI    = "scsi"
	TransportMMC     = "mmc"
	TransportUSB     = "usb"
	TransportVirtio  = "virtio"
	TransportXen     = "xen"
	TransportLoop    = "loop"
	TransportNetwork = "network"
	TransportMemory  = "memory"
	TransportUnknown = "unknown"
)

// Profile is everything mytune learned about one machine, its storage and,
// when reachable, its MySQL/MariaDB server.
type Profile struct {
	Schema      string    `json:"schema"`
	TakenAt     time.Time `json:"taken_at"`
	ToolVersion string    `json:"tool_version"`
	// FieldsRevision is the revision of the fields the mytune that wrote
	// the profile writes (revision.go); 0 when absent: a mytune before it.
	FieldsRevision int     `json:"fields_revision,omitempty"`
	Host           Host    `json:"host"`
	Storage        Storage `json:"storage"`
	Server         *Server `json:"server,omitempty"`
	MyCnf          *MyCnf  `json:"mycnf,omitempty"`
	Dump           *Dump   `json:"dump,omitempty"`
	// Backup is the physical backup (mariadb-backup, Percona XtraBackup)
	// --dump named, when it named one instead of a logical dump.
	Backup *PhysicalBackup `json:"physical_backup,omitempty"`
	// Installed lists the server binaries found on the host and their
	// versions (probe/installed); the target when no server is reachable.
	Installed []InstalledServer `json:"installed_servers"`
	// Tools are the restore lines' programs found on this machine's PATH
	// (probe/installed), read when a dump or backup is named.
	Tools *Tools `json:"tools,omitempty"`
	// Gaps lists every probe that failed or was skipped, with the reason:
	// a failing probe never sinks the run, it is recorded here.
	Gaps []Gap `json:"gaps"`
}

// GapInstalledUnread is the probe of the gap Decode records for a profile
// saved before mytune looked for installed servers (no
// "installed_servers"): an empty Installed then says nothing about the
// host. Being a gap, it stays in an advice saved from such a profile,
// whose installed_servers is written [].
const GapInstalledUnread = "installed_servers"

// InstalledUnread reports whether the profile does not say which servers
// its host has installed (GapInstalledUnread).
func (p *Profile) InstalledUnread() bool {
	for _, g := range p.Gaps {
		if g.Probe == GapInstalledUnread {
			return true
		}
	}
	return false
}

// Gap is one probe that could not give its facts.
type Gap struct {
	Probe  string `json:"probe"`  // e.g. "host.cgroup", "server", "storage.device"
	Reason string `json:"reason"` // one sentence a person can act on
}

// AddGap records a failed probe on the profile.
func (p *Profile) AddGap(probe, reason string) {
	p.Gaps = append(p.Gaps, Gap{Probe: probe, Reason: reason})
}

// Host holds the facts of the machine mytune runs on.
type Host struct {
	Hostname string `json:"hostname"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
	Kernel   string `json:"kernel"`
	// Board is the device-tree model (e.g. "Raspberry Pi 4 Model B Rev 1.1") or "".
	Board string `json:"board"`
	// Virtualization is the hypervisor or container kind when detectable ("kvm", "docker", "") .
	Virtualization string `json:"virtualization,omitempty"`
	VirtRole       string `json:"virtualization_role,omitempty"` // "guest", "host" or ""
	CPU            CPU    `json:"cpu"`
	Memory         Memory `json:"memory"`
	// ServerElsewhere says why the live server is on another machine
	// (probe.OnAnotherMachine: reached at an address not this machine's,
	// reporting another host name), "" when nothing shows it: this
	// machine's memory and CPUs are not the server's, and the memory
	// rules size nothing on them (Host.ServersView).
	ServerElsewhere string `json:"server_elsewhere,omitempty"`
}

// CPU describes the processors available to mytune (and to a server on this host).
type CPU struct {
	Logical  int    `json:"logical"`
	Physical int    `json:"physical"`
	Model    string `json:"model"`
	// QuotaCores is the cgroup CPU quota in cores (cpu.max or cfs_quota/period), 0 if none.
	QuotaCores float64 `json:"quota_cores,omitempty"`
	// AllowedCPUs is how many CPUs a cpuset or affinity mask lets mytune's
	// process run on (/proc/self/status Cpus_allowed_list), 0 if unknown.
	AllowedCPUs int `json:"allowed_cpus,omitempty"`
	// Speed is what the CPUs did in a short fixed workload when probed
	// (nil when not measured: --no-measure, or profiles before 2026-12-02).
	Speed *CPUSpeed `json:"speed,omitempty"`
}

// CPUSpeed is a short CPU measurement: the same fixed work (hashing,
// number parsing and sorting, what a loader and a server do per row) run
// by one worker, then by one worker per usable CPU, and what the
// hypervisor took meanwhile.
type CPUSpeed struct {
	// SingleOpsPerS is work units per second of one worker.
	SingleOpsPerS float64 `json:"single_ops_per_s"`
	// AllOpsPerS is work units per second of Workers workers together.
	AllOpsPerS float64 `json:"all_ops_per_s"`
	Workers    int     `json:"workers"`
	// StealPct is the share of the CPUs' time the hypervisor gave to others
	// while all workers ran (/proc/stat steal, proc(5)); nil when unknown.
	StealPct *float64 `json:"steal_pct,omitempty"`
	// Each is how long each of the two runs lasted.
	Each time.Duration `json:"each_ns"`
	// SingleOpsPerCPUS is the one worker's units per second of the CPU
	// time its thread ran: the core's speed while it runs, not lowered by
	// other tasks sharing it (nor, on a KVM guest with paravirtual steal
	// accounting, by steal); 0 when the thread's clock was not read.
	SingleOpsPerCPUS float64 `json:"single_ops_per_cpu_s,omitempty"`
	// SingleCPUShare is the share of the wall clock the one worker ran;
	// AllCPUShare the same for the Workers workers together (1: each had
	// a CPU to itself); 0 when unknown.
	SingleCPUShare float64 `json:"single_cpu_share,omitempty"`
	AllCPUShare    float64 `json:"all_cpu_share,omitempty"`
	// MemLoadNs is the nanoseconds one dependent load took in a random
	// chase through MemChaseBytes of memory (one cache line a link), per
	// CPU-second of its thread: the memory's latency as a core saw it when
	// probed, neighbours included; 0 when not measured (profiles before
	// 2026-12-02 12:00 UTC).
	MemLoadNs     float64 `json:"mem_load_ns,omitempty"`
	MemChaseBytes uint64  `json:"mem_chase_bytes,omitempty"`
}

// EffectiveCores is how many single workers' worth the workers did
// together (AllOpsPerS / SingleOpsPerS): below Workers when the CPUs are
// shared (other load, a hypervisor's steal, SMT siblings); 0 if unknown.
func (s *CPUSpeed) EffectiveCores() float64 {
	if s == nil || s.SingleOpsPerS <= 0 {
		return 0
	}
	return s.AllOpsPerS / s.SingleOpsPerS
}

// EffectiveCPUs is the CPU measurement's EffectiveCores capped at the CPUs
// usable here (Usable: logical CPUs, cpuset and cgroup quota; the workers
// run when that is unknown): more than them cannot work at once, and the
// ratio exceeds them only when the one-worker run was starved (other tasks
// held the CPU during its slice, QA: 5.2 on 2 CPUs), which makes its
// divisor read low. capped says the cap applied; 0, false without a
// measurement.
func (c CPU) EffectiveCPUs() (n float64, capped bool) {
	n = c.Speed.EffectiveCores()
	limit := c.Usable()
	if limit <= 0 && c.Speed != nil {
		limit = float64(c.Speed.Workers)
	}
	if limit > 0 && n > limit {
		return limit, true
	}
	return n, false
}

// Usable is the CPUs a process here may use: the fewest of the logical
// CPUs, the CPUs its cpuset allows and the cgroup quota; 0 when unknown.
func (c CPU) Usable() float64 {
	n := float64(c.Logical)
	if c.AllowedCPUs > 0 && (n == 0 || float64(c.AllowedCPUs) < n) {
		n = float64(c.AllowedCPUs)
	}
	if c.QuotaCores > 0 && (n == 0 || c.QuotaCores < n) {
		n = c.QuotaCores
	}
	return n
}

// Memory describes RAM, swap and the cgroup memory limit.
type Memory struct {
	TotalBytes     uint64 `json:"total_bytes"`
	AvailableBytes uint64 `json:"available_bytes"`
	// LimitBytes is the cgroup (v1 or v2) memory limit, 0 if none.
	LimitBytes uint64 `json:"limit_bytes"`
	// LimitUsedBytes is what the cgroup that sets LimitBytes charges now,
	// less its inactive file cache (which the kernel reclaims first): 0
	// without a limit, or when it could not be read.
	LimitUsedBytes uint64 `json:"limit_used_bytes"`
	SwapTotalBytes uint64 `json:"swap_total_bytes"`
	SwapFreeBytes  uint64 `json:"swap_free_bytes"`
	// OvercommitMemory is vm.overcommit_memory ("0" heuristic, "1"
	// always, "2" strict; kernel overcommit-accounting.rst), "" unread: it
	// decides whether a mapping larger than RAM + swap is refused.
	OvercommitMemory string `json:"overcommit_memory,omitempty"`
	// CommitLimitBytes is /proc/meminfo CommitLimit (swap plus
	// vm.overcommit_ratio% of RAM): with OvercommitMemory "2" no
	// allocation may take the committed memory past it; 0 unread.
	CommitLimitBytes uint64 `json:"commit_limit_bytes,omitempty"`
	// CommittedBytes is /proc/meminfo Committed_AS: the memory the
	// host's processes have been promised, which under OvercommitMemory
	// "2" counts against CommitLimitBytes; 0 unread.
	CommittedBytes uint64 `json:"committed_as_bytes,omitempty"`
	// HugePagesBytes is the persistent huge page pool (/proc/meminfo
	// HugePages_Total x Hugepagesize): RAM set aside that only huge page
	// mappings use (a server with large_pages = ON), never the ordinary
	// memory a buffer pool or a connection takes; 0 when none.
	HugePagesBytes uint64 `json:"hugepages_bytes,omitempty"`
	// FirstTouch is what writing fresh memory cost when probed; nil when
	// not measured.
	FirstTouch *FirstTouch `json:"first_touch,omitempty"`
}

// FirstTouch is the cost of a page of fresh anonymous memory written for
// the first time (a page fault, the kernel clearing the page and, in a VM
// whose host backs guest memory only when it is touched or takes back
// what the guest frees, the host backing it) and written again. A freshly
// started database server pays the first for every page of buffer pool
// it fills.
type FirstTouch struct {
	// Bytes is the memory mapped and written; PageBytes the page size the
	// writes stepped by (one write a page).
	Bytes     uint64 `json:"bytes"`
	PageBytes uint64 `json:"page_bytes"`
	// FirstNsPerPage is the wall-clock nanoseconds a page's first write
	// took; AgainNsPerPage the same pages' second write.
	FirstNsPerPage float64 `json:"first_ns_per_page"`
	AgainNsPerPage float64 `json:"again_ns_per_page"`
}

// SecondsPerGiB is the first write's cost for a GiB of such pages.
func (f FirstTouch) SecondsPerGiB() float64 {
	if f.PageBytes == 0 {
		return 0
	}
	return f.FirstNsPerPage / 1e9 * float64(uint64(1)<<30) / float64(f.PageBytes)
}

// AvailableNowBytes is the memory a process here may still take: the
// host's available memory or, under a cgroup memory limit, the limit less
// what the cgroup holds (LimitUsedBytes; the whole limit when unread), and
// under vm.overcommit_memory = 2 what the commit limit leaves
// (StrictCommitRoom), whichever is smallest. ok is false when none is
// known.
func (m Memory) AvailableNowBytes() (bytes uint64, ok bool) {
	bytes, _ = m.availableNow()
	return bytes, bytes > 0 || m.LimitBytes > 0 || m.commitRoomKnown()
}

// Where AvailableNowBytes comes from (Memory.AvailableNowSource).
const (
	RoomHost   = "host"   // MemAvailable
	RoomCgroup = "cgroup" // the cgroup's limit less what it holds
	RoomCommit = "commit" // CommitLimit less Committed_AS (overcommit 2)
)

// AvailableNowSource says which bound AvailableNowBytes is: RoomHost,
// RoomCgroup or RoomCommit.
func (m Memory) AvailableNowSource() string {
	_, src := m.availableNow()
	return src
}

// AvailableNowLimited reports whether AvailableNowBytes is the cgroup's
// room rather than the host's available memory or the commit limit's.
func (m Memory) AvailableNowLimited() bool { return m.AvailableNowSource() == RoomCgroup }

func (m Memory) availableNow() (uint64, string) {
	n, src := m.AvailableBytes, RoomHost
	if m.LimitBytes > 0 {
		room := m.LimitBytes - min(m.LimitUsedBytes, m.LimitBytes)
		if m.AvailableBytes == 0 || room < m.AvailableBytes {
			n, src = room, RoomCgroup
		}
	}
	if room, ok := m.StrictCommitRoom(); ok && (room < n || (n == 0 && m.LimitBytes == 0)) {
		n, src = room, RoomCommit
	}
	return n, src
}

// StrictCommitRoom is what the commit limit leaves under
// vm.overcommit_memory = 2: CommitLimit less Committed_AS, the memory
// already promised (the kernel refuses a mapping past it:
// overcommit-accounting.rst, "Mode 2"); ok is false in the other modes or
// when either was not read.
func (m Memory) StrictCommitRoom() (bytes uint64, ok bool) {
	if !m.commitRoomKnown() {
		return 0, false
	}
	return m.CommitLimitBytes - min(m.CommittedBytes, m.CommitLimitBytes), true
}

func (m Memory) commitRoomKnown() bool { return m.StrictCommitLimit() > 0 && m.CommittedBytes > 0 }

// EffectiveBytes is the memory a server on this host may really use: the
// smallest of RAM less its huge page pool (OrdinaryBytes), the cgroup
// limit and, under vm.overcommit_memory = 2, the commit limit (the kernel
// refuses an allocation past it: overcommit-accounting.rst; mysqld cannot
// start with a pool beyond it).
func (m Memory) EffectiveBytes() uint64 {
	n := m.OrdinaryBytes()
	if m.LimitBytes > 0 && m.LimitBytes < n {
		n = m.LimitBytes
	}
	if c := m.StrictCommitLimit(); c > 0 && c < n {
		n = c
	}
	return n
}

// OrdinaryBytes is RAM less the huge page pool: what ordinary (4 KiB
// page) allocations can have (kernel hugetlbpage.rst: the pool's pages
// serve only huge page mappings).
func (m Memory) OrdinaryBytes() uint64 {
	if m.HugePagesBytes < m.TotalBytes {
		return m.TotalBytes - m.HugePagesBytes
	}
	return m.TotalBytes
}

// StrictCommitLimit is CommitLimitBytes when vm.overcommit_memory is 2
// (strict accounting enforces it), else 0.
func (m Memory) StrictCommitLimit() uint64 {
	if m.OvercommitMemory != "2" {
		return 0
	}
	return m.CommitLimitBytes
}

// Normalize gives every list and map CONTRACT.md shows as an array or an
// object a non-nil value, so the JSON says [] or {} rather than null
// (a device with no chain, an unmeasured disk, an unreachable server).
func (p *Profile) Normalize() {
	s := &p.Storage
	for _, l := range []*[]string{&s.Device.Chain, &s.ClassEvidence} {
		if *l == nil {
			*l = []string{}
		}
	}
	for _, c := range []*[]ThreadPoint{&s.RandWrite, &s.RandRead} {
		if *c == nil {
			*c = []ThreadPoint{}
		}
	}
	if p.Server != nil && p.Server.Variables == nil {
		p.Server.Variables = map[string]string{}
	}
	if p.MyCnf != nil && p.MyCnf.Variables == nil {
		p.MyCnf.Variables = map[string]string{}
	}
}
