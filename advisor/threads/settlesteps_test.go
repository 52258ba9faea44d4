package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSettleSteps: the lines that make a running server write its loaded
// pages put back both innodb_max_dirty_pages_pct and its _lwm as they
// were: SET GLOBAL innodb_max_dirty_pages_pct = 0 lowers a _lwm above 0 to
// 0 (MariaDB 10.11.19, warning 1210), and the old "back to its value (90
// by default)" left a server at 75 and 10 at 90 and 0.
func TestSettleSteps(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	mysql := profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0"}
	srv := func(maxPct, lwm string) *profile.Server {
		return &profile.Server{Reachable: true, Variables: map[string]string{"innodb_max_dirty_pages_pct": maxPct, "innodb_max_dirty_pages_pct_lwm": lwm}}
	}
	cases := []struct {
		name       string
		server     *profile.Server
		target     profile.Target
		has, lacks []string
	}{
		{"a server at 75 and 10: both lowered, both put back", srv("75.000000", "10.000000"), maria,
			[]string{"SET GLOBAL innodb_max_dirty_pages_pct_lwm = 0; SET GLOBAL innodb_max_dirty_pages_pct = 0;",
				"put back what it had: SET GLOBAL innodb_max_dirty_pages_pct = 75; SET GLOBAL innodb_max_dirty_pages_pct_lwm = 10;"}, nil},
		{"MariaDB's defaults: the _lwm stays 0", srv("90.000000", "0.000000"), maria,
			[]string{"SET GLOBAL innodb_max_dirty_pages_pct = 0;", "put back what it had: SET GLOBAL innodb_max_dirty_pages_pct = 90;"},
			[]string{"_lwm"}},
		{"a fractional value as the server takes it", srv("12.5", "0"), maria, []string{"innodb_max_dirty_pages_pct = 12.5;"}, nil},
		{"no server, MySQL: its default _lwm 10", nil, mysql, []string{"innodb_max_dirty_pages_pct = 90; SET GLOBAL innodb_max_dirty_pages_pct_lwm = 10;"}, nil},
		{"no server, MariaDB: its default _lwm 0", nil, maria, []string{"innodb_max_dirty_pages_pct = 90;"}, []string{"_lwm"}},
		// MySQL 5.7 manual, "Configuring Buffer Pool Flushing": defaults 75 and 0
		// (90 and 10 from 8.0.3); MariaDB 10.4: 75 (90 from 10.5). Before, a
		// --target mysql-5.7.44 plan put back 90 and 10.
		{"no server, MySQL 5.7: its defaults 75 and 0", nil, profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44"},
			[]string{"put back what it had: SET GLOBAL innodb_max_dirty_pages_pct = 75;"}, []string{"_lwm", "= 90"}},
		{"no server, Percona 8.0.2: its defaults 75 and 0", nil, profile.Target{Flavor: profile.FlavorPercona, Version: "8.0.2"},
			[]string{"put back what it had: SET GLOBAL innodb_max_dirty_pages_pct = 75;"}, []string{"_lwm"}},
		{"no server, MySQL 8.0.3: 90 and 10", nil, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.3"},
			[]string{"innodb_max_dirty_pages_pct = 90; SET GLOBAL innodb_max_dirty_pages_pct_lwm = 10;"}, nil},
		{"no server, MariaDB 10.4: its default 75", nil, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.4.34"},
			[]string{"put back what it had: SET GLOBAL innodb_max_dirty_pages_pct = 75;"}, []string{"_lwm", "= 90"}},
		{"no server, MariaDB 10.5: its default 90", nil, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.5.0"},
			[]string{"put back what it had: SET GLOBAL innodb_max_dirty_pages_pct = 90;"}, []string{"_lwm"}},
		{"nothing known: both defaults named", nil, profile.Target{}, []string{"innodb_max_dirty_pages_pct_lwm to its value (10 on MySQL, 0 on MariaDB by default)"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := settleSteps(&profile.Profile{Server: c.server}, Options{Target: c.target})
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("%q lacks %q", got, h)
				}
			}
			for _, l := range c.lacks {
				if strings.Contains(got, l) {
					t.Errorf("%q has %q", got, l)
				}
			}
		})
	}
}
