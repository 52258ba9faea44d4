package mycnf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes files (relative name → content) under a temp dir.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// includeCases are the cases of TestIncludes.
var includeCases = []struct {
	name      string
	files     map[string]string
	top       string // file parsed, default my.cnf
	workSub   string // working directory below the tree, default the tree
	wantVal   string // value of "a"; "" means a is not set
	wantWhere string // suffix of the file:line that set a
	wantWarn  string // a warning containing this
	refuses   bool   // that warning says the server refuses
	wantFiles int
}{
	{name: "relative include from the working directory", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!include extra.cnf\n", "extra.cnf": "[mysqld]\n\na=2\n"},
		wantVal: "2", wantWhere: "extra.cnf:3", wantWarn: "working directory", wantFiles: 2},
	{name: "relative include beside the file is not read", top: "etc/my.cnf", files: map[string]string{
		"etc/my.cnf": "[mysqld]\na=1\n!include extra.cnf\n", "etc/extra.cnf": "[mysqld]\na=2\n"},
		wantVal: "1", wantWhere: "my.cnf:2", wantWarn: "exists but is not what the server reads", wantFiles: 1},
	{name: "relative includedir from the working directory", top: "etc/my.cnf", workSub: "etc", files: map[string]string{
		"etc/my.cnf": "[mysqld]\na=1\n!includedir conf.d\n", "etc/conf.d/x.cnf": "[mysqld]\na=3\n"},
		wantVal: "3", wantWhere: "x.cnf:2", wantFiles: 2},
	{name: "includedir sorted by bytes, only .cnf", files: map[string]string{
		"my.cnf": "!includedir conf.d\n[mysqld]\nb=1\n", "conf.d/b.cnf": "[mysqld]\na=b\n", "conf.d/C.cnf": "[mysqld]\na=C\n",
		"conf.d/10.cnf": "[mysqld]\na=10\n", "conf.d/9.cnf": "[mysqld]\na=9\n", "conf.d/99-z.cnf.bak": "[mysqld]\na=99\n",
		"conf.d/30.ini": "[mysqld]\na=30\n"},
		wantVal: "b", wantWhere: "b.cnf:2", wantFiles: 5},
	{name: "group does not leak across files", files: map[string]string{
		"my.cnf": "[client]\n!include x.cnf\na=client\n", "x.cnf": "[mysqld]\na=server\n"},
		wantVal: "server", wantWhere: "x.cnf:2", wantFiles: 2},
	{name: "missing include is skipped silently by the server", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!include /nonexistent/nope.cnf\n"},
		wantVal: "1", wantWhere: "my.cnf:2", wantWarn: "skips it silently", wantFiles: 1},
	{name: "missing includedir makes the server refuse", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!includedir /nonexistent-dir\n"},
		wantVal: "1", wantWhere: "my.cnf:2", wantWarn: "Can't read dir of", refuses: true, wantFiles: 1},
	{name: "include without a path makes the server refuse", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!include  \n"},
		wantVal: "1", wantWhere: "my.cnf:2", wantWarn: "has no path", refuses: true, wantFiles: 1},
	{name: "blank after the bang", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!  include x.cnf\n", "x.cnf": "[mysqld]\na=2\n"},
		wantVal: "2", wantWhere: "x.cnf:2", wantFiles: 2},
	{name: "keyword is case-sensitive", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!INCLUDE x.cnf\n", "x.cnf": "[mysqld]\na=2\n"},
		wantVal: "1", wantWhere: "my.cnf:2", wantWarn: "ignores the line", wantFiles: 1},
	{name: "unknown directive ignored", files: map[string]string{
		"my.cnf": "[mysqld]\n!source x.cnf\n!includex y\na=1\n"},
		wantVal: "1", wantWhere: "my.cnf:4", wantWarn: "ignores the line", wantFiles: 1},
	{name: "last line without newline loses the path's last byte", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!include x.cnf", "x.cnf": "[mysqld]\na=2\n"},
		wantVal: "1", wantWhere: "my.cnf:2", wantWarn: "x.cn does not exist", wantFiles: 1},
	{name: "cycle is followed to the depth limit", files: map[string]string{
		"my.cnf": "[mysqld]\na=1\n!include b.cnf\n", "b.cnf": "[mysqld]\na=2\n!include my.cnf\n"},
		wantVal: "1", wantWhere: "my.cnf:2", wantWarn: "nest deeper than 10", wantFiles: 2},
}

