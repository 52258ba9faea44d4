package rules

import "github.com/mytune/mytune/profile"

// elsewhere marks the disk measured as not the server's (probe.ServerElsewhere).
func elsewhere(p *profile.Profile) {
	p.Storage.ServerElsewhere = "the server (tcp 127.0.0.1:3981) runs in a container"
}

// anotherMachine marks the server as on another machine
// (probe.OnAnotherMachine): its disk and its memory are not this host's.
func anotherMachine(p *profile.Profile) {
	p.Storage.ServerElsewhere = "the server (tcp 10.242.0.2:3942) is on another machine"
	p.Host.ServerElsewhere = p.Storage.ServerElsewhere
}

func init() {
	ruleCases = append(ruleCases, []struct {
		name       string
		id         string
		mutate     func(*profile.Profile)
		durability string
		want       bool
		recommend  string
	}{
		// review r40: a server in a container whose @@datadir is, on the host, another directory
		{"disk measured is not the server's: said", "storage.not_the_servers", elsewhere, "", true, ""},
		{"disk measured is the server's: silent", "storage.not_the_servers", func(*profile.Profile) {}, "", false, ""},
		{"io_capacity 200, disk not the server's: not priced", "io.capacity", all(setVar("innodb_io_capacity", "200"), elsewhere), "", false, ""},
		{"commit cost, disk not the server's: not priced", "durability.commit_cost", elsewhere, "", false, ""},
		{"tmpfs not the server's: not called volatile", "storage.volatile", all(onTmpfs, elsewhere), "", false, ""},
		// review r42: a server on another machine had its pool sized on this machine's RAM (17G of 23.5 GiB)
		{"pool 1G of 32G, server in a container here: still sized", "memory.buffer_pool_small", all(setVar("innodb_buffer_pool_size", "1G"), elsewhere), "", true, "15G"},
		{"pool 1G, server on another machine: not sized on this RAM", "memory.buffer_pool_small", all(setVar("innodb_buffer_pool_size", "1G"), anotherMachine), "", false, ""},
		{"10000 connections, server on another machine: not sized on this RAM", "memory.max_connections_memory", all(setVar("max_connections", "10000"), anotherMachine), "", false, ""},
		{"server on another machine: the finding says its memory is not advised", "storage.not_the_servers", anotherMachine, "", true, ""},
	}...)
}
