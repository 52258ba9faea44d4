package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// ErrReplicaBinlog is what the refusal wraps when calibrate's writes would
// go into a replica's own binary log (--allow-binlog on a replica).
var ErrReplicaBinlog = errors.New("this server is a replica, the binary log is on and this account may not skip it")

// replicaBinlogRefused refuses --allow-binlog on a replica: there the
// scratch schema, its rows and its drop are the replica's own transactions
// under its own GTIDs, which its source never had (review r24: on a
// MariaDB 10.11 replica with gtid_strict_mode ON, calibrate --allow-binlog
// as an account without BINLOG ADMIN left 0-2-46865 in its binary log
// state, and the source's next transaction stopped its SQL thread with
// error 1950, "out-of-order sequence number"). nil on any other server,
// and when whether it is a replica cannot be read.
func replicaBinlogRefused(ctx context.Context, db *sql.DB) error {
	flavor, version := serverFlavor(ctx, db)
	rep := server.ReplicationOf(ctx, db, flavor, version, DefaultQueryTimeout)
	replica := rep != nil && rep.Role == profile.RoleReplica
	if rep != nil && rep.Role == profile.RoleUnknown {
		replica = slavesRunning(ctx, db) > 0
	}
	if !replica {
		return nil
	}
	what := "errant GTID transactions: a failover to it, or a replica moved under it, carries the scratch schema's " +
		"transactions the source never had"
	if flavor == profile.FlavorMariaDB {
		what = "transactions under its own server_id's GTIDs: with gtid_strict_mode ON the source's next transaction " +
			"stops its SQL thread (error 1950, out-of-order sequence number), and with it OFF they stay in its " +
			"gtid_binlog_state, where MASTER_USE_GTID=current_pos and a failover meet them"
	}
	return usage.Errorf("%w (it needs %s): calibrate's scratch schema, its rows and its drop would be the replica's "+
		"own %s; --allow-binlog does not lift this on a replica: use an account that may skip the binary log, or "+
		"calibrate the source or a copy of the restore target", ErrReplicaBinlog, profile.SkipBinlogPrivileges(flavor, version), what)
}

// slavesRunning is MariaDB's Slaves_running, the replica SQL threads
// running, readable without privileges; 0 when unread (MySQL has no such
// counter).
func slavesRunning(ctx context.Context, db *sql.DB) int {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var name, val string
	if db.QueryRowContext(qc, qSlavesRunning.in("")).Scan(&name, &val) != nil {
		return 0
	}
	n, _ := strconv.Atoi(val)
	return n
}
