package threads

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// pasteTargets are the servers the lines are printed for.
var pasteTargets = []struct {
	name string
	srv  *profile.Server
}{
	{"unknown server", nil},
	{"MySQL 8.4", server("mysql", "8.4.3", nil)},
	{"MariaDB 10.11", server("mariadb", "10.11.6-MariaDB", nil)},
}

// pasteDumps are dumps of every format, one with an awkward path.
var pasteDumps = []*profile.Dump{
	nil,
	{Format: "mysqlsh", Path: "/backup/it's a \"dump\" $HOME `id`"},
	{Format: "mydumper", Path: "/backup/my dump\\x"},
	{Format: "mysqldump", Path: "/backup/all.sql.gz", Compression: "gzip"},
	{Format: "mysqldump", Path: "/backup/all's.sql"},
}

// printedCommands is every line Size prints over targets, tasks and dumps.
func printedCommands(t *testing.T) map[string]*profile.Dump {
	t.Helper()
	out := map[string]*profile.Dump{}
	for _, tg := range pasteTargets {
		for _, d := range pasteDumps {
			for _, task := range []string{TaskAll, TaskDump, TaskLoad, TaskCopy} {
				p := prof(4, 0, fastCurve, d)
				p.Server = tg.srv
				for _, c := range Size(p, Options{Task: task}).Commands {
					out[c] = d
				}
			}
		}
	}
	if len(out) < 8 {
		t.Fatalf("only %d distinct commands: the matrix lost its breadth", len(out))
	}
	return out
}

// TestPrintedCommandsParse: every printed line is valid bash (bash -n),
// its words reach the tool as intended, a mysqlsh -e argument is one
// strict JavaScript call (and passes node --check where node is
// installed), and no line drops tables (issue 11 point 5).
func TestPrintedCommandsParse(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for cmd, d := range printedCommands(t) {
		if out, err := exec.Command(bash, "-n", "-c", cmd).CombinedOutput(); err != nil {
			t.Errorf("bash -n refuses %s: %v %s", cmd, err, out)
			continue
		}
		if strings.Contains(cmd, "--overwrite-tables") {
			t.Errorf("%s drops existing tables when pasted", cmd)
		}
		if !strings.HasPrefix(cmd, "mysqlsh ") {
			continue
		}
		argv := shellArgv(t, cmd)
		if len(argv) != 5 || argv[2] != "--js" || argv[3] != "-e" {
			t.Errorf("mysqlsh argv %q: want URI --js -e CODE", argv)
			continue
		}
		checkJS(t, argv[4], d)
	}
}

// shellArgv is the argv sh builds for cmd (through the stubs).
func shellArgv(t *testing.T, cmd string) []string {
	t.Helper()
	out, err := exec.Command("sh", "-c", stubs+cmd).Output()
	if err != nil {
		t.Fatalf("sh runs %s: %v", cmd, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
}

// checkJS parses one mysqlsh -e argument and checks the path it names.
func checkJS(t *testing.T, code string, d *profile.Dump) {
	t.Helper()
	c, err := parseJSCall(code)
	if err != nil {
		t.Errorf("mysqlsh JavaScript does not parse: %v", err)
		return
	}
	switch c.Callee {
	case "util.loadDump":
		want := PlaceholderDumpDir
		if d != nil {
			want = d.Path
		}
		if len(c.Args) != 2 || c.Args[0] != want {
			t.Errorf("%s: first argument %v, want the dump %q", code, c.Args, want)
		}
	case "util.dumpInstance", "util.copyInstance":
	default:
		t.Errorf("%s: unexpected call %s", code, c.Callee)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return
	}
	f := filepath.Join(t.TempDir(), "line.js")
	if err := os.WriteFile(f, []byte(code+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(node, "--check", f).CombinedOutput(); err != nil {
		t.Errorf("node --check refuses %s: %v %s", code, err, out)
	}
}

// TestParseJSCallRefuses: the checker fails on what broke in issue 11 (a
// shell line continuation inside the JavaScript) and on other non-literals.
func TestParseJSCallRefuses(t *testing.T) {
	for _, bad := range []string{
		"util.dumpInstance(\"/p\", {threads: 4, \\\n    bytesPerChunk: \"64M\"})",
		"util.loadDump(\"/p\\\n    x\", {threads: 4})",
		"util.loadDump('/p')",
		"util.loadDump(\"/p\"); os.exit()",
		"loadDump(\"/p\")",
		"util.loadDump(\"/p\", {threads: x})",
	} {
		if _, err := parseJSCall(bad); err == nil {
			t.Errorf("parseJSCall accepted %q", bad)
		}
	}
	c, err := parseJSCall(`util.loadDump("/a \"b\"", {threads: 4, deferTableIndexes: "all", skipBinlog: true})`)
	if err != nil || c.Args[0] != `/a "b"` {
		t.Errorf("a good call: %+v, %v", c, err)
	}
}
