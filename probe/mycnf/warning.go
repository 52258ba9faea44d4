package mycnf

import "fmt"

// Warning is a place where a server reads the option file otherwise than
// it looks, or refuses to start on it.
type Warning struct {
	File string
	// Line is 1-based; 0 means the whole file.
	Line int
	// Flavor is the server it holds for: "mysql" (MySQL, Percona),
	// "mariadb", or "" for both.
	Flavor string
	// Version is the server series the check was made against ("10.11"
	// for the mariadbd 10.11 option list), "" when it holds for all.
	Version string
	// From is the first server series the warning holds for ("8.0":
	// MySQL 8.0 and every later one), "" when not bounded below.
	From string
	// Before is the first version it no longer holds for ("8.0.30"), ""
	// when not bounded above.
	Before string
	// Group is the version group the line is in ("mariadb-11.8"), "" for
	// any other: only a server of that series reads it, so the warning
	// holds for no other.
	Group string
	// Refuses is true when that server would not start on the file.
	Refuses bool
	Text    string
}

// Where returns "file:line", or the file alone for a whole-file warning.
func (w Warning) Where() string {
	if w.Line == 0 {
		return w.File
	}
	return fmt.Sprintf("%s:%d", w.File, w.Line)
}

// String is "file:line: text".
func (w Warning) String() string { return w.Where() + ": " + w.Text }

// dedupeWarnings drops repeated warnings (a file included twice), keeping
// the first.
func dedupeWarnings(ws []Warning) []Warning {
	seen := map[Warning]bool{}
	out := ws[:0:0]
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
