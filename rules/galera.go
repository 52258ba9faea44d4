package rules

import (
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
