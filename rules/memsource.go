package rules

import "github.com/mytune/mytune/profile"

// LargePages reports large_pages = ON (MySQL, MariaDB): the server maps
// its buffer pool from the huge page pool.
func (f Facts) LargePages() bool {
	v, ok := f.Raw["large_pages"]
	if !ok {
		return false
	}
	on, err := profile.ParseBool(v) // "" is a bare large-pages in a my.cnf: ON
	return err == nil && on
}

// mem is the host's memory as the server can use it: with large_pages =
// ON the huge page pool holds the buffer pool, so it is not set aside,
// unless the pool is sized to live outside it (hugePoolOut: the huge
// pages are too few for it and stay idle).
func (e Env) mem() profile.Memory {
	m := e.Host.Memory
	if e.F.LargePages() && e.hugePool != hugePoolOut {
		m.HugePagesBytes = 0
	}
	return m
}

// UsableMemSource names what sets EffectiveMemBytes: "the commit limit,
// vm.overcommit_memory = 2", "the cgroup limit", "RAM less its huge
// pages" or "RAM".
func (e Env) UsableMemSource() string {
	m := e.mem()
	n := m.EffectiveBytes()
	switch {
	case m.StrictCommitLimit() > 0 && n == m.StrictCommitLimit() && n < m.TotalBytes && (m.LimitBytes == 0 || n < m.LimitBytes):
		return "the commit limit, vm.overcommit_memory = 2"
	case m.LimitBytes > 0 && n == m.LimitBytes && n < m.TotalBytes:
		return "the cgroup limit"
	case m.HugePagesBytes > 0 && n == m.OrdinaryBytes() && n < m.TotalBytes:
		return "RAM less its huge pages"
	}
	return "RAM"
}

// UsableMemParts lists the bounds EffectiveMemBytes is the least of:
// "cgroup limit 2.0 GiB, commit limit 7.8 GiB (vm.overcommit_memory = 2),
// RAM 15.6 GiB" (and " less 48.0 GiB reserved as huge pages, ..." when
// a huge page pool is set aside), each only when set.
func (e Env) UsableMemParts() string {
	m := e.mem()
	s := ""
	if m.LimitBytes > 0 {
		s += "cgroup limit " + e.Human(m.LimitBytes) + ", "
	}
	if c := m.StrictCommitLimit(); c > 0 {
		s += "commit limit " + e.Human(c) + " (vm.overcommit_memory = 2), "
	}
	s += "RAM " + e.Human(m.TotalBytes)
	switch hp := m.HugePagesBytes; {
	case hp == 0 || hp >= m.TotalBytes:
	case e.F.LargePages():
		s += " less " + e.Human(hp) + " reserved as huge pages, too few for the pool sized here: with large_pages = ON " +
			"InnoDB maps a larger pool from ordinary pages and the huge pages stay idle (raise vm.nr_hugepages to hold the pool, or set it to 0 to give them back)"
	default:
		s += " less " + e.Human(hp) + " reserved as huge pages, which only a server with large_pages = ON uses"
	}
	return s
}

// strictCommitText is PoolOverMemoryText under vm.overcommit_memory = 2:
// strict accounting refuses the allocation itself, for every flavor, so
// mysqld does not start with a pool past the commit limit, and within it
// the connections' allocations fail under load, rather than swap or meet
// the OOM killer (kernel overcommit-accounting.rst).
func (e Env) strictCommitText() string {
	c := e.Host.Memory.CommitLimitBytes
	limit := "the commit limit (swap plus vm.overcommit_ratio% of RAM)"
	if c > 0 {
		limit = "the " + e.Human(c) + " commit limit (CommitLimit: swap plus vm.overcommit_ratio% of RAM)"
	}
	s := "With vm.overcommit_memory = 2 (this machine's) the kernel refuses any allocation that takes the " +
		"committed memory past " + limit + ": "
	if c > 0 && e.F.BufferPoolBytes > c {
		return s + "mysqld does not start with this pool (\"Cannot allocate memory for the buffer pool\"), and a resize to it fails."
	}
	return s + "under load mysqld's allocations fail (\"Out of memory\", queries and connections refused) instead of swapping."
}
