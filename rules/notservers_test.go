package rules

import "github.com/mytune/mytune/profile"

// elsewhere marks the disk measured as not the server's (probe.ServerElsewhere).
func elsewhere(p *profile.Profile) {
	p.Storage.ServerElsewhere = "the server (tcp 127.0.0.1:3981) runs in a container"
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
	}...)
}
