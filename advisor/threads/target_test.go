package threads

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// targetDecidesCases are TestTargetDecides' cases: a live server or a
// resolved target, and what the commands and notes must and must not hold.
var targetDecidesCases = []struct {
	name       string
	srv        *profile.Server
	target     profile.Target
	durability string
	cmdHas     []string
	cmdHasNot  []string
	noteHas    []string
	noteHasNot []string
	redo       bool
}{
	{name: "--target mariadb-10.11, no server: no mysqlsh, MariaDB note",
		target: profile.Target{Flavor: "mariadb", Version: "10.11", Source: "flag"}, durability: DurabilityRelaxed,
		cmdHas: []string{"mydumper ", "myloader "}, cmdHasNot: []string{"mysqlsh", "dumpInstance", "loadDump", "copyInstance"},
		noteHas:    []string{"MariaDB has no ALTER INSTANCE", noShellNote},
		noteHasNot: []string{"flavor and version are unknown"}},
	{name: "--target mysql-8.0.36, no server: redo disabling offered",
		target: profile.Target{Flavor: "mysql", Version: "8.0.36", Source: "flag"}, durability: DurabilityRelaxed,
		cmdHas: []string{"util.loadDump(", "util.dumpInstance(", "myloader "}, redo: true,
		noteHasNot: []string{"unknown"}},
	// mysql-shell dump_loader.cc: "Loading dumps is only supported in MySQL
	// 5.7 or newer" (review r13: 5.5 and 5.6 targets got loadDump lines)
	{name: "--target mysql-5.6.51: no mysqlsh, the loader's refusal said",
		target: profile.Target{Flavor: "mysql", Version: "5.6.51", Source: "flag"}, durability: DurabilityStrict,
		cmdHas: []string{"mydumper ", "myloader "}, cmdHasNot: []string{"mysqlsh", "dumpInstance", "loadDump", "copyInstance"},
		noteHas: []string{oldMySQLShellNote}, noteHasNot: []string{noShellNote, "not MariaDB"}},
	{name: "live Percona 5.5 server: no mysqlsh",
		srv: server("percona", "5.5.20-rel24.1", nil), durability: DurabilityStrict,
		cmdHasNot: []string{"mysqlsh"}, noteHas: []string{oldMySQLShellNote}},
	{name: "--target mysql-5.7.44: mysqlsh lines",
		target: profile.Target{Flavor: "mysql", Version: "5.7.44", Source: "flag"}, durability: DurabilityStrict,
		cmdHas: []string{"util.loadDump(", "util.dumpInstance(", "util.copyInstance("}, noteHasNot: []string{oldMySQLShellNote}},
	{name: "--target mysql-8.0.20: redo disabling needs 8.0.21",
		target: profile.Target{Flavor: "mysql", Version: "8.0.20", Source: "flag"}, durability: DurabilityRelaxed,
		noteHas: []string{"needs MySQL 8.0.21 or newer (target is 8.0.20)"}},
	{name: "assumed default target: no redo disabling",
		target: profile.Target{Flavor: "mysql", Version: "8.4.0", Source: "default"}, durability: DurabilityRelaxed,
		cmdHas: []string{"mysqlsh"}, noteHas: []string{"is assumed, not known"}},
	{name: "live MariaDB server without a resolved target still counts",
		srv: server("mariadb", "10.11.19-MariaDB", nil), durability: DurabilityRelaxed,
		cmdHasNot: []string{"mysqlsh"}, noteHas: []string{"MariaDB has no ALTER INSTANCE"}},
	{name: "resolved target wins over the profile's server (the advisor resolves both)",
		srv: server("mysql", "8.0.36", nil), target: profile.Target{Flavor: "mariadb", Version: "10.11.19", Source: "server"},
		durability: DurabilityRelaxed, cmdHasNot: []string{"mysqlsh"}},
}

