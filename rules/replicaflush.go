package rules

import "fmt"

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

// ReplicaRelaxedText is what durability.flush_log_relaxed and
// durability.log_file_buffering_relaxed add on a MariaDB replica by GTID
// position (ReplicaFlushText's reasoning), "" elsewhere. Review r49: a
// MariaDB 10.11.19 GTID replica 62 s behind, advised with --durability
// relaxed, was told an OS crash "can lose up to about a second of
// committed transactions", as a source is; measured, the same replica at
// innodb_flush_log_at_trx_commit 2 (log buffered, sync_binlog 1000) kept
// up with 150 transactions/s applied serially, where at 1 it caught up
// 55.9 s after the load (docs/benchmarks/live-server.md, "A lagging replica").
func (e Env) ReplicaRelaxedText() string {
	if !e.F.ReplicaByGTID || e.F.Galera {
		return ""
	}
	return " This server is a replica by GTID position (Using_Gtid Slave_Pos or Current_Pos): what such a crash takes " +
		"are transactions its source still has, and their position in mysql.gtid_slave_pos (an InnoDB table written " +
		"in the same transactions) goes back with them, so after the restart it fetches and applies them again; only " +
		"writes made on the replica itself would be lost."
}

// ReplicaBinlogRelaxedText is what durability.sync_binlog_relaxed adds on
// a MariaDB replica by GTID position, "" elsewhere. Its transactions and
// their gtid_slave_pos rows are both InnoDB's and stay together whatever a
// crash takes from its binary log (log_slave_updates); what that loss
// touches is only who reads this server's binary log: its own replicas
// (F.ReplicasConnected of them connected) and point-in-time recovery from
// it. Review r49: the text spoke only of a source's replicas.
func (e Env) ReplicaBinlogRelaxedText() string {
	if !e.F.ReplicaByGTID || e.F.Galera {
		return ""
	}
	who := "no replica of its own was connected when it was read"
	switch n := e.F.ReplicasConnected; {
	case n == 1:
		who = "1 replica of its own reads it"
	case n > 1:
		who = fmt.Sprintf("%d replicas of its own read it", n)
	}
	return " This server is itself a replica by GTID position: the transactions it applied and their position in " +
		"mysql.gtid_slave_pos are both InnoDB's and stay together whatever a crash takes from its binary log, so it " +
		"goes on replicating from its source; the loss is in its own binary log only, for servers that replicate " +
		"from it (" + who + ") and point-in-time recovery from it."
}
