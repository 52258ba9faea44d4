package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRowSizeWarning: this review's live dump (wide.many, 60 × VARCHAR(40)
// latin1: 2490 bytes; wide.cmp, 3 × VARCHAR(1000) latin1 COMPACT: 2393,
// 86 as DYNAMIC; wide.vc fits) against the target's page, from the
// server, the my.cnf or the 16K default, strict or not.
func TestRowSizeWarning(t *testing.T) {
	many := profile.DumpWideTable{Name: "wide.many", RecordBytes: 2490, Fields: 63}
	cmp := profile.DumpWideTable{Name: "wide.cmp", RowFormat: "compact", RecordBytes: 2393, DynamicRecordBytes: 86, Fields: 6}
	big := profile.DumpWideTable{Name: "w64.many", RecordBytes: 5 + 25 + 4 + 13 + 200*41, Fields: 203}
	zip8 := profile.DumpWideTable{Name: "z.t", RowFormat: "compressed", KeyBlockSizeKiB: 8, RecordBytes: 22, Fields: 3}
	server := func(vars map[string]string) *profile.Server {
		return &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19-MariaDB", Variables: vars}
	}
	cases := []struct {
		name   string
		tables []profile.DumpWideTable
		srv    *profile.Server
		cnf    map[string]string
		has    []string
		hasNot []string
	}{
		{"4K server, strict", []profile.DumpWideTable{many, cmp}, server(map[string]string{"innodb_page_size": "4096"}), nil,
			[]string{"TARGET's InnoDB pages are 4.0 KiB (innodb_page_size 4096, read from the server)",
				"wide.many (2490 bytes), wide.cmp (2393 bytes, ROW_FORMAT=COMPACT)", "under 1982 bytes", "\"Row size too large (> 1982)\"",
				"myloader skips those tables and their rows", "ROW_FORMAT=DYNAMIC in the dump's CREATE TABLE of wide.cmp (86 bytes as DYNAMIC)",
				"a target with 8.0 KiB pages", "--innodb-page-size=8k", "innodb_strict_mode=OFF for the load creates them"}, nil},
		{"4K server, strict off", []profile.DumpWideTable{many}, server(map[string]string{"innodb_page_size": "4096", "innodb_strict_mode": "OFF"}), nil,
			[]string{"TARGET runs with innodb_strict_mode OFF", "a transaction holding a row past it fails whole", "during COMMIT", "a target with 8.0 KiB pages"},
			[]string{"SET GLOBAL innodb_strict_mode=OFF"}},
		{"4K in the my.cnf", []profile.DumpWideTable{many}, nil, map[string]string{"innodb_page_size": "4k"},
			[]string{"(innodb_page_size 4096, the my.cnf's)"}, nil},
		{"16K server: both fit", []profile.DumpWideTable{many, cmp}, server(map[string]string{"innodb_page_size": "16384"}), nil, nil, nil},
		{"r48's 64K dump into the 16K default", []profile.DumpWideTable{big}, nil, nil,
			[]string{"16.0 KiB (innodb_page_size 16384, InnoDB's default", "w64.many (8247 bytes)", "\"Row size too large (> 8126)\"",
				"a target with 32.0 KiB pages"}, nil},
		{"KEY_BLOCK_SIZE=8 on a 4K server", []profile.DumpWideTable{zip8}, server(map[string]string{"innodb_page_size": "4096"}), nil,
			[]string{"z.t (KEY_BLOCK_SIZE=8 is larger than the 4.0 KiB page)", "errno 140"}, nil},
		{"COMPRESSED on a 64K server", []profile.DumpWideTable{zip8}, server(map[string]string{"innodb_page_size": "65536"}), nil,
			[]string{"ROW_FORMAT=COMPRESSED is refused on 64.0 KiB pages"}, nil},
		{"MySQL target: not measured, none", []profile.DumpWideTable{many},
			&profile.Server{Reachable: true, Flavor: profile.FlavorMySQL, Version: "8.4.3", Variables: map[string]string{"innodb_page_size": "4096"}}, nil, nil, nil},
		{"64K: both limits and both messages, in number order (review r56: they were sorted as text)", []profile.DumpWideTable{
			{Name: "a.dyn", RecordBytes: 33000, Fields: 40}, {Name: "a.red", RowFormat: "redundant", RecordBytes: 17000, Fields: 40}},
			server(map[string]string{"innodb_page_size": "65536"}), nil,
			[]string{"under 16383 or 32702 bytes", "fails, \"Row size too large (> 16382)\" or \"Row size too large (> 16383)\", and"}, nil},
		{"no wide table", nil, server(map[string]string{"innodb_page_size": "4096"}), nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Dump: &profile.Dump{Format: "mydumper"}, Server: c.srv}
			p.Dump.WideTables = c.tables
			if c.cnf != nil {
				p.MyCnf = &profile.MyCnf{Variables: c.cnf}
			}
			got := RowSizeWarning(p, Options{})
			if len(c.has) == 0 && got != "" {
				t.Fatalf("warning %q, want none", got)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("warning lacks %q: %q", h, got)
				}
			}
			for _, h := range c.hasNot {
				if strings.Contains(got, h) {
					t.Errorf("warning has %q: %q", h, got)
				}
			}
		})
	}
}
