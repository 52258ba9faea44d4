package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// shakyProfile is ssd-vm.json measured on a busy host (load 5.05 on its
// 2 CPUs before the run) with a noisy 8-thread random-write point
// (23000–57000 around 31500 IOPS: 108%).
func shakyProfile(t *testing.T) *profile.Profile {
	t.Helper()
	p := loadProfile(t, "ssd-vm.json")
	p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 5.05}}
	for i := range p.Storage.RandWrite {
		if p.Storage.RandWrite[i].Threads == 8 {
			p.Storage.RandWrite[i].IOPSSpread = &profile.Spread{Slices: 5, P25: 23000, P75: 57000}
		}
	}
	return p
}

// TestProfilePromTrust: the trust count is always there, the per-note
// series only with a note, each with its threshold under the same labels.
func TestProfilePromTrust(t *testing.T) {
	cases := []struct {
		name   string
		p      func(*testing.T) *profile.Profile
		want   map[string]float64 // series "name map[labels]" → value
		absent []string
	}{
		{"quiet: a zero count, no series", func(t *testing.T) *profile.Profile { return loadProfile(t, "ssd-vm.json") },
			map[string]float64{"mytune_measurement_trust_notes map[]": 0},
			[]string{"mytune_measurement_trust{", "mytune_measurement_trust_threshold"}},
		{"unmeasured: a zero count", func(t *testing.T) *profile.Profile { return loadProfile(t, "unmeasured.json") },
			map[string]float64{"mytune_measurement_trust_notes map[]": 0},
			[]string{"mytune_measurement_trust{", "mytune_measurement_trust_threshold"}},
		{"busy host and a noisy point", shakyProfile, map[string]float64{
			"mytune_measurement_trust_notes map[]":                                                         2,
			"mytune_measurement_trust map[figure:host kind:busy_load unit:tasks]":                          5.05,
			"mytune_measurement_trust_threshold map[figure:host kind:busy_load unit:tasks]":                2,
			"mytune_measurement_trust map[figure:random_write_8 kind:noisy_figure unit:percent]":           107.94,
			"mytune_measurement_trust_threshold map[figure:random_write_8 kind:noisy_figure unit:percent]": 20,
		}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Profile(&buf, c.p(t), Options{Format: "prom"}); err != nil {
				t.Fatal(err)
			}
			series, err := promCheck(buf.String())
			if err != nil {
				t.Fatalf("invalid exposition: %v\n%s", err, buf.String())
			}
			got := map[string]float64{}
			for _, s := range series {
				got[fmt.Sprint(s.name, " ", s.labels)] = s.value
			}
			for k, v := range c.want {
				if g, ok := got[k]; !ok || (g-v > 0.01 || v-g > 0.01) {
					t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
				}
			}
			for _, name := range c.absent {
				if strings.Contains(buf.String(), name) {
					t.Errorf("exports %s without a note", name)
				}
			}
		})
	}
}

// TestProfileJSONTrust: the profile document ends in "trust", [] when
// quiet, the structured notes when not; loading it back ignores them.
func TestProfileJSONTrust(t *testing.T) {
	cases := []struct {
		name string
		p    func(*testing.T) *profile.Profile
		want []profile.TrustNote // Text aside
	}{
		{"quiet: an empty array", func(t *testing.T) *profile.Profile { return loadProfile(t, "ssd-vm.json") }, []profile.TrustNote{}},
		{"busy host and a noisy point", shakyProfile, []profile.TrustNote{
			{Kind: "busy_load", Figure: "host", Measured: 5.05, Threshold: 2, Unit: "tasks"},
			{Kind: "noisy_figure", Figure: "random_write_8", Measured: 107.94, Threshold: 20, Unit: "percent"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Profile(&buf, c.p(t), Options{Format: "json"}); err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Schema string               `json:"schema"`
				Trust  *[]profile.TrustNote `json:"trust"`
			}
			if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			if doc.Schema != profile.Schema || doc.Trust == nil {
				t.Fatalf("schema %q, trust present %v: want the profile with a trust array", doc.Schema, doc.Trust != nil)
			}
			checkTrustNotes(t, *doc.Trust, c.want)
			if _, err := profile.Decode(&buf); err != nil {
				t.Errorf("the document does not load back: %v", err)
			}
		})
	}
}

// checkTrustNotes compares notes with want, Measured to 0.01, and wants a text on each.
func checkTrustNotes(t *testing.T, got, want []profile.TrustNote) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d notes, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		d := g.Measured - w.Measured
		if g.Kind != w.Kind || g.Figure != w.Figure || g.Unit != w.Unit || g.Threshold != w.Threshold || d > 0.01 || d < -0.01 || g.Text == "" {
			t.Errorf("note %d = %+v, want %+v with a text", i, g, w)
		}
	}
}
