package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSmallMemoryNoServer: on a 384 MiB host advised with no server read,
// MariaDB's 128M key cache and 128M Aria page cache left no room for a
// pool ("no pool size is recommended", nothing to act on; session 47).
// They are lowered (the key cache only to MySQL's own 8M default, as the
// engines are unknown) and the pool is sized in what is left; sizes a
// my.cnf chose are kept (someone set them for a reason mytune cannot see).
func TestSmallMemoryNoServer(t *testing.T) {
	small := func(mib uint64) profile.Profile {
		p := quietProfile()
		p.Server = nil
		p.Host.Memory.TotalBytes, p.Host.Memory.AvailableBytes = mib*tMiB, mib*tMiB*2/3
		return p
	}
	chosen := small(384)
	chosen.MyCnf = &profile.MyCnf{Path: "/etc/mysql/my.cnf", Groups: []string{"mysqld"},
		Variables: map[string]string{"key_buffer_size": "128M", "aria_pagecache_buffer_size": "128M"}}
	cases := []struct {
		name      string
		p         profile.Profile
		target    string
		id        string
		want      bool
		recommend string
	}{
		{"384M MariaDB: key cache to MySQL's default", small(384), "mariadb-10.11", "memory.key_buffer_small_memory", true, "8M"},
		{"384M MariaDB: Aria page cache lowered", small(384), "mariadb-10.11", "memory.aria_pagecache_small_memory", true, "16M"},
		{"384M MariaDB: room for a pool", small(384), "mariadb-10.11", "memory.no_room_for_pool", false, ""},
		{"384M MariaDB: the pool sized to what is left", small(384), "mariadb-10.11", "memory.buffer_pool_over_memory", true, "48M"},
		{"384M, sizes the my.cnf chose: key cache kept", chosen, "mariadb-10.11", "memory.key_buffer_small_memory", false, ""},
		{"384M, sizes the my.cnf chose: Aria page cache kept", chosen, "mariadb-10.11", "memory.aria_pagecache_small_memory", false, ""},
		{"384M MySQL: its 8M key cache kept", small(384), "mysql-8.4", "memory.key_buffer_small_memory", false, ""},
		{"32G MariaDB: key cache kept", small(32 << 10), "mariadb-10.11", "memory.key_buffer_small_memory", false, ""},
		{"32G MariaDB: Aria page cache kept", small(32 << 10), "mariadb-10.11", "memory.aria_pagecache_small_memory", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hits := fired(t, c.p, "strict", c.target)
			h, ok := hits[c.id]
			if ok != c.want {
				t.Fatalf("%s fired = %v, want %v (fired: %v)", c.id, ok, c.want, keys(hits))
			}
			if ok && h.Recommended != c.recommend {
				t.Errorf("recommended %q, want %q; detail: %s", h.Recommended, c.recommend, h.RenderedDetail)
			}
			// review r21: with the engines unknown the summary said the
			// cache "takes memory no table uses", which nothing showed.
			if ok && strings.Contains(h.Summary, "no table") {
				t.Errorf("summary %q claims what no server read showed", h.Summary)
			}
		})
	}
}
