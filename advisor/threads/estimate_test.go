package threads

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/probe/profile"
)

func TestEstimateLoad(t *testing.T) {
	sd := prof(4, 0, sdCurve, nil)
	sd.Storage.SeqWrite.MBPerS = 15
	tests := []struct {
		name      string
		p         *profile.Profile
		dump      *profile.Dump
		low, high time.Duration
		basisHas  string
	}{
		{name: "no dump: no estimate", p: prof(2, 0, fastCurve, nil)},
		{name: "fast disk, 2 cores: CPU bound", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32},
			// 560 MB / (2 × 28 MB/s) = 10 s; high: 560 MB / 28 MB/s = 20 s
			low: 10 * time.Second, high: 20 * time.Second, basisHas: "CPU 28 MB/s per load thread"},
		{name: "SD card: random writes bound", p: sd,
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 80e6, Compression: "none", Tables: 8, Chunks: 32},
			// 1 thread: 150 IOPS × 16 KiB = 2.46 MB/s; /2 → 65 s, /4 → 130 s
			low: 65 * time.Second, high: 130 * time.Second, basisHas: "disk 2.5 MB/s"},
		{name: "gzip dump widens by 3-5x", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 56e6, Compression: "gzip", Tables: 8, Chunks: 32},
			// 168 MB / 56 MB/s = 3 s; 280 MB / 28 MB/s = 10 s
			low: 3 * time.Second, high: 10 * time.Second, basisHas: "of rows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.p.Dump = tc.dump
			got := Size(tc.p, Options{Task: TaskLoad}).EstimatedLoad
			if got.Low != tc.low || got.High != tc.high {
				t.Errorf("estimate = %v–%v, want %v–%v (%s)", got.Low, got.High, tc.low, tc.high, got.Basis)
			}
			if !strings.Contains(got.Basis, tc.basisHas) {
				t.Errorf("basis %q lacks %q", got.Basis, tc.basisHas)
			}
		})
	}
}

func TestDurationRangeJSON(t *testing.T) {
	in := DurationRange{Low: 1500 * time.Millisecond, High: 3 * time.Second, Basis: "b"}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"low_s":1.5,"high_s":3,"basis":"b"}` {
		t.Errorf("JSON = %s", b)
	}
	var out DurationRange
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Errorf("round trip = %+v, %v; want %+v", out, err, in)
	}
}

// The plan marshals with the advice contract's field names.
func TestPlanJSONContract(t *testing.T) {
	b, err := json.Marshal(Size(prof(2, 0, fastCurve, nil), Options{}))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"dump", "load", "copy", "commands"} {
		if _, ok := m[k]; !ok {
			t.Errorf("plan JSON lacks %q: %s", k, b)
		}
	}
	var c map[string]any
	if err := json.Unmarshal(m["load"], &c); err != nil || c["threads"] == nil || c["why"] == nil {
		t.Errorf("load choice JSON = %s, want threads and why", m["load"])
	}
	_ = profile.Schema
}
