package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// MariaDB's SHOW VARIABLES shows slave_skip_errors=ALL as every error
// code from 0 on, cut with "..." (seen on 10.11.19, review r21).
const mariaSkipAll = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45..."

// Review r21: pt-variable-advisor flagged slave_skip_errors (CRIT) and
// myisam_recover_options=OFF (WARN) on a MariaDB 10.11 where mytune
// said nothing about either.
func init() {
	ruleCases = append(ruleCases, []struct {
		name       string
		id         string
		mutate     func(*profile.Profile)
		durability string
		want       bool
		recommend  string
	}{
		{"MariaDB slave_skip_errors=ALL", "replication.skip_errors",
			all(setVersion("mariadb", "10.11.19"), setVar("slave_skip_errors", mariaSkipAll)), "", true, "OFF"},
		{"MariaDB slave_skip_errors 1062,1032", "replication.skip_errors",
			all(setVersion("mariadb", "10.11.19"), setVar("slave_skip_errors", "1062,1032")), "", true, "OFF"},
		{"MariaDB slave_skip_errors OFF", "replication.skip_errors",
			all(setVersion("mariadb", "10.11.19"), setVar("slave_skip_errors", "OFF")), "", false, ""},
		{"MySQL 5.7 slave_skip_errors ALL", "replication.skip_errors",
			all(setVersion("mysql", "5.7.44"), setVar("slave_skip_errors", "ALL")), "", true, "OFF"},
		{"MySQL 8.4: replica_skip_errors speaks instead", "replication.skip_errors",
			all(setVar("slave_skip_errors", "ALL"), setVar("replica_skip_errors", "ALL")), "", false, ""},
		{"MySQL 8.4 replica_skip_errors ALL", "replication.skip_errors_replica",
			all(setVar("slave_skip_errors", "ALL"), setVar("replica_skip_errors", "ALL")), "", true, "OFF"},
		{"MySQL 8.4 replica_skip_errors OFF", "replication.skip_errors_replica",
			all(setVar("slave_skip_errors", "OFF"), setVar("replica_skip_errors", "OFF")), "", false, ""},
		{"MariaDB MyISAM tables, recovery OFF", "hygiene.myisam_recover_off",
			all(setVersion("mariadb", "10.11.19"), myISAMIndexes(tMiB, 0, 0), setVar("myisam_recover_options", "OFF")), "", true, "BACKUP"},
		{"MySQL 8.4 MyISAM tables, recovery OFF (its default)", "hygiene.myisam_recover_off",
			all(myISAMIndexes(tMiB, 0, 0), setVar("myisam_recover_options", "OFF")), "", true, "BACKUP"},
		{"MariaDB MyISAM tables, BACKUP,QUICK", "hygiene.myisam_recover_off",
			all(setVersion("mariadb", "10.11.19"), myISAMIndexes(tMiB, 0, 0), setVar("myisam_recover_options", "BACKUP,QUICK")), "", false, ""},
		{"recovery OFF, no MyISAM table", "hygiene.myisam_recover_off",
			all(setVersion("mariadb", "10.11.19"), setVar("myisam_recover_options", "OFF")), "", false, ""},
	}...)
}

// TestSkipErrorsShown: the report shows MariaDB's ALL as ALL, not a
// 2000-character list of codes.
func TestSkipErrorsShown(t *testing.T) {
	long := strings.Repeat("1062,", 30)
	for _, tc := range []struct{ raw, want string }{
		{mariaSkipAll, "ALL"},
		{"all", "ALL"},
		{"1062,1032", "1062,1032"},
		{long, strings.Repeat("1062,", 11) + "1062,…"},
	} {
		if got := skipErrorsShown(tc.raw); got != tc.want {
			t.Errorf("skipErrorsShown(%q) = %q, want %q", tc.raw, got, tc.want)
		}
	}
	p := quietProfile()
	all(setVersion("mariadb", "10.11.19"), setVar("slave_skip_errors", mariaSkipAll))(&p)
	h := fired(t, p, "strict", "")["replication.skip_errors"]
	if h.Current != "ALL" || !strings.Contains(h.RenderedDetail, "slave_skip_errors is ALL: when a replicated statement fails with any error") {
		t.Errorf("current %q, detail %q", h.Current, h.RenderedDetail)
	}
}
