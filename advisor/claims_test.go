package advisor

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mytune/mytune/internal/claimcheck"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// envsFor builds the rule environments a scenario is advised in: one for
// a known target, one per portable group's target when the target is
// unknown (the merged findings come from those).
func envsFor(t *testing.T, p profile.Profile, s scenario) []rules.Env {
	t.Helper()
	cat := catalogue(t)
	tg, _, err := rules.ResolveTarget(p, s.target)
	if err != nil {
		t.Fatal(err)
	}
	targets := []profile.Target{tg}
	if tg.Unknown() {
		targets = targets[:0]
		for _, g := range rules.PortableGroups {
			targets = append(targets, g.Target)
		}
	}
	d := s.durability
	if d == "" {
		d = DurabilityStrict
	}
	var envs []rules.Env
	for _, tg := range targets {
		f, err := rules.BuildFacts(p, tg)
		if err != nil {
			t.Fatal(err)
		}
		envs = append(envs, rules.NewEnv(p, f, cat.Thresholds, d))
	}
	return envs
}

var (
	catOnce sync.Once
	cat     *rules.Catalogue
	catErr  error
)

// catalogue loads the built-in rules once for these tests.
func catalogue(t *testing.T) *rules.Catalogue {
	t.Helper()
	catOnce.Do(func() { cat, catErr = rules.Load(rules.LoadOptions{}) })
	if catErr != nil {
		t.Fatal(catErr)
	}
	return cat
}

// checkFindings runs claimcheck over findings and a verdict; each must
// agree with at least one of envs (the targets it may have been made for).
func checkFindings(t *testing.T, fs []Finding, verdict string, envs []rules.Env) {
	t.Helper()
	for _, f := range fs {
		cf := claimcheck.Finding{ID: f.ID, Summary: f.Summary, Detail: f.Detail,
			Variable: f.Variable, Current: f.Current, Recommended: f.Recommended}
		if ps := firstProblems(envs, func(e rules.Env) []string { return claimcheck.Check(cf, e) }); ps != nil {
			for _, p := range ps {
				t.Errorf("%s\n  detail: %s", p, f.Detail)
			}
		}
	}
	for _, p := range firstProblems(envs, func(e rules.Env) []string { return claimcheck.CheckText(verdict, e) }) {
		t.Errorf("verdict: %s\n  %s", p, verdict)
	}
}

// firstProblems is nil when check finds nothing in some env, else the
// problems found in the first.
func firstProblems(envs []rules.Env, check func(rules.Env) []string) []string {
	var first []string
	for i, e := range envs {
		ps := check(e)
		if len(ps) == 0 {
			return nil
		}
		if i == 0 {
			first = ps
		}
	}
	return first
}

// TestNoFindingContradictsItsNumbers: across every scenario, as advised
// now and as written in the golden files, no finding's words and numbers
// disagree with the facts it was made from (issue 11 point 3).
func TestNoFindingContradictsItsNumbers(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.goldenName(), func(t *testing.T) {
			p := loadScenario(t, s.name)
			e := envsFor(t, p, s)
			a := advise(t, s)
			if len(a.Findings) == 0 {
				t.Fatal("no findings: the check would pass vacuously")
			}
			checkFindings(t, a.Findings, a.Verdict, e)
			b, err := os.ReadFile(filepath.Join("testdata", "golden", s.goldenName()+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var g struct {
				Verdict  string    `json:"verdict"`
				Findings []Finding `json:"findings"`
			}
			if err := json.Unmarshal(b, &g); err != nil {
				t.Fatal(err)
			}
			checkFindings(t, g.Findings, g.Verdict, e)
		})
	}
}

// TestNoFindingContradictsItsNumbersRandom: the same over 500 seeded
// random profiles (the generator of TestAdviceProperties), strict and
// relaxed, with unmeasured disks and a server's status mixed in, so
// every rule's text is checked on values no scenario has.
func TestNoFindingContradictsItsNumbersRandom(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	fired := map[string]bool{}
	for i := 0; i < 500; i++ {
		p, target := randomProfile(r)
		if i%5 == 0 {
			p.Storage.Measured = false
		}
		if i%3 == 0 {
			p.Server = randomServer(r, target, p.MyCnf.Variables)
			p.Storage.RandRead = []profile.ThreadPoint{{Threads: 1, IOPS: []float64{140, 1200, 9000}[r.Intn(3)], P50US: 7000}}
		}
		s := scenario{target: target, durability: []string{DurabilityStrict, DurabilityRelaxed}[i%2]}
		e := envsFor(t, p, s)
		a, err := Advise(p, AdviseOptions{Catalogue: catalogue(t), Target: target, Durability: s.durability})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Findings {
			fired[f.ID] = true
		}
		checkFindings(t, a.Findings, a.Verdict, e)
	}
	if len(fired) < 20 {
		t.Errorf("only %d rules fired over 500 profiles: the check sees too little text", len(fired))
	}
	for _, id := range []string{"memory.query_cache_on", "memory.query_cache_size", "memory.buffer_pool_misses_slow_disk",
		"memory.max_connections_refused", "memory.max_connections_memory", "durability.flush_log_strict", "redo.capacity_small"} {
		if !fired[id] {
			t.Errorf("%s never fired over 500 profiles: its text went unchecked", id)
		}
	}
}

// randomServer is a live server for target with status counters drawn so
// the usage rules (pool misses, query cache, connections) fire often.
func randomServer(r *rand.Rand, target string, vars map[string]string) *profile.Server {
	flavor, version, _ := strings.Cut(target, "-")
	v := map[string]string{"query_cache_type": []string{"ON", "OFF"}[r.Intn(2)],
		"query_cache_size": []string{"0", "1M", "64M", "512M"}[r.Intn(4)]}
	for k, x := range vars {
		v[k] = x
	}
	n := func(max int) string { return strconv.Itoa(r.Intn(max)) }
	return &profile.Server{Reachable: true, Flavor: flavor, Version: version, Variables: v,
		DataBytes: uint64(r.Intn(64)) << 28, IndexBytes: uint64(r.Intn(16)) << 28, Tables: r.Intn(3000),
		Status: map[string]string{"uptime": []string{"60", "7200", "864000"}[r.Intn(3)], "max_used_connections": n(600),
			"connection_errors_max_connections": []string{"0", "0", "40"}[r.Intn(3)],
			"innodb_os_log_written":             n(1 << 30), "innodb_buffer_pool_reads": n(50000), "innodb_buffer_pool_read_requests": "1000000",
			"qcache_hits": n(20000), "com_select": n(20000), "qcache_inserts": n(20000), "qcache_lowmem_prunes": n(5000)}}
}
