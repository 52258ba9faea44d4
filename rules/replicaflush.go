package rules

// ReplicaFlushText is what durability.flush_log_strict adds on a MariaDB
// replica that replicates by GTID position (F.ReplicaByGTID), "" elsewhere
// and on a Galera node (GaleraFlushText speaks there). Review r24: a
// MariaDB 10.11 replica at innodb_flush_log_at_trx_commit = 2 (Using_Gtid
// Slave_Pos) was told an OS crash "loses up to about a second of committed
// transactions", as a source is; a replica's position, mysql.gtid_slave_pos
// (InnoDB), is written in the same transactions it applies, so a crash
// that loses them loses their position with them and the replica fetches
// them from its source again (MariaDB KB, "GTID": crash-safe replica).
func (e Env) ReplicaFlushText() string {
	if !e.F.ReplicaByGTID || e.F.Galera {
		return ""
	}
	return " This server is a replica that applies its source's transactions by GTID position (Using_Gtid " +
		"Slave_Pos or Current_Pos): what a crash takes from it are transactions its source still has, " +
		"and their position in mysql.gtid_slave_pos (an InnoDB table written in the same transactions) goes back " +
		"with them, so after the restart it fetches and applies them again; only writes made on the replica itself " +
		"(which a replica should not take) would be lost. That is why replicas often run 2, and a replica behind its " +
		"source applies faster without a sync per commit. --durability strict still keeps 1; --durability relaxed " +
		"leaves 2 as it is."
}
