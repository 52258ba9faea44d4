package rules

import (
	"fmt"
	"strconv"

	"github.com/mytune/mytune/profile"
)

// MaxConnectionsMin is the least max_connections each server takes: MariaDB
// 10 (MariaDB KB, max_connections, range 10 to 100000; mariadbd 10.11.19
// with --max-connections=0 or 1 logs "unsigned value 0 adjusted to 10"),
// MySQL and Percona Server 1 (MySQL 8.4 manual, range 1 to 100000).
func MaxConnectionsMin(flavor string) int {
	if flavor == profile.FlavorMariaDB {
		return 10
	}
	return 1
}

// clampMaxConnections holds max_connections to the range the server takes
// (MaxConnectionsMin to MaxConnectionsLimit), as the server does at start,
// and says so: a my.cnf's max_connections = 0 ran as 10 on MariaDB 10.11.19,
// and 18446744073709551615 as 100000, while mytune sized the buffer pool
// for "0 connections" (review r19).
func (f *Facts) clampMaxConnections() {
	lo, n := MaxConnectionsMin(f.Flavor), f.MaxConnections
	if _, given := f.Raw["max_connections"]; !given || (n >= lo && n <= MaxConnectionsLimit) {
		return
	}
	f.MaxConnections = min(max(n, lo), MaxConnectionsLimit)
	edge := "minimum"
	if n > MaxConnectionsLimit {
		edge = "maximum"
	}
	f.Problems = append(f.Problems, fmt.Sprintf("max_connections = %q: the server adjusts it to %d, its %s, at start; %d was used",
		f.Raw["max_connections"], f.MaxConnections, edge, f.MaxConnections))
	f.Raw["max_connections"] = strconv.Itoa(f.MaxConnections)
}
