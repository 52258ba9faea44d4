package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestTrustPriority: a probe run below normal priority (nice above 0, the
// idle I/O class) is a host note, with its number; at normal priority, or
// a profile saved without the priority, there is none (review r18: under
// `nice -n 19 ionice -c3` beside a writer the probe read 291 and 135 MB/s
// where it read 554 and 653 without, and said nothing of it).
func TestTrustPriority(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pr    *profile.Priority
		want  []string
		notes []note
	}{
		{"saved before the priority was kept", nil, nil, nil},
		{"normal", &profile.Priority{Nice: 0, IOClass: "none"}, nil, nil},
		{"higher priority", &profile.Priority{Nice: -5, IOClass: "realtime"}, nil, nil},
		{"best-effort, lowest level", &profile.Priority{Nice: 0, IOClass: "best-effort"}, nil, nil},
		{"nice 19", &profile.Priority{Nice: 19, IOClass: "none"}, []string{"ran at nice 19"}, []note{{"low_priority", "host", 19, 0, "nice"}}},
		{"ionice -c3", &profile.Priority{Nice: 0, IOClass: "idle"}, []string{"idle I/O class (ionice -c3)"}, []note{{"idle_io_class", "host", 3, 2, "io_class"}}},
		{"both", &profile.Priority{Nice: 19, IOClass: "idle"}, []string{"ran at nice 19", "idle I/O class"},
			[]note{{"low_priority", "host", 19, 0, "nice"}, {"idle_io_class", "host", 3, 2, "io_class"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			quiet := profile.Load{Load1: 0.4, IO: &profile.Pressure{SomeAvg10: 0.5}, CPU: &profile.Pressure{SomeAvg10: 1}}
			p := &profile.Profile{Host: profile.Host{CPU: profile.CPU{Logical: 2}},
				Storage: profile.Storage{Measured: true, Conditions: &profile.Conditions{Before: quiet, After: quiet, Priority: tc.pr}}}
			notes := TrustNotes(p)
			if len(notes) != len(tc.want) {
				t.Errorf("%d notes, want %d: %q", len(notes), len(tc.want), notes)
			}
			for _, w := range tc.want {
				if !strings.Contains(strings.Join(notes, "\n"), w) {
					t.Errorf("notes %q lack %q", notes, w)
				}
			}
			checkTrust(t, Trust(p), tc.notes, notes)
		})
	}
}
