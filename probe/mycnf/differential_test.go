package mycnf

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// mariadbdGroups are the groups mariadbd 10.11 reads (`my_print_defaults
// --mysqld --verbose` of the Debian 10.11 package; MariaDB sql/mysqld.cc
// load_default_groups).
var mariadbdGroups = []string{"mysqld", "server", "mysqld-10.11", "mariadb", "mariadb-10.11",
	"mariadbd", "mariadbd-10.11", "client-server", "galera"}

// serverTool finds a MariaDB program on PATH or in /usr/sbin; with
// MYTUNE_REQUIRE_MARIADB=1 a missing one fails the test instead of
// skipping it.
func serverTool(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/sbin", name); fileExists(p) {
		return p
	}
	if os.Getenv("MYTUNE_REQUIRE_MARIADB") == "1" {
		t.Fatalf("%s not found and MYTUNE_REQUIRE_MARIADB=1: install mariadb-server (make deps)", name)
	}
	t.Skipf("%s not found: install mariadb-server to run the differential test", name)
	return ""
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// absInclude matches an include line with an absolute path.
var absInclude = regexp.MustCompile(`(?m)^(\s*!\s*include(?:dir)?\s+)(/\S*)`)

// sandboxCopy copies a corpus file into dir, rewriting absolute include
// paths to dir/root/PATH (the corpus' Debian and Docker files include
// /etc/mysql/conf.d/), and creates each included directory so that this
// machine's own /etc/mysql is never read. It returns the copy's path.
func sandboxCopy(t *testing.T, src, dir string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, "root")
	data = absInclude.ReplaceAllFunc(data, func(m []byte) []byte {
		sub := absInclude.FindSubmatch(m)
		if bytes.Contains(sub[1], []byte("includedir")) {
			if err := os.MkdirAll(filepath.Join(root, string(sub[2])), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return append(append([]byte{}, sub[1]...), []byte(root+string(sub[2]))...)
	})
	dst := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// runTool runs a program in dir with a timeout and returns its output
// and whether it exited 0.
func runTool(t *testing.T, dir, prog string, args ...string) (stdout, stderr string, ok bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s timed out: %s", prog, errb.String())
	}
	return out.String(), errb.String(), err == nil
}

// helpValues reads the "Variables (--variable-name=value)" table of
// mariadbd --help --verbose: option name (underscores) → value.
func helpValues(out string) map[string]string {
	vals := map[string]string{}
	_, table, _ := strings.Cut(out, "Variables (--variable-name=value)")
	for _, line := range strings.Split(table, "\n") {
		if len(line) < 62 || strings.HasPrefix(line, "-") || strings.HasPrefix(line, "and boolean") {
			continue
		}
		name := strings.TrimSpace(line[:60])
		vals[strings.ReplaceAll(name, "-", "_")] = strings.TrimSpace(line[61:])
	}
	return vals
}

// diffStats counts what the differential test saw over the corpus.
type diffStats struct {
	files, refused, compared, values, adjusted int
}

// TestDifferential compares, for every corpus file in testdata, mytune's
// reading with MariaDB's own parsers: my_print_defaults (the option lines
// of the groups mariadbd reads, in order) and mariadbd --help --verbose
// (the values it would run with; it starts no server, and --datadir and
// --aria-log-dir-path point into a temp directory so /var/lib/mysql is
// never touched). A file is either read as the server reads it, or the
// server refuses it and mytune has a refusing warning for MariaDB; a
// refusing warning on a file the server accepts fails too.
func TestDifferential(t *testing.T) {
	mpd, mdb := serverTool(t, "my_print_defaults"), serverTool(t, "mariadbd")
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.cnf"))
	if len(paths) < 30 {
		t.Fatalf("corpus has %d files, want at least 30", len(paths))
	}
	var st diffStats
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) { differentialFile(t, mpd, mdb, p, &st) })
	}
	t.Logf("corpus %d files: %d refused by mariadbd with a mytune warning, %d read alike; %d values compared, %d clamped by the server",
		st.files, st.refused, st.compared, st.values, st.adjusted)
}

