package profile

// ServersView is the storage as the advice may price it: s itself, or,
// when ServerElsewhere says the disk measured is not the server's, only
// its path, that reason and the host's load around the measurement
// (Conditions: this machine's, which a container here shares; dropped
// with hostElsewhere, a server on another machine), as if nothing had
// been measured (review r42: the restore plan priced a server in a
// container on the host's SSD, "a commit takes 185 µs", 49.6k random
// writes/s, while its own disk did 150).
func (s Storage) ServersView(hostElsewhere bool) Storage {
	if s.ServerElsewhere == "" {
		return s
	}
	v := Storage{Path: s.Path, PathQuoted: s.PathQuoted, ServerElsewhere: s.ServerElsewhere}
	if !hostElsewhere {
		v.Conditions = s.Conditions
	}
	return v
}

// ServersView is the host as the advice may size the server's memory on:
// h itself, or, when ServerElsewhere says the server is on another
// machine, h without its memory (this machine's RAM is not the server's),
// so the memory rules stay silent as for an unknown host memory.
func (h Host) ServersView() Host {
	if h.ServerElsewhere == "" {
		return h
	}
	h.Memory = Memory{}
	return h
}

// ServersView is p with its storage and host as the advice may price them
// (Storage.ServersView, Host.ServersView).
func (p Profile) ServersView() Profile {
	p.Storage = p.Storage.ServersView(p.Host.ServerElsewhere != "")
	p.Host = p.Host.ServersView()
	return p
}
