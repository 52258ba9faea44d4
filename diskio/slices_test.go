package diskio

import (
	"math"
	"slices"
	"testing"
	"time"
)

// ends returns block completion times from t0, one per gap.
func ends(t0 time.Time, gaps ...time.Duration) []time.Time {
	out := make([]time.Time, len(gaps))
	t := t0
	for i, g := range gaps {
		t = t.Add(g)
		out[i] = t
	}
	return out
}

// repeat returns n copies of d.
func repeat(d time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}

func TestStreamRates(t *testing.T) {
	t0 := time.Unix(1000, 0)
	const ms = time.Millisecond
	burstThenSteady := append(repeat(ms/10, 10), repeat(ms, 90)...) // 10 blocks at 10x speed, then steady
	tests := []struct {
		name       string
		gaps       []time.Duration
		wantSlices int
		wantRate   float64 // BytesPerSec of the result, blocks of 1 MB/ms = 1e9 B/s
	}{
		{"too short to slice", repeat(ms, 7), 0, 0},
		{"two slices: both kept (no warm-up to drop)", repeat(ms, 8), 2, 1e9},
		{"steady: ten slices, the first dropped", repeat(ms, 100), 9, 1e9},
		{"a cache burst in the first slice is dropped", burstThenSteady, 9, 1e9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := streamRates(t0, ends(t0, tc.gaps...), 1e6)
			if len(got) != tc.wantSlices {
				t.Fatalf("%d slices %v, want %d", len(got), got, tc.wantSlices)
			}
			if r := (Throughput{Slices: got}).BytesPerSec(); tc.wantSlices > 0 && math.Abs(r-tc.wantRate) > 1 {
				t.Errorf("rate %v, want %v", r, tc.wantRate)
			}
		})
	}
}

func TestSteadyRateKeepsStalls(t *testing.T) {
	// 100 blocks of 1 ms with one 50 ms stall in the middle: a steady stream
	// sustains 100 MB in 149 ms less the dropped first slice, not the median's 1 GB/s.
	t0 := time.Unix(1000, 0)
	gaps := repeat(time.Millisecond, 100)
	gaps[55] = 50 * time.Millisecond
	tp := Throughput{Slices: streamRates(t0, ends(t0, gaps...), 1e6)}
	want := 90e6 / 0.139 // slices 2..10: 90 blocks, 89 ms + the 50 ms stall
	if r := tp.BytesPerSec(); math.Abs(r-want)/want > 0.001 {
		t.Errorf("rate %.0f, want %.0f (the stall kept)", r, want)
	}
}

func TestSliceP50s(t *testing.T) {
	samples := append(repeat(100, 10), repeat(300, 10)...)
	if got := sliceP50s(samples, 2); !slices.Equal(got, []time.Duration{100, 300}) {
		t.Errorf("sliceP50s = %v, want [100 300]", got)
	}
	if got := sliceP50s(samples[:7], 2); got != nil {
		t.Errorf("sliceP50s of 7 samples in 2 slices = %v, want nil (fewer than 4 per slice)", got)
	}
	if samples[0] != 100 || samples[19] != 300 {
		t.Error("sliceP50s reordered its input")
	}
}

func TestQuantileAndMeans(t *testing.T) {
	vs := []float64{5, 1, 4, 2, 3}
	tests := []struct {
		name string
		got  float64
		want float64
	}{
		{"p25 interpolates", Quantile([]float64{1, 2, 3, 4}, 0.25), 1.75},
		{"p75", Quantile(vs, 0.75), 4},
		{"empty", Quantile(nil, 0.5), 0},
		{"single", Quantile([]float64{7}, 0.25), 7},
		{"harmonic mean", harmonicMean([]float64{1, 4, 4}), 2},
		{"harmonic mean of a zero rate", harmonicMean([]float64{1, 0}), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if math.Abs(tc.got-tc.want) > 1e-9 {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
	if !slices.Equal(vs, []float64{5, 1, 4, 2, 3}) {
		t.Error("Quantile sorted its input")
	}
}
