package diskio

import (
	"bytes"
	"compress/flate"
	"testing"
)

func TestAlignedBuffer(t *testing.T) {
	tests := []struct {
		name     string
		n, align int
	}{
		{name: "16 KiB at 4096", n: randBlock, align: 4096},
		{name: "1 MiB at 4096", n: seqBlock, align: 4096},
		{name: "odd size at 512", n: 1000, align: 512},
		{name: "64 KiB alignment", n: randBlock, align: 65536},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for range 20 { // allocations land at different addresses
				b := alignedBuffer(tc.n, tc.align)
				if len(b) != tc.n || cap(b) != tc.n {
					t.Fatalf("len %d cap %d, want %d", len(b), cap(b), tc.n)
				}
				if !isAligned(b, tc.align) {
					t.Fatalf("buffer at %p not aligned to %d", &b[0], tc.align)
				}
			}
		})
	}
}

func TestDataPoolFreshAndIncompressible(t *testing.T) {
	tests := []struct {
		name  string
		block int
	}{
		{name: "random block", block: randBlock},
		{name: "sequential block", block: seqBlock},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newDataPool(tc.block, defaultAlign, 42)
			seen := map[string]bool{}
			var all bytes.Buffer
			for i := range 3 * poolBlocks * tc.block / defaultAlign {
				b := p.take()
				if !isAligned(b, defaultAlign) || len(b) != tc.block {
					t.Fatalf("take %d: len %d aligned %v", i, len(b), isAligned(b, defaultAlign))
				}
				first := string(b[:stampSector])
				if seen[first] {
					t.Fatalf("take %d repeats an earlier 4 KiB sector", i)
				}
				seen[first] = true
				if all.Len() < 4<<20 {
					all.Write(b)
				}
			}
			var z bytes.Buffer
			w, _ := flate.NewWriter(&z, flate.BestSpeed)
			_, _ = w.Write(all.Bytes())
			_ = w.Close()
			if ratio := float64(z.Len()) / float64(all.Len()); ratio < 0.99 {
				t.Errorf("data compresses to %.2f of its size, want incompressible", ratio)
			}
		})
	}
}
