package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestEnvelopeKinds: a kind no timed restore held is named as such; of a
// kind the fit timed, the FULLTEXT and SPATIAL tables whose indexes the
// estimate could not count are named as unpriced, the counted ones not.
func TestEnvelopeKinds(t *testing.T) {
	sampled := profile.DumpTableModel{Name: "s.doc", Bytes: 1e6, SampledRows: 100, SQLBytesPerRow: 300, FulltextIndexes: 1, FulltextWordsPerRow: 40}
	cases := []struct {
		name       string
		timed      int
		models     []profile.DumpTableModel
		has, lacks string
	}{
		{"never timed", 0, []profile.DumpTableModel{sampled}, "1 table with FULLTEXT indexes (s.doc; timed restores: none)", "does not price"},
		{"timed and counted", 8, []profile.DumpTableModel{sampled}, "", "s.doc"},
		{"timed, not sampled", 8, nil, "1 table with FULLTEXT indexes whose indexes the estimate does not price (s.doc", "timed restores"},
		{"timed, an older profile's model", 8, []profile.DumpTableModel{{Name: "s.doc", Bytes: 1e6, SampledRows: 100, SQLBytesPerRow: 300}},
			"does not price (s.doc", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var e Envelope
			e.Dump.TablesWith = map[string]int{"fulltext": c.timed, "spatial": 8, "foreign_keys": 0, "system_versioning": 0, "sequence": 0}
			d := &profile.Dump{TableModels: c.models}
			d.FulltextTables = []string{"s.doc"}
			got := strings.Join(e.kinds(d), " | ")
			if c.has != "" && !strings.Contains(got, c.has) || c.lacks != "" && strings.Contains(got, c.lacks) {
				t.Errorf("%q: want %q in it and %q not", got, c.has, c.lacks)
			}
		})
	}
}
