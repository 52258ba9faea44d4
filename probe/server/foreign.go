package server

import (
	"fmt"
	"strings"
)

// ForeignServerError says the server speaks MySQL's protocol but is not
// MySQL, MariaDB or Percona Server: what mytune advises (the InnoDB buffer
// pool, redo log, io_capacity, flushing) does not exist there or is not
// this server's, so no advice is given rather than confident nonsense
// (review r19: a TiDB v8.1.0 capture got "MySQL 8.0 reached end of life",
// innodb_buffer_pool_size 128M → 17G and a redo log for its no-op
// variables).
type ForeignServerError struct {
	// Product is what the server is ("TiDB"), Version its @@version.
	Product, Version string
	// Why says what it has in place of what mytune tunes.
	Why string
	// Instead says how to run mytune without the server's settings.
	Instead string
}

func (e *ForeignServerError) Error() string {
	return fmt.Sprintf("the server is %s (%s), not MySQL, MariaDB or Percona Server: %s; mytune advises those three only: "+
		"%s", e.Product, e.Version, e.Why, e.Instead)
}

// foreignProducts are the MySQL-protocol servers told apart by
// @@version or @@version_comment (lower case): TiDB ("8.0.11-TiDB-v8.1.0",
// "TiDB Server (Apache License 2.0) Community Edition, MySQL 8.0
// compatible": pingcap/tidb, sessionctx/variable/sysvar.go), Vitess's
// vtgate ("8.0.30-Vitess", "5.7.9-vitess-12.0.0": its
// --mysql_server_version default) and OceanBase ("5.7.25-OceanBase_CE-v4.2.1.2").
var foreignProducts = []struct{ match, product, why string }{
	{"tidb", "TiDB", "it keeps its data in TiKV, not InnoDB, so it has no InnoDB buffer pool, redo log or io_capacity " +
		"(its innodb_* variables are no-ops kept for compatibility: pingcap/tidb, sessionctx/variable/noop.go) and " +
		"its memory is set by tidb_server_memory_limit and TiKV's own configuration"},
	{"vitess", "Vitess's vtgate", "vtgate is a proxy in front of the tablets' mysqld servers, on other hosts: the settings it " +
		"passes on are one tablet's, and this machine is not where they run; run mytune on a tablet's host against its " +
		"mysqld (its socket or port)"},
	{"oceanbase", "OceanBase", "it has its own storage engine, not InnoDB, so it has no InnoDB buffer pool, redo log or io_capacity"},
}

// foreignServer is the error for a server whose @@version or
// @@version_comment names a product of foreignProducts, nil for any other;
// instead says how to run mytune without it.
func foreignServer(version, comment, instead string) error {
	text := strings.ToLower(version + " " + comment)
	for _, f := range foreignProducts {
		if strings.Contains(text, f.match) {
			return &ForeignServerError{Product: f.product, Version: version, Why: f.why, Instead: instead}
		}
	}
	return nil
}
