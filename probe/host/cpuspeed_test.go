package host

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestParseCPUTicks: the first line of /proc/stat, as kernels write it.
func TestParseCPUTicks(t *testing.T) {
	cases := []struct {
		name         string
		stat         string
		steal, total uint64
		err          string
	}{
		// this project's 2-core VM, 2026-12-02 00:01 (captured with grep '^cpu ' /proc/stat)
		{"kvm guest with steal", "cpu  1477523 200268 715971 2132911 914449 0 44141 108509 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n", 108509, 5593772, ""},
		{"guest fields are not counted twice", "cpu  10 0 10 80 0 0 0 0 7 3\n", 0, 100, ""},
		{"a kernel before steal (2.6.9: seven fields)", "cpu  10 0 10 70 5 3 2\n", 0, 100, ""},
		{"not the cpu line", "intr 1 2 3\n", 0, 0, "want a first line"},
		{"a non-number", "cpu  10 x 10 70 5 3 2 0\n", 0, 0, "field 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseCPUTicks("stat", tc.stat)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got.steal != tc.steal || got.total != tc.total {
				t.Fatalf("got %+v, %v; want steal %d total %d", got, err, tc.steal, tc.total)
			}
		})
	}
}

// TestMeasureSpeed: a real short measurement: both rates positive, one
// worker per usable CPU, the steal read from the tree given (a captured
// stat that does not change: 0%), and a cancelled context stops it.
func TestMeasureSpeed(t *testing.T) {
	dir := t.TempDir()
	stat := "cpu  1477523 200268 715971 2132911 914449 0 44141 108509 0 0\n"
	if err := os.WriteFile(filepath.Join(dir, "stat"), []byte(stat), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := MeasureSpeed(context.Background(), Roots{Proc: dir}, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if s.SingleOpsPerS <= 0 || s.AllOpsPerS <= 0 || s.Workers != runtime.GOMAXPROCS(0) || s.Each != 20*time.Millisecond {
		t.Fatalf("got %+v", s)
	}
	if s.StealPct != nil {
		t.Errorf("steal %v from an unchanging stat: want none (no ticks passed)", *s.StealPct)
	}
	if s.EffectiveCores() <= 0 {
		t.Errorf("effective cores %v", s.EffectiveCores())
	}
	// the thread clocks (Linux): a worker cannot run more than the wall clock (5% for the clocks' reads
	// and the last unit past the deadline), and per CPU-second it does at least what it did per second
	if runtime.GOOS == "linux" {
		if s.SingleOpsPerCPUS <= 0 || s.SingleCPUShare <= 0 || s.SingleCPUShare > 1.05 || s.AllCPUShare <= 0 || s.AllCPUShare > 1.05 {
			t.Errorf("thread clocks: %+v", s)
		}
		if s.SingleOpsPerCPUS < s.SingleOpsPerS*0.95 {
			t.Errorf("per CPU-second %.0f below per second %.0f", s.SingleOpsPerCPUS, s.SingleOpsPerS)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MeasureSpeed(ctx, Roots{Proc: dir}, time.Second); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("cancelled: got %v", err)
	}
}

// TestMeasureSpeedSteal: steal is the share of the ticks that passed.
func TestMeasureSpeedSteal(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc/stat here")
	}
	s, err := MeasureSpeed(context.Background(), DefaultRoots(), 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if s.StealPct == nil || *s.StealPct < 0 || *s.StealPct > 100 {
		t.Fatalf("steal %v, want a share of 0-100%% from the live /proc/stat", s.StealPct)
	}
}
