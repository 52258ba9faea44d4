package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPerfSchemaInBudget: the live server's performance schema memory is
// counted with the global buffers, so it comes off the room the pool and
// the connections share, and the texts that state global buffers name it
// (QA 2026-12-06: 142 MB at max_connections 2000, not counted before).
func TestPerfSchemaInBudget(t *testing.T) {
	const ps = 142394000
	cases := []struct {
		name   string
		bytes  uint64
		reach  bool
		wantPS uint64
	}{
		{"read from the live server", ps, true, ps},
		{"off or unread", 0, true, 0},
	}
	base, _ := memEnv(t, tier12G)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, _ := memEnv(t, func(p *profile.Profile) {
				tier12G(p)
				p.Server.PerfSchemaBytes, p.Server.Reachable = c.bytes, c.reach
			})
			if e.F.PerfSchemaBytes != c.wantPS {
				t.Fatalf("facts %d, want %d", e.F.PerfSchemaBytes, c.wantPS)
			}
			if c.reach && e.GlobalBytes() != base.GlobalBytes()+c.wantPS {
				t.Errorf("global %d, want %d + %d", e.GlobalBytes(), base.GlobalBytes(), c.wantPS)
			}
			if c.reach && e.PoolRoomBytes()+c.wantPS != base.PoolRoomBytes() && base.PoolRoomBytes() > c.wantPS {
				t.Errorf("pool room %d, want %d - %d", e.PoolRoomBytes(), base.PoolRoomBytes(), c.wantPS)
			}
			if got := e.globalText(e.GlobalAfterBytes()); strings.Contains(got, "performance schema") != (c.wantPS > 0) {
				t.Errorf("global text %q: the performance schema named %v, want %v", got, !(c.wantPS > 0), c.wantPS > 0)
			}
		})
	}
}
