//go:build unix

package e2e

import (
	"encoding/json"
	"testing"
)

// TestAdviseJSONContract checks the advice JSON against CONTRACT.md field
// by field, on a real (short) probe with no server.
func TestAdviseJSONContract(t *testing.T) {
	r := mytune(t, runOpts{}, "advise", "--datadir", t.TempDir(), "--no-server", "--duration", "2s", "--format", "json")
	if r.code != 0 {
		t.Fatalf("advise failed (%d): %s", r.code, r.stderr)
	}
	var a map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
		t.Fatalf("advice is not JSON: %v", err)
	}
	if a["schema"] != "mytune.advice/v1" {
		t.Errorf("schema = %v", a["schema"])
	}
	for _, k := range []string{"profile", "verdict", "findings", "threads", "cnf", "trust"} {
		if _, ok := a[k]; !ok {
			t.Errorf("advice.%s missing", k)
		}
	}
	if p, _ := a["profile"].(map[string]any); p["schema"] != "mytune.profile/v1" {
		t.Errorf("advice.profile is not a profile: %v", p["schema"])
	}
	findings, _ := a["findings"].([]any)
	if len(findings) == 0 {
		t.Fatalf("no findings on a default-configured target")
	}
	for _, f := range findings {
		m := f.(map[string]any)
		for _, k := range []string{"id", "severity", "summary", "detail", "variable", "current", "recommended", "restart_required"} {
			if _, ok := m[k]; !ok {
				t.Errorf("finding %v lacks %s", m["id"], k)
			}
		}
		if s := m["severity"]; s != "crit" && s != "warn" && s != "note" {
			t.Errorf("finding %v severity %v", m["id"], s)
		}
		if m["variable"] != "" && m["current"] == m["recommended"] {
			t.Errorf("finding %v recommends the value already set (%v)", m["id"], m["current"])
		}
	}
	th, _ := a["threads"].(map[string]any)
	for _, k := range []string{"dump", "load", "copy"} {
		c, _ := th[k].(map[string]any)
		if n, _ := c["threads"].(float64); n < 1 || c["why"] == "" {
			t.Errorf("threads.%s = %v", k, c)
		}
	}
	if cmds, ok := th["commands"].([]any); !ok || len(cmds) == 0 {
		t.Errorf("threads.commands = %v", th["commands"])
	}
	if cnf, _ := a["cnf"].(string); len(cnf) == 0 {
		t.Errorf("empty cnf")
	}
}
