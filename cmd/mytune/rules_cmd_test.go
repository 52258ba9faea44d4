package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainSuperseded: `rules explain ID --from P` says a rule fired but
// its finding was superseded, naming the rule advise kept for the variable
// (QA: io.capacity_max "fired yes" on a MariaDB profile with
// innodb_io_capacity_max 3000 < innodb_io_capacity 4000, where advise
// reported hygiene.io_capacity_max_below_capacity_mariadb).
func TestExplainSuperseded(t *testing.T) {
	from := maxBelowCapacityProfile(t)
	cases := []struct {
		name, id, want string
	}{
		{"superseded", "io.capacity_max", "hygiene.io_capacity_max_below_capacity_mariadb"},
		{"the rule kept", "hygiene.io_capacity_max_below_capacity_mariadb", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run([]string{"rules", "explain", c.id, "--from", from, "--format", "json"}, strings.NewReader(""), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			var x struct {
				Fired        bool   `json:"fired"`
				SupersededBy string `json:"superseded_by"`
			}
			if err := json.Unmarshal(out.Bytes(), &x); err != nil {
				t.Fatal(err)
			}
			if !x.Fired || x.SupersededBy != c.want {
				t.Errorf("fired %v, superseded_by %q; want fired, superseded_by %q", x.Fired, x.SupersededBy, c.want)
			}
		})
	}
}

// maxBelowCapacityProfile is advisor's nvme-mysql84 scenario turned into a
// MariaDB 10.11 server with innodb_io_capacity_max below innodb_io_capacity,
// saved to a file for --from.
func maxBelowCapacityProfile(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "advisor", "testdata", "scenarios", "nvme-mysql84.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	srv := p["server"].(map[string]any)
	srv["flavor"], srv["version"] = "mariadb", "10.11.6-MariaDB"
	vars := srv["variables"].(map[string]any)
	vars["innodb_io_capacity"], vars["innodb_io_capacity_max"] = "4000", "3000"
	if b, err = json.Marshal(p); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "profile.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
