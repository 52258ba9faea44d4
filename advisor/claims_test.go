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
	"github.com/mytune/mytune/probe/profile"
	"github.com/mytune/mytune/rules"
)

// envFor builds the rule environment a scenario is advised in.
func envFor(t *testing.T, p profile.Profile, s scenario) rules.Env {
	t.Helper()
	cat := catalogue(t)
	tg, _, err := rules.ResolveTarget(p, s.target)
	if err != nil {
		t.Fatal(err)
	}
	f, err := rules.BuildFacts(p, tg)
	if err != nil {
		t.Fatal(err)
	}
	d := s.durability
	if d == "" {
		d = DurabilityStrict
	}
	return rules.NewEnv(p, f, cat.Thresholds, d)
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

// checkFindings runs claimcheck over findings and a verdict.
func checkFindings(t *testing.T, fs []Finding, verdict string, e rules.Env) {
	t.Helper()
	for _, f := range fs {
		for _, p := range claimcheck.Check(claimcheck.Finding{ID: f.ID, Summary: f.Summary, Detail: f.Detail,
			Variable: f.Variable, Current: f.Current, Recommended: f.Recommended}, e) {
			t.Errorf("%s\n  detail: %s", p, f.Detail)
		}
	}
	for _, p := range claimcheck.CheckText(verdict, e) {
		t.Errorf("verdict: %s\n  %s", p, verdict)
	}
}

// TestNoFindingContradictsItsNumbers: across every scenario, as advised
// now and as written in the golden files, no finding's words and numbers
// disagree with the facts it was made from (issue 11 point 3).
func TestNoFindingContradictsItsNumbers(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.goldenName(), func(t *testing.T) {
			p := loadScenario(t, s.name)
			e := envFor(t, p, s)
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
			p.Server = &profile.Server{Reachable: true, Flavor: strings.SplitN(target, "-", 2)[0],
				Version: strings.SplitN(target, "-", 2)[1], Variables: p.MyCnf.Variables,
				Status: map[string]string{"uptime": "7200", "max_used_connections": strconv.Itoa(r.Intn(400)),
					"innodb_os_log_written": strconv.Itoa(r.Intn(1 << 30))}}
		}
		s := scenario{target: target, durability: []string{DurabilityStrict, DurabilityRelaxed}[i%2]}
		e := envFor(t, p, s)
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
}
