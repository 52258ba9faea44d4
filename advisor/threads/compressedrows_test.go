package threads

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRowCompressedFactor: the dump's ROW_FORMAT=COMPRESSED tables raise
// its rows' CPU cost by their share of its table data times
// RowCompressedCPUFactor − 1; none, or no table sizes, leave it alone.
func TestRowCompressedFactor(t *testing.T) {
	engines := []profile.DumpEngine{{Name: "InnoDB", Tables: 4, Bytes: 80e6}}
	cases := []struct {
		name    string
		d       *profile.Dump
		want    float64
		wantTxt string
	}{
		{"none", &profile.Dump{Engines: engines}, 1, ""},
		{"every table (the sbrowc dump)", &profile.Dump{Engines: engines, DumpTableOptions: profile.DumpTableOptions{RowCompressedBytes: 80e6,
			RowCompressedTables: []string{"sbrowc.sbtest1", "sbrowc.sbtest2", "sbrowc.sbtest3", "sbrowc.sbtest4"}}},
			RowCompressedCPUFactor, "for the 4 tables of ROW_FORMAT=COMPRESSED (100% of the dump's table data)"},
		{"a quarter", &profile.Dump{Engines: engines, DumpTableOptions: profile.DumpTableOptions{RowCompressedBytes: 20e6, RowCompressedTables: []string{"s.a"}}},
			1 + 0.25*(RowCompressedCPUFactor-1), "for the 1 table of ROW_FORMAT=COMPRESSED (25% of the dump's table data)"},
		{"no table sizes", &profile.Dump{DumpTableOptions: profile.DumpTableOptions{RowCompressedBytes: 20e6, RowCompressedTables: []string{"s.a"}}}, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, text := rowCompressedFactor(c.d)
			if math.Abs(got-c.want) > 1e-9 {
				t.Errorf("factor %.3f, want %.3f", got, c.want)
			}
			if !strings.Contains(text, c.wantTxt) || (c.wantTxt == "") != (text == "") {
				t.Errorf("text %q, want it to hold %q", text, c.wantTxt)
			}
		})
	}
}

// TestEstimateRowCompressed: on a CPU-bound load the estimate of a dump
// whose tables are all ROW_FORMAT=COMPRESSED is RowCompressedCPUFactor
// times the same dump's uncompressed, and its basis says why.
func TestEstimateRowCompressed(t *testing.T) {
	mk := func(compressed bool) *profile.Profile {
		d := &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32,
			Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 8, Bytes: 560e6}}}
		if compressed {
			d.RowCompressedTables, d.RowCompressedBytes = []string{"s.t1", "s.t2", "s.t3", "s.t4", "s.t5", "s.t6", "s.t7", "s.t8"}, 560e6
		}
		p := prof(2, 0, fastCurve, d)
		p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 0.5}}
		return p
	}
	plain, comp := estimateLoad(mk(false), 4, 2, pool{}), estimateLoad(mk(true), 4, 2, pool{})
	for _, r := range []struct {
		end         string
		plain, comp float64
	}{{"fast", plain.Low.Seconds(), comp.Low.Seconds()}, {"slow", plain.High.Seconds(), comp.High.Seconds()}} {
		if ratio := r.comp / r.plain; math.Abs(ratio-RowCompressedCPUFactor) > 0.15*RowCompressedCPUFactor {
			t.Errorf("%s end %.1f s against %.1f s uncompressed: %.2fx, want about %.1fx", r.end, r.comp, r.plain, ratio, float64(RowCompressedCPUFactor))
		}
	}
	if !strings.Contains(comp.Basis, "ROW_FORMAT=COMPRESSED") || strings.Contains(plain.Basis, "ROW_FORMAT=COMPRESSED") {
		t.Errorf("basis: compressed %q, plain %q", comp.Basis, plain.Basis)
	}
}
