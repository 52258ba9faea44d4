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

func TestIncludes(t *testing.T) {
	cases := []struct {
		name      string
		files     map[string]string
		wantVal   string // value of "a", "" when an error is expected
		wantWhere string // suffix of the file:line that set a
		wantErr   string
		wantFiles int
	}{
		{name: "include relative", files: map[string]string{
			"my.cnf": "[mysqld]\na=1\n!include extra.cnf\n", "extra.cnf": "[mysqld]\n\na=2\n"},
			wantVal: "2", wantWhere: "extra.cnf:3", wantFiles: 2},
		{name: "includedir sorted, only .cnf", files: map[string]string{
			"my.cnf": "!includedir conf.d\n[mysqld]\nb=1\n", "conf.d/20-b.cnf": "[mysqld]\na=20\n",
			"conf.d/10-a.cnf": "[mysqld]\na=10\n", "conf.d/99-z.cnf.bak": "[mysqld]\na=99\n", "conf.d/30.ini": "[mysqld]\na=30\n"},
			wantVal: "20", wantWhere: "20-b.cnf:2", wantFiles: 3},
		{name: "group does not leak across files", files: map[string]string{
			"my.cnf": "[client]\n!include x.cnf\na=client\n", "x.cnf": "[mysqld]\na=server\n"},
			wantVal: "server", wantWhere: "x.cnf:2", wantFiles: 2},
		{name: "missing include is skipped", files: map[string]string{
			"my.cnf": "[mysqld]\na=1\n!include nope.cnf\n!includedir /nonexistent-dir\n"},
			wantVal: "1", wantWhere: "my.cnf:2", wantFiles: 1},
		{name: "cycle", files: map[string]string{
			"my.cnf": "[mysqld]\n!include b.cnf\n", "b.cnf": "[mysqld]\n!include my.cnf\n"},
			wantErr: "include cycle"},
		{name: "self include", files: map[string]string{"my.cnf": "!include my.cnf\n"}, wantErr: "my.cnf:1:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, c.files)
			opts, err := Parse(filepath.Join(dir, "my.cnf"), ServerGroups)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
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
		})
	}
}

// TestDepthLimit builds a chain of includes longer than the limit.
func TestDepthLimit(t *testing.T) {
	files := map[string]string{}
	for i := 0; i <= defaultMaxDepth+1; i++ {
		files[filepath.Join("f", string(rune('a'+i))+".cnf")] = "!include " + string(rune('a'+i+1)) + ".cnf\n"
	}
	files["my.cnf"] = "!include f/a.cnf\n"
	dir := writeTree(t, files)
	_, err := Parse(filepath.Join(dir, "my.cnf"), nil)
	if err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Fatalf("err = %v, want a depth error", err)
	}
}

func TestVariablesAndReadMyCnf(t *testing.T) {
	dir := writeTree(t, map[string]string{"my.cnf": "[client]\npassword=x\n[mysqld]\nlog-bin=binlog\nskip-name-resolve\n" +
		"innodb_buffer_pool_size=1G\n[mysqld-8.0]\nmax_connections=50\n[mysqld_safe]\nnice=0\n"})
	mc, err := ReadMyCnf(filepath.Join(dir, "my.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"log_bin": "ON", "log_bin_basename": "binlog", "skip_name_resolve": "ON",
		"innodb_buffer_pool_size": "1G"}
	for k, v := range want {
		if mc.Variables[k] != v {
			t.Errorf("%s = %q, want %q", k, mc.Variables[k], v)
		}
	}
	// A version group is kept apart: only a server of that series reads it.
	if _, ok := mc.Variables["max_connections"]; ok {
		t.Errorf("[mysqld-8.0]'s max_connections leaked into the base variables")
	}
	if got := mc.VersionGroups["mysqld-8.0"]["max_connections"]; got != "50" {
		t.Errorf("version group mysqld-8.0 max_connections = %q, want 50", got)
	}
	for _, k := range []string{"password", "nice"} {
		if _, ok := mc.Variables[k]; ok {
			t.Errorf("%s must not be a server variable", k)
		}
	}
	if _, err := ReadMyCnf(filepath.Join(dir, "none.cnf")); err == nil {
		t.Error("missing file must be an error")
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
