package profile

// Tools is what mytune found, on this machine's PATH, of the programs a
// restore plan's lines run (myloader, mysqlsh, the mysql client,
// mariadb-backup, …): found or not, and the version each printed. The
// plan warns about a line whose program is missing or of another version
// than the dump or backup needs (advisor/threads/tools.go). Nil when no
// dump was named or the profile was saved by a mytune that did not look.
type Tools struct {
	// Searched are the program names looked for; one of them absent from
	// Found is not on PATH.
	Searched []string `json:"searched"`
	// Found are those found, in Searched's order ([] when none).
	Found []Tool `json:"found"`
}

// Tool is one program found on PATH.
type Tool struct {
	// Name is the name a line calls it by ("myloader"); Path where the
	// shell finds it first ("/usr/bin/myloader").
	Name string `json:"name"`
	Path string `json:"path"`
	// Version is the first x.y.z its --version printed ("0.10.0",
	// "10.11.19"), "" when it was not asked (a program whose version no
	// check needs) or printed none.
	Version string `json:"version,omitempty"`
	// Line is the first line --version printed, as evidence.
	Line string `json:"line,omitempty"`
}

// Lookup says whether name was searched for and, if so, whether it was
// found and as what.
func (t *Tools) Lookup(name string) (tool Tool, found, searched bool) {
	if t == nil {
		return Tool{}, false, false
	}
	for _, f := range t.Found {
		if f.Name == name {
			return f, true, true
		}
	}
	for _, s := range t.Searched {
		if s == name {
			return Tool{}, false, true
		}
	}
	return Tool{}, false, false
}
