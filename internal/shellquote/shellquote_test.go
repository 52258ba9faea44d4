package shellquote

import (
	"os/exec"
	"testing"
)

// TestWord: printable names keep the single-quote form; bytes that are not
// UTF-8 and control characters come out as $'…' escapes in ASCII, and bash
// turns each word back into exactly the bytes quoted.
func TestWord(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain path stays bare", "/backup/shop-1.sql", "/backup/shop-1.sql"},
		{"space", "/tmp/my dump", "'/tmp/my dump'"},
		{"single quote", "/tmp/it's", `'/tmp/it'\''s'`},
		{"UTF-8 kept", "/tmp/latén", "'/tmp/latén'"},
		{"empty", "", "''"},
		{"Latin-1 byte", "/var/tmp/md-lat\xe9n", `"$(printf '/var/tmp/md-lat\351n')"`},
		{"tab and newline", "/tmp/a\tb\nc", `"$(printf '/tmp/a\011b\012c')"`},
		{"Latin-1 with a quote and a backslash", "/tmp/it's\\\xe9", `"$(printf '/tmp/it\047s\134\351')"`},
		{"a cut UTF-8 sequence before a digit", "/tmp/\xc37", `"$(printf '/tmp/\3037')"`},
		{"UTF-8 beside a Latin-1 byte, a percent", "/tmp/é%\xe9", `"$(printf '/tmp/é%%\351')"`},
		{"a leading dash", "-x\x01", `"$(printf '\055x\001')"`},
		{"a trailing newline keeps $'…'", "/tmp/nl\n", `$'/tmp/nl\x0a'`},
		{"a lone backslash stays inside", `/tmp/a\b`, `'/tmp/a\b'`},
		{"two backslashes: the first outside (fish)", `/tmp/bs\\d`, `'/tmp/bs'\\'\d'`},
		{"a trailing backslash outside (fish)", `/tmp/end\`, `'/tmp/end'\\''`},
		{"a backslash before a quote outside (fish)", `/tmp/q\'x`, `'/tmp/q'\\''\''x'`},
	}
	_, noBash := exec.LookPath("bash")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Word(c.in)
			if got != c.want {
				t.Errorf("Word(%q) = %s, want %s", c.in, got, c.want)
			}
			if noBash != nil {
				return
			}
			out, err := exec.Command("bash", "-c", "printf %s "+got).Output()
			if err != nil || string(out) != c.in {
				t.Errorf("bash read %s as %q (%v), want %q", got, out, err, c.in)
			}
		})
	}
}
