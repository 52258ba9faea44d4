package threads

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRowCostFit: on the row-width sitting (testdata/row-width-fit/: 34,
// 199, 561 and 1393 SQL bytes a row, one and three secondary indexes,
// the fast bed, one sitting, the CPU cap at 14-16 threads), the row
// factor (rowCPUFactor, from each sweep's own dump) is within 10% of what
// a byte of each shape cost against a byte of the sysbench runs beside
// them (median seconds ÷ SQL bytes, the two sysbench sweeps averaged):
// the fit behind CPURowShare, CPURowByteExponent and CPUIndexShare. The
// estimate's middle against the median is logged: its other terms (the
// probe's CPU speed read before each sweep, the table count) move it too.
func TestRowCostFit(t *testing.T) {
	type shape struct {
		name                   string
		secPerByte, factor, rr float64
	}
	var shapes []shape
	var ref, refEst []float64
	for _, f := range loadFitFiles(t, "testdata/row-width-fit/*.json", 6) {
		c := f.Cells[0]
		d := c.Profile.Dump
		var bytes float64
		for _, m := range d.TableModels {
			bytes += float64(m.Bytes)
		}
		counts := sortedThreads(t, c.Runs) // the printed count and 1, which the row term leaves out
		n := counts[len(counts)-1]
		med := median(c.Runs[strconv.Itoa(n)])
		bp := pool{bytes: 17 << 30, from: "advised", redo: 1 << 30, fileCommit: commitSyncs,
			analyzeTables: d.Tables - d.SystemTables, recalcOff: true}
		e := estimateLoad(&c.Profile, n, 2, bp)
		rr := math.Sqrt(e.Low.Seconds()*e.High.Seconds()) / med
		fac, _ := rowCPUFactor(d)
		t.Logf("%s: %d threads, median %.2f s for %.1f MB, factor %.2f; printed %v–%v (middle ÷ median %.2f)", f.name, n, med, bytes/1e6, fac, e.Low, e.High, rr)
		if strings.Contains(f.name, "sysbench") {
			ref, refEst = append(ref, med/bytes), append(refEst, rr)
			continue
		}
		shapes = append(shapes, shape{f.name, med / bytes, fac, rr})
	}
	if len(ref) != 2 || len(shapes) != 4 {
		t.Fatalf("want 2 sysbench and 4 other shapes, got %d and %d", len(ref), len(shapes))
	}
	base, baseEst := (ref[0]+ref[1])/2, (refEst[0]+refEst[1])/2
	for _, s := range shapes {
		measured := s.secPerByte / base
		if rel := s.factor / measured; rel < 0.9 || rel > 1.1 {
			t.Errorf("%s: a byte cost %.2fx a sysbench byte, the factor says %.2f (%.2fx)", s.name, measured, s.factor, rel)
		} else {
			t.Logf("%s: a byte cost %.2fx a sysbench byte, the factor says %.2f; the estimate's middle ÷ median %.2fx sysbench's", s.name, measured, s.factor, s.rr/baseEst)
		}
	}
}

// TestRowCPUFactor: sysbench rows cost what the rates were measured on;
// narrower rows more a byte, wider ones less, further indexes more; a dump
// with no sampled table is taken as sysbench's.
func TestRowCPUFactor(t *testing.T) {
	model := func(w float64, idx int) profile.DumpTableModel {
		return profile.DumpTableModel{Name: "s.t", Bytes: 1e8, SampledRows: 500, SQLBytesPerRow: w, IndexEntryBytes: make([]float64, idx)}
	}
	cases := []struct {
		name     string
		models   []profile.DumpTableModel
		lo, hi   float64
		withText bool
	}{
		{"sysbench rows", []profile.DumpTableModel{model(199, 1)}, 0.999, 1.001, false},
		{"34-byte rows", []profile.DumpTableModel{model(34, 1)}, 3.85, 4.0, true},
		{"34-byte rows, three indexes", []profile.DumpTableModel{model(34, 3)}, 6.05, 6.25, true},
		{"1393-byte rows, three indexes", []profile.DumpTableModel{model(1393, 3)}, 0.43, 0.47, true},
		{"nothing sampled", []profile.DumpTableModel{{Name: "s.t", Bytes: 1e8}}, 1, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, text := rowCPUFactor(&profile.Dump{TableModels: c.models})
			if f < c.lo || f > c.hi || (text != "") != c.withText {
				t.Errorf("factor %.3f (want %.2f-%.2f), text %q", f, c.lo, c.hi, text)
			}
		})
	}
}

// TestTableRowFactor: the largest table's own rows when it was sampled,
// the whole dump's when not.
func TestTableRowFactor(t *testing.T) {
	d := &profile.Dump{TableModels: []profile.DumpTableModel{
		{Name: "s.narrow", Bytes: 1e8, SampledRows: 500, SQLBytesPerRow: 34, IndexEntryBytes: []float64{13}},
		{Name: "s.sb", Bytes: 1e8, SampledRows: 500, SQLBytesPerRow: 199, IndexEntryBytes: []float64{13}},
	}}
	all, _ := rowCPUFactor(d)
	for _, c := range []struct {
		name   string
		lo, hi float64
	}{{"s.narrow", 3.85, 4.0}, {"s.sb", 0.999, 1.001}, {"s.unsampled", all, all}} {
		if f := tableRowFactor(d, c.name); f < c.lo || f > c.hi {
			t.Errorf("%s: %.3f, want %.3f-%.3f", c.name, f, c.lo, c.hi)
		}
	}
}
