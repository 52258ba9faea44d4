package connflags

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/mytune/mytune/internal/shellquote"
)

// ShellFlags is the server flags that named the server, as shell words
// another mytune line can carry to reach the same server: -h, -P, -S,
// --defaults-file, --ssl-mode and --ssl-ca as set anywhere (paths made
// absolute), -u as given on the command line, and -p alone (a prompt)
// when a password was given there; never a password. "" when no flag
// named the server (discovery finds it again). A --dsn, which may hold a
// password, is given as the flags that reach its server (dsnWords).
func (s Source) ShellFlags() string {
	if len(s.Named()) == 0 {
		return ""
	}
	if s.V.IsSet("dsn") {
		words := dsnWords(s.V.GetString("dsn"))
		if !slices.Contains(words, "--ssl-mode") { // the flags' TLS holds where the DSN has no tls
			words = append(words, s.tlsWords()...)
		}
		return strings.Join(words, " ")
	}
	var words []string
	for _, f := range []struct {
		name, spell string
		path        bool
	}{
		{"host", "-h", false}, {"port", "-P", false}, {"socket", "-S", true}, {"defaults-file", "--defaults-file", true},
		{"ssl-mode", "--ssl-mode", false}, {"ssl-ca", "--ssl-ca", true},
	} {
		v := s.V.GetString(f.name)
		if !s.V.IsSet(f.name) || v == "" {
			continue
		}
		if abs, err := filepath.Abs(v); f.path && err == nil {
			v = abs
		}
		words = append(words, f.spell, shellquote.Word(v))
	}
	if s.Flags.Changed("user") {
		words = append(words, "-u", shellquote.Word(s.V.GetString("user")))
	}
	if s.Flags.Changed("password") {
		words = append(words, "-p")
	}
	return strings.Join(words, " ")
}
