package profile

import (
	"encoding/json"
	"testing"
)

// TestServerRedoRateWithBasis: redo_bytes_per_s is in the JSON whenever
// redo_rate_basis is, 0 included (an idle live MariaDB sampled 0 bytes/s
// and the profile said "redo_rate_basis": "sampled" with no rate), and
// absent without a basis; data_bytes, index_bytes and tables are null
// exactly when tables_error is set (a --variables capture wrote 0 for each);
// it reads back the same.
func TestServerRedoRateWithBasis(t *testing.T) {
	for _, c := range []struct {
		name     string
		s        Server
		wantRate bool
	}{
		{"sampled idle", Server{Reachable: true, RedoRateBasis: "sampled"}, true},
		{"sampled busy", Server{Reachable: true, RedoRateBasis: "sampled", RedoBytesPerS: 1234.5}, true},
		{"lifetime zero", Server{Reachable: true, RedoRateBasis: "lifetime"}, true},
		{"no basis", Server{Reachable: true}, false},
		{"sizes read", Server{Reachable: true, DataBytes: 16384, IndexBytes: 8192, Tables: 2}, false},
		{"sizes not read: null", Server{Reachable: true, Source: "capture", TablesError: "not in a SHOW VARIABLES/STATUS capture"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := json.Marshal(&Profile{Schema: Schema, Server: &c.s})
			if err != nil {
				t.Fatal(err)
			}
			var m struct {
				Server map[string]any `json:"server"`
			}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			v, ok := m.Server["redo_bytes_per_s"]
			if ok != c.wantRate || ok && v.(float64) != c.s.RedoBytesPerS {
				t.Errorf("redo_bytes_per_s = %v (present %v), want present %v at %v: %s", v, ok, c.wantRate, c.s.RedoBytesPerS, m.Server)
			}
			_, nulled := m.Server["data_bytes"]
			if nulled = nulled && m.Server["data_bytes"] == nil; nulled != (c.s.TablesError != "") {
				t.Errorf("data_bytes = %v with tables_error %q: want null exactly when it is set", m.Server["data_bytes"], c.s.TablesError)
			}
			for _, k := range []string{"data_bytes", "index_bytes", "tables"} {
				if v, ok := m.Server[k]; !ok || (v == nil) != (c.s.TablesError != "") {
					t.Errorf("%s = %v (present %v) with tables_error %q", k, v, ok, c.s.TablesError)
				}
			}
			var back Profile
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if back.Server.RedoBytesPerS != c.s.RedoBytesPerS || back.Server.DataBytes != c.s.DataBytes || back.Server.Tables != c.s.Tables || back.Server.RedoRateBasis != c.s.RedoRateBasis || back.Server.Reachable != c.s.Reachable {
				t.Errorf("read back %+v", back.Server)
			}
		})
	}
}
