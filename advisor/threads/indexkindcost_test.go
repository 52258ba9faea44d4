package threads

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// kindFitShape is one FULLTEXT or SPATIAL shape of the index-kind sitting.
type kindFitShape struct {
	name string
	// measured is what a byte cost against the sysbench bytes beside it,
	// factor what rowCPUFactor says of it.
	measured, factor float64
	// x is its row's SQL bytes ÷ CPURefRowBytes and base the row's CPU by
	// the B-tree row model alone, in sysbench rows.
	x, base           float64
	words             float64
	fulltext, spatial int
}

// needRow is the CPU a row needs beyond the B-tree row model, in sysbench
// rows, for the factor to match the measurement.
func (s kindFitShape) needRow() float64 { return s.measured*s.x - s.base }

// indexKindSitting reads testdata/index-kind-fit/ (two sysbench sweeps
// and four FULLTEXT and SPATIAL shapes, the fast bed, one sitting) at the
// printed thread count, as TestRowCostFit reads the row-width sitting:
// median seconds ÷ SQL bytes, against the two sysbench sweeps' average.
func indexKindSitting(t *testing.T) []kindFitShape {
	t.Helper()
	var shapes []kindFitShape
	var ref []float64
	for _, f := range loadFitFiles(t, "testdata/index-kind-fit/*.json", 6) {
		c := f.Cells[0]
		d := c.Profile.Dump
		var bytes float64
		for _, m := range d.TableModels {
			bytes += float64(m.Bytes)
		}
		counts := sortedThreads(t, c.Runs)
		n := counts[len(counts)-1]
		med := median(c.Runs[strconv.Itoa(n)])
		if strings.Contains(f.name, "sysbench") {
			ref = append(ref, med/bytes)
			continue
		}
		m := d.TableModels[0]
		x := m.SQLBytesPerRow / CPURefRowBytes
		fac, _ := rowCPUFactor(d)
		shapes = append(shapes, kindFitShape{name: f.name, measured: med / bytes, factor: fac, x: x,
			base:  max(CPURowShare+(1-CPURowShare)*math.Pow(x, CPURowByteExponent)+CPUIndexShare*float64(len(m.IndexEntryBytes)-1), 0.1),
			words: m.FulltextWordsPerRow, fulltext: m.FulltextIndexes, spatial: m.SpatialIndexes})
		bp := pool{bytes: 17 << 30, from: "advised", redo: 1 << 30, fileCommit: commitSyncs,
			analyzeTables: d.Tables - d.SystemTables, recalcOff: true}
		e := estimateLoad(&c.Profile, n, 2, bp)
		t.Logf("%s: %d threads, median %.2f s (runs %v) for %.1f MB, estimated %v–%v; %.0f SQL bytes a row, %d B-tree indexes, %.1f FULLTEXT words, %d SPATIAL",
			f.name, n, med, c.Runs[strconv.Itoa(n)], bytes/1e6, e.Low, e.High, m.SQLBytesPerRow, len(m.IndexEntryBytes), m.FulltextWordsPerRow, m.SpatialIndexes)
	}
	if len(ref) != 2 || len(shapes) != 4 {
		t.Fatalf("want 2 sysbench and 4 other shapes, got %d and %d", len(ref), len(shapes))
	}
	t.Logf("sysbench: %.3g and %.3g s a byte", ref[0], ref[1])
	for i := range shapes {
		shapes[i].measured /= (ref[0] + ref[1]) / 2
	}
	return shapes
}

// TestIndexKindFit: on the index-kind sitting (testdata/index-kind-fit/:
// FULLTEXT indexes of 44 and 190 words a row, one and two SPATIAL
// indexes, the fast bed, the CPU cap), the row factor with the FULLTEXT
// and SPATIAL terms is within 10% of what a byte of each shape cost
// against the sysbench bytes beside it: the fit behind
// CPUFulltextWordShare, CPUSpatialShare and CPUSpatialFurtherShare. Each
// shape's needed CPU a row beyond the B-tree model is logged.
func TestIndexKindFit(t *testing.T) {
	for _, s := range indexKindSitting(t) {
		rel := s.factor / s.measured
		t.Logf("%s: a byte cost %.2fx a sysbench byte, the factor says %.2f (%.2fx); a row needs %.2f sysbench rows beyond the B-tree model (%.1f words, %d FULLTEXT, %d SPATIAL)",
			s.name, s.measured, s.factor, rel, s.needRow(), s.words, s.fulltext, s.spatial)
		if rel < 0.9 || rel > 1.1 {
			t.Errorf("%s: the factor is %.2fx what a byte cost", s.name, rel)
		}
	}
}

// TestIndexKindCost: a row's FULLTEXT words, FULLTEXT indexes and SPATIAL
// indexes add to its CPU as the constants say, and the basis names them.
func TestIndexKindCost(t *testing.T) {
	cases := []struct {
		name string
		m    profile.DumpTableModel
		want float64
		text string
	}{
		{"no such index", profile.DumpTableModel{}, 0, ""},
		{"a FULLTEXT index of 50 words", profile.DumpTableModel{FulltextIndexes: 1, FulltextWordsPerRow: 50},
			50 * CPUFulltextWordShare, "1 table with FULLTEXT indexes (50 words a row, each 0.20"},
		{"one SPATIAL index", profile.DumpTableModel{SpatialIndexes: 1}, CPUSpatialShare, "1 table with SPATIAL indexes (a row's first 1.50"},
		{"two SPATIAL indexes", profile.DumpTableModel{SpatialIndexes: 2}, CPUSpatialShare + CPUSpatialFurtherShare, "each further 0.35"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := indexKindCost(c.m); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("cost %.4f, want %.4f", got, c.want)
			}
			m := c.m
			m.Name, m.Bytes, m.SampledRows, m.SQLBytesPerRow, m.IndexEntryBytes = "s.t", 1e8, 500, 400, []float64{8}
			_, text := rowCPUFactor(&profile.Dump{TableModels: []profile.DumpTableModel{m}})
			if c.text != "" && !strings.Contains(text, c.text) || c.text == "" && strings.Contains(text, "index-kind fit") {
				t.Errorf("basis %q, want %q in it", text, c.text)
			}
		})
	}
}
