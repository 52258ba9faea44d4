package threads

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/mytune/mytune/profile"
)

// TestOddBytePathsRunInBash: a dump directory whose name is not valid
// UTF-8 (Latin-1 \xe9) or holds a tab and a newline is printed in printable
// UTF-8 only (so the text report and JSON keep every line as it is), and
// bash hands the tools exactly its bytes; mysqlsh gets it through a link.
func TestOddBytePathsRunInBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	base := t.TempDir()
	latin1 := filepath.Join(base, "md-lat\xe9n")
	ctrl := filepath.Join(base, "a\tb\nc")
	for _, d := range []string{latin1, ctrl} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Skipf("this file system refuses the name %q: %v", d, err)
		}
	}
	mariadb, mysql := profile.Target{Flavor: "mariadb", Version: "10.11"}, profile.Target{Flavor: "mysql", Version: "8.4"}
	cases := []struct {
		name   string
		dump   *profile.Dump
		target profile.Target
		want   []string // lines the stubs must print
	}{
		{"mydumper, Latin-1 name", &profile.Dump{Format: "mydumper", Path: latin1, Tables: 3, Chunks: 3}, mariadb,
			[]string{"myloader", "--directory", latin1}},
		{"mydumper, tab and newline", &profile.Dump{Format: "mydumper", Path: ctrl, Tables: 3, Chunks: 3}, mariadb,
			append([]string{"myloader", "--directory"}, strings.Split(ctrl, "\n")...)},
		{"mysqlsh, Latin-1 name: loaded through a UTF-8 link", &profile.Dump{Format: "mysqlsh", Path: latin1, Tables: 3, Chunks: 3}, mysql,
			[]string{"ln", "-sfn", latin1, ShellLinkDir, `util.loadDump("` + ShellLinkDir + `", {threads: 3, deferTableIndexes: "all", skipBinlog: true})`}},
		{"mysqlsh, tab and newline: escaped in the JS string", &profile.Dump{Format: "mysqlsh", Path: ctrl, Tables: 3, Chunks: 3}, mysql,
			[]string{"mysqlsh", "util.loadDump(" + jsString(ctrl) + ", {threads: 3, deferTableIndexes: \"all\", skipBinlog: true})"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plan := Size(prof(3, 0, fastCurve, c.dump), Options{Task: TaskLoad, Target: c.target})
			var out []string
			for _, line := range plan.Commands {
				if !printable(line) {
					t.Errorf("line %q holds bytes text or JSON cannot show", line)
				}
				var back string
				if js, _ := json.Marshal(line); json.Unmarshal(js, &back) != nil || back != line {
					t.Errorf("JSON changed line %q to %q", line, back)
				}
				got, err := exec.Command("bash", "-c", stubs+"ln() { printf 'ln\\n'; args \"$@\"; }\n"+line).CombinedOutput()
				if err != nil {
					t.Fatalf("%s\nfailed in bash: %v\n%s", line, err, got)
				}
				out = append(out, strings.Split(string(got), "\n")...)
			}
			if left := without(c.want, out); len(left) > 0 {
				t.Errorf("bash did not pass %q; commands:\n%s", left, strings.Join(plan.Commands, "\n"))
			}
		})
	}
}

// printable: valid UTF-8 without control characters.
func printable(s string) bool {
	return utf8.ValidString(s) && strings.IndexFunc(s, unicode.IsControl) < 0
}