func differentialFile(t *testing.T, mpd, mdb, src string, st *diffStats) {
	dir := t.TempDir()
	path := sandboxCopy(t, src, dir)
	opts, err := ParseConfig(path, nil, Config{WorkDir: dir})
	if err != nil {
		t.Fatalf("mytune: %v", err)
	}
	maria := opts.ReadAs(flavorMariaDB)
	var warned []string
	for _, w := range append(append([]Warning{}, opts.Warnings...), maria.Warnings...) {
		if w.Refuses && (w.Flavor == "" || w.Flavor == flavorMariaDB) {
			warned = append(warned, w.String())
		}
	}
	mpdOut, mpdErr, mpdOK := runTool(t, dir, mpd, append([]string{"--defaults-file=" + path}, mariadbdGroups...)...)
	data := filepath.Join(dir, "data")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	helpOut, helpErr, helpOK := runTool(t, dir, mdb, "--defaults-file="+path, "--datadir="+data,
		"--aria-log-dir-path="+data, "--help", "--verbose")
	st.files++
	helpOK = helpOK && !pluginFailed.MatchString(helpErr)
	if !mpdOK || !helpOK {
		if len(warned) == 0 {
			t.Fatalf("MariaDB refuses the file but mytune has no refusing warning:\n%s%s", mpdErr, lastLines(helpErr, 3))
		}
		if want, why := expectedWarning(mpdErr + helpErr); want != "" && !containsAny(warned, want) {
			t.Fatalf("MariaDB refuses the file (%s) but no mytune warning names %s: %v", why, want, warned)
		}
		st.refused++
		return
	}
	if len(warned) > 0 {
		t.Fatalf("mariadbd accepts the file but mytune says it refuses it: %v", warned)
	}
	st.compared++
	compareLines(t, opts, mpdOut)
	compareValues(t, maria, helpValues(helpOut), helpErr, st)
}

// compareLines checks that mytune found the same option lines, in the
// same order, as my_print_defaults prints them ("--name[=value]").
func compareLines(t *testing.T, opts Options, mpdOut string) {
	t.Helper()
	keep := map[string]bool{}
	for _, g := range mariadbdGroups {
		keep[g] = true
	}
	var ours []string
	for _, o := range opts.List {
		if !keep[o.Group] {
			continue
		}
		line := "--" + o.Raw
		if o.RawHasValue {
			line += "=" + o.RawValue
		}
		ours = append(ours, line)
	}
	theirs := strings.Split(strings.TrimSuffix(mpdOut, "\n"), "\n") // a value may end in an escaped \n
	if mpdOut == "" {
		theirs = nil
	}
	if strings.Join(ours, "\n") != strings.Join(theirs, "\n") {
		t.Errorf("option lines differ from my_print_defaults:\nmytune:\n  %s\nmy_print_defaults:\n  %s",
			strings.Join(ours, "\n  "), strings.Join(theirs, "\n  "))
	}
}

// adjusted finds the options mariadbd clamped or rounded ("option 'x':
// unsigned value 9 adjusted to 10"): a range check, not a parse.
var adjusted = regexp.MustCompile(`option '([a-z0-9_-]+)': (?:un)?signed value \S+ adjusted to`)

// serverDerived are options mariadbd sets from others after reading the
// file, without a warning: not a parse difference.
var serverDerived = map[string]string{
	"thread_cache_size": "capped at max_connections (MariaDB sql/mysqld.cc, SYSVAR_AUTOSIZE)",
}

// compareValues checks each option mytune read against the value
// mariadbd --help --verbose reports after reading the file.
func compareValues(t *testing.T, r Reading, help map[string]string, stderr string, st *diffStats) {
	t.Helper()
	clamped := map[string]bool{}
	for _, m := range adjusted.FindAllStringSubmatch(stderr, -1) {
		clamped[strings.ReplaceAll(m[1], "-", "_")] = true
	}
	list := append([]Option{}, r.Base.List...)
	for _, g := range []string{"mysqld-10.11", "mariadb-10.11", "mariadbd-10.11"} {
		list = append(list, r.VersionGroups[g].List...)
	}
	final := map[string]Option{}
	for _, o := range list {
		final[o.Name] = o
	}
	names := make([]string, 0, len(final))
	for n := range final {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		o := final[name]
		got, ok := help[name]
		if !ok || name == "datadir" || name == "aria_log_dir_path" || !o.HasValue && optionKind(flavorMariaDB, name) == "str" {
			continue
		}
		if clamped[name] {
			st.adjusted++
			continue
		}
		st.values++
		val := o.Value
		if !o.HasValue {
			val = "ON"
		}
		if why, ok := serverDerived[name]; ok && val != got {
			t.Logf("%s: mytune reads %q, mariadbd runs with %q: %s", name, val, got, why)
			continue
		}
		if !sameValue(optionKind(flavorMariaDB, name), val, got) {
			t.Errorf("%s (%s): mytune reads %q, mariadbd runs with %q", name, o.Where(), o.Value, got)
		}
	}
}

