package profile

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestServerJSONUnknownSizes: sizes not read are null, read ones numbers.
func TestServerJSONUnknownSizes(t *testing.T) {
	tests := []struct {
		name string
		s    Server
		want []string
	}{
		{name: "read", s: Server{DataBytes: 5, Tables: 2, Engines: map[string]EngineUsage{}},
			want: []string{`"data_bytes":5`, `"tables":2`, `"index_bytes":0`}},
		{name: "not read", s: Server{TablesError: "no answer", LargestTables: []TableSize{{Name: "a.b", Bytes: 2 << 30}}},
			want: []string{`"data_bytes":null`, `"tables":null`, `"index_bytes":null`, `"tables_error":"no answer"`, `"a.b"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(&Profile{Server: &tt.s})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("%s: no %s", b, w)
				}
			}
			var back Profile
			if err := json.Unmarshal(b, &back); err != nil || back.Server.TablesError != tt.s.TablesError {
				t.Errorf("read back: %v, %+v", err, back.Server)
			}
		})
	}
}
