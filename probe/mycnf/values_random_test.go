package mycnf

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRandomValuesAgainstMariadbd writes random integer and boolean
// values (fixed seed) and checks that mariadbd refuses exactly where
// mytune warns it does, and otherwise runs with the value mytune reads.
// Options with a block size (key_buffer_size, max_allowed_packet, tmp_table_size) are
// left out: mariadbd rounds them silently, which is not parsing.
func TestRandomValuesAgainstMariadbd(t *testing.T) {
	mdb := serverTool(t, "mariadbd")
	r := rand.New(rand.NewSource(8))
	pieces := []string{"1", "0", "12", "k", "M", "G", "B", "iB", ".", "5", "-", "+", " ", "x", "on", "OFF", "yes", "true", "2"}
	names := []string{"max_connections", "wait_timeout", "log_slave_updates", "skip-log-slave-updates", "enable-log-slave-updates", "connect_timeout", "loose-wait_timeout", "skip-max_connections"}
	dir := t.TempDir()
	path := filepath.Join(dir, "my.cnf")
	data := filepath.Join(dir, "data")
	n := 30
	if testing.Short() {
		n = 10
	}
	for i := 0; i < n; i++ {
		var v strings.Builder
		for n := r.Intn(4); n >= 0; n-- {
			v.WriteString(pieces[r.Intn(len(pieces))])
		}
		name := names[r.Intn(len(names))]
		line := name + " = \"" + v.String() + "\""
		if r.Intn(5) == 0 {
			line = name
		}
		text := "[mysqld]\n" + line + "\n"
		os.WriteFile(path, []byte(text), 0o644)
		opts, _ := ParseConfig(path, nil, Config{WorkDir: dir})
		rd := opts.ReadAs(flavorMariaDB)
		refuses := false
		for _, w := range append(opts.Warnings, rd.Warnings...) {
			refuses = refuses || w.Refuses
		}
		out, stderr, ok := runTool(t, dir, mdb, "--defaults-file="+path, "--datadir="+data, "--aria-log-dir-path="+data, "--help", "--verbose")
		ok = ok && !pluginFailed.MatchString(stderr)
		if ok == refuses {
			t.Errorf("%q: mariadbd ok=%v (%s) mytune refuses=%v %v", line, ok, lastLines(stderr, 1), refuses, rd.Warnings)
			continue
		}
		if !ok {
			continue
		}
		for _, o := range rd.Base.List {
			val := o.Value
			if !o.HasValue {
				val = "ON"
			}
			got, listed := helpValues(out)[o.Name]
			if listed && !adjusted.MatchString(stderr) && !sameValue(optionKind(flavorMariaDB, o.Name), val, got) {
				t.Errorf("%q: mytune %q, mariadbd %q", line, val, got)
			}
		}
	}
}
