package threads

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/probe/profile"
)

// sdWithPool is an SD-card profile whose server has the given buffer pool.
func sdWithPool(pool string) *profile.Profile {
	p := prof(4, 0, sdCurve, nil)
	p.Storage.SeqWrite.MBPerS = 15
	p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": pool})
	return p
}

func TestEstimateLoad(t *testing.T) {
	sd := prof(4, 0, sdCurve, nil)
	sd.Storage.SeqWrite.MBPerS = 15
	tests := []struct {
		name      string
		p         *profile.Profile
		dump      *profile.Dump
		low, high time.Duration
		basis     string
	}{
		{name: "no dump: no estimate", p: prof(2, 0, fastCurve, nil)},
		{name: "fast disk, 2 cores: CPU bound", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32},
			// 560 MB / (2 × 28 MB/s) = 10 s; high: 560 MB / 28 MB/s = 20 s
			low: 10 * time.Second, high: 20 * time.Second, basis: "CPU 28 MB/s per load thread"},
		{name: "SD card, buffer pool unknown: sequential to random bound", p: sd,
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 80e6, Compression: "none", Tables: 8, Chunks: 32},
			// low: 80 MB / (15 MB/s / 3) = 16 s; high: 1 thread 150 IOPS × 16 KiB = 2.46 MB/s, / 6 → 195 s
			low: 16 * time.Second, high: 195 * time.Second, basis: "its size is unknown"},
		{name: "SD card, data fits the buffer pool: sequential", p: sdWithPool("1G"),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 80e6, Compression: "none", Tables: 8, Chunks: 32},
			// 80 MB / (15/3) = 16 s; 80 MB / (15/6) = 32 s (measured on the sd bed: 76 MB in 21-26 s)
			low: 16 * time.Second, high: 32 * time.Second, basis: "fits in the buffer pool"},
		{name: "SD card, data outgrows the buffer pool: random pages", p: sdWithPool("16M"),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 80e6, Compression: "none", Tables: 8, Chunks: 32},
			// 80 MB / (2.46 MB/s / 3) = 98 s; / 6 → 195 s
			low: 98 * time.Second, high: 195 * time.Second, basis: "outgrows the 16.0 MiB buffer pool"},
		{name: "gzip dump widens by 3-5x", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 56e6, Compression: "gzip", Tables: 8, Chunks: 32},
			// 168 MB / 56 MB/s = 3 s; 280 MB / 28 MB/s = 10 s
			low: 3 * time.Second, high: 10 * time.Second, basis: "of rows"},
		{name: "gzip dump whose uncompressed size was read: not widened", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mysqldump", TotalBytes: 168e6, FileBytes: 56e6, TotalBytesBasis: profile.DumpBytesUncompressed,
				Compression: "gzip", Tables: 8, Chunks: 1},
			// 1 thread (one session): 168 MB / 28 MB/s = 6 s; / 14 MB/s = 12 s
			low: 6 * time.Second, high: 12 * time.Second, basis: "160.2 MiB to 160.2 MiB of rows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.p.Dump = tc.dump
			got := Size(tc.p, Options{Task: TaskLoad}).EstimatedLoad
			if got.Low != tc.low || got.High != tc.high {
				t.Errorf("estimate = %v–%v, want %v–%v (%s)", got.Low, got.High, tc.low, tc.high, got.Basis)
			}
			if !strings.Contains(got.Basis, tc.basis) {
				t.Errorf("basis %q lacks %q", got.Basis, tc.basis)
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

func TestEstimateUnmeasuredDisk(t *testing.T) {
	p := &profile.Profile{Dump: &profile.Dump{TotalBytes: 1 << 30, TotalBytesBasis: profile.DumpBytesUncompressed}}
	r := estimateLoad(p, 2, 2)
	if r.IsZero() || !strings.Contains(r.Basis, "disk not measured") || strings.Contains(r.Basis, "0.0–0.0") {
		t.Errorf("estimate without a measured disk: %+v", r)
	}
}
