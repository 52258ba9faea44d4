package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
)

// ErrClusterRefused is what Open's error wraps on a Galera node whose
// account may not turn Galera replication off for its sessions, when the
// caller did not allow the writes to reach the other nodes.
var ErrClusterRefused = errors.New("the server is a Galera cluster node and this account may not turn wsrep_on off")

// clusterNote says a run's writes were replicated to the cluster's nodes.
const clusterNote = "the server is a Galera cluster node and this account may not turn wsrep_on off: the scratch schema, " +
	"its rows and its drop were replicated to every node of the cluster (--allow-binlog)"

// offClusterNote says a run's sessions left the cluster out, and so do
// its rates. On a 2-node localhost MariaDB 10.11.19 cluster (review r39,
// docs/benchmarks/live-server.md "A Galera node: myloader's transactions
// against wsrep_max_ws_size") calibrate --dump made 11.5 MB/s at 4
// sessions, myloader -t 4 into the cluster 11.3 MB/s.
const offClusterNote = "the server is a Galera cluster node: calibrate's sessions ran with wsrep_on = 0, so nothing of the " +
	"scratch schema reached the other nodes, and the rates leave out what a load into the cluster also waits for: " +
	"certification, each write set's trip to the other nodes and flow control from a node that falls behind (on a 2-node " +
	"MariaDB 10.11.19 cluster on one host: 11.5 MB/s calibrated at 4 sessions, 11.3 MB/s for myloader -t 4 into the cluster; " +
	"across a network not measured)"

// galeraNode reports whether the server replicates writes through Galera:
// wsrep_on is ON and a provider is loaded. MySQL has no such variables
// (the query fails): false, as when it cannot be read.
func galeraNode(ctx context.Context, db *sql.DB) bool {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var on bool
	var provider sql.NullString
	if db.QueryRowContext(qc, qWsrep.in("")).Scan(&on, &provider) != nil {
		return false
	}
	p := strings.ToLower(strings.TrimSpace(provider.String))
	return on && p != "" && p != "none"
}

// offCluster opens calibrate's pool on a Galera node with wsrep_on=0 on
// every session, so the scratch schema, its rows and its drop stay on this
// node (the note says the rates leave the cluster out) (sql_log_bin=0 does not stop Galera replication: on MariaDB 10.11
// a calibrate --dump run without it raised wsrep_replicated_bytes by
// 160 MB). An account without SUPER may not: refused unless allow, then
// the pool replicates and the note says so.
func offCluster(ctx context.Context, conn server.Conn, skipBinlog, allow bool) (*sql.DB, string, error) {
	db, err := server.Open(ctx, conn, poolOptions(skipBinlog, true))
	if err == nil {
		return db, offClusterNote, nil
	}
	if !errors.Is(err, server.ErrSkipWsrepDenied) {
		return nil, "", openErr(err)
	}
	if !allow {
		return nil, "", usage.Errorf("%w (it needs the SUPER privilege): calibrate's scratch schema and its rows would be "+
			"replicated to every node of the cluster; use an account with SUPER, calibrate a node taken out of the cluster, "+
			"or pass --allow-binlog", ErrClusterRefused)
	}
	if db, err = server.Open(ctx, conn, poolOptions(skipBinlog, false)); err != nil {
		return nil, "", openErr(err)
	}
	return db, clusterNote, nil
}
