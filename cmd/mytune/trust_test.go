package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAdviseFromRecomputesTrust: advise --from judges a saved profile's
// figures afresh: an old profile without "trust" gets its notes, and a
// saved "trust" is never read back.
func TestAdviseFromRecomputesTrust(t *testing.T) {
	cases := []struct {
		name string
		edit func(doc map[string]any)
		want []string // kinds, in order
	}{
		{"an old profile without trust, busy before the run: recomputed", func(doc map[string]any) {
			doc["storage"].(map[string]any)["conditions"] = map[string]any{"before": map[string]any{"load1": 5.05}}
		}, []string{profile.TrustBusyLoad}},
		{"a saved trust on quiet figures: not read back", func(doc map[string]any) {
			doc["trust"] = []any{map[string]any{"kind": "noisy_figure", "figure": "seq_write", "measured": 90, "threshold": 20, "unit": "percent", "text": "planted"}}
		}, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(renderTestdata, "ssd-vm.json"))
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]any
			if err := json.Unmarshal(b, &doc); err != nil {
				t.Fatal(err)
			}
			c.edit(doc)
			saved := filepath.Join(t.TempDir(), "saved.json")
			if b, err = json.Marshal(doc); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(saved, b, 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCmd("advise", "--from", saved, "--format", "json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var adv struct {
				Trust []profile.TrustNote `json:"trust"`
			}
			if err := json.Unmarshal([]byte(out), &adv); err != nil {
				t.Fatal(err)
			}
			kinds := []string{}
			for _, n := range adv.Trust {
				kinds = append(kinds, n.Kind)
			}
			if fmt.Sprint(kinds) != fmt.Sprint(c.want) || adv.Trust == nil {
				t.Errorf("trust kinds %q, want %q", kinds, c.want)
			}
		})
	}
}
