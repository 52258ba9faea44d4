package dump

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

func TestParseMetadata(t *testing.T) {
	tests := []struct {
		name string
		text string
		want metadataInfo
	}{
		{name: "mydumper 0.10 with binlog position", text: "Started dump at: 2011-05-05 13:57:17\nSHOW MASTER STATUS:\n\tLog: bin.000001\n\tPos: 106\n\nFinished dump at: 2011-05-05 13:57:17\n",
			want: metadataInfo{Finished: true}},
		{name: "ini with version and tables", text: "# Started dump at: x\n[source]\nserver_version = 8.0.36\n[`a`.`b`]\nrows = 1\n[`a`.`c d`]\n# Finished dump at: y\n",
			want: metadataInfo{ServerVersion: "8.0.36", Tables: [][2]string{{"a", "b"}, {"a", "c d"}}, IniStyle: true, Finished: true}},
		{name: "Server version spelled with a space", text: "Server version: 10.11.19-MariaDB\n",
			want: metadataInfo{ServerVersion: "10.11.19-MariaDB"}},
		{name: "malformed sections ignored", text: "[`a`]\n[`.`]\n[]\n[config]\n",
			want: metadataInfo{IniStyle: true}},
		{name: "empty", text: "", want: metadataInfo{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := parseMetadata([]byte(tc.text)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("parseMetadata = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func FuzzParseMetadata(f *testing.F) {
	for _, p := range []string{"testdata/mydumper-0.10-real/metadata", "testdata/mydumper-0.17-zstd/metadata"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m := parseMetadata(data)
		for _, st := range m.Tables {
			if st[0] == "" || st[1] == "" {
				t.Fatalf("empty schema or table from %q: %+v", data, st)
			}
		}
	})
}

func FuzzParseShellJSON(f *testing.F) {
	for _, p := range []string{"testdata/mysqlsh-8.0/@.json", "testdata/mysqlsh-8.0/@.done.json"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var info shellInfo
		err := parseShellJSON(data, &info)
		if err == nil && !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
	})
}
