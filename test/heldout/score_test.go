package heldout

import (
	"strings"
	"testing"
)

func TestScoreCell(t *testing.T) {
	three := func(s float64) []float64 { return []float64{s, s + 1, s - 1} }
	cases := []struct {
		name          string
		runs          map[string][]float64
		pick, printed int
		wantBest      int
		wantRegret    float64
		wantSwept     bool
		wantErr       string
	}{
		{name: "pick is best", runs: map[string][]float64{"1": three(20), "4": three(10), "8": three(12)},
			pick: 4, printed: 4, wantBest: 4, wantRegret: 0, wantSwept: true},
		{name: "pick 20% off", runs: map[string][]float64{"1": three(20), "4": three(10), "8": three(12)},
			pick: 8, printed: 4, wantBest: 4, wantRegret: 0.2, wantSwept: true},
		{name: "tie goes to fewer threads", runs: map[string][]float64{"2": three(10), "16": three(10)},
			pick: 16, printed: 16, wantBest: 2, wantRegret: 0, wantSwept: true},
		{name: "the printed count alone: containment only, the pick not needed", runs: map[string][]float64{"4": three(10)},
			pick: 6, printed: 4, wantSwept: false},
		{name: "one count, not the printed one", runs: map[string][]float64{"8": three(10)},
			pick: 4, printed: 4, wantErr: "the one count timed is another"},
		{name: "pick not swept", runs: map[string][]float64{"1": three(20), "4": three(10)},
			pick: 6, printed: 4, wantErr: "did not time"},
		{name: "printed not swept", runs: map[string][]float64{"1": three(20), "4": three(10)},
			pick: 4, printed: 6, wantErr: "no runs there"},
		{name: "too few runs", runs: map[string][]float64{"1": {20, 21}, "4": three(10)},
			pick: 4, printed: 4, wantErr: "fewer than the 3"},
		{name: "no runs", runs: map[string][]float64{}, pick: 4, printed: 4, wantErr: "no runs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := scoreCell(c.name, c.runs, c.pick, c.printed, 5, 15)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one with %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.swept != c.wantSwept || r.printedS != 10 {
				t.Errorf("swept %v printed median %.1f, want %v and 10", r.swept, r.printedS, c.wantSwept)
			}
			if r.best != c.wantBest || r.regret < c.wantRegret-1e-9 || r.regret > c.wantRegret+1e-9 {
				t.Errorf("best %d regret %.3f, want %d and %.3f", r.best, r.regret, c.wantBest, c.wantRegret)
			}
		})
	}
}

func TestVerdict(t *testing.T) {
	ok := func(regret float64) row { return row{swept: true, regret: regret, printedS: 10, low: 8, high: 12} }
	out := func(regret float64) row { return row{swept: true, regret: regret, printedS: 20, low: 8, high: 12} }
	onlyIn := row{printedS: 10, low: 8, high: 12}  // timed at the printed count alone, inside
	onlyOut := row{printedS: 20, low: 8, high: 12} // and outside
	cases := []struct {
		name string
		rows []row
		want []string // substrings of the misses, in order; none: every bar met
	}{
		{name: "no rows", rows: nil, want: []string{"no held-out cells"}},
		{name: "all met", rows: []row{ok(0), ok(0.1), ok(0.25), ok(0.05), out(0)}},
		{name: "median over 15%", rows: []row{ok(0.16), ok(0.2), ok(0.1)}, want: []string{"median regret 16.0%"}},
		{name: "worst over 25%", rows: []row{ok(0), ok(0), ok(0.26)}, want: []string{"worst regret 26.0%"}},
		{name: "containment under 80%", rows: []row{ok(0), ok(0), ok(0), out(0), out(0)}, want: []string{"contain 3 of 5"}},
		{name: "every bar", rows: []row{out(0.3), out(0.3), ok(0.3)},
			want: []string{"median regret", "worst regret", "contain 1 of 3"}},
		{name: "unswept rows count for containment only", rows: []row{ok(0.2), onlyIn, onlyIn, onlyIn, onlyIn},
			want: []string{"median regret 20.0%"}},
		{name: "unswept rows miss containment", rows: []row{ok(0), onlyOut, onlyOut}, want: []string{"contain 1 of 3"}},
		{name: "no swept row: no regret to score", rows: []row{onlyIn, onlyIn}, want: []string{"no regret to score"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, _, misses := verdict(c.rows)
			if len(misses) != len(c.want) {
				t.Fatalf("misses %q, want %d like %q", misses, len(c.want), c.want)
			}
			for i, w := range c.want {
				if !strings.Contains(misses[i], w) {
					t.Errorf("miss %d: %q, want it to say %q", i, misses[i], w)
				}
			}
		})
	}
}
