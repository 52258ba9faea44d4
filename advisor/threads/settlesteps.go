package threads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// lwmDefaultMySQL is innodb_max_dirty_pages_pct_lwm's default on MySQL
// from 8.0.3, 8.4 too (MySQL 8.4 manual, InnoDB Startup Options and System
// Variables; 0 before: lwmDefaultOf); MariaDB's is 0 (MariaDB KB, InnoDB
// System Variables).
const lwmDefaultMySQL = 10

// settleSteps is how a running server is brought to "settled" before an
// undo that must wait for it, and back: an idle MariaDB 10.11 with its
// default innodb_max_dirty_pages_pct_lwm = 0 leaves the loaded pages dirty
// (3,130 pages stayed for 12 s and 4,617-6,390 for over a minute after
// loads), and innodb_max_dirty_pages_pct = 0 has its page cleaner write
// them at once (the 3,130 were gone within 8 s at innodb_io_capacity 200;
// mariadbd 10.11.19, 2026-12-03). Setting it to 0 also lowers a
// innodb_max_dirty_pages_pct_lwm above 0 to 0 (MariaDB 10.11.19 and
// MySQL 8: warning 1210 "Lowering innodb_max_dirty_page_pct_lwm to
// 0.000000"), which putting innodb_max_dirty_pages_pct back does not
// raise again (QA, 2026-12-06: a server at 75 and 10 was left at 90 and 0
// by the lines "back to its value (90 by default)"), so the lines name
// both values the load runs with and put both back, the limit first.
func settleSteps(p *profile.Profile, o Options) string {
	maxPct, lwm := dirtyPcts(p, o)
	lower, back := "", fmt.Sprintf("SET GLOBAL innodb_max_dirty_pages_pct = %s;", maxPct)
	switch lwm {
	case "0":
	case lwmUnknown:
		lower = "SET GLOBAL innodb_max_dirty_pages_pct_lwm = 0; "
		back += " and innodb_max_dirty_pages_pct_lwm to its value (" + lwmUnknown + ")"
	default:
		lower = "SET GLOBAL innodb_max_dirty_pages_pct_lwm = 0; "
		back += fmt.Sprintf(" SET GLOBAL innodb_max_dirty_pages_pct_lwm = %s;", lwm)
	}
	return lower + "SET GLOBAL innodb_max_dirty_pages_pct = 0; so that the page cleaner writes the loaded pages now, run the undo once " +
		SettleCheck + " is near 0, then put back what it had: " + back
}

// dirtyPcts are innodb_max_dirty_pages_pct and its _lwm as the load runs
// with them (the advised value, else the server's, else the my.cnf's),
// else their defaults for the target (lwmUnknown when it is unknown),
// written as the server takes them.
func dirtyPcts(p *profile.Profile, o Options) (maxPct, lwm string) {
	maxPct = pctText(maxDirtyPctOf(p, o))
	for _, vars := range varSets(p, o) {
		if v, err := strconv.ParseFloat(strings.TrimSpace(vars["innodb_max_dirty_pages_pct_lwm"]), 64); err == nil && v >= 0 && v <= 100 {
			return maxPct, pctText(v)
		}
	}
	switch t := targetOf(p, o); {
	case t.IsMariaDB():
		return maxPct, "0"
	case mysqlFlavor(t):
		return maxPct, strconv.Itoa(lwmDefaultOf(t))
	}
	return maxPct, lwmUnknown
}

// lwmUnknown stands for innodb_max_dirty_pages_pct_lwm when neither the
// server, the my.cnf nor the target says it.
const lwmUnknown = "10 on MySQL, 0 on MariaDB by default"

// pctText writes a percentage as SET GLOBAL takes it: 75, 12.5.
func pctText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
