package advisor

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// maxMyCnfNotes bounds the my.cnf warnings the notes list; the profile's
// mycnf.warnings keeps them all.
const maxMyCnfNotes = 12

// myCnfNotes turns the my.cnf warnings that hold for the target into
// notes, those where the server refuses to start first.
func myCnfNotes(m *profile.MyCnf, flavor, version string) []string {
	if m == nil {
		return nil
	}
	var refuse, other []string
	for _, w := range m.Warnings {
		if !w.AppliesTo(flavor, version) {
			continue
		}
		if w.Refuses {
			refuse = append(refuse, fmt.Sprintf("my.cnf %s: the server will not start: %s", w.Where, w.Text))
			continue
		}
		other = append(other, fmt.Sprintf("my.cnf %s: %s", w.Where, w.Text))
	}
	out := append(refuse, other...)
	if len(out) > maxMyCnfNotes {
		n := len(out) - maxMyCnfNotes
		out = append(out[:maxMyCnfNotes], fmt.Sprintf("my.cnf: %d more warnings in the profile (mycnf.warnings in --json)", n))
	}
	return out
}
