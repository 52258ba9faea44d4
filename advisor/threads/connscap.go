package threads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ownConnections is the connection a parallel loader or dumper opens
// besides its worker sessions: myloader 0.10 --threads 10 into MariaDB
// 10.11 held 11 connections at once (Max_used_connections 11), and
// --threads 16 into a server with max_connections 10 stopped at once with
// "Failed to connect to MySQL server: Too many connections" (exit 1),
// nothing loaded; mydumper 0.10 --threads 9 held 10, and --threads 16
// from that server stopped with "Failed to connect to database: Too many
// connections" (exit 1).
const ownConnections = 1

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
	return capChoice(p, o, load, "loader", "myloader 0.10 at 16 threads into max_connections 10 stopped with \"Too many connections\", nothing loaded")
}

// capDumpToConnections is capToConnections for the dump of this server
// (no --dump given: the source is the server read, whose disk sized the
// dump); a --dump's source is another server, whose limit is not known.
func capDumpToConnections(p *profile.Profile, o Options, dump Choice) Choice {
	if p.Dump != nil {
		return dump
	}
	return capChoice(p, o, dump, "dumper", "mydumper 0.10 at 16 threads from a server with max_connections 10 stopped with \"Too many connections\"")
}

// maxUserConnectionsOf is the global max_user_connections of the server
// read, else of the given my.cnf (the advice never sets it), with where it
// came from; 0 when none says or it is 0 (no limit). It holds every account without a limit of
// its own: on MariaDB 10.11 with max_user_connections 3, an account
// without SUPER got "User v already has more than 'max_user_connections'
// active connections" for its fourth, and myloader 0.10 --threads 4 as
// that account stopped with it (exit 1), nothing loaded; --threads 2 loaded.
func maxUserConnectionsOf(p *profile.Profile) (int, string) {
	if p.Server != nil {
		if n, err := strconv.Atoi(strings.TrimSpace(p.Server.Variables["max_user_connections"])); err == nil && n > 0 {
			return n, "the server's"
		}
	}
	if p.MyCnf != nil {
		if n, err := strconv.Atoi(strings.TrimSpace(p.MyCnf.Variables["max_user_connections"])); err == nil && n > 0 {
			return n, "the my.cnf's"
		}
	}
	return 0, ""
}

// capChoice lowers c to max_connections (and max_user_connections, which
// binds the one account the tool connects as) less the tool's own
// connection, saying why with what was seen when it did not fit.
func capChoice(p *profile.Profile, o Options, c Choice, tool, seen string) Choice {
	maxConns, from := maxConnectionsOf(p, o)
	if maxConns > 0 && c.Threads+ownConnections > maxConns {
		n := max(maxConns-ownConnections, 1)
		c.Why += fmt.Sprintf("; but max_connections is %d (%s): the %s's %s and its own connection would not fit (%s), "+
			"so capped at %s, leaving no connection for other clients while it runs → %s",
			maxConns, from, tool, count(c.Threads, "session"), seen, threadCount(n), threadCount(n))
		c.Threads = n
	}
	perUser, userFrom := maxUserConnectionsOf(p)
	if perUser > 0 && c.Threads+ownConnections > perUser {
		n := max(perUser-ownConnections, 1)
		c.Why += fmt.Sprintf("; but max_user_connections is %d (%s): one account may hold no more connections at once: "+
			"the %s's %s and its own connection would not fit (MariaDB 10.11, max_user_connections 3: myloader 0.10 "+
			"--threads 4 stopped with \"User … already has more than 'max_user_connections' active connections\", nothing loaded), "+
			"so capped at %s (an account with SUPER, or a limit of its own, may take more) → %s",
			perUser, userFrom, tool, count(c.Threads, "session"), threadCount(n), threadCount(n))
		c.Threads = n
	}
	return c
}
