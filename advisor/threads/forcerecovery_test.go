package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLoadIntoForceRecovery: review r12, a load plan into a server at
// innodb_force_recovery = 6 printed its lines without a warning; the
// plan's warnings now open with one for a load or a copy, and a dump
// alone gets none.
func TestLoadIntoForceRecovery(t *testing.T) {
	cases := []struct {
		name, level, task string
		warned            bool
	}{
		{"level 6, load", "6", TaskLoad, true},
		{"level 6, all", "6", TaskAll, true},
		{"level 6, dump only", "6", TaskDump, false},
		{"level 0, load", "0", TaskLoad, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, &profile.Dump{Path: "/d", Format: "mydumper", TotalBytes: 8 << 20, Tables: 2, Chunks: 2, InsertStatements: 2})
			p.Server = server("mariadb", "10.11.19-MariaDB-0+deb12u1", map[string]string{"innodb_force_recovery": c.level, "innodb_read_only": "ON"})
			p.Server.Replication = &profile.Replication{Role: profile.RoleStandalone}
			plan := Size(p, Options{Task: c.task})
			warned := len(plan.Warnings) > 0 && strings.Contains(plan.Warnings[0], "innodb_force_recovery = "+c.level)
			if warned != c.warned {
				t.Errorf("warnings %q: force-recovery warning first = %v, want %v", plan.Warnings, warned, c.warned)
			}
		})
	}
}

// TestLoadIntoInnoDBReadOnly: review r19, a load plan into MariaDB
// 10.11.19 started with innodb_read_only ON (no force recovery) printed
// its myloader line with no warning, though the first CREATE TABLE fails
// there (errno 165). The warning comes for a load or a copy, once (the
// force-recovery one says it at level 6), and not for a dump.
func TestLoadIntoInnoDBReadOnly(t *testing.T) {
	cases := []struct {
		name, readOnly, level, task string
		warned                      bool
	}{
		{"innodb_read_only, load", "ON", "0", TaskLoad, true},
		{"innodb_read_only, copy", "1", "0", TaskCopy, true},
		{"innodb_read_only, dump only", "ON", "0", TaskDump, false},
		{"innodb_read_only OFF, load", "OFF", "0", TaskLoad, false},
		{"force recovery 6 says it itself", "ON", "6", TaskLoad, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, &profile.Dump{Path: "/d", Format: "mydumper", TotalBytes: 8 << 20, Tables: 2, Chunks: 2, InsertStatements: 2})
			p.Server = server("mariadb", "10.11.19-MariaDB-0+deb12u1", map[string]string{"innodb_force_recovery": c.level, "innodb_read_only": c.readOnly})
			p.Server.Replication = &profile.Replication{Role: profile.RoleStandalone}
			plan := Size(p, Options{Task: c.task})
			warned := strings.Contains(strings.Join(plan.Warnings, "\n"), "it runs with innodb_read_only ON")
			if warned != c.warned {
				t.Errorf("warnings %q: innodb_read_only warning = %v, want %v", plan.Warnings, warned, c.warned)
			}
		})
	}
}
