package advisor

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// scenario is one saved profile and the options it is advised with.
type scenario struct {
	name, target, durability string
}

var scenarios = []scenario{
	{name: "pi-sd-mysql80"},
	{name: "pi-sd-mysql80", durability: DurabilityRelaxed},
	{name: "nvme-mysql84"},
	{name: "hdd-mariadb1011", target: "mariadb-10.11"},
	{name: "container-limit"},
	{name: "no-server"},
	{name: "no-server", target: "mariadb-10.11"},
	{name: "no-server-tier12g"},
	{name: "no-server-galera"},
	{name: "sd-card-small", durability: DurabilityRelaxed},
	{name: "sd-card-small", durability: DurabilityRelaxed, target: "mysql-8.4"},
}

// goldenName names a scenario's golden files.
func (s scenario) goldenName() string {
	n := s.name
	if s.durability != "" {
		n += "-" + s.durability
	}
	if s.target != "" {
		n += "-" + s.target
	}
	return n
}

// loadScenario reads testdata/scenarios/NAME.json.
func loadScenario(t *testing.T, name string) profile.Profile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "scenarios", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var p profile.Profile
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// advise runs a scenario with the built-in catalogue.
func advise(t *testing.T, s scenario) Advice {
	t.Helper()
	a, err := Advise(loadScenario(t, s.name), AdviseOptions{Target: s.target, Durability: s.durability, ToolVersion: "test"})
	if err != nil {
		t.Fatalf("%s: %v", s.goldenName(), err)
	}
	return a
}

// TestScenariosGolden compares findings, verdict, notes and cnf with the golden files.
func TestScenariosGolden(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.goldenName(), func(t *testing.T) {
			a := advise(t, s)
			view := struct {
				Target   profile.Target      `json:"target"`
				Verdict  string              `json:"verdict"`
				Notes    []string            `json:"notes"`
				Findings []Finding           `json:"findings"`
				Trust    []profile.TrustNote `json:"trust"`
			}{a.Target, a.Verdict, a.Notes, a.Findings, a.Trust}
			js, err := json.MarshalIndent(view, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, s.goldenName()+".json", append(js, '\n'))
			checkGolden(t, s.goldenName()+".cnf", []byte(a.Cnf))
		})
	}
}

// checkGolden compares got with testdata/golden/name, rewriting it with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./advisor -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; got:\n%s", name, got)
	}
}

// memoryVars are the variables whose value is an amount of memory.
var memoryVars = map[string]bool{
	"innodb_buffer_pool_size": true, "innodb_log_buffer_size": true, "sort_buffer_size": true,
	"join_buffer_size": true, "read_buffer_size": true, "read_rnd_buffer_size": true,
	"tmp_table_size": true, "max_heap_table_size": true,
}

// TestScenarioProperties checks, on every scenario, that no finding
// recommends the value in effect and no memory value exceeds EffectiveBytes.
func TestScenarioProperties(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.goldenName(), func(t *testing.T) {
			a := advise(t, s)
			if len(a.Findings) == 0 {
				t.Fatal("no findings: every scenario is built to trigger some")
			}
			eff := a.Profile.Host.Memory.EffectiveBytes()
			for _, f := range a.Findings {
				if !f.Severity.Valid() || f.Detail == "" || f.Summary == "" {
					t.Errorf("%s: incomplete finding %+v", f.ID, f)
				}
				if f.Variable == "" {
					continue
				}
				if rules.SameValue(f.Variable, f.Current, f.Recommended) {
					t.Errorf("%s recommends the current value %s = %s", f.ID, f.Variable, f.Current)
				}
				if memoryVars[f.Variable] {
					b, err := profile.ParseSize(f.Recommended)
					if err != nil || b > eff {
						t.Errorf("%s: %s = %s exceeds usable memory %d (err %v)", f.ID, f.Variable, f.Recommended, eff, err)
					}
				}
			}
		})
	}
}

func TestCnfValues(t *testing.T) {
	got := cnfValues("# mytune: settings\n[mysqld]\n# why = because\ninnodb_buffer_pool_size = 16G\ninnodb_io_capacity=100\ninnodb_io_capacity = 200\n")
	want := map[string]string{"innodb_buffer_pool_size": "16G", "innodb_io_capacity": "200"}
	if len(got) != len(want) || got["innodb_buffer_pool_size"] != "16G" || got["innodb_io_capacity"] != "200" {
		t.Errorf("cnfValues = %v, want %v", got, want)
	}
}

// TestDedupeSaysWhatItDrops: two findings on one variable keep the more
// severe, and a note names the other when its advice differs.
func TestDedupeSaysWhatItDrops(t *testing.T) {
	fs, notes := Dedupe([]Finding{
		{ID: "memory.buffer_pool_small", Severity: SeverityWarn, Variable: "innodb_buffer_pool_size", Recommended: "17G"},
		{ID: "site.pool", Severity: SeverityCrit, Variable: "innodb_buffer_pool_size", Recommended: "4G"},
		{ID: "io.a", Severity: SeverityWarn, Variable: "innodb_io_capacity_max", Recommended: "200"},
		{ID: "io.b", Severity: SeverityCrit, Variable: "innodb_io_capacity_max", Recommended: "200"},
	})
	if len(fs) != 2 || fs[0].ID != "site.pool" || fs[1].ID != "io.b" {
		t.Errorf("kept %+v", fs)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "memory.buffer_pool_small (warn) also advised innodb_buffer_pool_size = 17G") {
		t.Errorf("notes %q", notes)
	}
}
