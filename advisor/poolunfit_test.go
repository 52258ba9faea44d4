package advisor

import (
	"context"
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/profile"
)

// TestPoolUnfitInPlan: with memory.no_room_for_pool fired (a 256 MiB
// host, no server read), the load plan's basis names its pool as one this
// memory cannot hold; on 384 MiB, where the lowered caches leave room, the
// plan sizes for the advised pool and the crit does not fire.
func TestPoolUnfitInPlan(t *testing.T) {
	d, err := dump.Read(context.Background(), "../probe/dump/testdata/mariadb-dump-10.11-nodb.sql")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		mib      uint64
		crit     bool
		wantPool string
	}{
		{"256 MiB: no room", 256, true, "the default 128.0 MiB buffer pool (which this memory cannot hold: memory.no_room_for_pool)"},
		{"384 MiB: the advised pool", 384, false, "the advised 48.0 MiB buffer pool"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := profile.Profile{Host: profile.Host{OS: "linux", CPU: profile.CPU{Logical: 1},
				Memory: profile.Memory{TotalBytes: c.mib << 20, AvailableBytes: c.mib << 19}},
				Storage: profile.Storage{Path: "/var/lib/mysql", FreeBytes: 10 << 30, TotalBytes: 20 << 30}, Dump: d}
			a, err := Advise(p, AdviseOptions{Task: "load", Target: "mariadb-10.11"})
			if err != nil {
				t.Fatal(err)
			}
			if got := hasFinding(a.Findings, "memory.no_room_for_pool"); got != c.crit {
				t.Errorf("memory.no_room_for_pool fired = %v, want %v", got, c.crit)
			}
			if !strings.Contains(a.Threads.Load.Why, c.wantPool) {
				t.Errorf("load why %q does not name %q", a.Threads.Load.Why, c.wantPool)
			}
		})
	}
}
