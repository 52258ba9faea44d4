package threads

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestOnlinePoolUnit: the unit an online resize rounds the pool up to is
// chunk × instances wherever the pool is laid out so (MySQL, Percona,
// MariaDB before 10.5), from the live server, else the advised or my.cnf
// values, else the defaults for the pool it started with (8 instances of
// 128M from 1G). Before, every target without a live server, and every
// live MariaDB, got 128M: --target mysql-5.7.44 grew a 2G pool to 3.25G
// (SET GLOBAL … 3489660928), which mysqld 5.7 with its 8 instances makes
// 4G, and the undo's IF(@@GLOBAL.innodb_buffer_pool_size = 3489660928, …)
// then never matched.
func TestOnlinePoolUnit(t *testing.T) {
	my57 := profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44"}
	live := func(flavor, version, chunk, inst string) *profile.Profile {
		return &profile.Profile{Server: &profile.Server{Reachable: true, Flavor: flavor, Version: version,
			Variables: map[string]string{"innodb_buffer_pool_chunk_size": chunk, "innodb_buffer_pool_instances": inst}}}
	}
	tests := []struct {
		name  string
		p     *profile.Profile
		o     Options
		start uint64
		want  uint64
	}{
		{"MySQL 5.7 target, 2G pool: 8 x 128M", &profile.Profile{}, Options{Target: my57}, 2 << 30, 1 << 30},
		{"MySQL 5.7 target, 512M pool: one instance", &profile.Profile{}, Options{Target: my57}, 512 << 20, 128 << 20},
		{"MySQL 8.0 target, advised 4 instances", &profile.Profile{}, Options{Target: profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.36"},
			Advised: map[string]string{"innodb_buffer_pool_instances": "4"}}, 4 << 30, 512 << 20},
		{"Percona 8.0 my.cnf chunk 64M, 2 instances", &profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{"innodb_buffer_pool_chunk_size": "64M", "innodb_buffer_pool_instances": "2"}}},
			Options{Target: profile.Target{Flavor: profile.FlavorPercona, Version: "8.0.32"}}, 2 << 30, 128 << 20},
		{"live MySQL 8.4: its chunk x instances", live(profile.FlavorMySQL, "8.4.8", "134217728", "2"), Options{}, 12 << 30, 256 << 20},
		{"live MariaDB 10.4, 8 instances", live(profile.FlavorMariaDB, "10.4.34-MariaDB", "134217728", "8"), Options{}, 2 << 30, 1 << 30},
		{"MariaDB 10.3 target, 2G pool: 8 x 128M", &profile.Profile{}, Options{Target: profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.3.39"}}, 2 << 30, 1 << 30},
		{"live MariaDB 10.11: one instance", live(profile.FlavorMariaDB, "10.11.19-MariaDB", "0", "1"), Options{}, 2 << 30, PoolChunkBytes},
		{"MariaDB 10.6 target", &profile.Profile{}, Options{Target: profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.6.18"}}, 2 << 30, PoolChunkBytes},
		{"unknown target", &profile.Profile{}, Options{}, 2 << 30, PoolChunkBytes},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := onlinePoolUnit(tc.p, tc.o, tc.start); got != tc.want {
				t.Errorf("unit %s, want %s", profile.HumanBytes(got), profile.HumanBytes(tc.want))
			}
		})
	}
}
