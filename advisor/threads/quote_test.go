package threads

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestShQuote(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain path stays bare", "/backup/shop-1.sql", "/backup/shop-1.sql"},
		{"space", "/tmp/my dump", "'/tmp/my dump'"},
		{"single quote", "/tmp/it's", `'/tmp/it'\''s'`},
		{"dollar and backtick", "/tmp/$HOME`id`", "'/tmp/$HOME`id`'"},
		{"empty", "", "''"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := shQuote(tc.in); got != tc.want {
				t.Errorf("shQuote(%q) = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

// stubs are shell functions standing in for the tools: each prints its
// name and arguments one per line (and mysql what it read), so the test
// sees the argv the shell built.
const stubs = `args() { for a in "$@"; do printf '%s\n' "$a"; done; }
mysqlsh() { printf 'mysqlsh\n'; args "$@"; }
mydumper() { printf 'mydumper\n'; args "$@"; }
myloader() { printf 'myloader\n'; args "$@"; }
mysql() { printf 'mysql\n'; args "$@"; printf 'stdin:'; cat; }
`

// TestCommandsRunInShell runs every command through /bin/sh with the
// tools stubbed, on a dump whose path has a space, a quote and a $, and
// checks the paths arrive intact (also inside the mysqlsh JavaScript).
func TestCommandsRunInShell(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := filepath.Join(t.TempDir(), "my dump'x $HOME")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sqlFile := filepath.Join(dir, "all'.sql")
	gzFile := filepath.Join(dir, "all.sql.gz")
	if err := os.WriteFile(sqlFile, []byte("SELECT 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("sh", "-c", `printf 'SELECT 2;\n' | gzip -c > "$1"`, "sh", gzFile).CombinedOutput(); err != nil {
		t.Skipf("no gzip: %v %s", err, out)
	}
	tests := []struct {
		name string
		dump *profile.Dump
		task string
		want []string // lines the stubs must print
	}{
		{"mysqlsh dump: loadDump gets the path as a JS string", &profile.Dump{Format: "mysqlsh", Path: dir, Tables: 10, Chunks: 40}, TaskLoad,
			[]string{"mysqlsh", "util.loadDump(" + jsString(dir) + ", {threads: 8, deferTableIndexes: \"all\", skipBinlog: true})"}},
		{"mydumper dump: --directory is one argument", &profile.Dump{Format: "mydumper", Path: dir, Tables: 10, Chunks: 40}, TaskLoad,
			[]string{"myloader", "--directory", dir}},
		{"plain mysqldump file: redirected", &profile.Dump{Format: "mysqldump", Path: sqlFile, Compression: "none"}, TaskLoad,
			[]string{"mysql", "stdin:SELECT 1;"}},
		{"gzip mysqldump file: gunzip -c piped", &profile.Dump{Format: "mysqldump", Path: gzFile, Compression: "gzip"}, TaskLoad,
			[]string{"mysql", "stdin:SELECT 2;"}},
		{"mysqldump file selecting no database: created, then named", &profile.Dump{Format: "mysqldump", Path: sqlFile, Compression: "none",
			NoUseStatement: true, HeaderDatabase: "shop-sch`ema $x"}, TaskLoad,
			[]string{"mysql", "CREATE DATABASE IF NOT EXISTS `shop-sch``ema $x`", "shop-sch`ema $x", "stdin:SELECT 1;"}},
		{"mysqldump file selecting no database, a name beginning with a dash: --database=, not a bare word", &profile.Dump{Format: "mysqldump", Path: sqlFile, Compression: "none",
			NoUseStatement: true, HeaderDatabase: "-dash"}, TaskLoad,
			[]string{"mysql", "CREATE DATABASE IF NOT EXISTS `-dash`", "--database=-dash", "stdin:SELECT 1;"}},
		{"dump task with --dump: writes a new dump elsewhere", &profile.Dump{Format: "mydumper", Path: dir}, TaskDump,
			[]string{"mydumper", "--outputdir", NewDumpDir, `util.dumpInstance("` + NewDumpDir + `", {threads: 8, bytesPerChunk: "64M", compression: "zstd"})`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan := Size(prof(4, 0, fastCurve, tc.dump), Options{Task: tc.task})
			if len(plan.Commands) == 0 {
				t.Fatal("no commands")
			}
			for _, c := range plan.Commands {
				out, err := exec.Command("sh", "-c", stubs+c).CombinedOutput()
				if err != nil {
					t.Fatalf("%s\nfailed in sh: %v\n%s", c, err, out)
				}
				tc.want = without(tc.want, strings.Split(string(out), "\n"))
			}
			if len(tc.want) > 0 {
				t.Errorf("the shell did not pass %q; commands:\n%s", tc.want, strings.Join(plan.Commands, "\n"))
			}
		})
	}
}

// without drops from want the lines present in got.
func without(want, got []string) []string {
	var left []string
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			left = append(left, w)
		}
	}
	return left
}

// TestJSStringRoundTrip: the literal decodes back to the path.
func TestJSStringRoundTrip(t *testing.T) {
	for _, s := range []string{`/tmp/a"b\c`, "/tmp/it's", "/tmp/<x>&\u2028"} {
		var back string
		if err := json.Unmarshal([]byte(jsString(s)), &back); err != nil || back != s {
			t.Errorf("jsString(%q) = %s decodes to %q, %v", s, jsString(s), back, err)
		}
	}
}

// TestSkipBinlogLoadRunsInShell: the mysqldump line with the binary log
// skipped passes --init-command whole, and the database, to the client.
func TestSkipBinlogLoadRunsInShell(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	file := filepath.Join(t.TempDir(), "my dump.sql")
	if err := os.WriteFile(file, []byte("SELECT 3;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, _ := mysqldumpLoad(dirs{load: file, compression: "none", intoDB: "shop", skipBinlog: true})
	want := []string{"--init-command=SET SESSION sql_log_bin=0", "shop", "stdin:SELECT 3;"}
	out, err := exec.Command("sh", "-c", stubs+lines[len(lines)-1]).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", lines[len(lines)-1], err, out)
	}
	if left := without(want, strings.Split(string(out), "\n")); len(left) > 0 {
		t.Errorf("the shell did not pass %q:\n%s", left, out)
	}
}
