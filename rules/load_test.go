package rules

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// writeRules writes one user rule file into a fresh directory.
func writeRules(t *testing.T, body string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMalformedUserRules(t *testing.T) {
	cases := []struct {
		name, body string
		wantParts  []string
	}{
		{"unknown field in when", "rules:\n- {id: my.bad, severity: warn, summary: s, when: 'F.NoSuchField > 1'}\n",
			[]string{"mine.yaml", `"my.bad"`, "when", "NoSuchField"}},
		{"when not boolean", "rules:\n- {id: my.num, severity: warn, summary: s, when: 'F.MaxConnections + 1'}\n",
			[]string{"mine.yaml", `"my.num"`, "when"}},
		{"recommend not a string", "rules:\n- {id: my.rec, severity: warn, summary: s, when: 'true', variable: max_connections, recommend: 'F.MaxConnections'}\n",
			[]string{"mine.yaml", `"my.rec"`, "recommend"}},
		{"bad severity", "rules:\n- {id: my.sev, severity: urgent, summary: s, when: 'true'}\n",
			[]string{"mine.yaml", `"my.sev"`, "severity"}},
		{"bad detail expression", "rules:\n- {id: my.tpl, severity: note, summary: s, when: 'true', detail: 'x {{ Nope() }}'}\n",
			[]string{"mine.yaml", `"my.tpl"`, "detail"}},
		{"unclosed template", "rules:\n- {id: my.open, severity: note, summary: s, when: 'true', detail: 'x {{ F.MaxConnections'}\n",
			[]string{"mine.yaml", `"my.open"`, "unclosed"}},
		{"unknown variable", "rules:\n- {id: my.var, severity: note, summary: s, when: 'true', variable: no_such_var, recommend: '\"1\"'}\n",
			[]string{"mine.yaml", `"my.var"`, "no_such_var"}},
		{"bad version range", "rules:\n- {id: my.ver, severity: note, summary: s, when: 'true', applies: {versions: '~8'}}\n",
			[]string{"mine.yaml", `"my.ver"`, "applies.versions"}},
		{"duplicate id", "rules:\n- {id: my.dup, severity: note, summary: s, when: 'true'}\n- {id: my.dup, severity: note, summary: s, when: 'true'}\n",
			[]string{"mine.yaml", `"my.dup"`, "unique"}},
		{"missing id", "rules:\n- {severity: note, summary: lonely, when: 'true'}\n",
			[]string{"mine.yaml", "no id", "lonely"}},
		{"unknown key", "rules:\n- {id: my.key, severity: note, summary: s, when: 'true', wen: 'x'}\n",
			[]string{"mine.yaml", "wen"}},
		{"not YAML", "rules: [\n", []string{"mine.yaml", "not a rule file"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(LoadOptions{User: userDir(writeRules(t, tc.body))})
			if err == nil {
				t.Fatal("loaded without error")
			}
			msg := err.Error()
			if strings.Count(msg, "\n") > 3 {
				t.Errorf("error is not short: %s", msg)
			}
			for _, part := range tc.wantParts {
				if !strings.Contains(msg, part) {
					t.Errorf("error %q does not mention %q", msg, part)
				}
			}
		})
	}
}

func TestUserRuleOverridesBuiltin(t *testing.T) {
	dir := writeRules(t, "rules:\n- {id: storage.hdd, severity: crit, summary: mine, when: 'true'}\n- {id: my.extra, severity: note, summary: extra, when: 'false'}\n")
	c, err := Load(LoadOptions{User: userDir(dir)})
	if err != nil {
		t.Fatal(err)
	}
	r, ok := c.Get("storage.hdd")
	if !ok || r.Severity != "crit" || r.Summary != "mine" {
		t.Errorf("storage.hdd not replaced: %+v", r)
	}
	if _, ok := c.Get("my.extra"); !ok {
		t.Error("my.extra not added")
	}
}

func TestThresholdOverride(t *testing.T) {
	c, err := Load(LoadOptions{ThresholdsYAML: []byte("slow_commits_per_s: 1000\n")})
	if err != nil {
		t.Fatal(err)
	}
	if c.Thresholds.SlowCommitsPerS != 1000 || c.Thresholds.BufferPoolFraction != 0.75 {
		t.Errorf("override not applied over defaults: %+v", c.Thresholds)
	}
	if _, err := Load(LoadOptions{ThresholdsYAML: []byte("slow_commit: 1\n")}); err == nil {
		t.Error("unknown threshold name accepted")
	}
}

func TestExplain(t *testing.T) {
	c, err := Load(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x, err := c.Explain("io.capacity", nil)
	if err != nil || x.Evaluated || x.When == "" || len(x.References) == 0 {
		t.Fatalf("explain without profile: %+v, %v", x, err)
	}
	p := quietProfile()
	p.Server.Variables["innodb_io_capacity"] = "200"
	tg, _, _ := ResolveTarget(p, "")
	f, _ := BuildFacts(p, tg)
	env := NewEnv(p, f, c.Thresholds, "strict")
	x, err = c.Explain("io.capacity", &env)
	if err != nil || !x.Fired || !x.Applies || x.Current != "200" || x.Recommended != "10000" {
		t.Fatalf("explain with profile: %+v, %v", x, err)
	}
	found := false
	for _, o := range x.Values {
		found = found || (o.Expr == "IOCapacityOff()" && o.Value == "true")
	}
	if !found {
		t.Errorf("operand values missing IOCapacityOff() = true: %+v", x.Values)
	}
	if _, err := c.Explain("no.such", nil); err == nil {
		t.Error("unknown id explained")
	}
}

// userDir opens dir as the CLI does for --rules.
func userDir(dir string) []RuleDir { return []RuleDir{{Name: dir, FS: os.DirFS(dir)}} }

// TestRecommendOfTheWrongKindIsSkipped: a rule whose recommendation its
// variable cannot hold ("lots" for a size) does not fire; Evaluate reports
// it, and the cnf never gets the line.
func TestRecommendOfTheWrongKindIsSkipped(t *testing.T) {
	dir := t.TempDir()
	rule := "rules:\n- {id: site.pool, severity: crit, summary: s, when: 'true', variable: innodb_buffer_pool_size, recommend: \"'lots'\", detail: d}\n"
	if err := os.WriteFile(filepath.Join(dir, "site.yaml"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(LoadOptions{User: userDir(dir)})
	if err != nil {
		t.Fatal(err)
	}
	p := quietProfile()
	f, err := BuildFacts(p, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: "server"})
	if err != nil {
		t.Fatal(err)
	}
	hits, problems := c.Evaluate(NewEnv(p, f, c.Thresholds, "strict"))
	for _, h := range hits {
		if h.ID == "site.pool" {
			t.Errorf("the rule fired with %q", h.Recommended)
		}
	}
	if !strings.Contains(strings.Join(problems, "|"), `innodb_buffer_pool_size = "lots" is not a value the server takes`) {
		t.Errorf("problems %q do not say so", problems)
	}
}

// TestReplacedRuleFeedsDependents: a user rule replacing io.capacity is the
// value io.capacity_max sizes from and names (QA: the replacement advised
// 20000 while io.capacity_max said "innodb_io_capacity 5800 as advised
// here" and advised 11600, below it).
func TestReplacedRuleFeedsDependents(t *testing.T) {
	dir := t.TempDir()
	rule := "rules:\n  - id: io.capacity\n    severity: warn\n    category: io\n    when: 'true'\n" +
		"    variable: innodb_io_capacity\n    recommend: '\"20000\"'\n    summary: fixed\n    detail: fixed\n"
	if err := os.WriteFile(filepath.Join(dir, "io.yaml"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(LoadOptions{User: userDir(dir)})
	if err != nil {
		t.Fatal(err)
	}
	p := quietProfile()
	setVar("innodb_io_capacity_max", "2000")(&p)
	tg, _, err := ResolveTarget(p, "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := BuildFacts(p, tg)
	if err != nil {
		t.Fatal(err)
	}
	hits, _ := c.Evaluate(NewEnv(p, f, c.Thresholds, "strict"))
	var maxHit *Hit
	for i := range hits {
		if hits[i].ID == "io.capacity_max" {
			maxHit = &hits[i]
		}
	}
	if maxHit == nil {
		ids := []string{}
		for _, h := range hits {
			ids = append(ids, h.ID+"="+h.Recommended)
		}
		t.Fatalf("io.capacity_max did not fire: %v", ids)
	}
	n, _ := strconv.Atoi(maxHit.Recommended)
	if n < 20000 || !strings.Contains(maxHit.RenderedDetail, "innodb_io_capacity 20000 as advised here") {
		t.Errorf("io.capacity_max %s: %s", maxHit.Recommended, maxHit.RenderedDetail)
	}
}
