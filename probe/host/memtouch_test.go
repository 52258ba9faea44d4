package host

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

// TestFirstTouchBytes: the measurement writes a 64th of the usable memory,
// within 4 and 64 MiB.
func TestFirstTouchBytes(t *testing.T) {
	cases := []struct {
		name   string
		usable uint64
		want   int
	}{
		{"unknown memory: the largest", 0, 64 << 20},
		{"a 1 GiB Raspberry Pi: a 64th", 1 << 30, 16 << 20},
		{"a 128 MiB container: the floor", 128 << 20, 4 << 20},
		{"this project's 23 GiB VM: the cap", 23 << 30, 64 << 20},
		{"4 GiB: exactly the cap", 4 << 30, 64 << 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := FirstTouchBytes(tc.usable); got != tc.want {
				t.Fatalf("FirstTouchBytes(%d) = %d, want %d", tc.usable, got, tc.want)
			}
		})
	}
}

// TestMeasureFirstTouch writes 4 MiB of fresh memory for real: every page's
// first write is a page fault (a kernel entry and a cleared page, at least
// some hundred ns), its second write is not, so the first pass takes
// longer than the second wherever mmap hands out untouched pages.
func TestMeasureFirstTouch(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fresh memory is mapped with mmap(2); measured on Linux")
	}
	r, err := MeasureFirstTouch(context.Background(), 4<<20+123)
	if err != nil {
		t.Fatal(err)
	}
	if r.Bytes != 4<<20 || r.PageBytes <= 0 || r.Bytes%r.PageBytes != 0 {
		t.Fatalf("bytes %d, page %d: want 4 MiB in whole pages", r.Bytes, r.PageBytes)
	}
	if r.First <= 0 || r.Again <= 0 || r.First <= r.Again {
		t.Fatalf("first pass %v, second %v: the first (page faults) must take longer", r.First, r.Again)
	}
	if ns := r.NsPerPage(r.First); ns != float64(r.First.Nanoseconds())/float64(r.Bytes/r.PageBytes) {
		t.Fatalf("NsPerPage = %v", ns)
	}
}

// TestMeasureFirstTouchErrors: less than a page, and a cancelled context.
func TestMeasureFirstTouchErrors(t *testing.T) {
	if _, err := MeasureFirstTouch(context.Background(), 100); err == nil {
		t.Error("100 bytes: want an error (less than a page)")
	}
	if runtime.GOOS != "linux" {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MeasureFirstTouch(ctx, 4<<20); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v, want context.Canceled", err)
	}
}

// TestTouchResultNsPerPage: nothing to divide by gives 0.
func TestTouchResultNsPerPage(t *testing.T) {
	cases := []struct {
		name string
		r    TouchResult
		want float64
	}{
		{"16 pages in 32 µs", TouchResult{Bytes: 16 * 4096, PageBytes: 4096}, 2000},
		{"no page size", TouchResult{Bytes: 4096}, 0},
		{"less than a page", TouchResult{Bytes: 100, PageBytes: 4096}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.NsPerPage(32 * time.Microsecond); got != tc.want {
				t.Fatalf("NsPerPage = %v, want %v", got, tc.want)
			}
		})
	}
}
