package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestQuoteSourceNote: dumping a live source whose names hold a single
// quote, the plan warns that mydumper 0.10 exits 1 and leaves their
// routines, events and triggers out, with the mariadb-dump and mysql
// lines for a table's triggers (review r11: the printed mydumper line
// exited 1 with no word of it); a restore target (--dump) or a source
// without such names gets no note.
func TestQuoteSourceNote(t *testing.T) {
	srv := func(names ...profile.TableName) *profile.Server {
		return &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB", QuoteNames: names}
	}
	cases := []struct {
		name string
		p    *profile.Profile
		has  []string // nil: no note
	}{
		{"a database and a table", &profile.Profile{Server: srv(profile.TableName{Schema: "q'd"}, profile.TableName{Schema: "shop", Table: "quo'te"})},
			[]string{"(`q'd`, `shop`.`quo'te`)", "exits 1",
				`mariadb-dump --host SOURCE --user USER -p --no-data --no-create-info --no-create-db --triggers shop 'quo'\''te' > /path/to/shop.quo_te.triggers.sql`,
				"mysql --host TARGET --user USER -p --database=shop < /path/to/shop.quo_te.triggers.sql",
				"The routines and events of `q'd` mariadb-dump cannot dump either"}},
		{"no such names", &profile.Profile{Server: srv()}, nil},
		{"the server is the restore target", &profile.Profile{Server: srv(profile.TableName{Schema: "q'd"}), Dump: &profile.Dump{Format: "mydumper"}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var note string
			for _, task := range []string{TaskDump, TaskCopy} {
				for _, n := range Size(c.p, Options{Task: task, Target: profile.Target{Flavor: "mariadb", Version: "10.11", Source: "flag"}}).Notes {
					if strings.Contains(n, "single quote") {
						note = n
					}
				}
				if (note != "") != (c.has != nil) {
					t.Fatalf("--task %s: note %q, want one: %v", task, note, c.has != nil)
				}
				for _, h := range c.has {
					if !strings.Contains(note, h) {
						t.Errorf("--task %s: note %q lacks %q", task, note, h)
					}
				}
			}
		})
	}
}
