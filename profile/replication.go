package profile

// Replication roles.
const (
	RoleReplica    = "replica"
	RoleSource     = "source"
	RoleStandalone = "standalone"
	RoleUnknown    = "unknown"
)

// Replication says whether the server replicates from or to others.
type Replication struct {
	Role string `json:"role"`
	// Channels is how many replication channels/connections a replica has.
	Channels int `json:"channels"`
	// Replicas is how many replicas are connected to a source.
	Replicas int `json:"replicas"`
	// ReplicasUnknown is true when whether replicas are connected could
	// not be read: MariaDB's Slaves_connected refused, or on MySQL an
	// account that sees no other user's session (no PROCESS: MySQL's
	// Binlog Dump threads are hidden from it), so Replicas 0 means "none
	// seen", not "none".
	ReplicasUnknown bool `json:"replicas_unknown,omitempty"`
	// SecondsBehind is the largest Seconds_Behind_Source, -1 if NULL/unknown
	// (0 for a replica caught up: always written).
	SecondsBehind int64 `json:"seconds_behind"`
	// SQLDelayS is the largest SQL_Delay (MASTER_DELAY / SOURCE_DELAY): a
	// delayed replica is that far behind on purpose.
	SQLDelayS int64 `json:"sql_delay_s,omitempty"`
	// Running is false when an I/O or SQL thread of some channel is stopped.
	Running bool `json:"running"`
	// BeyondDelayS is the largest lag beyond its own channel's configured
	// delay (Seconds_Behind_Source − SQL_Delay, at least 0, channel by
	// channel), -1 when no channel's lag is known; nil in profiles saved
	// before it (LagBeyondDelay then uses SecondsBehind − SQLDelayS).
	BeyondDelayS *int64 `json:"seconds_beyond_delay,omitempty"`
	// LeftoverChannels are the stopped replica configurations a source
	// still holds (CHANGE MASTER, then RESET SLAVE without ALL): shown by
	// SHOW ALL SLAVES STATUS, but the server replicates from none of them.
	LeftoverChannels int `json:"leftover_channels,omitempty"`
	// GTIDPosition is true for a MariaDB replica whose every channel
	// replicates by GTID position (Using_Gtid Slave_Pos or Current_Pos):
	// its position, mysql.gtid_slave_pos, is committed with the
	// transactions it applies, so a crash that loses some of them loses
	// their position too and the replica fetches them again.
	GTIDPosition bool `json:"gtid_position,omitempty"`
	// RelayLogBytes is the replica's relay logs on disk, every channel's
	// Relay_Log_Space summed (the applied part of the current file
	// included); 0 when not read.
	RelayLogBytes uint64 `json:"relay_log_bytes,omitempty"`
	// QueuedTransactions is how many transactions a MariaDB GTID replica
	// has fetched and not yet applied: per channel and replication domain,
	// Gtid_IO_Pos's sequence number less Gtid_Slave_Pos's, summed; nil
	// when not known (MySQL, a replica by file position, a column missing).
	QueuedTransactions *int64 `json:"queued_transactions,omitempty"`
}

// LagBeyondDelay is how far the replica is behind more than its
// configured delay, channel by channel (BeyondDelayS; for profiles saved
// before it SecondsBehind − SQLDelayS, at least 0), -1 when the lag is
// unknown. QA: a replica with MASTER_DELAY = 40 read "40 s behind", and
// the disk was blamed; QA 17: with channel ” 29 s behind and channel 'b'
// (MASTER_DELAY 3600) 37 s behind, the largest lag less the largest delay
// hid the first channel's lag.
func (r Replication) LagBeyondDelay() int64 {
	if r.BeyondDelayS != nil {
		return *r.BeyondDelayS
	}
	if r.SecondsBehind < 0 {
		return -1
	}
	return max(r.SecondsBehind-r.SQLDelayS, 0)
}
