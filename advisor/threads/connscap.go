package threads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// loaderOwnConnections is the connection a parallel loader opens besides
// its worker sessions: myloader 0.10 --threads 10 into MariaDB 10.11 held
// 11 connections at once (Max_used_connections 11), and --threads 16 into
// a server with max_connections 10 stopped at once with "Failed to connect
// to MySQL server: Too many connections" (exit 1), nothing loaded.
const loaderOwnConnections = 1

// maxConnectionsOf is max_connections as the load meets it: the advised
// my.cnf's, else the live server's, else the given my.cnf's, with the
// word for where it came from; 0 when none says.
func maxConnectionsOf(p *profile.Profile, o Options) (int, string) {
	for i, vars := range varSets(p, o) {
		n, err := strconv.Atoi(strings.TrimSpace(vars["max_connections"]))
		if err != nil || n <= 0 {
			continue
		}
		if i == 0 {
			return n, "as advised here"
		}
		return n, "the server's"
	}
	return 0, ""
}

// capToConnections lowers a load choice whose sessions and the loader's
// own connection would not fit the target's max_connections (the advice
// lowers it on a host short of memory): the printed loader line would
// fail with "Too many connections". The cap leaves the loader's own
// connection; other clients of the server get none while it runs.
func capToConnections(p *profile.Profile, o Options, load Choice) Choice {
	maxConns, from := maxConnectionsOf(p, o)
	if maxConns == 0 || load.Threads+loaderOwnConnections <= maxConns {
		return load
	}
	n := max(maxConns-loaderOwnConnections, 1)
	load.Why += fmt.Sprintf("; but max_connections is %d (%s): the loader's %s and its own connection would not fit "+
		"(myloader 0.10 at 16 threads into max_connections 10 stopped with \"Too many connections\", nothing loaded), "+
		"so capped at %s, leaving no connection for other clients while the load runs → %s",
		maxConns, from, count(load.Threads, "session"), threadCount(n), threadCount(n))
	load.Threads = n
	return load
}