// TestTargetDecides checks that the resolved target, not only a live
// server, chooses the tool families and the load settings.
func TestTargetDecides(t *testing.T) {
	for _, tc := range targetDecidesCases {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(4, 0, fastCurve, nil)
			p.Server = tc.srv
			plan := Size(p, Options{Task: TaskAll, Durability: tc.durability, Target: tc.target})
			cmds, notes := strings.Join(plan.Commands, "\n"), strings.Join(plan.Notes, "\n")
			for _, h := range tc.cmdHas {
				if !strings.Contains(cmds, h) {
					t.Errorf("commands lack %q:\n%s", h, cmds)
				}
			}
			for _, h := range tc.cmdHasNot {
				if strings.Contains(cmds, h) {
					t.Errorf("commands contain %q:\n%s", h, cmds)
				}
			}
			for _, h := range tc.noteHas {
				if !strings.Contains(notes, h) {
					t.Errorf("notes lack %q:\n%s", h, notes)
				}
			}
			for _, h := range tc.noteHasNot {
				if strings.Contains(notes, h) {
					t.Errorf("notes contain %q:\n%s", h, notes)
				}
			}
			redo := false
			for _, s := range plan.Temporary {
				redo = redo || strings.Contains(s.Apply, "DISABLE INNODB REDO_LOG")
			}
			if redo != tc.redo {
				t.Errorf("redo disabling offered = %v, want %v", redo, tc.redo)
			}
		})
	}
}

// TestOLTPPlan: --task oltp sizes nothing and says so.
func TestOLTPPlan(t *testing.T) {
	p := prof(4, 0, fastCurve, manyTables)
	plan := Size(p, Options{Task: TaskOLTP})
	if plan.Dump != (Choice{}) || plan.Load != (Choice{Basis: BasisModelled}) || plan.Copy != (Choice{}) {
		t.Errorf("oltp sized threads: %+v %+v %+v", plan.Dump, plan.Load, plan.Copy)
	}
	if len(plan.Commands) != 0 || plan.Commands == nil || len(plan.Temporary) != 0 || !plan.EstimatedLoad.IsZero() {
		t.Errorf("oltp plan has commands %q, settings %v or estimate %v", plan.Commands, plan.Temporary, plan.EstimatedLoad)
	}
	if len(plan.Notes) != 1 || plan.Notes[0] != OLTPNote {
		t.Errorf("notes = %q, want only OLTPNote", plan.Notes)
	}
}

// TestLoadBasisAlwaysSet: every task's load choice names its basis in
// the JSON (CONTRACT.md: "basis is always set on the load choice"), --task
// oltp's unsized one too (QA round 3: prof-noinst.json --task oltp had none).
func TestLoadBasisAlwaysSet(t *testing.T) {
	tests := []struct {
		name string
		dump *profile.Dump
		task string
	}{
		{"oltp, no dump", nil, TaskOLTP},
		{"oltp, dump", manyTables, TaskOLTP},
		{"all, no dump", nil, TaskAll},
		{"dump, dump", manyTables, TaskDump},
		{"load, dump", manyTables, TaskLoad},
		{"copy, no dump", nil, TaskCopy},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(Size(prof(4, 0, fastCurve, tc.dump), Options{Task: tc.task}))
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Load map[string]any `json:"load"`
			}
			if err := json.Unmarshal(b, &doc); err != nil {
				t.Fatal(err)
			}
			if doc.Load["basis"] != BasisModelled {
				t.Errorf("load = %v, want basis %q", doc.Load, BasisModelled)
			}
		})
	}
}

// TestEstimatedLoadJSON: the estimate is in the JSON only when there is one.
func TestEstimatedLoadJSON(t *testing.T) {
	tests := []struct {
		name string
		dump *profile.Dump
		task string
		want bool
	}{
		{"no dump: absent", nil, TaskAll, false},
		{"dump, task load: present", manyTables, TaskLoad, true},
		{"dump, task dump: absent", manyTables, TaskDump, false},
		{"dump, task oltp: absent", manyTables, TaskOLTP, false},
		{"tiny dump rounding to 0 s: present", &profile.Dump{Format: "mydumper", TotalBytes: 27073, Chunks: 4, Tables: 3}, TaskLoad, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(Size(prof(4, 0, fastCurve, tc.dump), Options{Task: tc.task}))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(string(b), `"estimated_load"`); got != tc.want {
				t.Errorf("estimated_load in JSON = %v, want %v: %s", got, tc.want, b)
			}
		})
	}
}
