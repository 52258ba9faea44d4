package threads

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// galeraNode reports whether the target replicates its writes through
// Galera: the server read (or its my.cnf) has wsrep_on ON and a provider
// loaded. MySQL has no such variables: false, as when none was read.
func galeraNode(p *profile.Profile, o Options) bool {
	var sets []map[string]string
	if p.Server != nil {
		sets = append(sets, p.Server.Variables)
	}
	if p.MyCnf != nil {
		vars, _ := p.MyCnf.For(targetOf(p, o).Flavor)
		sets = append(sets, vars)
	}
	for _, vars := range sets {
		on, ok := vars["wsrep_on"]
		if !ok {
			continue
		}
		b, err := profile.ParseBool(on)
		prov := strings.ToLower(strings.TrimSpace(vars["wsrep_provider"]))
		return err == nil && b && prov != "" && prov != "none"
	}
	return false
}

// galeraSkipWarning is the risk of skipping the binary log on a Galera
// node: sql_log_bin = 0 keeps the rows out of this node's binary log
// only, and Galera still sends them to every node of the cluster. On
// MariaDB 10.11.19 (one-node cluster, log_bin ON, review r19) a
// 20,000-row INSERT after SET SESSION sql_log_bin = 0 left the binary
// log at 449 bytes and raised wsrep_replicated_bytes from 968 to
// 4,296,120. Loading the other nodes "the same way" would load them twice.
const galeraSkipWarning = "this server is a Galera cluster node (wsrep_on ON, a wsrep_provider loaded): sql_log_bin = 0 keeps the " +
	"loaded rows out of its binary log only, and Galera still replicates every row to the cluster's other nodes " +
	"(MariaDB 10.11.19: 20,000 rows inserted with sql_log_bin = 0 left the binary log at 449 bytes and sent 4.3 MB to the " +
	"cluster), so do not load the other nodes again; asynchronous replicas of this node's binary log and point-in-time " +
	"recovery miss the rows: load those replicas the same way and take a fresh backup after; "
