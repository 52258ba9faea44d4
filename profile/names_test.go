package profile

import "testing"

// TestClassWordsFallbacks: each wording keeps the fallback its callers
// printed before the three copies were merged (issue 18).
func TestClassWordsFallbacks(t *testing.T) {
	cases := []struct{ fn, class, got, want string }{
		{"short", ClassHDD, ClassShort(ClassHDD), "HDD"},
		{"short", "tape", ClassShort("tape"), "tape"},
		{"short", ClassNetwork, ClassShort(ClassNetwork), "network"},
		{"noun", "", ClassNoun(""), "storage of unknown kind"},
		{"noun", "tape", ClassNoun("tape"), "tape"},
		{"phrase", "", ClassPhrase(""), "storage of unknown class"},
		{"phrase", "tape", ClassPhrase("tape"), "storage of unknown class"},
		{"phrase", ClassSDCard, ClassPhrase(ClassSDCard), "an SD card"},
		{"flavor", FlavorPercona, FlavorName(FlavorPercona), "Percona Server"},
		{"flavor", "tidb", FlavorName("tidb"), "tidb"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s(%q) = %q, want %q", c.fn, c.class, c.got, c.want)
		}
	}
}
