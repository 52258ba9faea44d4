package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// replicationServersCase is one case of TestLoadIntoReplicationServers.
type replicationServersCase struct {
	name, format        string
	srv                 *profile.Server
	cmdHas, cmdLacks    string
	warnHas             string // "" when no warning is wanted
	skipSetting, binEst bool
}

// replicationServersCases are the cases of TestLoadIntoReplicationServers.
func replicationServersCases() []replicationServersCase {
	mariadb := func(rep *profile.Replication, vars map[string]string) *profile.Server {
		s := server("mariadb", "10.11.19-MariaDB-0+deb12u1-log", vars)
		s.Replication = rep
		return s
	}
	source := &profile.Replication{Role: profile.RoleSource, Replicas: 1, SecondsBehind: -1}
	replica := &profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true}
	return []replicationServersCase{
		{"source, mydumper: --enable-binlog", "mydumper", mariadb(source, map[string]string{"log_bin": "ON"}),
			"--enable-binlog", "", "1 replica connected", false, false},
		{"source, mysqldump: no sql_log_bin=0", "mysqldump", mariadb(source, map[string]string{"log_bin": "ON"}),
			"mysql --host TARGET", "sql_log_bin", "add " + InitSkipBinlog, false, false},
		{"MySQL source, mysqlsh dump: loadDump writes the binary log", "mysqlsh",
			func() *profile.Server {
				s := server("mysql", "8.4.8", map[string]string{"log_bin": "ON"})
				s.Replication = source
				return s
			}(), "skipBinlog: false", "skipBinlog: true", "1 replica connected", false, false},
		{"standalone, mysqldump: skips the binary log", "mysqldump", mariadb(&profile.Replication{Role: profile.RoleStandalone}, map[string]string{"log_bin": "ON"}),
			InitSkipBinlog, "", "", true, true},
		{"standalone, mydumper: no --enable-binlog", "mydumper", mariadb(&profile.Replication{Role: profile.RoleStandalone}, map[string]string{"log_bin": "ON"}),
			"myloader", "--enable-binlog", "", true, true},
		// review r7: without PROCESS, MySQL hides the Binlog Dump threads; a source read that way was planned as standalone
		{"MySQL, replicas not known (no PROCESS), mydumper: --enable-binlog", "mydumper",
			func() *profile.Server {
				s := server("mysql", "8.4.8", map[string]string{"log_bin": "ON"})
				s.Replication = &profile.Replication{Role: profile.RoleStandalone, ReplicasUnknown: true, SecondsBehind: -1}
				return s
			}(), "--enable-binlog", "", "could not be read", false, false},
		{"MySQL, replicas not known, mysqldump: no sql_log_bin=0", "mysqldump",
			func() *profile.Server {
				s := server("mysql", "8.4.8", map[string]string{"log_bin": "ON"})
				s.Replication = &profile.Replication{Role: profile.RoleUnknown, ReplicasUnknown: true, SecondsBehind: -1}
				return s
			}(), "mysql --host TARGET", "sql_log_bin", "add " + InitSkipBinlog, false, false},
		{"read_only replica: warned", "mysqldump", mariadb(replica, map[string]string{"log_bin": "OFF", "read_only": "ON"}),
			"mysql --host TARGET", "", "it is a replica (1 replication channel) and it is read_only", false, false},
		{"read_only, not a replica: warned", "mydumper", mariadb(nil, map[string]string{"read_only": "ON"}),
			"myloader", "", "it is read_only and may be a replica (its replication status could not be read: see the gaps), and writing to a replica", true, false},
	}
}

// TestLoadIntoReplicationServers holds QA 17's restores: into a source
// with a replica connected the lines write the binary log (the skip is an
// alternative in the warning, never the printed line or a setting), and a
// load into a replica or read_only server is warned against.
func TestLoadIntoReplicationServers(t *testing.T) {
	tests := replicationServersCases()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, &profile.Dump{Path: "/d", Format: tc.format, TotalBytes: 8 << 20, Tables: 2, Chunks: 2, InsertStatements: 2})
			p.Server = tc.srv
			plan := Size(p, Options{Task: TaskLoad})
			cmds, warns := strings.Join(plan.Commands, "\n"), strings.Join(plan.Warnings, "\n")
			if !strings.Contains(cmds, tc.cmdHas) || (tc.cmdLacks != "" && strings.Contains(cmds, tc.cmdLacks)) {
				t.Errorf("commands %q: want %q in them, %q not", cmds, tc.cmdHas, tc.cmdLacks)
			}
			if (tc.warnHas == "") != (warns == "") || !strings.Contains(warns, tc.warnHas) {
				t.Errorf("warnings %q, want %q", warns, tc.warnHas)
			}
			skip := false
			for _, s := range plan.Temporary {
				skip = skip || strings.HasPrefix(s.Apply, "SET SESSION sql_log_bin = 0")
			}
			if skip != tc.skipSetting {
				t.Errorf("skip-binlog setting offered = %v, want %v", skip, tc.skipSetting)
			}
			if got := !plan.EstimatedLoadBinlog.IsZero(); got != tc.binEst {
				t.Errorf("separate binlog-written estimate = %v, want %v", got, tc.binEst)
			}
		})
	}
}

// TestReplicationStatementsNote holds QA 17: a mysqldump file's CHANGE
// MASTER / SET GLOBAL gtid_slave_pos are named in the plan's notes.
func TestReplicationStatementsNote(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stmts []string
		want  bool
	}{
		{"--master-data --gtid", []string{"CHANGE MASTER TO MASTER_USE_GTID", "SET GLOBAL gtid_slave_pos"}, true},
		{"none", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, &profile.Dump{Path: "/d.sql", Format: "mysqldump", TotalBytes: 8 << 20, Tables: 1, Chunks: 1,
				ReplicationStatements: tc.stmts})
			plan := Size(p, Options{Task: TaskLoad})
			notes := strings.Join(plan.Notes, "|")
			if got := strings.Contains(notes, "SET GLOBAL gtid_slave_pos") && strings.Contains(notes, "ERROR 1198"); got != tc.want {
				t.Errorf("notes %q: replication note %v, want %v", notes, got, tc.want)
			}
		})
	}
}
