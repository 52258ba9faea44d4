package threads

import "github.com/mytune/mytune/profile"

// galeraCalibratedNote says that a calibration used on a Galera node
// measured without the cluster: calibrate's sessions run with wsrep_on =
// 0 (calibrate/cluster.go), so its rates leave out certification, the
// write sets' trip to the other nodes and flow control. On a 2-node
// localhost MariaDB 10.11.19 cluster (review r39, docs/benchmarks/
// live-server.md "A Galera node: myloader's transactions against
// wsrep_max_ws_size") calibrate --dump made 11.5 MB/s at 4 sessions and
// myloader -t 4 into the cluster 11.3 MB/s; across a network not measured.
const galeraCalibratedNote = "this server is a Galera cluster node and calibrate --dump ran its sessions with wsrep_on = 0 " +
	"(its scratch rows stayed on this node), so the calibrated thread count and restore time leave out what a load into the " +
	"cluster also waits for: certification, each write set's trip to the other nodes and flow control from a node that falls " +
	"behind (on a 2-node MariaDB 10.11.19 cluster on one host: 11.5 MB/s calibrated at 4 sessions, 11.3 MB/s for myloader -t 4 " +
	"into the cluster; across a network not measured)"

// galeraCalibrated is galeraCalibratedNote when the load choice rests on
// a calibration and the target is a Galera node, else "".
func galeraCalibrated(p *profile.Profile, o Options, loader Choice) string {
	if loader.Basis != BasisCalibrated || !galeraNode(p, o) {
		return ""
	}
	return galeraCalibratedNote
}
