//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sixteenCoreProfile probes this machine, no server and no measuring, into
// a profile made a 16-core host, writes it to dir/sixteen.json and
// returns that path.
func sixteenCoreProfile(t *testing.T, dir string) string {
	t.Helper()
	r := mytune(t, runOpts{}, "probe", "--datadir", dir, "--no-measure", "--no-server", "--format", "json")
	if r.code != 0 {
		t.Fatalf("probe: exit %d\n%s", r.code, r.stderr)
	}
	var prof map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &prof); err != nil {
		t.Fatal(err)
	}
	// a 16-core host: 16 logical CPUs, all of them allowed (this machine's probe says 2 of 2)
	prof["host"].(map[string]any)["cpu"].(map[string]any)["logical"] = 16
	prof["host"].(map[string]any)["cpu"].(map[string]any)["allowed_cpus"] = 16
	sixteen := filepath.Join(dir, "sixteen.json")
	b, _ := json.Marshal(prof)
	if err := os.WriteFile(sixteen, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return sixteen
}

// TestAdviseSaysWhereTheModelEnds: advise on a profile with 16 cores, or
// for a MySQL 8.4 target, says in THREADS that the load threads and the
// estimate extrapolate and prints the calibrate line that measures the
// answer on the target (issue 19, point 5).
func TestAdviseSaysWhereTheModelEnds(t *testing.T) {
	dir := t.TempDir()
	dump, err := filepath.Abs(filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-real"))
	if err != nil {
		t.Fatal(err)
	}
	sixteen := sixteenCoreProfile(t, dir)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"16 cores", []string{"advise", "--from", sixteen, "--target", "mariadb-10.11", "--dump", dump}, "16 cores (measured: 2)"},
		{"a MySQL 8.4 target", []string{"advise", "--datadir", dir, "--no-measure", "--no-server", "--target", "mysql-8.4", "--dump", dump},
			"a MySQL 8.4 target (measured: MariaDB 10.11)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mytune(t, runOpts{}, append(c.args, "--format", "json")...)
			if r.code != 0 {
				t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
			}
			var a struct {
				Threads struct {
					Notes         []string
					EstimatedLoad struct{ Basis string } `json:"estimated_load"`
				}
			}
			if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
				t.Fatal(err)
			}
			note := ""
			for _, n := range a.Threads.Notes {
				if strings.Contains(n, "extrapolate here") {
					note = n
				}
			}
			line := "mytune calibrate --dump " + dump + " --format json --out calibration.json"
			if !strings.Contains(note, c.want) || !strings.Contains(note, line) {
				t.Errorf("no note that names %q and prints %q: %q", c.want, line, a.Threads.Notes)
			}
			if !strings.Contains(a.Threads.EstimatedLoad.Basis, "extrapolated") {
				t.Errorf("the estimate does not say it extrapolates: %q", a.Threads.EstimatedLoad.Basis)
			}
		})
	}
}
