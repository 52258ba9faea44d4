package rules

// UsableMemSource names what sets EffectiveMemBytes: "the commit limit,
// vm.overcommit_memory = 2", "the cgroup limit" or "RAM".
func (e Env) UsableMemSource() string {
	m := e.Host.Memory
	n := m.EffectiveBytes()
	switch {
	case m.StrictCommitLimit() > 0 && n == m.StrictCommitLimit() && n < m.TotalBytes && (m.LimitBytes == 0 || n < m.LimitBytes):
		return "the commit limit, vm.overcommit_memory = 2"
	case m.LimitBytes > 0 && n == m.LimitBytes && n < m.TotalBytes:
		return "the cgroup limit"
	}
	return "RAM"
}

// UsableMemParts lists the bounds EffectiveMemBytes is the least of:
// "cgroup limit 2.0 GiB, commit limit 7.8 GiB (vm.overcommit_memory = 2),
// RAM 15.6 GiB", each only when set.
func (e Env) UsableMemParts() string {
	m := e.Host.Memory
	s := ""
	if m.LimitBytes > 0 {
		s += "cgroup limit " + e.Human(m.LimitBytes) + ", "
	}
	if c := m.StrictCommitLimit(); c > 0 {
		s += "commit limit " + e.Human(c) + " (vm.overcommit_memory = 2), "
	}
	return s + "RAM " + e.Human(m.TotalBytes)
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
