package host

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Captured on this project's 2-core test VM (Linux 6.x, PSI on), 2026-11-30, while other engineers built.
const (
	capturedLoadavg = "5.05 1.94 0.73 1/141 16439\n"
	capturedIO      = "some avg10=54.36 avg60=25.04 avg300=6.83 total=23575654\nfull avg10=40.20 avg60=18.26 avg300=4.95 total=16810441\n"
	capturedCPU     = "some avg10=17.95 avg60=29.83 avg300=17.04 total=71580207\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
)

// procTree writes files (relative path → content) under a temp Proc root.
func procTree(t *testing.T, files map[string]string) Roots {
	t.Helper()
	proc := filepath.Join(t.TempDir(), "proc")
	for name, body := range files {
		path := filepath.Join(proc, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Roots{Proc: proc, Sys: filepath.Join(filepath.Dir(proc), "sys")}
}

func TestReadLoad(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		wantErr  string
		load1    float64
		ioAvg10  float64 // -1: no PSI
		cpuAvg10 float64
	}{
		{"captured busy VM", map[string]string{"loadavg": capturedLoadavg, "pressure/io": capturedIO, "pressure/cpu": capturedCPU}, "", 5.05, 54.36, 17.95},
		{"kernel without PSI", map[string]string{"loadavg": capturedLoadavg}, "", 5.05, -1, -1},
		{"cpu pressure only (kernel 5.x cgroup without io)", map[string]string{"loadavg": "0.00 0.01 0.05 1/100 1\n", "pressure/cpu": capturedCPU}, "", 0, -1, 17.95},
		{"no loadavg", map[string]string{}, "loadavg", 0, -1, -1},
		{"truncated loadavg", map[string]string{"loadavg": "0.52 0.58\n"}, "want three load averages", 0, -1, -1},
		{"garbage pressure", map[string]string{"loadavg": capturedLoadavg, "pressure/io": "some avg10=x total=1\n"}, "avg10", 0, -1, -1},
		{"pressure without a some line", map[string]string{"loadavg": capturedLoadavg, "pressure/io": "full avg10=1.00\n"}, "no \"some\" line", 0, -1, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ReadLoad(context.Background(), procTree(t, tc.files))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ReadLoad: %v", err)
			}
			if l.Load1 != tc.load1 {
				t.Errorf("Load1 = %v, want %v", l.Load1, tc.load1)
			}
			checkPressure(t, "io", l.IO == nil, func() float64 { return l.IO.SomeAvg10 }, tc.ioAvg10)
			checkPressure(t, "cpu", l.CPU == nil, func() float64 { return l.CPU.SomeAvg10 }, tc.cpuAvg10)
		})
	}
}

func checkPressure(t *testing.T, name string, absent bool, avg10 func() float64, want float64) {
	t.Helper()
	switch {
	case want < 0 && !absent:
		t.Errorf("%s pressure read, want none", name)
	case want >= 0 && absent:
		t.Errorf("%s pressure missing, want avg10 %v", name, want)
	case want >= 0 && avg10() != want:
		t.Errorf("%s avg10 = %v, want %v", name, avg10(), want)
	}
}

func TestReadLoadCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadLoad(ctx, procTree(t, map[string]string{"loadavg": capturedLoadavg})); err == nil {
		t.Fatal("ReadLoad on a cancelled context: no error")
	}
}
