package advisor

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// rawHits runs the rules over p without Dedupe, so findings that Advise
// would merge are all visible.
func rawHits(t *testing.T, cat *rules.Catalogue, p profile.Profile, target, durability string) []rules.Hit {
	t.Helper()
	tg, _, err := rules.ResolveTarget(p, target)
	if err != nil {
		t.Fatal(err)
	}
	f, err := rules.BuildFacts(p, tg)
	if err != nil {
		t.Fatal(err)
	}
	hits, problems := cat.Evaluate(rules.NewEnv(p, f, cat.Thresholds, durability))
	if len(problems) > 0 {
		t.Fatalf("rule run-time errors: %v", problems)
	}
	return hits
}

// direction is +1 when a hit raises its variable, -1 when it lowers it, 0
// when the variable is not numeric or a value does not parse.
func direction(h rules.Hit) int {
	var cur, rec float64
	switch rules.VariableKind(h.Variable) {
	case rules.KindSize:
		c, err1 := profile.ParseSize(h.Current)
		r, err2 := profile.ParseSize(h.Recommended)
		if err1 != nil || err2 != nil {
			return 0
		}
		cur, rec = float64(c), float64(r)
	case rules.KindInt:
		c, err1 := strconv.ParseFloat(strings.TrimSpace(h.Current), 64)
		r, err2 := strconv.ParseFloat(strings.TrimSpace(h.Recommended), 64)
		if err1 != nil || err2 != nil {
			return 0
		}
		cur, rec = c, r
	default:
		return 0
	}
	switch {
	case rec > cur:
		return 1
	case rec < cur:
		return -1
	}
	return 0
}

// contradictions lists pairs of hits that move one variable in opposite
// directions, and pool growth while hygiene.swap_pressure says shrink.
func contradictions(hits []rules.Hit) []string {
	var out []string
	dir := map[string]rules.Hit{}
	swapping := false
	for _, h := range hits {
		swapping = swapping || h.ID == "hygiene.swap_pressure"
	}
	for _, h := range hits {
		d := direction(h)
		if d == 0 {
			continue
		}
		if prev, ok := dir[h.Variable]; ok && direction(prev) != d {
			out = append(out, prev.ID+" and "+h.ID+" move "+h.Variable+" opposite ways ("+prev.Recommended+" vs "+h.Recommended+")")
		}
		dir[h.Variable] = h
		if swapping && h.Variable == "innodb_buffer_pool_size" && d > 0 {
			out = append(out, h.ID+" grows the pool to "+h.Recommended+" while hygiene.swap_pressure fires")
		}
	}
	return out
}

// TestNoContradictionsScenarios: on every scenario, no two findings move a
// variable opposite ways and the pool never grows under swap pressure.
func TestNoContradictionsScenarios(t *testing.T) {
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		t.Run(s.goldenName(), func(t *testing.T) {
			d := s.durability
			if d == "" {
				d = DurabilityStrict
			}
			p := loadScenario(t, s.name)
			targets := []string{s.target}
			if tg, _, _ := rules.ResolveTarget(p, s.target); tg.Unknown() {
				targets = nil // advised for every portable group's target
				for _, g := range rules.PortableGroups {
					targets = append(targets, g.Target.Flavor+"-"+g.Target.Version)
				}
			}
			for _, target := range targets {
				for _, c := range contradictions(rawHits(t, cat, p, target, d)) {
					t.Error(target + ": " + c)
				}
			}
		})
	}
}

// TestNoContradictionsRandom: the same over 1000 seeded random profiles,
// with swap and available memory drawn so swap pressure fires often.
func TestNoContradictionsRandom(t *testing.T) {
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(7))
	swapping := 0
	for i := 0; i < 1000; i++ {
		p, target := randomProfile(r)
		hits := rawHits(t, cat, p, target, []string{DurabilityStrict, DurabilityRelaxed}[i%2])
		for _, h := range hits {
			if h.ID == "hygiene.swap_pressure" {
				swapping++
			}
		}
		for _, c := range contradictions(hits) {
			t.Errorf("profile %d (%s): %s", i, target, c)
		}
	}
	if swapping < 50 {
		t.Errorf("swap pressure fired on only %d of 1000 profiles: the generator does not exercise it", swapping)
	}
}

// TestContradictionsDetects keeps the checker honest: it must flag an
// opposite pair and growth under swap pressure.
func TestContradictionsDetects(t *testing.T) {
	cases := []struct {
		name string
		hits []rules.Hit
		want int
	}{
		{"opposite pool moves", []rules.Hit{
			{Spec: rules.Spec{ID: "a", Variable: "innodb_buffer_pool_size"}, Current: "2G", Recommended: "1G"},
			{Spec: rules.Spec{ID: "b", Variable: "innodb_buffer_pool_size"}, Current: "2G", Recommended: "24G"}}, 1},
		{"growth while swapping", []rules.Hit{{Spec: rules.Spec{ID: "hygiene.swap_pressure"}},
			{Spec: rules.Spec{ID: "memory.buffer_pool_small", Variable: "innodb_buffer_pool_size"}, Current: "2G", Recommended: "24G"}}, 1},
		{"same direction", []rules.Hit{
			{Spec: rules.Spec{ID: "a", Variable: "innodb_io_capacity_max"}, Current: "1000", Recommended: "200"},
			{Spec: rules.Spec{ID: "b", Variable: "innodb_io_capacity_max"}, Current: "1000", Recommended: "300"}}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := contradictions(tc.hits); len(got) != tc.want {
				t.Errorf("got %v, want %d", got, tc.want)
			}
		})
	}
}
