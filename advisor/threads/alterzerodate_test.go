package threads

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAlterSessionMode: the deferrals' ALTER line sets the session's
// sql_mode without NO_ZERO_DATE and NO_ZERO_IN_DATE only when the target's
// refuses a zero-date DEFAULT of a table that line alters (review r69:
// ERROR 1067 at ALTER TABLE … ADD KEY, and the line stopped there).
func TestAlterSessionMode(t *testing.T) {
	zero := []profile.ZeroDate{{Table: "r69e.big2", Column: "d", Value: "0000-00-00 00:00:00"}}
	part := []profile.ZeroDate{{Table: "r69e.big2", Column: "d", Value: "2024-00-00"}}
	other := []profile.ZeroDate{{Table: "r69e.zd", Column: "d", Value: "0000-00-00 00:00:00"}}
	keys := keyDeferral{tables: []keyTable{{schema: "r69e", table: "big1"}, {schema: "r69e", table: "big2"}}}
	ft := ftDeferral{tables: []ftTable{{schema: "r69e", table: "big2"}}}
	const set = "SET SESSION sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'"
	cases := []struct {
		name  string
		zeros []profile.ZeroDate
		mode  string
		keys  keyDeferral
		ft    ftDeferral
		want  string
	}{
		{"deferred keys, NO_ZERO_DATE", zero, mysql8Mode, keys, ftDeferral{}, set},
		{"deferred FULLTEXT, NO_ZERO_DATE", zero, mysql8Mode, keyDeferral{}, ft, set},
		{"a zero month under NO_ZERO_IN_DATE alone", part, "NO_ZERO_IN_DATE", keys, ftDeferral{}, "SET SESSION sql_mode = ''"},
		{"sql_mode allows it", zero, "STRICT_TRANS_TABLES", keys, ftDeferral{}, ""},
		{"the zero date is in a table not altered", other, mysql8Mode, keys, ftDeferral{}, ""},
		{"nothing deferred", zero, mysql8Mode, keyDeferral{}, ftDeferral{}, ""},
		{"no zero dates", nil, mysql8Mode, keys, ftDeferral{}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Server: liveTarget(c.mode), Dump: &profile.Dump{Format: "mydumper", DumpDates: profile.DumpDates{ZeroDateDefaults: c.zeros}}}
			if got := alterSessionMode(p, Options{}, c.keys, c.ft); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
