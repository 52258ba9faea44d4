package threads

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPoolUnfitNamed: where the advice found no room for any buffer pool
// (memory.no_room_for_pool on a 256 MiB host), the plan said "the default
// 128.0 MiB buffer pool holds the load" beside that crit (session 47);
// the pool it sizes for is now named as one this memory cannot hold. An
// advised pool, or a host with room, reads as before.
func TestPoolUnfitNamed(t *testing.T) {
	mariadb := profile.Target{Flavor: "mariadb", Version: "10.11.19"}
	cases := []struct {
		name    string
		o       Options
		srvPool string
		want    string
	}{
		{"default pool, no room", Options{Target: mariadb, PoolUnfit: true}, "",
			"the default 128.0 MiB buffer pool (which this memory cannot hold: memory.no_room_for_pool)"},
		{"server pool, no room", Options{Target: mariadb, PoolUnfit: true}, "64M",
			"the server 64.0 MiB buffer pool (which this memory cannot hold: memory.no_room_for_pool)"},
		{"default pool, room", Options{Target: mariadb}, "", "the default 128.0 MiB buffer pool"},
		{"advised pool", Options{Target: mariadb, PoolUnfit: true, Advised: map[string]string{"innodb_buffer_pool_size": "48M"}}, "",
			"the advised 48.0 MiB buffer pool"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{}
			if c.srvPool != "" {
				p.Server = &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19",
					Variables: map[string]string{"innodb_buffer_pool_size": c.srvPool}}
			}
			if got := poolOf(p, c.o).describe(); got != c.want {
				t.Errorf("describe = %q, want %q", got, c.want)
			}
		})
	}
}
