package threads

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// TestGlibCharsetLines: a mydumper or myloader line with a word beyond
// ASCII starts with CHARSET=UTF-8, and the real tool, run through sh,
// gets past its option parsing (review r11: myloader 0.10 refused
// --directory '…/é日本/…' with "option parsing failed: Invalid byte
// sequence in conversion input"); an ASCII line stays as it was.
func TestGlibCharsetLines(t *testing.T) {
	base := t.TempDir()
	backtick := &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB",
		BacktickNames: []profile.TableName{{Schema: "日本", Table: "a`b"}}}
	cases := []struct {
		name   string
		dir    string // the dump's directory under base; "" for no dump
		system []string
		srv    *profile.Server
		task   string
		tool   string
		prefix bool
	}{
		{"myloader, a UTF-8 dump directory", "é日本 dump", nil, nil, TaskLoad, "myloader", true},
		{"myloader, the user-schemas link of a UTF-8 dump", "é dump", []string{"mysql"}, nil, TaskLoad, "myloader", true},
		{"myloader, an ASCII dump directory", "plain dump", nil, nil, TaskLoad, "myloader", false},
		{"mydumper, a regex leaving out a UTF-8 name", "", nil, backtick, TaskDump, "mydumper", true},
		{"mydumper and myloader of a copy, ASCII", "", nil, nil, TaskCopy, "mydumper", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d *profile.Dump
			if c.dir != "" {
				d = &profile.Dump{Format: "mydumper", Path: filepath.Join(base, c.dir), SystemSchemas: c.system}
				if err := os.MkdirAll(d.Path, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			p := prof(2, 0, fastCurve, d)
			p.Server = c.srv
			line := toolLine(t, Size(p, Options{Task: c.task, Target: profile.Target{Flavor: "mariadb", Version: "10.11", Source: "flag"}}).Commands, c.tool)
			if got := strings.HasPrefix(line, "CHARSET=UTF-8 "+c.tool+" "); got != c.prefix {
				t.Errorf("%s: CHARSET=UTF-8 in front %v, want %v", line, got, c.prefix)
			}
			out := runTool(t, c.tool, strings.NewReplacer(PlaceholderDumpDir, base+"/new", NewDumpDir, base+"/new").Replace(line))
			if strings.Contains(out, "option parsing failed") {
				t.Errorf("%s: %s", line, out)
			}
		})
	}
}

// toolLine is the printed line that runs tool.
func toolLine(t *testing.T, cmds []string, tool string) string {
	t.Helper()
	for _, c := range cmds {
		if strings.HasPrefix(strings.TrimPrefix(c, "CHARSET=UTF-8 "), tool+" ") {
			return c
		}
	}
	t.Fatalf("no %s line in %q", tool, cmds)
	return ""
}

// runTool runs line through sh with no terminal (so --ask-password reads
// an empty password) and returns what it printed; the host placeholders
// do not resolve, so the tool stops once it connects.
func runTool(t *testing.T, tool, line string) string {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s not installed, and CI is set: scripts/install-deps.sh installs it", tool)
		}
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", tool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Dir = t.TempDir()
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// TestMyloaderNonUTF8Dump: a mydumper dump whose directory name is not
// valid UTF-8 (Latin-1 \xe9) is loaded through a link with an ASCII name,
// as the real myloader, run through bash, takes it (review r11: --directory
// $'…lat\xe9n dump' failed option parsing, with or without CHARSET=UTF-8);
// with the system schemas it is the .user-schemas directory that is linked.
func TestMyloaderNonUTF8Dump(t *testing.T) {
	for _, c := range []struct {
		name   string
		system []string
		linked string // the directory the link points to, under base
	}{
		{"the dump directory", nil, "lat\xe9n dump"},
		{"its .user-schemas directory", []string{"mysql"}, "lat\xe9n dump.user-schemas"},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			d := &profile.Dump{Format: "mydumper", Path: filepath.Join(base, "lat\xe9n dump"), SystemSchemas: c.system}
			if err := os.MkdirAll(d.Path, 0o755); err != nil {
				t.Fatal(err)
			}
			cmds := Size(prof(2, 0, fastCurve, d), Options{Task: TaskLoad, Target: profile.Target{Flavor: "mariadb", Version: "10.11", Source: "flag"}}).Commands
			want := "ln -sfn -- " + shQuote(filepath.Join(base, c.linked)) + " " + ShellLinkDir
			if len(cmds) < 2 || cmds[len(cmds)-2] != want || !strings.Contains(cmds[len(cmds)-1], "--directory "+ShellLinkDir+" ") {
				t.Fatalf("commands %q, want %q then myloader --directory %s", cmds, want, ShellLinkDir)
			}
			if _, err := exec.LookPath("bash"); err != nil {
				t.Fatal("bash not installed")
			}
			link := filepath.Join(base, "link")
			script := strings.ReplaceAll(strings.Join(cmds, " && "), ShellLinkDir, link)
			if out := runTool(t, "myloader", "exec bash -c "+shQuote(script)); strings.Contains(out, "option parsing failed") {
				t.Errorf("%s: %s", script, out)
			}
			if target, err := os.Readlink(link); err != nil || target != filepath.Join(base, c.linked) {
				t.Errorf("link %q → %q (%v), want %q", link, target, err, filepath.Join(base, c.linked))
			}
		})
	}
}
