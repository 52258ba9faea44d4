package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSkipBinlogAccount: the binary-log skip names the privilege the
// loading account needs on the target and what each loader does without
// it (2026-12-06, MariaDB 10.11.19 with log_bin ON, an account with only
// ALL on its database: myloader 0.10 wrote every row into the binary log,
// exit 0; the mysql line's --init-command stopped it, ERROR 1227, exit 1).
func TestSkipBinlogAccount(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	mysql := profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0"}
	cases := []struct {
		name   string
		format string
		target profile.Target
		has    []string
	}{
		{"myloader into MariaDB 10.11", "mydumper", maria, []string{"BINLOG ADMIN or SUPER", "myloader 0.10 writes every row into the binary log anyway"}},
		{"a mysqldump file into MariaDB 10.11", "mysqldump", maria, []string{"BINLOG ADMIN or SUPER", "ERROR 1227", "sql_log_bin=0 out of the line's --init-command"}},
		{"no dump: the myloader line", "", maria, []string{"myloader 0.10 writes"}},
		{"mysqlsh into MySQL 8.4", "mysqlsh", mysql, []string{"SYSTEM_VARIABLES_ADMIN, SESSION_VARIABLES_ADMIN or SUPER"}},
		{"MariaDB before 10.5.2", "mydumper", profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.4.30"}, []string{"needs the SUPER privilege"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{}
			if c.format != "" {
				p.Dump = &profile.Dump{Format: c.format}
			}
			got := skipBinlog(p, Options{Target: c.target}, BinlogOn).Warning
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("%q lacks %q", got, h)
				}
			}
		})
	}
}

// TestSkipBinlogApplyNamesItsLoaders: the apply line names mysqlsh's
// skipBinlog only where MySQL Shell can load (review 2026-12-06: a MariaDB
// plan said "mysqlsh loadDump skipBinlog: true" beside its note that MySQL
// Shell does not load into MariaDB).
func TestSkipBinlogApplyNamesItsLoaders(t *testing.T) {
	cases := []struct {
		name    string
		target  profile.Target
		mysqlsh bool
	}{
		{"MariaDB 10.11: myloader only", profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, false},
		{"MySQL 8.4: mysqlsh and myloader", profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0"}, true},
		// review r13: MySQL Shell loads nothing into MySQL before 5.7 (shellTools)
		{"MySQL 5.6: myloader only", profile.Target{Flavor: profile.FlavorMySQL, Version: "5.6.51"}, false},
		{"Percona 5.7: mysqlsh and myloader", profile.Target{Flavor: profile.FlavorPercona, Version: "5.7.44"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := skipBinlog(&profile.Profile{}, Options{Target: c.target}, BinlogOn).Apply
			if strings.Contains(got, "mysqlsh") != c.mysqlsh || !strings.Contains(got, "myloader 0.10 does it") {
				t.Errorf("apply %q: mysqlsh named %v, want %v, and the myloader line", got, !c.mysqlsh, c.mysqlsh)
			}
		})
	}
}

// TestSkipBinlogOnGalera: on a Galera node sql_log_bin = 0 does not keep
// the rows from the cluster's other nodes (review r19, MariaDB 10.11.19:
// wsrep_replicated_bytes 968 → 4,296,120 with the binary log untouched),
// so the risk must not tell the DBA to load "replicas the same way": the
// other nodes already have the rows.
func TestSkipBinlogOnGalera(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	cases := []struct {
		name   string
		vars   map[string]string
		galera bool
	}{
		{"a Galera node", map[string]string{"wsrep_on": "ON", "wsrep_provider": "/usr/lib/galera/libgalera_smm.so"}, true},
		{"wsrep_on without a provider", map[string]string{"wsrep_on": "ON", "wsrep_provider": "none"}, false},
		{"a provider, wsrep_on OFF", map[string]string{"wsrep_on": "OFF", "wsrep_provider": "/usr/lib/galera/libgalera_smm.so"}, false},
		{"MySQL: no wsrep variables", map[string]string{"log_bin": "ON"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Server: &profile.Server{Reachable: true, Variables: c.vars}}
			got := skipBinlog(p, Options{Target: maria}, BinlogOn).Warning
			says := strings.Contains(got, "do not load the other nodes again")
			sameWay := strings.HasPrefix(got, "the loaded rows reach neither replicas")
			if says != c.galera || sameWay == c.galera {
				t.Errorf("galera %v: warning %q", c.galera, got)
			}
		})
	}
}
