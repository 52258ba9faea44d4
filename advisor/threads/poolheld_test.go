package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// appInnoDB is the InnoDB usage review r30's live target showed for `app`
// (sysbench 4 x 200k rows, MariaDB 10.11.19, 2026-12-07): 182714368 bytes
// of data and 14745600 of indexes, 188.3 MiB.
var appInnoDB = map[string]profile.EngineUsage{"InnoDB": {DataBytes: 182714368, IndexBytes: 14745600, Tables: 4}}

// heldServer is a live MariaDB 10.11 with a 256M pool whose InnoDB tables
// hold engines' bytes in schemas.
func heldServer(engines map[string]profile.EngineUsage, schemas ...profile.SchemaUsage) *profile.Server {
	s := server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "268435456"})
	s.Source, s.Engines, s.Schemas = "server", engines, schemas
	for _, u := range engines {
		s.DataBytes, s.IndexBytes, s.Tables = s.DataBytes+u.DataBytes, s.IndexBytes+u.IndexBytes, s.Tables+u.Tables
	}
	return s
}

// TestPoolHeld: a load into a server that already holds other data fits
// only the pool that data leaves (review r30: a 201.7 MiB load "fit" a 384
// MiB pool holding 184 MiB of app pages and evicted 2,050 pages).
func TestPoolHeld(t *testing.T) {
	shop := func() *profile.Dump { d := *dump40; d.Databases = []string{"shop"}; return &d }
	cases := []struct {
		name    string
		srv     *profile.Server
		held    uint64
		unsplit bool                 // the profile does not say how much of it is in the dump's databases
		dump    func() *profile.Dump // nil: shop()
		apply   string               // the pool growth offered, "" for none
		undo    string
		textHas string // in the growth's name, or the load basis when none is offered
	}{
		{name: "empty server: the ~114 MiB load fits the 256M pool, nothing grown",
			srv: heldServer(nil), textHas: "fits the server 256.0 MiB buffer pool:"},
		{name: "188.3 MiB of app beside it: grown to hold both, the held data named",
			srv: heldServer(appInnoDB, profile.SchemaUsage{Name: "app", Tables: 4, Bytes: 197459968}), held: 197459968,
			apply: "SET GLOBAL innodb_buffer_pool_size = 402653184;", undo: "SET GLOBAL innodb_buffer_pool_size = 268435456;",
			textHas: "outgrows the server 256.0 MiB buffer pool (188.3 MiB of it kept for the 188.3 MiB of InnoDB data the server already holds outside the dump's databases, 67.7 MiB left for the load)"},
		{name: "the same bytes in the dump's own database: the load collides with them, nothing held",
			srv: heldServer(appInnoDB, profile.SchemaUsage{Name: "shop", Tables: 4, Bytes: 197459968}), textHas: "fits the server 256.0 MiB buffer pool:"},
		{name: "only MyISAM tables on the server: the pool holds none of them",
			srv:     heldServer(map[string]profile.EngineUsage{"MyISAM": {DataBytes: 200 << 20, Tables: 3}}, profile.SchemaUsage{Name: "app", Tables: 3, Bytes: 200 << 20}),
			textHas: "fits the server 256.0 MiB buffer pool:"},
		{name: "table sizes unread: nothing held is assumed",
			srv: func() *profile.Server { s := heldServer(appInnoDB); s.TablesError = "timeout"; return s }(), textHas: "fits the server 256.0 MiB buffer pool:"},
		{name: "server schemas not recorded (a profile of an older mytune): all of it held, and said to be unsplit",
			srv: heldServer(appInnoDB), held: 197459968, unsplit: true,
			apply: "SET GLOBAL innodb_buffer_pool_size = 402653184;", undo: "SET GLOBAL innodb_buffer_pool_size = 268435456;",
			textHas: "(188.3 MiB of it kept for the 188.3 MiB of InnoDB data the server already holds, all of it counted: the profile, saved by an older mytune, does not say how much of it is in the dump's databases"},
		{name: "dump databases not recorded (review r57: af9d4829's advice), schemas known: all of it held, unsplit",
			srv: heldServer(appInnoDB, profile.SchemaUsage{Name: "shop", Tables: 4, Bytes: 197459968}), held: 197459968, unsplit: true,
			dump:  func() *profile.Dump { d := *dump40; d.Databases = nil; return &d },
			apply: "SET GLOBAL innodb_buffer_pool_size = 402653184;", undo: "SET GLOBAL innodb_buffer_pool_size = 268435456;",
			textHas: "all of it counted: the profile, saved by an older mytune"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := shop()
			if tc.dump != nil {
				d = tc.dump()
			}
			p := prof(2, 0, cardCurve, d)
			p.Server = tc.srv
			p.Host.Memory.AvailableBytes = 8 << 30
			if got, unsplit := heldBytes(p); got != tc.held || unsplit != tc.unsplit {
				t.Errorf("heldBytes = %d, %v; want %d, %v", got, unsplit, tc.held, tc.unsplit)
			}
			plan := Size(p, Options{Task: TaskLoad})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "innodb_buffer_pool_size") {
					got = &plan.Temporary[i]
				}
			}
			text := plan.EstimatedLoad.Basis
			switch {
			case tc.apply == "" && got != nil:
				t.Fatalf("offered %q, want nothing", got.Apply)
			case tc.apply != "" && got == nil:
				t.Fatalf("not offered; notes %q", plan.Notes)
			case got != nil:
				text = got.Name
				if got.Apply != tc.apply || got.Undo != tc.undo {
					t.Errorf("apply %q undo %q; want %q and %q", got.Apply, got.Undo, tc.apply, tc.undo)
				}
			}
			if !strings.Contains(text, tc.textHas) {
				t.Errorf("%q lacks %q", text, tc.textHas)
			}
		})
	}
}
