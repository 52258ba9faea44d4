package advisor

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// maxDisagreements is how many differing settings the note names.
const maxDisagreements = 5

// cnfServerNote says where the my.cnf given and the server read (live or
// captured) disagree on a setting's value: the advice judges the server's
// running values, so a finding can lower a value the file already has low
// (QA: a file with max_connections = 100 beside a capture showing 2000 got
// "2000 → 1662", to be appended to that file). Only values both sides
// spell as a number, size or switch are compared; "" when they agree or
// one is missing. The file's values are those a server of the target's
// version reads: version groups of its series included (QA: [mariadb-10.11]
// after [mysqld] was called a different file).
func cnfServerNote(p profile.Profile, flavor, version string) string {
	s := p.Server
	if p.MyCnf == nil || s == nil || !s.Reachable {
		return ""
	}
	series := ""
	if v, ok := profile.ParseVersion(version); ok {
		series = fmt.Sprintf("%d.%d", v.Major, v.Minor)
	}
	base := p.MyCnf.Effective(flavor, series)
	var diffs, clamps []string
	for name, fileVal := range base {
		srvVal, ok := s.Variables[name]
		if !ok || !disagree(name, fileVal, srvVal) {
			continue
		}
		if c, ok := clamped(flavor, name, fileVal, srvVal, s.Variables); ok {
			clamps = append(clamps, c)
			continue
		}
		diffs = append(diffs, fmt.Sprintf("%s %s in the file, %s on the server", name, fileVal, srvVal))
	}
	sort.Strings(clamps)
	return joinNotes(clampNote(p.MyCnf.Path, clamps), disagreeNote(p, diffs))
}

// clampNote says which of the file's values the server adjusted at start
// (serverClamp): the same file, values out of the server's range.
func clampNote(path string, clamps []string) string {
	if len(clamps) == 0 {
		return ""
	}
	return fmt.Sprintf("the server adjusted values of the my.cnf %s at start: %s. Write the values it runs with "+
		"in the file", path, strings.Join(clamps, "; "))
}

// joinNotes joins the non-empty notes into one, the second as a sentence
// of its own (review r29 read "… in the file. the my.cnf … disagree").
func joinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + ". " + strings.ToUpper(b[:1]) + b[1:]
}

// disagreeNote names the values the file and the server disagree on,
// "" for none.
func disagreeNote(p profile.Profile, diffs []string) string {
	s := p.Server
	if len(diffs) == 0 {
		return ""
	}
	sort.Strings(diffs)
	more := ""
	if len(diffs) > maxDisagreements {
		more = fmt.Sprintf(" and %d more", len(diffs)-maxDisagreements)
		diffs = diffs[:maxDisagreements]
	}
	who := "the server read"
	if s.Source == profile.ServerSourceCapture {
		who = "the captured server"
	}
	return fmt.Sprintf("the my.cnf %s and %s disagree: %s%s. The findings judge the server's values; the file may not be "+
		"the one it started with, or was changed since (or SET GLOBAL/PERSIST changed the server): check which before "+
		"appending the fragment to it", p.MyCnf.Path, who, strings.Join(diffs, "; "), more)
}

// disagree compares a my.cnf value with the server's: as sizes or
// numbers when both parse so ("1G" and "1073741824" agree), else as
// switches (ON and 1 agree), else, for the enum variables the rules know
// (innodb_flush_method), as words whatever their case; values of other
// kinds (paths, names) are not compared. QA 2026-12-06: a file with
// innodb_flush_method = O_DSYNC beside a server running O_DIRECT got
// "nothing to change" and no word of it, and the next start brings
// O_DSYNC back.
func disagree(name, fileVal, srvVal string) bool {
	if strings.TrimSpace(fileVal) == "" || strings.TrimSpace(srvVal) == "" {
		return false
	}
	a, errA := profile.ParseSize(fileVal)
	b, errB := profile.ParseSize(srvVal)
	if errA == nil && errB == nil {
		return a != b
	}
	x, errX := profile.ParseBool(fileVal)
	y, errY := profile.ParseBool(srvVal)
	if errX == nil && errY == nil {
		return x != y
	}
	if !rules.IsVariable(name) || rules.VariableKind(name) != rules.KindString || errA == nil || errB == nil {
		return false // an enum written as its number is not compared with its name
	}
	return !strings.EqualFold(strings.Trim(strings.TrimSpace(fileVal), `"'`), strings.TrimSpace(srvVal))
}
