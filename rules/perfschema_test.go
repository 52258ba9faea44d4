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
		name     string
		bytes    uint64
		flavor   string
		psVar    string // performance_schema as read ("" unset)
		wantPS   uint64
		wantText string // what globalText says of it ("" nothing)
	}{
		{"read from the live server", ps, profile.FlavorMySQL, "ON", ps, "the performance schema's 135.8 MiB among them"},
		{"off", 0, profile.FlavorMySQL, "OFF", 0, ""},
		{"MariaDB, unset: off by default", 0, profile.FlavorMariaDB, "", 0, ""},
		// review 2026-12-06: a my.cnf or saved variables on MySQL left its (default on) memory out without a word
		{"MySQL, unset: on by default, not read", 0, profile.FlavorMySQL, "", 0, "not counting the performance schema's memory"},
		{"MariaDB, on, not read (no PROCESS)", 0, profile.FlavorMariaDB, "ON", 0, "not counting the performance schema's memory"},
	}
	base, _ := memEnv(t, tier12G)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, _ := memEnv(t, func(p *profile.Profile) {
				tier12G(p)
				p.Server.PerfSchemaBytes, p.Server.Flavor = c.bytes, c.flavor
				delete(p.Server.Variables, "performance_schema")
				if c.psVar != "" {
					p.Server.Variables["performance_schema"] = c.psVar
				}
			})
			if e.F.PerfSchemaBytes != c.wantPS {
				t.Fatalf("facts %d, want %d", e.F.PerfSchemaBytes, c.wantPS)
			}
			if c.flavor == profile.FlavorMySQL && e.GlobalBytes() != base.GlobalBytes()+c.wantPS {
				t.Errorf("global %d, want %d + %d", e.GlobalBytes(), base.GlobalBytes(), c.wantPS)
			}
			if c.flavor == profile.FlavorMySQL && e.PoolRoomBytes()+c.wantPS != base.PoolRoomBytes() && base.PoolRoomBytes() > c.wantPS {
				t.Errorf("pool room %d, want %d - %d", e.PoolRoomBytes(), base.PoolRoomBytes(), c.wantPS)
			}
			got := e.globalText(e.GlobalAfterBytes())
			if c.wantText == "" && strings.Contains(got, "performance schema") || !strings.Contains(got, c.wantText) {
				t.Errorf("global text %q, want it to say %q", got, c.wantText)
			}
		})
	}
}