// sameValue compares mytune's value with mariadbd's --help value for an
// option of that kind.
func sameValue(kind, ours, theirs string) bool {
	if theirs == "(No default value)" {
		theirs = ""
	}
	if kind == "" && (theirs == "TRUE" || theirs == "FALSE") {
		kind = "bool" // a plugin's boolean the option table does not list
	}
	switch kind {
	case "bool":
		on := map[string]bool{"on": true, "1": true, "true": true}
		return on[strings.ToLower(ours)] == (theirs == "TRUE")
	case "num", "numopt":
		canon, _, ok := serverNumber(ours)
		if !ok {
			return false
		}
		want, err := parseSizeForTest(canon)
		return err == nil && want == theirs
	}
	if strings.EqualFold(ours, theirs) {
		return true
	}
	if _, err := strconv.Atoi(ours); err == nil && kind == "str" {
		return true // an enum given by its index (concurrent_insert = 2 is ALWAYS)
	}
	return sameSet(ours, theirs)
}

// sameSet compares comma lists as sets (sql_mode is printed re-ordered).
func sameSet(a, b string) bool {
	split := func(s string) []string {
		f := strings.Split(strings.ToUpper(s), ",")
		sort.Strings(f)
		return f
	}
	return strings.Join(split(a), ",") == strings.Join(split(b), ",")
}

// refusals maps mariadbd's fatal messages to what mytune's warning for
// the same refusal must contain; $1 is the option the server names.
var refusals = []struct {
	re   *regexp.Regexp
	want string
}{
	{regexp.MustCompile(`unknown (?:variable|option) '(?:--)?([^'=]+)`), `"$1"`},
	{regexp.MustCompile(`ambiguous option '--([^'=]+)`), `"$1" begins several options`},
	{regexp.MustCompile(`Found option without preceding group`), "before any [group]"},
	{regexp.MustCompile(`Wrong group definition`), "no closing ']'"},
	{regexp.MustCompile(`Can't read dir of`), "Can't read dir of"},
	{regexp.MustCompile(`Wrong '!include(?:dir)?' directive`), "has no path"},
	{regexp.MustCompile(`Unknown suffix '(.)'`), "Unknown suffix '$1'"},
	{regexp.MustCompile(`Error while setting value '([^']*)' to '([^']+)'`), "Error while setting value '$1' to '$2'"},
	{regexp.MustCompile(`option '--([^']+)' requires an argument`), "$1 needs a value"},
	{regexp.MustCompile(`Failed to normalize the argument for --secure-file-priv`), "secure_file_priv"},
	{regexp.MustCompile(`rsync SST method requires wsrep_cluster_address`), "wsrep_cluster_address"},
}

// expectedWarning is what a mytune warning must say for the first fatal
// message mariadbd printed, "" when the message is not one mytune models
// (then any refusing warning will do: the server stops at its first error).
func expectedWarning(stderr string) (want, why string) {
	first, at := "", len(stderr)+1
	for _, r := range refusals {
		if loc := r.re.FindStringSubmatchIndex(stderr); loc != nil && loc[0] < at {
			at = loc[0]
			first = string(r.re.ExpandString(nil, r.want, stderr, loc))
			why = stderr[loc[0]:loc[1]]
		}
	}
	return first, why
}

// containsAny is true when one of list contains s.
func containsAny(list []string, s string) bool {
	for _, l := range list {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// parseSizeForTest turns "16M" into "16777216"; a negative number stays.
func parseSizeForTest(canon string) (string, error) {
	if strings.HasPrefix(canon, "-") {
		return canon, nil
	}
	n, err := profile.ParseSize(canon)
	return strconv.FormatUint(n, 10), err
}
