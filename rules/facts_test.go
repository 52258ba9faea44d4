package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

var factCases = []struct {
	name   string
	p      profile.Profile
	target string
	check  func(t *testing.T, f Facts)
}{
	{"MySQL 8.4 defaults (no server, --target mysql-8.4)", profile.Profile{}, "mysql-8.4", func(t *testing.T, f Facts) {
		if f.IOCapacity != 10000 || f.LogBufferBytes != 64*tMiB || f.FlushMethod != "O_DIRECT" || !f.LogBin {
			t.Errorf("8.4 defaults wrong: %+v", f)
		}
		if f.RedoCapacityBytes != 100*tMiB || f.Set["innodb_io_capacity"] || f.DefaultSource["innodb_io_capacity"] == "" {
			t.Errorf("redo/set/source wrong: %d %v", f.RedoCapacityBytes, f.DefaultSource["innodb_io_capacity"])
		}
	}},
	{"MySQL 8.0 defaults", profile.Profile{}, "mysql-8.0.36", func(t *testing.T, f Facts) {
		if f.IOCapacity != 200 || f.LogBufferBytes != 16*tMiB || f.FlushMethod != "fsync" || !f.LogBin || f.SyncBinlog != 1 {
			t.Errorf("8.0 defaults wrong: %+v", f)
		}
	}},
	{"--target mysql-8.0 is a GA 8.0: a my.cnf query cache is no variable it has", profile.Profile{MyCnf: &profile.MyCnf{
		Variables: map[string]string{"query_cache_size": "64M"}}}, "mysql-8.0", func(t *testing.T, f Facts) {
		if !f.Version.AtLeast(8, 0, 11) || Accepts(f.Flavor, f.Version, "query_cache_size") {
			t.Errorf("version %v accepts query_cache_size", f.Version)
		}
	}},
	{"MariaDB 10.11 defaults", profile.Profile{}, "mariadb-10.11", func(t *testing.T, f Facts) {
		if f.LogFileSizeBytes != 96*tMiB || f.RedoCapacityBytes != 96*tMiB || f.LogBin || f.SyncBinlog != 0 || f.SortBufferBytes != 2*tMiB {
			t.Errorf("10.11 defaults wrong: %+v", f)
		}
	}},
	{"my.cnf with suffixes and dashes", profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{
		"innodb-buffer-pool-size": "1.5G", "log_bin": "/var/log/mysql/bin", "innodb_log_file_size": "256M"}}},
		"mysql-8.0.36", func(t *testing.T, f Facts) {
			if f.BufferPoolBytes != 1536*tMiB || !f.LogBin || f.RedoCapacityBytes != 512*tMiB {
				t.Errorf("got pool %d, log_bin %v, redo %d", f.BufferPoolBytes, f.LogBin, f.RedoCapacityBytes)
			}
		}},
	{"skip-log-bin in my.cnf", profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{"skip-log-bin": ""}}},
		"mysql-8.4", func(t *testing.T, f Facts) {
			if f.LogBin {
				t.Error("log_bin still on")
			}
		}},
	{"max_connections = 1e3 (1E, 2^60) is held to the server's 100000", profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{"max_connections": "1e"}}},
		"mariadb-10.11", func(t *testing.T, f Facts) {
			if f.MaxConnections != MaxConnectionsLimit {
				t.Errorf("max_connections %d, want %d", f.MaxConnections, MaxConnectionsLimit)
			}
		}},
	// review r19: 2^64-1 converted to int wrapped to -1, and the pool was sized for "0 connections"
	{"max_connections = 18446744073709551615 runs as 100000 (mariadbd 10.11.19: adjusted to 100000)", profile.Profile{MyCnf: &profile.MyCnf{
		Variables: map[string]string{"max_connections": "18446744073709551615"}}}, "mariadb-10.11", func(t *testing.T, f Facts) {
		if f.MaxConnections != MaxConnectionsLimit || len(f.Problems) != 1 {
			t.Errorf("max_connections %d, problems %v", f.MaxConnections, f.Problems)
		}
	}},
	{"max_connections = 0 runs as 10 on MariaDB (mariadbd 10.11.19: adjusted to 10)", profile.Profile{MyCnf: &profile.MyCnf{
		Variables: map[string]string{"max_connections": "0"}}}, "mariadb-10.11", func(t *testing.T, f Facts) {
		if f.MaxConnections != 10 || len(f.Problems) != 1 || f.Raw["max_connections"] != "10" {
			t.Errorf("max_connections %d, problems %v", f.MaxConnections, f.Problems)
		}
	}},
	{"max_connections = 0 runs as 1 on MySQL (range 1 to 100000)", profile.Profile{MyCnf: &profile.MyCnf{
		Variables: map[string]string{"max_connections": "0"}}}, "mysql-8.4", func(t *testing.T, f Facts) {
		if f.MaxConnections != 1 || len(f.Problems) != 1 {
			t.Errorf("max_connections %d, problems %v", f.MaxConnections, f.Problems)
		}
	}},
	{"innodb_io_capacity_max = 18446744073709551615 stays the largest int, not -1", profile.Profile{MyCnf: &profile.MyCnf{
		Variables: map[string]string{"innodb_io_capacity_max": "18446744073709551615"}}}, "mysql-8.4", func(t *testing.T, f Facts) {
		if f.IOCapacityMax <= 0 {
			t.Errorf("innodb_io_capacity_max %d", f.IOCapacityMax)
		}
	}},
	{"MariaDB adjusts innodb_flush_log_at_trx_commit = 5 to 3 (10.11.19's log)", profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{"innodb_flush_log_at_trx_commit": "5"}}},
		"mariadb-10.11", func(t *testing.T, f Facts) {
			if f.FlushLogAtTrxCommit != 3 || !f.DurableFlush() || len(f.Problems) != 1 || f.Raw["innodb_flush_log_at_trx_commit"] != "3" {
				t.Errorf("flush %d durable %v, problems %v", f.FlushLogAtTrxCommit, f.DurableFlush(), f.Problems)
			}
		}},
	{"bad value falls back and is recorded", profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{"innodb_io_capacity": "fast"}}},
		"mysql-8.4", func(t *testing.T, f Facts) {
			if f.IOCapacity != 10000 || len(f.Problems) != 1 {
				t.Errorf("io_capacity %d, problems %v", f.IOCapacity, f.Problems)
			}
		}},
	{"server beats --target", profile.Profile{Server: &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.6-MariaDB",
		Variables: map[string]string{"innodb_io_capacity": "400"}}}, "mysql-8.4", func(t *testing.T, f Facts) {
		if f.Flavor != "mariadb" || f.IOCapacity != 400 || f.TargetSource != "server" {
			t.Errorf("got %s %d %s", f.Flavor, f.IOCapacity, f.TargetSource)
		}
	}},
	{"MySQL 8.0.32 server running the 2 x 5M files, not the 100M capacity it shows", profile.Profile{Server: &profile.Server{
		Reachable: true, Flavor: "percona", Version: "8.0.32-24", Variables: map[string]string{"innodb_redo_log_capacity": "104857600",
			"innodb_log_file_size": "5242880", "innodb_log_files_in_group": "2"}}}, "", func(t *testing.T, f Facts) {
		if f.RedoCapacityBytes != 10<<20 {
			t.Errorf("redo %d, want 10M", f.RedoCapacityBytes)
		}
	}},
}

func TestBuildFacts(t *testing.T) {
	for _, tc := range factCases {
		t.Run(tc.name, func(t *testing.T) {
			tg, _, err := ResolveTarget(tc.p, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(tc.p, tg)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, f)
		})
	}
}

func TestMyCnfVersionGroups(t *testing.T) {
	p := profile.Profile{MyCnf: &profile.MyCnf{
		Variables:     map[string]string{"sync_binlog": "1"},
		VersionGroups: map[string]map[string]string{"mysqld-8.0": {"sync_binlog": "0"}, "mariadb-10.11": {"sync_binlog": "7"}},
	}}
	cases := []struct {
		name, target, want string
	}{
		{"8.4 ignores [mysqld-8.0]", "mysql-8.4", "1"},
		{"8.0.36 reads [mysqld-8.0]", "mysql-8.0.36", "0"},
		{"mariadb 10.11 reads [mariadb-10.11]", "mariadb-10.11", "7"},
		{"mariadb 11.4 reads neither", "mariadb-11.4", "1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tgt, err := profile.ParseTarget(c.target)
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, tgt)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Raw["sync_binlog"]; got != c.want {
				t.Errorf("sync_binlog = %q, want %q", got, c.want)
			}
		})
	}
}
