package advisor

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAppendableAfterALastInclude: the cnf appended with ">>" to a my.cnf
// whose last line is an !includedir or !include without a newline is
// read by mariadbd --print-defaults with the included option and the
// fragment's (QA 14: "!includedir DIR# mytune …" aborted mariadbd, a
// last !include was silently dropped).
func TestAppendableAfterALastInclude(t *testing.T) {
	mariadbd := mariadbdOrSkip(t)
	if mariadbd == "" {
		t.Skip("mariadbd not installed")
	}
	cnf := "# mytune test: settings\n[mysqld]\n# why\nmax_allowed_packet = 33M\n"
	cases := []struct{ name, last string }{
		{"last line !includedir, no newline", "!includedir %s"},
		{"last line !include, no newline", "!include %s/a.cnf"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			inc := filepath.Join(dir, "conf.d")
			if err := os.Mkdir(inc, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(inc, "a.cnf"), []byte("[mysqld]\nmax_connections = 77\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			last := strings.ReplaceAll(tc.last, "%s", inc)
			path := filepath.Join(dir, "my.cnf")
			if err := os.WriteFile(path, []byte("[mysqld]\nport = 37399\n"+last+Appendable(cnf)), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(mariadbd, "--defaults-file="+path, "--print-defaults").CombinedOutput()
			if err != nil {
				t.Fatalf("mariadbd --print-defaults: %v\n%s", err, out)
			}
			for _, want := range []string{"--max_connections=77", "--max_allowed_packet=33M"} {
				if !strings.Contains(string(out), want) {
					t.Errorf("%s missing from mariadbd --print-defaults: %s", want, out)
				}
			}
		})
	}
}
