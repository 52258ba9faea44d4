package server

import (
	"context"
	"database/sql"
	"time"

	"github.com/mytune/mytune/profile"
)

// ReplicationOf reads the replication role of the server behind db as Read
// does (SHOW ALL SLAVES STATUS on MariaDB, SHOW REPLICA STATUS or SHOW
// SLAVE STATUS on MySQL, and the replicas connected), for a writer
// (calibrate) that must know whether its writes would be a replica's own
// transactions. flavor and version are the server's; timeout bounds each
// query. A status the account may not read leaves the role unknown
// (profile.RoleUnknown) unless replicas are seen connected.
func ReplicationOf(ctx context.Context, db *sql.DB, flavor, version string, timeout time.Duration) *profile.Replication {
	r := &reader{db: db, c: Conn{QueryTimeout: timeout}, s: &profile.Server{Flavor: flavor, Version: version}}
	r.replication(ctx)
	return r.s.Replication
}