// TestIncludes covers !include and !includedir as mysqld and mariadbd
// follow them (mysys/my_default.cc search_default_file_with_ext).
func TestIncludes(t *testing.T) {
	cases := includeCases
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, c.files)
			top := c.top
			if top == "" {
				top = "my.cnf"
			}
			opts, err := ParseConfig(filepath.Join(dir, top), ServerGroups, Config{WorkDir: filepath.Join(dir, c.workSub)})
			if err != nil {
				t.Fatal(err)
			}
			o, ok := opts.Get("a")
			if !ok || o.Value != c.wantVal || !strings.HasSuffix(o.Where(), c.wantWhere) {
				t.Fatalf("a = %q from %s, want %q from …%s", o.Value, o.Where(), c.wantVal, c.wantWhere)
			}
			if len(opts.Files) != c.wantFiles {
				t.Errorf("files = %v, want %d", opts.Files, c.wantFiles)
			}
			checkWarning(t, opts.Warnings, c.wantWarn, c.refuses)
		})
	}
}

// checkWarning fails unless a warning contains want (when want is set)
// with that refuses flag, and no warning refuses when none should.
func checkWarning(t *testing.T, ws []Warning, want string, refuses bool) {
	t.Helper()
	found := want == ""
	for _, w := range ws {
		if want != "" && strings.Contains(w.Text, want) && w.Refuses == refuses {
			found = true
		}
		if w.Refuses && !refuses {
			t.Errorf("unexpected refusing warning: %s", w)
		}
	}
	if !found {
		t.Errorf("no warning %q (refuses=%v) among %v", want, refuses, ws)
	}
}

// TestWorldWritable: the server ignores a world-writable option file.
func TestWorldWritable(t *testing.T) {
	dir := writeTree(t, map[string]string{"my.cnf": "[mysqld]\na=1\n!include x.cnf\n", "x.cnf": "[mysqld]\na=2\n"})
	if err := os.Chmod(filepath.Join(dir, "x.cnf"), 0o666); err != nil {
		t.Fatal(err)
	}
	opts, err := ParseConfig(filepath.Join(dir, "my.cnf"), ServerGroups, Config{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := opts.Get("a"); o.Value != "1" {
		t.Errorf("a = %q from %s, want 1: x.cnf is world-writable", o.Value, o.Where())
	}
	checkWarning(t, opts.Warnings, "world-writable", false)
}

// TestDepthLimit builds a chain of includes longer than the limit: the
// server reads 11 levels (0..10) and skips the directives of the last.
func TestDepthLimit(t *testing.T) {
	files := map[string]string{}
	for i := 0; i <= defaultMaxDepth+1; i++ {
		files[string(rune('a'+i))+".cnf"] = "[mysqld]\nlevel=" + string(rune('a'+i)) + "\n!include " + string(rune('a'+i+1)) + ".cnf\n"
	}
	files["my.cnf"] = "!include a.cnf\n"
	dir := writeTree(t, files)
	opts, err := ParseConfig(filepath.Join(dir, "my.cnf"), nil, Config{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := opts.Get("level"); o.Value != "j" {
		t.Errorf("deepest level read = %q, want j (depth 10)", o.Value)
	}
	checkWarning(t, opts.Warnings, "nest deeper", false)
}

// TestIncludeLoopBudget: a directory including itself stops with an
// error instead of reading 10^10 files.
func TestIncludeLoopBudget(t *testing.T) {
	files := map[string]string{"my.cnf": "!includedir d\n"}
	for i := 0; i < 10; i++ {
		files[filepath.Join("d", string(rune('a'+i))+".cnf")] = "!includedir d\n"
	}
	dir := writeTree(t, files)
	_, err := ParseConfig(filepath.Join(dir, "my.cnf"), nil, Config{WorkDir: dir})
	if err == nil || !strings.Contains(err.Error(), "loop") {
		t.Fatalf("err = %v, want a loop error", err)
	}
}

// TestHeadersKeepEmptyGroups: every [group] header is listed, empty ones
// and [galera] included, once each, lower-case.
func TestHeadersKeepEmptyGroups(t *testing.T) {
	dir := t.TempDir()
	text := "[mysqld]\nmax_connections = 50\n[galera]\n[MariaDB-10.5]\n# nothing here\n[mysqld]\n[client]\n"
	path := filepath.Join(dir, "my.cnf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	mc, err := ReadMyCnf(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(mc.Headers, ","), "mysqld,galera,mariadb-10.5,client"; got != want {
		t.Errorf("headers %q, want %q", got, want)
	}
}
