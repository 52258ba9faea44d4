package render

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestJSONContractFieldsPresent: fields CONTRACT.md lists come out when
// empty, false or zero too, lists as [] (a script reading d["gaps"] or
// p["budget_reached"] on an ordinary run got a KeyError), and a field
// tagged omitempty stays out.
func TestJSONContractFieldsPresent(t *testing.T) {
	p := loadProfile(t, "unmeasured.json")
	p.Gaps, p.Storage.Notes = nil, nil
	p.Server = &profile.Server{Reachable: true, Version: "10.11.19-MariaDB", Replication: &profile.Replication{Role: "standalone", SecondsBehind: -1}}
	var buf bytes.Buffer
	if err := Profile(&buf, p, Options{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	isList := func(v any) bool { l, ok := v.([]any); return ok && len(l) == 0 }
	if !isList(doc["gaps"]) {
		t.Errorf(`"gaps" = %#v, want []`, doc["gaps"])
	}
	st := doc["storage"].(map[string]any)
	if !isList(st["notes"]) {
		t.Errorf(`storage "notes" = %#v, want []`, st["notes"])
	}
	srv := doc["server"].(map[string]any)
	if !isList(srv["unread"]) || srv["index_bytes"] != 0.0 {
		t.Errorf(`server "unread" %#v, "index_bytes" %#v, want [] and 0`, srv["unread"], srv["index_bytes"])
	}
	rep := srv["replication"].(map[string]any)
	for _, k := range []string{"channels", "replicas", "running"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("replication lacks %q: %v", k, rep)
		}
	}
	if _, ok := srv["system_tables"]; ok {
		t.Errorf("an omitempty field (system_tables) came out: %v", srv["system_tables"])
	}
	if bytes.Contains(buf.Bytes(), []byte(": null")) {
		t.Errorf("a null in the JSON:\n%s", buf.String())
	}
}
