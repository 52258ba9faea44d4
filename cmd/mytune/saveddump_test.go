package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAdviseFromSavedDumpWithoutRowModels: an advice saved by an older
// mytune holds dump facts without table_models; advise --from it sized the
// restore on generic rows without a word (review r17). A gap must say so
// and what to do; a dump block with table_models ([] included), no dump
// block, and a --dump read now give none.
func TestAdviseFromSavedDumpWithoutRowModels(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	oldDump := `{"path": "/backup/shop", "format": "mydumper", "total_bytes": 9756945, "file_bytes": 9756945, "tables": 2, "chunks": 2}`
	newDump := `{"path": "/backup/shop", "format": "mydumper", "total_bytes": 9756945, "file_bytes": 9756945, "tables": 2, "chunks": 2, "table_models": []}`
	mydumper := filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-real")
	cases := []struct {
		name, dump string
		extra      []string
		gap        bool
	}{
		{"a saved dump without table_models", oldDump, nil, true},
		{"a saved dump with table_models", newDump, nil, false},
		{"no dump", "", nil, false},
		{"the old dump replaced by --dump", oldDump, []string{"--dump", mydumper}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from := withBlock(t, filepath.Join(renderTestdata, "ssd-vm.json"), "dump", c.dump)
			args := append([]string{"advise", "--from", from, "--no-server", "--task", "load", "--target", "mariadb-10.11", "--format", "json"}, c.extra...)
			code, out, stderr := runCmd(args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var adv struct {
				Profile profile.Profile `json:"profile"`
			}
			if err := json.Unmarshal([]byte(out), &adv); err != nil {
				t.Fatal(err)
			}
			var found string
			for _, g := range adv.Profile.Gaps {
				if g.Probe == "dump.table_models" {
					found = g.Reason
				}
			}
			if (found != "") != c.gap || (c.gap && !strings.Contains(found, "give --dump DIR to read the dump again")) {
				t.Errorf("gap %q, want one: %v", found, c.gap)
			}
		})
	}
}

// withBlock writes a copy of the profile at path with its block key set
// to the JSON given ("" for none) and returns the copy's path.
func withBlock(t *testing.T, path, key, block string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, key)
	if block != "" {
		doc[key] = json.RawMessage(block)
	}
	out := filepath.Join(t.TempDir(), "profile.json")
	data, _ = json.Marshal(doc)
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}
