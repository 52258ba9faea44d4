package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMydumperRegex: the mydumper line leaves out the source's names with
// a backtick (mydumper 0.10.0 crashed on shop.`weird“tick` with --rows,
// exit 139, the dump unfinished; QA 2026-12-06), PCRE-quoted, and says so
// with the mariadb-dump lines that dump them; a restore target (--dump)
// or a source without such names keeps the plain line and no note.
func TestMydumperRegex(t *testing.T) {
	srv := func(names ...profile.TableName) *profile.Server {
		return &profile.Server{Reachable: true, BacktickNames: names}
	}
	cases := []struct {
		name    string
		p       profile.Profile
		regex   string
		noteHas []string // nil: no note
	}{
		{"a table with a backtick", profile.Profile{Server: srv(profile.TableName{Schema: "shop", Table: "weird`tick"})},
			SkipSystemSchemas + "(?!(shop\\.weird\\`tick)$)",
			[]string{"(`shop`.`weird``tick`)", "mariadb-dump --host SOURCE --user USER -p shop 'weird`tick' > /path/to/shop.weird_tick.sql"}},
		{"a database too, and regex metacharacters", profile.Profile{Server: srv(profile.TableName{Schema: "back`tick"},
			profile.TableName{Schema: "a.b", Table: "x`(y)"})},
			SkipSystemSchemas + "(?!(back\\`tick\\..*|a\\.b\\.x\\`\\(y\\))$)",
			[]string{"`back``tick`, `a.b`.`x``(y)`", "still makes it exit 1", "--databases 'back`tick'"}},
		{"no such names", profile.Profile{Server: srv()}, SkipSystemSchemas, nil},
		{"the server is the restore target", profile.Profile{Server: srv(profile.TableName{Schema: "shop", Table: "weird`tick"}),
			Dump: &profile.Dump{Format: "mydumper"}}, SkipSystemSchemas, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := mydumperRegex(&c.p); got != c.regex {
				t.Errorf("regex %s, want %s", got, c.regex)
			}
			note := backtickSourceNote(&c.p)
			if (note != "") != (c.noteHas != nil) {
				t.Fatalf("note %q, want one: %v", note, c.noteHas != nil)
			}
			for _, h := range c.noteHas {
				if !strings.Contains(note, h) {
					t.Errorf("note %q lacks %q", note, h)
				}
			}
		})
	}
}
