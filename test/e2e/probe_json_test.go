//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProbeJSONContract probes a temp dir for real and checks that every
// field CONTRACT.md names is present in the profile JSON.
func TestProbeJSONContract(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(t.TempDir(), "profile.json")
	r := mytune(t, runOpts{}, "probe", "--datadir", dir, "--no-server", "--duration", "3s", "--format", "json", "--out", out)
	if r.code != 0 {
		t.Fatalf("probe failed (%d): %s", r.code, r.stderr)
	}
	if l := listing(t, dir); l != "" {
		t.Errorf("probe left %q in the datadir", l)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("profile is not JSON: %v", err)
	}
	if p["schema"] != "mytune.profile/v1" {
		t.Errorf("schema = %v", p["schema"])
	}
	want := map[string][]string{
		"":               {"schema", "taken_at", "tool_version", "host", "storage", "trust"},
		"host":           {"hostname", "os", "arch", "kernel", "board", "cpu", "memory"},
		"host.cpu":       {"logical", "physical", "model"},
		"host.memory":    {"total_bytes", "available_bytes", "limit_bytes"},
		"storage":        {"path", "fstype", "mountpoint", "device", "free_bytes", "direct_io", "bytes_written", "duration_s", "seq_write", "seq_read", "fsync", "rand_write", "rand_read", "class", "class_evidence"},
		"storage.device": {"name", "chain", "transport", "model", "rotational_flag", "logical_block_size", "size_bytes"},
		"storage.fsync":  {"p50_us", "p99_us", "max_us", "ops_per_s"},
	}
	for path, keys := range want {
		obj := lookup(t, p, path)
		for _, k := range keys {
			if _, ok := obj[k]; !ok {
				t.Errorf("%s.%s missing", path, k)
			}
		}
	}
	for _, curve := range []string{"rand_write", "rand_read"} {
		pts, _ := lookup(t, p, "storage")[curve].([]any)
		seen := map[float64]bool{}
		for _, pt := range pts {
			m := pt.(map[string]any)
			seen[m["threads"].(float64)] = true
			if m["iops"].(float64) <= 0 {
				t.Errorf("%s at %v threads: iops %v", curve, m["threads"], m["iops"])
			}
		}
		for _, n := range []float64{1, 2, 4, 8, 16} {
			if !seen[n] {
				t.Errorf("%s lacks %v threads", curve, n)
			}
		}
	}
	if c := lookup(t, p, "storage")["class"]; c == "" || c == "unknown" {
		t.Errorf("class = %v after a real measurement", c)
	}
}

// lookup walks a dotted path of JSON objects.
func lookup(t *testing.T, m map[string]any, path string) map[string]any {
	t.Helper()
	if path == "" {
		return m
	}
	cur := m
	for _, k := range strings.Split(path, ".") {
		next, ok := cur[k].(map[string]any)
		if !ok {
			t.Fatalf("%s is not an object in the profile", path)
		}
		cur = next
	}
	return cur
}
