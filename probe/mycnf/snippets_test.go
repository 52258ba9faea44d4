package mycnf

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// snippets are the line-level cases of issue 11 point 2 and the corner
// cases of mysys/my_default.c, each checked against my_print_defaults.
var snippets = []struct{ name, text string }{
	{"glued hash", "[mysqld]\npassword=ab#cd\n"},
	{"hash after blank", "[mysqld]\na = 5 # five\n"},
	{"hash in double quotes", "[mysqld]\npassword=\"ab#cd\"\n"},
	{"hash in single quotes", "[mysqld]\npassword='ab#cd' # c\n"},
	{"unclosed quote keeps hash", "[mysqld]\nsocket=x 'y # z\n"},
	{"escaped quote inside quotes", "[mysqld]\na=\"x\\\"#y\" #c\n"},
	{"quote in the name", "[mysqld]\nit's=1 # x\n"},
	{"escapes", "[mysqld]\na=\"x\\ty\\sz\\\\\"\nb=C:\\data\\n\nc=trail\\\n"},
	{"one quote", "[mysqld]\na=\"\n"},
	{"semicolon mid-line", "[mysqld]\na = 5 ; five\n; whole line\n"},
	{"empty value", "[mysqld]\nsecure-file-priv =\n"},
	{"1GB", "[mysqld]\ninnodb_buffer_pool_size = 1GB\n"},
	{"skip with values", "[mysqld]\nskip-innodb-adaptive-hash-index=OFF\nskip-log-bin=0\nenable-x=OFF\n"},
	{"set-variable", "[mysqld]\nset-variable = key_buffer=16M\n"},
	{"before any group", "a=1\n[mysqld]\nb=2\n"},
	{"byte-order mark", "\ufeff[mysqld]\na=1\n"},
	{"blank after [", "[ mysqld ]\na=1\n"},
	{"text after ]", "[mysqld] # x\na=1\n"},
	{"upper-case group", "[MySQLd]\na=1\n"},
	{"client-server", "[client-server]\na=1\n[client]\nb=2\n"},
	{"version groups", "[mysqld-10.11]\na=1\n[mariadb-10.11]\nb=2\n[mariadb-11.8]\nc=3\n[mysqld-8.0]\nd=4\n"},
	{"unknown directives", "[mysqld]\n!INCLUDE /x\n!source y\n!includex z\na=1\n"},
	{"blank after bang", "[mysqld]\n! include /nonexistent/x.cnf\na=1\n"},
	{"include without path", "[mysqld]\n!include\na=1\n"},
	{"include on the last line", "[mysqld]\na=1\n!include /nonexistent/x.cnf"},
	{"missing includedir", "[mysqld]\n!includedir /nonexistent/dir\n"},
	{"header without ]", "[mysqld]\na=1\n[mysqld\nb=2\n"},
	{"no name", "[mysqld]\n=5\n"},
	{"crlf", "[mysqld]\r\na = 1 \r\n"},
	{"NUL", "[mysqld]\na=1\x00junk\nb=2\n"},
	{"long line", "[mysqld]\na=" + strings.Repeat("x", 5000) + "\nb=2\n"},
	{"loose bad number", "[mysqld]\nloose-max_connections=100abc\n"},
	{"tabs and vertical tab", "[mysqld]\n\ta\t=\t1\t\n\vb=2\n"},
}

// TestSnippetsAgainstMyPrintDefaults runs every snippet through
// my_print_defaults: mytune must print the same option lines, or warn
// that the server refuses the file where my_print_defaults fails.
func TestSnippetsAgainstMyPrintDefaults(t *testing.T) {
	mpd, mdb := serverTool(t, "my_print_defaults"), serverTool(t, "mariadbd")
	for _, c := range snippets {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "my.cnf")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			opts, err := ParseConfig(path, nil, Config{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			out, stderr, ok := runTool(t, dir, mpd, append([]string{"--defaults-file=" + path}, mariadbdGroups...)...)
			var refusing []Warning
			for _, w := range opts.Warnings {
				if w.Refuses {
					refusing = append(refusing, w)
				}
			}
			switch {
			case !ok && len(refusing) == 0:
				t.Fatalf("my_print_defaults refuses the file (%s) and mytune has no refusing warning", strings.TrimSpace(stderr))
			case ok && len(refusing) > 0:
				// my_getopt, not the file reader, refuses it: ask mariadbd.
				data := filepath.Join(dir, "data")
				_, herr, hok := runTool(t, dir, mdb, "--defaults-file="+path, "--datadir="+data, "--aria-log-dir-path="+data, "--help", "--verbose")
				if hok {
					t.Fatalf("mariadbd accepts the file but mytune says it refuses it: %v", refusing)
				}
				t.Logf("mariadbd refuses: %s", lastLines(herr, 1))
			case ok:
				compareLines(t, opts, out)
			}
		})
	}
}

// pluginFailed is mariadbd disabling a plugin whose options it could not
// parse; --help goes on, a real start with InnoDB or Aria (mandatory)
// does not.
var pluginFailed = regexp.MustCompile(`Parsing options for plugin '(InnoDB|Aria)' failed`)

// TestReadAsAgainstMariadbd runs every MariaDB case of TestReadAs through
// mariadbd --help --verbose: it must refuse exactly the files mytune says
// it refuses, and run with the value mytune reads.
func TestReadAsAgainstMariadbd(t *testing.T) {
	mdb := serverTool(t, "mariadbd")
	for _, c := range readAsCases {
		if c.flavor != flavorMariaDB {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "my.cnf")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			opts, err := ParseConfig(path, nil, Config{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			r := opts.ReadAs(flavorMariaDB)
			refuses := false
			for _, w := range append(opts.Warnings, r.Warnings...) {
				refuses = refuses || w.Refuses
			}
			data := filepath.Join(dir, "data")
			out, stderr, ok := runTool(t, dir, mdb, "--defaults-file="+path, "--datadir="+data, "--aria-log-dir-path="+data, "--help", "--verbose")
			ok = ok && !pluginFailed.MatchString(stderr)
			if ok == refuses {
				t.Fatalf("mariadbd ok=%v (%s), mytune says refuses=%v: %v", ok, lastLines(stderr, 2), refuses, r.Warnings)
			}
			if !ok || c.want == "" || c.warn != "" {
				return // a warning says what the server does instead
			}
			o, _ := r.Base.Get(c.key)
			val := o.Value
			if !o.HasValue {
				val = "ON"
			}
			got, listed := helpValues(out)[o.Name]
			if listed && !adjusted.MatchString(stderr) && !sameValue(optionKind(flavorMariaDB, o.Name), val, got) {
				t.Errorf("%s: mytune reads %q, mariadbd runs with %q", o.Name, val, got)
			}
		})
	}
}
