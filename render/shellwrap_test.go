package render

import (
	"os/exec"
	"strings"
	"testing"
)

// argvStub prints each argument of the command on its own line.
const argvStub = `mysqlsh() { for a in "$@"; do printf '%s\n' "$a"; done; }
mydumper() { mysqlsh "$@"; }
myloader() { mysqlsh "$@"; }
`

// TestShellWrapKeepsArgv: a wrapped command, pasted as printed (without
// the "$ " prompt), gives bash the same words as the one-line command,
// at every width: no break lands inside a quoted word (issue 11: the
// mysqlsh JavaScript was cut with "\" inside its single quotes).
func TestShellWrapKeepsArgv(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cmds := []string{
		`mysqlsh USER@SOURCE:3306 --js -e 'util.dumpInstance("/path/to/new-dump", {threads: 4, bytesPerChunk: "64M", compression: "zstd"})'`,
		`mysqlsh USER@TARGET:3306 --js -e 'util.loadDump("/backup/it'\''s  two  spaces", {threads: 4, deferTableIndexes: "all", skipBinlog: true})'`,
		`myloader --host TARGET --user USER --ask-password --threads 4 --directory "/a b/\"c\"" --queries-per-transaction 1000`,
		`mydumper --host SOURCE --user USER --ask-password --threads 4 --rows 350000 --compress --outputdir /path\ with\ escapes`,
		`mydumper --host SOURCE --user USER --ask-password --threads 1 --rows 350000 --compress --regex '^(?!(mysql|sys|performance_schema|information_schema)\.)' --outputdir /path/to/dump`,
	}
	for _, cmd := range cmds {
		want := runArgv(t, bash, cmd)
		for _, width := range []int{20, 40, 60, 78} {
			lines := shellWrap(cmd, width)
			pasted := strings.TrimPrefix(strings.Join(lines, "\n"), "$ ")
			if got := runArgv(t, bash, pasted); got != want {
				t.Errorf("width %d: pasted\n%s\ngives words\n%s\nwant\n%s", width, pasted, got, want)
			}
		}
	}
}

// runArgv runs cmd in bash with the tools stubbed and returns the words.
func runArgv(t *testing.T, bash, cmd string) string {
	t.Helper()
	out, err := exec.Command(bash, "-c", argvStub+cmd).CombinedOutput()
	if err != nil {
		t.Fatalf("bash refuses %q: %v %s", cmd, err, out)
	}
	return string(out)
}

// TestShellWords splits as the shell does and keeps each word as written.
func TestShellWords(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`a  'b c'  d`, []string{"a", "'b c'", "d"}},
		{`x "y \" z" w`, []string{"x", `"y \" z"`, "w"}},
		{`p\ q r`, []string{`p\ q`, "r"}},
		{`-e 'it'\''s x'`, []string{"-e", `'it'\''s x'`}},
	}
	for _, c := range cases {
		if got := shellWords(c.in); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("shellWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
