package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestGuardedGrowth: a during-load growth whose "before" was not read
// from a live server never lowers what the server runs and undoes only
// its own value (before: a server running an 8G pool was told "grow" to
// 3G, then "undo" to the assumed 128M); with the server read the lines
// stay plain. The guarded forms ran as printed on MariaDB 10.11.19 (pool,
// max_allowed_packet, innodb_log_file_size; a 1G pool left at 1G by both).
func TestGuardedGrowth(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19", Source: profile.SourceFlag}
	cases := []struct {
		name        string
		srv         *profile.Server
		target      profile.Target
		apply, undo string
		warnHas     string
	}{
		{"no server read: --target only", nil, maria,
			"SET GLOBAL innodb_buffer_pool_size = GREATEST(@@GLOBAL.innodb_buffer_pool_size, 536870912);",
			"SET GLOBAL innodb_buffer_pool_size = IF(@@GLOBAL.innodb_buffer_pool_size = 536870912, 134217728, @@GLOBAL.innodb_buffer_pool_size);",
			"no server was read, so innodb_buffer_pool_size is assumed to be 128.0 MiB"},
		{"the server read: plain SETs", server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "134217728"}), profile.Target{},
			"SET GLOBAL innodb_buffer_pool_size = 536870912;", "SET GLOBAL innodb_buffer_pool_size = 134217728;", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 152e6,
				TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 32})
			p.Server = c.srv
			p.Host.Memory.AvailableBytes = 8 << 30
			plan := Size(p, Options{Task: TaskLoad, Target: c.target})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "innodb_buffer_pool_size") {
					got = &plan.Temporary[i]
				}
			}
			if got == nil {
				t.Fatalf("no pool growth; notes %q", plan.Notes)
			}
			if got.Apply != c.apply || got.Undo != c.undo {
				t.Errorf("apply %q undo %q; want %q and %q", got.Apply, got.Undo, c.apply, c.undo)
			}
			if has := strings.Contains(got.Warning, "no server was read"); has != (c.warnHas != "") || !strings.Contains(got.Warning, c.warnHas) {
				t.Errorf("warning %q; want %q in it", got.Warning, c.warnHas)
			}
		})
	}
}
