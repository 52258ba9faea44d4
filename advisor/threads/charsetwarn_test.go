package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCharsetWarning: a live target's answers decide; without one, the
// target's flavor and version decide for the two families that cross
// (MySQL 8's utf8mb4_0900_*, MariaDB's *_uca1400_*), and nothing is said
// where neither is known. The words follow the loader (myloader 0.10 and
// the mysql client into MariaDB 10.11.19, 2026-12-07).
func TestCharsetWarning(t *testing.T) {
	live := func(cs, co map[string]bool) *profile.Server {
		return &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19", CharsetsKnown: cs, CollationsKnown: co}
	}
	mysql8 := profile.Dump{Format: "mydumper", Charsets: []string{"utf8mb4"}, Collations: []string{"utf8mb4_0900_ai_ci"}}
	maria11 := profile.Dump{Format: "mydumper", Charsets: []string{"utf8mb4"}, Collations: []string{"utf8mb4_uca1400_ai_ci"}}
	cases := []struct {
		name     string
		d        profile.Dump
		srv      *profile.Server
		target   profile.Target
		has, not []string
	}{
		{"live: unknown collation", mysql8, live(map[string]bool{"utf8mb4": true}, map[string]bool{"utf8mb4_0900_ai_ci": false}), profile.Target{},
			[]string{"utf8mb4_0900_ai_ci, which TARGET lacks", "answered \"Unknown collation\" when", "myloader skips each database", "by utf8mb4_uca1400_ai_ci;"},
			[]string{"Unknown character set\"", "no server was asked"}},
		{"live: unknown character set too", profile.Dump{Format: "mysqldump", Charsets: []string{"gb18030"}, Collations: []string{"gb18030_chinese_ci"}},
			live(map[string]bool{"gb18030": false}, nil), profile.Target{},
			[]string{"gb18030, which TARGET lacks", "\"Unknown character set\"", "the load stops at the first statement"}, nil},
		{"live: all known", mysql8, live(map[string]bool{"utf8mb4": true}, map[string]bool{"utf8mb4_0900_ai_ci": true}), profile.Target{}, nil, nil},
		{"live server not asked: read from its version", mysql8, &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, profile.Target{},
			[]string{"only since 11.4.5; read from TARGET's version"}, nil},
		{"MariaDB 10.6 by flag", mysql8, nil, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.6.20", Source: profile.SourceFlag},
			[]string{"by utf8mb4_unicode_520_ci;"}, []string{"uca1400"}},
		{"MariaDB 11.4.5 has the aliases", mysql8, nil, profile.Target{Flavor: profile.FlavorMariaDB, Version: "11.4.5", Source: profile.SourceFlag}, nil, nil},
		{"uca1400 into MySQL 8.4", maria11, nil, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: profile.SourceFlag},
			[]string{"MySQL has none of MariaDB's", "by utf8mb4_0900_ai_ci;"}, nil},
		{"uca1400 into MariaDB 10.6", maria11, nil, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.6.20", Source: profile.SourceFlag},
			[]string{"only since 10.10.1"}, nil},
		{"uca1400 into MariaDB 10.11", maria11, nil, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.9", Source: profile.SourceFlag}, nil, nil},
		{"no target known", mysql8, nil, profile.Target{}, nil, nil},
		{"no names", profile.Dump{Format: "mydumper"}, live(nil, nil), profile.Target{}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			got := CharsetWarning(&profile.Profile{Dump: &d, Server: c.srv}, Options{Target: c.target})
			if len(c.has) == 0 && got != "" {
				t.Fatalf("warning %q, want none", got)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("warning lacks %q: %q", h, got)
				}
			}
			for _, n := range c.not {
				if strings.Contains(got, n) {
					t.Errorf("warning says %q: %q", n, got)
				}
			}
		})
	}
}
