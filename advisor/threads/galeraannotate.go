package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// galeraAnnotateMeasured is what one load sent through Galera with
// binlog_annotate_row_events ON and OFF, for the setting's text when the
// dump's rows were not modelled. Measured on a 2-node MariaDB 10.11.19
// cluster, galera-4 (review r46, docs/benchmarks/live-server.md "Galera:
// the INSERTs' text left out of the write sets during a load"): 4 sbtest
// tables of 25,000 rows, mydumper 0.10 (19.9 MB), myloader -t 4 raised
// wsrep_replicated_bytes by 38,848,536 with it ON and 18,972,792 OFF,
// the same in each of 3 runs (review r39: 38.9 against 19.0 MB a 19.9 MB
// file).
const galeraAnnotateMeasured = "MariaDB 10.11.19: a 19.9 MB mydumper dump sent 38.8 MB of write sets with it ON, 19.0 MB with it OFF"

// galeraAnnotate is the during-load setting that turns
// binlog_annotate_row_events OFF on a Galera node, so that each write
// set carries its rows without the INSERT's text beside them: about half
// of what a mydumper or mysqldump load sends through the cluster, keeps
// in every node's gcache and weighs against wsrep_max_ws_size. Offered
// where it is ON (MariaDB's default) and the rows come as INSERTs (not
// mydumper --load-data or MySQL Shell's LOAD DATA); the undo puts back
// ON. SET GLOBAL reaches the sessions opened after it, so it is set
// before the loader connects.
func galeraAnnotate(p *profile.Profile, o Options) (Setting, bool) {
	if !galeraNode(p, o) || !galeraLimitsOf(p, o).annotate {
		return Setting{}, false
	}
	d := p.Dump
	if d != nil && (d.LoadData || d.Format == "mysqlsh") {
		return Setting{}, false
	}
	size := galeraAnnotateMeasured
	if d != nil {
		if ws, sql, ok := galeraLoadWriteSets(d, true); ok && sql > 0 {
			size = fmt.Sprintf("about %s for this load instead of %s (%s)",
				profile.HumanBytes(uint64(ws-sql)), profile.HumanBytes(uint64(ws)), galeraAnnotateMeasured)
		}
	}
	return Setting{
		Name: "leave the INSERTs' text out of Galera's write sets",
		Apply: "SET GLOBAL binlog_annotate_row_events = OFF; -- before the loader connects (sessions opened after it take it): " +
			"the write sets this Galera node sends to every node, and each keeps in its gcache, then carry the rows without " +
			"the INSERTs' text: " + size,
		Undo: "SET GLOBAL binlog_annotate_row_events = ON;",
		Warning: "while it is OFF no session's row events carry their statement's text (mysqlbinlog -v shows the rows only), " +
			"in the binary log too if it is on; the rows themselves are the same",
	}, true
}
