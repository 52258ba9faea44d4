package shellquote

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWordPastedIntoEveryShell: a printable word reads back as exactly
// its bytes in bash, dash, zsh and fish (review r11: fish's single quotes
// take \\ and \' as escapes, so '/tmp/bs\\d' read as /tmp/bs\d and a
// path ending in a backslash never closed its quote). A word with bytes
// that are not UTF-8 or control characters ("$(printf '…')") reads back
// in all four too; only one ending in a newline keeps $'…', bash/zsh/ksh
// syntax, checked in bash and zsh only.
func TestWordPastedIntoEveryShell(t *testing.T) {
	words := []string{
		`/tmp/a\b`, `/tmp/bs\\d`, `/tmp/end\`, `/tmp/q\'x`, `\`, `\\`, `'\'`,
		`/var/tmp/x a'b"c$d` + "`" + `e!f*g#h;i\j é日本`, `-lead`, `{}`, `a~b`, `~`, `%s`,
		"/tmp/it's\\\xe9", "/tmp/a\tb\\", "/var/tmp/md-lat\xe9n", "-lead\x01%s%%", "/tmp/\xc37 x'y\\z\x7f", "\x01", "/tmp/nl\n",
	}
	shells := []struct {
		name    string
		argv    []string
		escaped bool // reads $'…'
	}{
		{"bash", []string{"bash", "-c"}, true},
		{"dash", []string{"dash", "-c"}, false},
		{"zsh", []string{"zsh", "-c"}, true},
		{"fish", []string{"fish", "-c"}, false},
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			if _, err := exec.LookPath(sh.argv[0]); err != nil {
				if os.Getenv("CI") != "" {
					t.Fatalf("%s not installed, and CI is set: scripts/install-deps.sh installs it", sh.argv[0])
				}
				t.Skipf("%s not installed (scripts/install-deps.sh installs it)", sh.argv[0])
			}
			for _, w := range words {
				q := Word(w)
				if strings.HasSuffix(w, "\n") && !sh.escaped {
					continue
				}
				out, err := exec.Command(sh.argv[0], sh.argv[1], "printf %s "+q).Output()
				if err != nil || string(out) != w {
					t.Errorf("%s read %s as %q (%v), want %q", sh.name, q, out, err, w)
				}
			}
		})
	}
}
