package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// galeraOn is true for the variables of a server that replicates its
// commits through Galera: wsrep_on ON and a wsrep_provider loaded (MySQL
// has neither; MariaDB shows wsrep_provider "none" without one).
func galeraOn(vars map[string]string) bool {
	on, err := profile.ParseBool(strings.TrimSpace(vars["wsrep_on"]))
	prov := strings.ToLower(strings.TrimSpace(vars["wsrep_provider"]))
	return err == nil && on && prov != "" && prov != "none"
}

// GaleraFlushText is what durability.flush_log_strict adds on a Galera
// node, "" elsewhere (review r19: a MariaDB Galera node at
// innodb_flush_log_at_trx_commit = 2 was told an OS crash "loses up to
// about a second of committed transactions", which the cluster's other
// nodes hold: Galera replicates and certifies a transaction on every node
// before its commit returns, and a node that crashed rejoins by IST or SST).
func (e Env) GaleraFlushText() string {
	if !e.F.Galera {
		return ""
	}
	return " This server is a Galera cluster node (wsrep_on ON, a wsrep_provider loaded): a commit returns only once " +
		"the cluster's other nodes have it, so a crash of this node alone loses nothing the cluster keeps (the node " +
		"rejoins by IST or SST), and the commits not yet synced are lost only if every node goes down at once (a shared power cut), " +
		"which is why Galera clusters often run 2. --durability strict still keeps 1; " +
		"--durability relaxed leaves 2 as it is."
}

// GaleraCommitsPerSec is commits/s per session on a Galera node with the
// current settings' syncs (CommitsPerSecNow) and the group's replication
// latency (wsrep_evs_repl_latency's average) added to each commit; 0 when
// the latency is not known. An upper bound: on a 2-node MariaDB 10.11.19
// cluster on one 2-CPU host (review r43) one session at
// innodb_flush_log_at_trx_commit = 2 made 750-906 commits/s with wsrep on
// and 3642-5059 with wsrep_on = 0, about 1 ms a commit for the round trip,
// while the latency read 175 µs.
func (e Env) GaleraCommitsPerSec() float64 {
	if !e.F.Galera || e.F.GaleraReplSamples == 0 {
		return 0
	}
	wait := e.F.GaleraReplLatencyS
	if c := e.CommitsPerSecNow(); c > 0 && e.SyncsPerCommit() > 0 {
		wait += 1 / c
	}
	if wait <= 0 {
		return 0
	}
	return 1 / wait
}

// GaleraCommitText is what durability.commit_cost and slow_commits add on
// a Galera node, "" elsewhere: the disk's figures leave out the write
// set's trip round the cluster and its certification, which every commit
// waits for (review r39: "about 2682 commits/s per session" was said on a
// node where one session made 526-551/s).
func (e Env) GaleraCommitText() string {
	if !e.F.Galera {
		return ""
	}
	nodes := ""
	if e.F.GaleraNodes > 0 {
		nodes = fmt.Sprintf(" of %d", e.F.GaleraNodes)
		if e.F.GaleraNodes == 1 {
			nodes = " alone in its cluster"
		}
	}
	s := " This server is a Galera cluster node" + nodes + ": a commit also waits until its write set has gone round the " +
		"cluster and been certified, which the figures above leave out"
	c := e.GaleraCommitsPerSec()
	if c == 0 {
		return s + "; wsrep_evs_repl_latency had no samples to price it (the group reports it once every " +
			"evs.stats_report_period). One session's single-row autocommit INSERTs show what a commit costs there."
	}
	return s + fmt.Sprintf(": the group's replication latency averaged %s (wsrep_evs_repl_latency, %d messages), so one session "+
		"commits at most about %s times a second with the current settings, and fewer where the nodes are busy (certification, "+
		"ordering and scheduling add to it). One session's single-row autocommit INSERTs show what a commit costs there.",
		Duration(e.F.GaleraReplLatencyS*1e6), e.F.GaleraReplSamples, e.N(c))
}
